"""The terminal interface: the Textual app, its screens and widgets, the command line and SSH."""
