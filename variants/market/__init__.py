"""The Market of Tlatelolco (Victor Melo): a headless rules engine for 2-4 players.

Modules: ``params`` (the YAML schema), ``geometry`` (squares, sides, buyers' lines),
``table`` (what the parameters fix), ``state`` (the mutable state and its JSON form),
``notation`` (parsing actions), ``verbs`` (each verb's check, handler and sentence),
``mechanics`` (purchases, the king, draws), ``legal``, ``scoring``, ``ai`` and
``policy`` (the computer players), ``rules`` (the facade) and ``plugin`` (registration).
"""
