"""The Market of Tlatelolco (Victor Melo): a headless rules engine for 2-4 players.

Modules: ``params`` (the YAML schema), ``geometry`` (squares, sides, buyers' lines),
``state`` (the mutable state and its JSON form), ``notation`` (parsing actions),
``mechanics`` (purchases, the king, draws), ``scoring``, ``policy`` (random playouts),
``rules`` (the engine) and ``plugin`` (registration).
"""
