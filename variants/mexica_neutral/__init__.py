"""Mexica for two with neutral temples (rulebook chapter 7), as a plugin on Mexica's hooks."""
