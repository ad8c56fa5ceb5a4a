"""Bridges to other frameworks: every variant seen through another program's interface
(:mod:`.openspiel`, OpenSpiel's Game, State and Observer), built on :mod:`game.api`."""
