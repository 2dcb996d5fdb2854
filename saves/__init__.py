"""Turning games into bytes and back: the cattrs codec, journals, migrations, the save store."""
