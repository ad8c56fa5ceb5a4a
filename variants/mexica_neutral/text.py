"""The catalogue of Mexica for two (``variants/mexica_neutral/locale``): its variants'
names and descriptions and its lesson, which its YAML says (the engine's words are
Mexica's own catalogue)."""

from __future__ import annotations

from pathlib import Path

from game.i18n import Domain

_ = Domain("mexica_neutral", Path(__file__).resolve().parent / "locale")
