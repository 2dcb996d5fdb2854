"""AoD asset files (``assets/aod``, format in ``assets/aod/README.md``): text in, values out.

Pure: the interface reads the files and passes their text; every problem is an
`engine.tomlfile.DataFileError` naming its line.
"""
