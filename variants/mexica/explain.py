"""Why a Mexica move is good, in one line, for the hint key (``Rules.explain``).

The hint is the Normal player's plan for the rest of the turn; this words what the plan
achieves, the most telling thing first: a founding (points now, and the place it holds
in the district for the scorings), a temple (the place it gives), a canal that carves a
district of a displayed size, an AP token banked. It reads only the bot's own sampled
state and plays the plan on a copy of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.errors import IllegalAction
from game.core.events import Event
from game.i18n import Msg
from variants.mexica import queries as q
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaReads, MexicaTable
from variants.mexica.text import _

#: a place in a district as a hint names it
ORDINAL = {1: _("first place", context="district"), 2: _("second place", context="district"),
           3: _("third place", context="district")}


def explain(rules: MexicaReads, state: MexicaState, seat: int, plan: Sequence[str]) -> Msg | None:
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
    index = rules.table.board.index
    founded = next((e for e in events if e.kind == "founded" and e.seat == seat), None)
    if founded is not None:
        size = int(founded.data.get("size", 0))
        place = _place(rules.table, work, seat, index.get(str(founded.data.get("cell")), -1))
        if place is not None:
            return _("founds the {size}-space district: +{points} now, {place} later",
                     size=size, points=gained, place=place)
        return _("founds the {size}-space district: +{points} now", size=size, points=gained)
    temples = [a.split() for a in played if a.startswith("temple ")]
    if temples:
        return _temples(rules.table, work, seat, temples)
    canals = [a for a in played if a.startswith("canal ")]
    if canals:
        cells = [index[c] for c in canals[-1].split()[1:]]
        for c in rules.table.board.nbrs[cells[0]]:
            standing = q.district_standing(rules.table, work, c)
            if standing and not standing["founded"] and standing["size"] in work.display:
                return _("carves out the {size}-space district: token {size} is on display",
                         size=standing["size"])
    if "take" in played:
        return _("banks an AP token for a bigger turn later")
    if played[0].startswith(("move ", "boat ", "teleport ")):
        f = q.founding(rules.table, work, seat)
        if f is not None and f["available"]:
            return _("reaches the {size}-space district, ready to found it", size=f["size"])
    if played == ["end"]:
        return _("nothing here is worth the AP: end the turn")
    return None


def _temples(t: MexicaTable, work: MexicaState, seat: int, temples: list[list[str]]) -> Msg:
    cell = t.board.index[temples[0][1]]
    levels = sum(int(temple[2]) for temple in temples)
    standing = q.district_standing(t, work, cell)
    size = standing["size"] if standing else "?"
    if len(temples) > 1:
        text = _("temples in the {size}-space district", size=size)
    else:
        text = _("a level-{level} temple in the {size}-space district", level=levels, size=size)
    place = _place(t, work, seat, cell)
    return _("{what}: {place}", what=text, place=place) if place is not None else text


def _place(t: MexicaTable, state: MexicaState, seat: int, cell: int) -> Msg | None:
    """"first place there (5 levels to 2, +8 a scoring)" for ``seat`` in the district
    around ``cell``, or None."""
    standing = q.district_standing(t, state, cell)
    if not standing:
        return None
    mine = next((r for r in standing["rows"] if r["owner"] == seat), None)
    if mine is None:
        return None
    others = [r["levels"] for r in standing["rows"] if r["owner"] != seat]
    rival = max(others) if others else 0
    number = mine["place"]
    name = ORDINAL.get(number) or _("place {place}", context="district", place=number)
    info = t.token_info.get(standing["token"]) if standing["founded"] else None
    values = {"place": name, "levels": mine["levels"], "rival": rival}
    tied = rival == mine["levels"]
    if info is not None and number <= len(info["places"]):
        worth = info["places"][number - 1]
        if tied:
            return _("{place} (tied) ({levels} levels to {rival}, +{points} a scoring)",
                     points=worth, **values)
        return _("{place} ({levels} levels to {rival}, +{points} a scoring)", points=worth,
                 **values)
    if tied:
        return _("{place} (tied) ({levels} levels to {rival})", **values)
    return _("{place} ({levels} levels to {rival})", **values)
