"""The pygame-ce client: a scene stack over the headless engine.

Nothing in ``game`` outside this package imports pygame, so the rules stay headless.
"""
