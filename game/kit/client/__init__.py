"""The client kit: what a game's board view draws and animates with, the built-in games'
views and a mod's alike.

The view's base class (:mod:`.boardview`), the intents it receives (:mod:`.intent`), the
screen it draws on (:mod:`.screen`, :mod:`.theme`, :mod:`.layout`), text fitting
(:mod:`.text`), layers and pieces (:mod:`.layers`), animation records and effects
(:mod:`.anim`, :mod:`.fx`, :mod:`.stepqueue`), the procedural art (:mod:`.art`) and the
player aid's pages (:mod:`.aid`, :mod:`.aid_art`). The shell of the client (scenes,
menus, the app) is :mod:`game.ui`, which builds on this kit; mods reach the kit through
:mod:`game.modkit`.
"""
