"""deckforge: YAML theme files to printable card games and a web referee."""

__version__ = "0.1.0"
