"""Aztlán-style territory mode: five ages of secret power cards, pawn placement, conflicts
and domain scoring on an island of 30 territories (3-4 players, or 2 with the Aztec Gods
factions). Headless rules only; the action notation is in NOTATION.md beside it."""
