"""Aztlán's scoring overlay steps and the results screen's table, from the events and
the public view: what :class:`~variants.aztlan.view.AztlanView` hands the shell's
scoring overlay and results screen. Nothing here draws or changes the game."""

from __future__ import annotations

from typing import Any

from game.i18n import say
from game.modkit import Event
from variants.aztlan.text import _


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
            steps.append({"title": say(_.n("{player}: {n} territory, {matching} matching",
                                           "{player}: {n} territories, {matching} matching",
                                           n=n, player=who, matching=dm["matching"])),
                          "event": e, "kind": "bonus", "cells": cells,
                          "lines": [f"{n} + {dm['matching']}² = {dm['points']}"],
                          "points": {e.seat: dm["points"]}})
        bonus = (e.data or {}).get("bonus", 0)
        if bonus:
            steps.append({"title": say(_("{player}: blessings", player=who)), "event": e,
                          "kind": "bonus",
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
    return {"title": say(_("Final scores")),
            "headers": [say(h) for h in (_("Player", context="table"), _("Ages"),
                                         _("Unused card"), _("Prosperity"), _("Offerings"),
                                         _("Total"))],
            "rows": rows, "seats": seats,
            "note": say(_("A tie goes to the counter lower in the score stack"))}
