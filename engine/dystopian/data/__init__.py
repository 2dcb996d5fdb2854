"""Dystopian Wars asset files (``assets/dystopian``, format in ``assets/dystopian/README.md``).

Text in, values out. Pure: the interface reads the files and passes their text; every problem is
an `engine.tomlfile.DataFileError` naming its line.
"""
