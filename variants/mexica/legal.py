"""Listing every legal action, and the cheap random-playout policy built on it."""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.rng import Rng
from variants.mexica.geometry import GeometryMixin
from variants.mexica.names import AXES
from variants.mexica.state import MexicaState

#: An action with what the first-round rule needs to judge it: the cells it fills and
#: the overlay arguments of ``_pens`` (``freed``, ``removed_bridge``, ``added_bridge``).
Candidate = tuple[str, frozenset[int], dict[str, Any]]


class LegalMixin(GeometryMixin):
    """Part of MexicaRules: every legal action, each verb's from its generator."""

    def legal_actions(self, state: MexicaState) -> list[str]:
        s = state
        if s.phase == "over":
            return []
        if s.phase == "vote":
            return ["agree", "refuse"]
        names = self.board.names
        if s.phase == "start":
            return [f"start {names[c]}" for c in self.board.starts if c not in s.pilli]
        out = ["end"]
        for gen in (self._gen_tokens, self._gen_found, self._gen_temple, self._gen_move,
                    self._gen_boat, self._gen_teleport, self._gen_canal, self._gen_bridge,
                    self._gen_relocate, self._gen_remove):
            out.extend(gen(s))
        return out

    def _filter(self, s: MexicaState, items: list[Candidate]) -> list[str]:
        """Drop actions the first-round rule forbids; others pass unchecked."""
        if not self._first_round(s):
            return [a for a, _, _ in items]
        seat = s.turn
        near = self._near_others(s, seat)
        out = []
        for action, blocked, kw in items:
            if (blocked & near or "removed_bridge" in kw) and self._pens(s, seat, blocked,
                                                                            **kw):
                continue
            out.append(action)
        return out

    def _keep(self, s: MexicaState, items: list[tuple[str, tuple[int, ...]]],
              freed: int | None = None) -> list[str]:
        """``_filter`` for actions that fill cells and move no bridge (``items``: text,
        cells), all with the same ``freed``: only cells beside another Pilli can pen it
        in, so the rest pass without a candidate built for each (most of a first round's
        hundreds of actions)."""
        seat = s.turn
        near = self._near_others(s, seat)
        return [text for text, cells in items if near.isdisjoint(cells)
                or not self._pens(s, seat, frozenset(cells), freed)]

    def _gen_tokens(self, s: MexicaState) -> list[str]:
        out = []
        seat = s.turn
        if (s.taken < self.take_limit and s.supply["ap_tokens"] > 0
                and s.ap >= self.c_take):
            out.append("take")
        if s.ap_tokens[seat] > 0:
            out.append("spend")
        return out

    def _gen_remove(self, s: MexicaState) -> list[str]:
        if s.period != 2:
            return []
        return [f"remove {size}" for size in sorted(set(s.display)) if size not in s.proposed]

    def _gen_found(self, s: MexicaState) -> list[str]:
        label = self._pilli_label(s, s.turn)
        if label < 0 or self._founded(s, label):
            return []
        cells = s.dcells[label]
        if len(cells) not in s.display:
            return []
        names = self.board.names
        spots = [c for c in sorted(cells) if self._buildable(s, c)]
        return self._keep(s, [(f"found {names[c]}", (c,)) for c in spots]) if self._first_round(
            s) else [f"found {names[c]}" for c in spots]

    def _gen_temple(self, s: MexicaState) -> list[str]:
        label = self._pilli_label(s, s.turn)
        if label < 0:
            return []
        levels = sorted({lv for lv in s.hands[s.turn] if lv * self.c_level <= s.ap})
        if not levels:
            return []
        names = self.board.names
        cells = [c for c in sorted(s.dcells[label]) if self._buildable(s, c)]
        if self._first_round(s):  # a cell's levels stand or fall together: judge each once
            allowed = set(self._keep(s, [(names[c], (c,)) for c in cells]))
            cells = [c for c in cells if names[c] in allowed]
        return [f"temple {names[c]} {lv}" for c in cells for lv in levels]

    def _gen_move(self, s: MexicaState) -> list[str]:
        me = s.pilli[s.turn]
        if me is None or s.ap < self.c_step:
            return []
        names = self.board.names
        targets = sorted(self._foot_targets(s, me))
        if not self._first_round(s):  # nothing to filter
            return [f"move {names[c]}" for c in targets]
        return self._keep(s, [(f"move {names[c]}", (c,)) for c in targets], freed=me)

    def _gen_boat(self, s: MexicaState) -> list[str]:
        me = s.pilli[s.turn]
        if me is None or me not in s.bridges:
            return []
        names = self.board.names
        spots = [c for c, cost in sorted(self._boat_costs(s, me).items())
                 if cost <= s.ap and c not in s.pilli]
        if not self._first_round(s):  # nothing to filter
            return [f"boat {names[c]}" for c in spots]
        return self._keep(s, [(f"boat {names[c]}", (c,)) for c in spots], freed=me)

    def _gen_teleport(self, s: MexicaState) -> list[str]:
        if s.ap < self.c_teleport:
            return []
        me = s.pilli[s.turn]
        names = self.board.names
        spots = [c for c in self.board.island
                 if self._walkable(s, c) or (c in s.bridges and c not in s.pilli)]
        if not self._first_round(s):  # nothing to filter
            return [f"teleport {names[c]}" for c in spots]
        return self._keep(s, [(f"teleport {names[c]}", (c,)) for c in spots], freed=me)

    def _canal_cells(self, s: MexicaState) -> list[int]:
        b = self.board
        founded = {s.label[c] for c in s.tokens}
        canal, temples, tokens, pilli, ramps, label = (s.canal, s.temples, s.tokens, s.pilli,
                                                       s.ramps, s.label)
        return [c for c in b.building_land
                if not canal[c] and c not in temples and c not in tokens and c not in pilli
                and c not in ramps and label[c] not in founded]

    def _gen_canal(self, s: MexicaState) -> list[str]:
        if s.ap < self.c_canal:
            return []
        singles, doubles = s.supply["single"] > 0, s.supply["double"] > 0
        if not (singles or doubles):
            return []
        b = self.board
        ok = sorted(self._canal_cells(s))
        okset = set(ok)
        single, double, east, south = b.canal_single, b.canal_double, b.east, b.south
        # written out, without a generator per cell: the playouts ask for every canal
        # of a position more than for any other kind of action
        tiles: list[tuple[str, tuple[int, ...]]] = []
        add = tiles.append
        for c in ok:
            if singles:
                add((single[c], (c,)))
            if doubles:
                d = east[c]
                if d in okset:
                    add((double[c, d], (c, d)))
                d = south[c]
                if d in okset:
                    add((double[c, d], (c, d)))
        if not self._first_round(s):  # nothing to filter
            return [text for text, _cells in tiles]
        return self._keep(s, tiles)

    def _gen_bridge(self, s: MexicaState) -> list[str]:
        if s.supply["bridges"] <= 0 or s.ap < self.c_bridge:
            return []
        names = self.board.names
        out = []
        for c in self._canal_list(s):
            for axis in AXES:
                if self._bridge_ok(s, c, axis) is None:
                    out.append(f"bridge {names[c]} {axis}")
        return out  # bridges only add moves: the first-round rule never forbids one

    def _canal_list(self, s: MexicaState) -> list[int]:
        return sorted(c for t in s.tiles for c in t)

    def _gen_relocate(self, s: MexicaState) -> list[str]:
        if s.supply["bridges"] > 0 or s.ap < self.c_relocate or not s.bridges:
            return []
        names = self.board.names
        items: list[Candidate] = []
        # where a bridge may go does not depend on which one moves (never onto itself)
        spots = [(dst, axis) for dst in self._canal_list(s) for axis in AXES
                 if self._bridge_ok(s, dst, axis) is None]
        sources = [src for src in sorted(s.bridges) if src not in s.pilli]
        if not self._first_round(s):  # nothing to filter: no candidates to build
            return [f"relocate {names[src]} {names[dst]} {axis}"
                    for src in sources for dst, axis in spots if dst != src]
        for src in sources:
            for dst, axis in spots:
                if dst != src:
                    items.append((f"relocate {names[src]} {names[dst]} {axis}",
                                  frozenset(), {"removed_bridge": src,
                                                "added_bridge": (dst, axis)}))
        return self._filter(s, items)

    #: relative weights of action kinds in the playout policy (not rules, just a policy)
    PLAYOUT_WEIGHTS: ClassVar[tuple[tuple[str, float], ...]] = (
        ("found", 1000.0), ("temple", 6.0), ("canal", 4.0), ("move", 4.0), ("bridge", 1.0),
        ("boat", 1.0), ("tokens", 1.0), ("end", 1.5), ("teleport", 0.3), ("relocate", 0.3),
        ("remove", 0.3),
    )

    def playout_action(self, state: MexicaState, rng: Rng) -> str:
        """Pick a kind of action by weight, then a legal action of that kind.

        Generating only one kind keeps playouts cheap; passing after ``playout_rounds``
        rounds in a period makes every playout end (a whole round of passes scores).
        """
        s = state
        if s.phase != "play":
            return rng.choice(self.legal_actions(s))
        if s.round > self.params["playout_rounds"]:
            return "end"
        gens = {"found": self._gen_found, "temple": self._gen_temple, "canal": self._gen_canal,
                "move": self._gen_move, "bridge": self._gen_bridge, "boat": self._gen_boat,
                "tokens": self._gen_tokens, "end": lambda _s: ["end"],
                "teleport": self._gen_teleport, "relocate": self._gen_relocate,
                "remove": self._gen_remove}
        kinds = [kind for kind, _w in self.PLAYOUT_WEIGHTS]
        weights = [w for _kind, w in self.PLAYOUT_WEIGHTS]
        while kinds:
            total = sum(weights)  # summed afresh, in order: the same float every time
            pick = rng.random() * total
            for i, w in enumerate(weights):
                pick -= w
                if pick < 0 or i == len(weights) - 1:
                    break
            options = gens[kinds[i]](s)
            if options:
                return rng.choice(options)
            kinds.pop(i)
            weights.pop(i)
        return "end"
