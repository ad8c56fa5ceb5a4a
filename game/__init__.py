"""Aztec Arcade: a pure, headless rules core plus a couch-play client.

Scripts, bots and the CLI use :mod:`game.api`; mods import :mod:`game.modkit`, the one
module for writing a game. Everything else is internal.
"""

__version__ = "0.1.0"
