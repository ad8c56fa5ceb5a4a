"""The balance lab: tournaments between computer players that answer a variant
designer's questions with pictures (``aztec-arcade balance``).

* :mod:`game.lab.plan` turns the command's arguments into *arms* (a variant with its
  options, or one value of a parameter sweep) and the games each arm plays;
* :mod:`game.lab.play` plays one game of one arm and reduces it to a JSON record;
* :mod:`game.lab.run` spreads the games over processes (``--jobs``) or a Dask cluster
  (``--backend dask``) and puts the records back in order;
* :mod:`game.lab.stats` summarises the records; :mod:`game.lab.report` draws them
  (matplotlib, SVG) into one self-contained HTML file.

Every game is a function of its arm, its index and the seed alone, so the records, and
with them every number of the report, do not depend on how many processes or machines
played them.

The plotting, progress bar and cluster libraries are optional extras
(:mod:`game.lab.extras`); the rules core never needs them.
"""
