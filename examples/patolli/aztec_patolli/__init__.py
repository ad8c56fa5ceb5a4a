"""Patolli: an example mod for Aztec Arcade (rules, two YAML variants, a board view)."""
