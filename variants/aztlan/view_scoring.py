"""Aztlán's scoring overlay steps and the results screen's table, from the events and
the public view: what :class:`~variants.aztlan.view.AztlanView` hands the shell's
scoring overlay and results screen. Nothing here draws or changes the game."""

from __future__ import annotations

from typing import Any

from game.modkit import Event, plural


def scoring_steps(session: Any, events: list[Event]) -> list[dict[str, Any]]:
    """One step per scoring domain of every "score" event, then any blessings."""
    steps: list[dict[str, Any]] = []
    for e in events:
        if e.kind != "score" or e.seat is None:
            continue
        who = session.name(e.seat)
        for dm in (e.data or {}).get("domains", []):
            if not dm.get("points"):
                continue
            cells = list(dm.get("territories", []))
            n = len(cells)
            steps.append({"title": f"{who}: {plural(n, 'territory', 'territories')}, "
                                   f"{dm['matching']} matching",
                          "event": e, "kind": "bonus", "cells": cells,
                          "lines": [f"{n} + {dm['matching']}² = {dm['points']}"],
                          "points": {e.seat: dm["points"]}})
        bonus = (e.data or {}).get("bonus", 0)
        if bonus:
            steps.append({"title": f"{who}: blessings", "event": e, "kind": "bonus",
                          "cells": [], "lines": [f"+{bonus}"],
                          "points": {e.seat: bonus}})
    return steps


def results_table(session: Any) -> dict[str, Any] | None:
    """The final scores by reason, for the results screen's table (as a spectator
    sees the game: the end revealed everything that counts)."""
    game = session.game
    data = game.view(None)
    final = data.get("final")
    if not final:
        return None
    rows, seats = [], []
    for seat in sorted(range(game.players), key=lambda s: -data["scores"][s]):
        f = final[seat]
        extra = sum(int(v) for v in f.values())
        rows.append([session.name(seat), str(data["scores"][seat] - extra),
                     str(f.get("power_card", 0)), str(f.get("prosperity", 0)),
                     str(f.get("offerings", 0)), str(data["scores"][seat])])
        seats.append(seat)
    return {"title": "Final scores", "headers": ["Player", "Ages", "Unused card",
                                                 "Prosperity", "Offerings", "Total"],
            "rows": rows, "seats": seats,
            "note": "A tie goes to the counter lower in the score stack"}
