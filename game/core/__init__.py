"""The kernel: what every other part of the program stands on, and nothing above it.

The rules contract (:mod:`game.core.engine`), the registry of plugins and variants
(:mod:`game.core.registry`), the schemas and typed-state codecs, the bounded YAML
loader, saves' records on disk, lessons and the seeded random numbers. No module here
imports pygame or the client, the command line, the remote seats or the lab: a rules
engine, a test or a headless tool loads the kernel alone. Mods do not import it
directly; they use :mod:`game.modkit` and :mod:`game.api`, the public faces.
"""
