"""The client's own art, drawn by the program: textures, borders, bevelled pieces.

Everything here is procedural (seeded, so every run and every machine paints the same
picture) and painted once per size into :data:`game.kit.client.art.cache.ART`, then blitted; a
frame never repaints a texture or a border that did not change. The look follows the
games' setting (issue 16): basalt and limestone, woven reed mats, water that moves,
step-fret (greca) borders and temples with depth, while the seats keep their Okabe-Ito
colours and shape marks.
"""
