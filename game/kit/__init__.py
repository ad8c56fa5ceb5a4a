"""The modding kit: what a game's package builds on, built-in games and mods alike.

Helpers that engines share (:mod:`.facts`, :mod:`.aidrows`, :mod:`.sampling`), the
conformance kit that checks an engine keeps the contract (:mod:`.conformance`) and the
scaffold that writes a new game's package (:mod:`.scaffold`). It stands on the kernel
(:mod:`game.core`) only. Mods import these through :mod:`game.modkit`, the public face.
"""
