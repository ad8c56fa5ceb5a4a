"""The Market of Tlatelolco (Victor Melo): a headless rules engine for 2-4 players.

Modules: ``params`` (the YAML schema), ``geometry`` (squares, sides, buyers' lines),
``table`` (what the parameters fix), ``state`` (the mutable state and its JSON form),
``notation`` (parsing actions), ``verbs`` (each verb's check, handler and sentence),
``mechanics`` (purchases, the king, draws), ``legal``, ``scoring``, ``bot`` and
``policy`` (the computer players' facet), ``present`` (what people are shown: the log's
sentences, the player aid, the phone's panel, the results' facts), ``rules`` (the
facade) and ``plugin`` (registration).
"""
