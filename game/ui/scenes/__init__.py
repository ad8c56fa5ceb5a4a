"""The client's screens.

``title`` (main menu), ``setup`` (new game), ``play`` (the generic game shell around a
variant's board view), ``pause``, ``scoring`` (animated overlay), ``results``, ``load``,
``replay``, ``settings`` and ``help`` (player aid). Shared helpers live in ``common``.
Scenes import each other lazily where they would otherwise import in a circle.
"""
