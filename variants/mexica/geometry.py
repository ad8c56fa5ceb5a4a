"""Where things can go: districts, walking, boats, canals, bridges, first-round guard.

Shared by the action checks and the legal-move generator so both always agree.
"""

from __future__ import annotations

from collections import deque

from game.i18n import Msg, Seat
from variants.mexica.core import MexicaCore
from variants.mexica.state import MexicaState
from variants.mexica.text import _, axis_of


class GeometryMixin(MexicaCore):
    """Part of MexicaRules: questions about the board in a state, never changing it."""

    def _occupied(self, s: MexicaState, c: int) -> bool:
        return c in s.temples or c in s.tokens or c in s.pilli

    def _walkable(self, s: MexicaState, c: int) -> bool:
        """Empty land or palace space."""
        return (c not in self.board.lake and not s.canal[c] and c not in s.temples
                and c not in s.tokens and c not in s.pilli)

    def _buildable(self, s: MexicaState, c: int) -> bool:
        """Empty land space that is not palace (temples, calpulli tokens)."""
        return (c in self.board.building_land and not s.canal[c] and c not in s.temples
                and c not in s.tokens and c not in s.pilli)

    def _founded(self, s: MexicaState, label: int) -> bool:
        """Whether a calpulli token lies in the district (asked of the few tokens rather
        than of the district's many cells: a token lies on land, labelled as its
        district)."""
        lab = s.label
        return any(lab[c] == label for c in s.tokens)

    def _canal_ok(self, s: MexicaState, c: int) -> Msg | None:
        b = self.board
        if c in b.lake:
            return _("canals cannot go on the lake")
        if s.canal[c]:
            return _("there is already a canal there")
        if c in b.palace:
            return _("nothing may be built on the Emperor's palace")
        if c in s.temples:
            return _("a temple stands there")
        if c in s.tokens:
            return _("a calpulli token lies there")
        if c in s.pilli:
            return _("a Pilli stands there")
        if c in s.ramps:
            return _("that space holds up a bridge")
        if self._founded(s, s.label[c]):
            return _("that district is already founded")
        return None

    def _bridge_ok(self, s: MexicaState, c: int, axis: str,
                   ignore: int | None = None) -> Msg | None:
        b = self.board
        if c < 0 or not s.canal[c]:
            return _("bridges go on canal tiles")
        if c in s.bridges and c != ignore:
            return _("there is already a bridge there")
        for r in b.ramps(c, axis):
            if r < 0 or r in b.lake or s.canal[r]:
                return _("a {axis} bridge there would end in water; both ends must be "
                         "on land", axis=axis_of(axis))
        return None

    def _foot_targets(self, s: MexicaState, p: int, blocked: frozenset[int] = frozenset(),
                      freed: int | None = None, removed_bridge: int | None = None,
                      added_bridge: tuple[int, str] | None = None) -> list[int]:
        """Where a Pilli on ``p`` can step; the overlay arguments model a pending action."""
        b = self.board
        bridges = s.bridges
        if removed_bridge is not None or added_bridge is not None:
            bridges = _moved(bridges, removed_bridge, added_bridge)

        def empty(c: int) -> bool:
            if c in blocked:
                return False
            if c == freed:
                return c not in s.temples and c not in s.tokens
            return c not in s.temples and c not in s.tokens and c not in s.pilli

        out: list[int] = []
        if s.canal[p]:  # standing on a bridge
            axis = bridges.get(p)
            if axis is None:
                return out
            for r in b.ramps(p, axis):
                if r >= 0 and not s.canal[r] and r not in b.lake and empty(r):
                    out.append(r)
            return out
        for q in b.nbrs[p]:
            if q in b.lake:
                continue
            if s.canal[q]:
                axis = bridges.get(q)
                if axis is not None and b.step_axis(p, q) == axis and empty(q):
                    out.append(q)
            elif empty(q):
                out.append(q)
        return out

    def _boat_costs(self, s: MexicaState, start: int) -> dict[int, int]:
        """Cheapest AP to every bridge: each bridge reached, passed or stopped at, costs 1."""
        b = self.board
        canal, lake, bridges, nbrs = s.canal, b.lake, s.bridges, b.nbrs
        border = b.border
        outside = -2
        dist: dict[int, int] = {start: 0}
        dq: deque[int] = deque([start])
        outside_done = False
        while dq:
            c = dq.popleft()
            d = dist[c]
            if c == outside:
                nexts = [x for x in border if x in lake or canal[x]]
            else:
                nexts = [x for x in nbrs[c] if x in lake or canal[x]]
                if c in border and not outside_done:
                    nexts.append(outside)
            for x in nexts:
                if x == outside:
                    if outside_done:
                        continue
                    outside_done = True
                    if dist.get(outside, 1 << 30) > d:
                        dist[outside] = d
                        dq.appendleft(outside)
                    continue
                w = 1 if x in bridges else 0
                nd = d + w
                if nd < dist.get(x, 1 << 30):
                    dist[x] = nd
                    if w:
                        dq.append(x)
                    else:
                        dq.appendleft(x)
        return {c: d * self.c_boat for c, d in dist.items() if c in bridges and c != start}

    def _first_round(self, s: MexicaState) -> bool:
        return self.protect_first_round and s.period == 1 and s.round == 1

    def _pens(self, s: MexicaState, seat: int, blocked: frozenset[int],
              freed: int | None = None, removed_bridge: int | None = None,
              added_bridge: tuple[int, str] | None = None) -> Msg | None:
        """First round: would this action leave another Pilli with no foot move at all?"""
        for other, p in enumerate(s.pilli):
            if other == seat or p is None:
                continue
            if not self._foot_targets(s, p):
                continue  # already stuck: this action does not cause it
            if not self._foot_targets(s, p, blocked, freed, removed_bridge, added_bridge):
                return _("in the first round you may not leave {player}'s Pilli without a "
                         "move", player=Seat(other))
        return None

    def _near_others(self, s: MexicaState, seat: int) -> set[int]:
        near: set[int] = set()
        for other, p in enumerate(s.pilli):
            if other != seat and p is not None:
                near.add(p)
                near.update(self.board.nbrs[p])
        return near

    def _pilli_label(self, s: MexicaState, seat: int) -> int:
        p = s.pilli[seat]
        if p is None or s.canal[p]:
            return -1
        return s.label[p]


def _moved(bridges: dict[int, str], removed: int | None, added: tuple[int, str] | None
           ) -> dict[int, str]:
    """The bridges after one is taken away and one is put down (a pending relocation)."""
    out = dict(bridges)
    if removed is not None:
        out.pop(removed, None)
    if added is not None:
        out[added[0]] = added[1]
    return out
