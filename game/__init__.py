"""Aztec Arcade: a pure, headless rules core plus a couch-play client.

Scripts, bots, the CLI and mods use :mod:`game.api`; everything else is internal.
"""

__version__ = "0.1.0"
