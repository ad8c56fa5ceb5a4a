"""The client's screens.

``title`` (main menu), ``setup`` (new game), ``play`` (the generic game shell around a
variant's board view), ``handoff`` (the "Pass to" screen of games with secrets),
``pause`` (and ``save``), ``scoring`` (animated overlay), ``results``, ``load``,
``replay``, ``settings``, ``help`` (player aid), ``lessons`` ("Learn to play") and
``lesson`` (a lesson in play). Shared helpers live in ``common``.
A scene never imports another: it asks the stack for one by name
(:data:`game.ui.shell.SCENES`).
"""
