"""The real window (dummy video driver) with two Hard players, each thinking an hour a move
in another process, as ``aztec-arcade play`` runs them: the parent process of the tests
that kill it (``tests/ai/test_worker_lifetime.py``) or close its window
(``tests/client/test_close_with_hard.py``).

Run as a script: ``python hard_window.py [--no-signal | --no-pipe]``. SIGUSR1 posts a
window-close event (what SDL delivers when a person closes the window). Once the window
has closed it prints one JSON line: how many decisions were under way when the window was
closed, how many of them are still under way after a bounded wait, and whether each
computer player was told to stop.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading

#: the Hard players' thinking time per decision: far longer than any test waits
HOUR = 3600.0


def main(argv: list[str]) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    import game.ai as ai
    from game.ai import lifeline
    from game.api import new_game
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene
    from game.ui.sessions import make_session

    if "--no-signal" in argv:
        lifeline.PARENT_SIGNAL = False
    if "--no-pipe" in argv:
        lifeline.WATCH_PIPE = False
    ai.CLIENT_SECONDS = HOUR
    ai.set_client_workers(1, offload=True)  # as ``aztec-arcade play`` does
    app = App()
    session = make_session(app, new_game("mexica", 2, seed=3), ["Ana", "Ben"])
    session.set_kinds(["hard", "hard"])
    play = PlayScene(session)
    app.stack.push(play)
    at_close: list[threading.Thread] = []

    def close_window(*_: object) -> None:
        at_close.extend(thinking())
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    signal.signal(signal.SIGUSR1, close_window)
    print("window open", flush=True)
    app.run()
    pygame.quit()
    for thread in at_close:
        thread.join(30.0)  # a bound against a hang; a cancelled decision ends at once
    print(json.dumps({"deciding_at_close": len(at_close),
                      "deciding_after": sum(t.is_alive() for t in at_close),
                      "cancelled": [bot.cancelled for bot in
                                    (d.bot for d in play.seats.computers().values())]}),
          flush=True)
    return 0


def thinking() -> list[threading.Thread]:
    """The computer players' threads that are deciding now (``game.ai.worker``)."""
    return [t for t in threading.enumerate() if t.name.startswith("bot-") and t.is_alive()]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
