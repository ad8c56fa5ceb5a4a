"""The colours of the art, drawn from the setting: basalt, limestone, jade, turquoise,
gold leaf, terracotta and lake water. The seats' colours stay in :mod:`game.kit.client.theme`
(Okabe-Ito), so these are kept away from them in hue or brightness."""

from __future__ import annotations

BASALT = (24, 27, 36)
BASALT_LIGHT = (40, 44, 56)
NIGHT = (14, 18, 30)
LIMESTONE = (206, 190, 156)
LIMESTONE_DARK = (168, 150, 116)
SAND = (214, 190, 136)
TERRACOTTA = (176, 92, 56)
GOLD = (232, 180, 40)
GOLD_DARK = (150, 104, 20)
GOLD_LIGHT = (255, 226, 130)
JADE = (46, 120, 100)
TURQUOISE = (40, 160, 170)
WATER = (24, 86, 140)
WATER_DEEP = (14, 58, 104)
WATER_LIGHT = (110, 180, 220)
REED = (170, 140, 80)
REED_DARK = (118, 92, 48)
WOOD = (120, 78, 40)
WOOD_LIGHT = (170, 120, 70)
SHADOW = (0, 0, 0, 90)
