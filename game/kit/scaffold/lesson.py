"""The example lesson ``aztec-arcade new-variant`` writes (see :mod:`game.kit.scaffold`): two
steps of the scaffold's race, replayed on the engine when the package loads."""

from __future__ import annotations

LESSON = '''\
# A lesson of __TITLE__: "Learn to play" on the title screen. It is a real game from a
# fixed seed; loading replays every step on the engine, so a step that asks for an
# illegal action is an error with this file's line. Check it with:
# aztec-arcade validate __PKG__/lessons/__NAME__.yaml
lesson: __NAME__
name: __TITLE__
description: Move the runner and reach the last space first.
minutes: 5

setup:
  variant: __NAME__
  players: 2
  seed: 0
  names: [You, Ana]
  learner: 0            # the seat the learner plays; the others play the replies
  options: {length: 6}  # a short track teaches faster

steps:
  - title: Move the runner
    text: >-
      The runner stands before a track of 6 spaces. Move it 3 spaces: whoever brings it
      onto the last space wins.
    expect: move 3
    replies: [move 1]   # Ana's move, played by the computer

  - title: Win the race
    text: Ana moved it to space 4. Move it 2 spaces, onto the last one, and win.
    expect: move 2
'''
