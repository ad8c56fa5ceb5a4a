"""Why a Mexica move is good, in one line, for the hint key (``Rules.explain``).

The hint is the Normal player's plan for the rest of the turn; this words what the plan
achieves, the most telling thing first: a founding (points now, and the place it holds
in the district for the scorings), a temple (the place it gives), a canal that carves a
district of a displayed size, an AP token banked. It reads only the bot's own sampled
state and plays the plan on a copy of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.words import indefinite
from variants.mexica import queries as q

ORDINAL = {1: "first", 2: "second", 3: "third"}


def explain(rules: Any, state: Any, seat: int, plan: Sequence[str]) -> str | None:
    work = rules.clone(state)
    before = rules.scores(work)[seat]
    played: list[str] = []
    events: list[Event] = []
    for action in plan:
        if rules.is_over(work) or rules.current_player(work) != seat:
            break
        try:
            canonical, evs = rules.apply(work, action)
        except IllegalAction:
            break
        played.append(canonical)
        events.extend(evs)
    if not played:
        return None
    gained = rules.scores(work)[seat] - before
    index = rules.board.index
    founded = next((e for e in events if e.kind == "founded" and e.seat == seat), None)
    if founded is not None:
        size = founded.data.get("size")
        text = f"founds the {size}-space district: +{gained} now"
        place = _place(rules, work, seat, index.get(str(founded.data.get("cell")), -1))
        if place is not None:
            text += f", {place} later"
        return text
    temples = [a.split() for a in played if a.startswith("temple ")]
    if temples:
        cell = index[temples[0][1]]
        levels = sum(int(t[2]) for t in temples)
        standing = q.district_standing(rules, work, cell)
        size = standing["size"] if standing else "?"
        where = "temples" if len(temples) > 1 else f"a level-{levels} temple"
        text = f"{where} in the {size}-space district"
        place = _place(rules, work, seat, cell)
        return f"{text}: {place}" if place is not None else text
    canals = [a for a in played if a.startswith("canal ")]
    if canals:
        cells = [index[c] for c in canals[-1].split()[1:]]
        for c in rules.board.nbrs[cells[0]]:
            standing = q.district_standing(rules, work, c)
            if standing and not standing["founded"] and standing["size"] in work.display:
                return f"carves {indefinite(str(standing['size']) + '-space district')}: " \
                       f"token {standing['size']} is on display"
    if "take" in played:
        return "banks an AP token for a bigger turn later"
    if played[0].startswith(("move ", "boat ", "teleport ")):
        f = q.founding(rules, work, seat)
        if f is not None and f["available"]:
            return f"reaches the {f['size']}-space district, ready to found it"
    if played == ["end"]:
        return "nothing here is worth the AP: end the turn"
    return None


def _place(rules: Any, state: Any, seat: int, cell: int) -> str | None:
    """"first place there (5 levels to 2, +8 a scoring)" for ``seat`` in the district
    around ``cell``, or None."""
    standing = q.district_standing(rules, state, cell)
    if not standing:
        return None
    mine = next((r for r in standing["rows"] if r["owner"] == seat), None)
    if mine is None:
        return None
    others = [r["levels"] for r in standing["rows"] if r["owner"] != seat]
    rival = max(others) if others else 0
    name = ORDINAL.get(mine["place"], f"place {mine['place']}")
    info = rules.token_info.get(standing["token"]) if standing["founded"] else None
    worth = ""
    if info is not None and mine["place"] <= len(info["places"]):
        worth = f", +{info['places'][mine['place'] - 1]} a scoring"
    tie = " (tied)" if rival == mine["levels"] else ""
    return f"{name} place{tie} ({mine['levels']} levels to {rival}{worth})"
