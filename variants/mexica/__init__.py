"""Mexica (Kiesling & Kramer): canals carve districts, temples win them."""
