"""Mexica's bot hooks (:class:`game.core.facets.BotHooks`): the computer players'
whole-turn plans (``candidates``), the playout policy, which actions always progress, and
the hint's reason (``explain``).

A turn spends 6+ AP over many actions, so the bots choose among whole turns: walk (or
boat or teleport) to a district, found it if its size is on display, build the temples
the remaining AP affords, bank the rest as AP tokens and end; plus "lay a canal that
carves a district of a displayed size, then walk in and found it", straight canal lines
that cut a rival's district, and bridges to districts beyond. Plans are ordered by a quick
estimate, best first. What positions are worth (``evaluate``) is in
``variants.mexica.bot_values``. The rules inherit these hooks (``MexicaRules``); the hooks
ask the table and the state, and play a plan's steps with the verbs on a copy.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import combinations
from typing import ClassVar, TypeVar, cast

from game.core.engine import PLAN_SEP
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.i18n import Msg
from variants.mexica.bot_values import MexicaBotValues
from variants.mexica.geometry import (
    boat_costs,
    buildable_among,
    foot_targets,
    founded,
    walk_depths,
    walkable,
)
from variants.mexica.legal import (
    canal_cells,
    gen_boat,
    gen_bridge,
    gen_canal,
    gen_found,
    gen_move,
    gen_relocate,
    gen_remove,
    gen_teleport,
    gen_temple,
    gen_tokens,
    legal_actions,
)
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaReads
from variants.mexica.verbs import ACTIONS, TURN_STEPS, play

#: most temples one plan builds
MAX_TEMPLES = 4
#: most teleport destinations considered
MAX_TELEPORTS = 6
#: most straight canal lines (cutting a district in two) considered
MAX_LINES = 3
#: most districts reached over a new bridge
MAX_BRIDGES = 4
#: canal layouts remembered by the caches below before they start afresh
CACHE_LAYOUTS = 256

T = TypeVar("T")


def per_layout(cache: dict[bytes, T], canal: Sequence[int], make: Callable[[], T]) -> T:
    """What ``cache`` holds for this canal layout, made the first time (the districts, and
    so what the bots measure of them, depend on the canals alone); bounded by starting
    afresh beyond ``CACHE_LAYOUTS`` layouts."""
    layout = bytes(canal)
    found = cache.get(layout)
    if found is None:
        if len(cache) > CACHE_LAYOUTS:
            cache.clear()
        found = cache[layout] = make()
    return found


class MexicaBot(MexicaBotValues):
    """Mexica's bot hooks: the whole-turn ``candidates``, the playout policy, the
    actions that always progress, the hint's reason."""

    @cached_property
    def _ai_inland_cache(self) -> dict[bytes, list[int]]:
        """Per canal layout: each cell's land neighbours."""
        return {}

    @cached_property
    def _ai_split_cache(self) -> dict[bytes, dict[str | tuple[int, ...],
                                                  list[tuple[int, int]] | None]]:
        """Per canal layout: per canal action (or straight line of cells), the pieces it
        would cut its district into (see ``_ai_splits``)."""
        return {}

    # =====================================================================================
    # candidates: whole-turn plans
    # =====================================================================================
    def candidates(self, state: MexicaState, seat: int) -> list[str] | None:
        s = state
        if s.phase != "play" or s.turn != seat or s.pilli[seat] is None:
            return None
        plans: dict[str, float] = {}
        budget = s.ap + s.ap_tokens[seat]
        self._ai_destination_plans(s, seat, budget, [], 0, plans)
        self._ai_canal_plans(s, seat, budget, plans)
        self._ai_line_plans(s, seat, budget, plans)
        self._ai_bridge_plans(s, seat, budget, plans)
        if not plans:
            return None
        ordered = sorted(plans.items(), key=lambda kv: -kv[1])
        return [text for text, _ in ordered]

    # =====================================================================================
    # the playout policy
    # =====================================================================================
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
            return rng.choice(legal_actions(self.table, s))
        if s.round > self.params["playout_rounds"]:
            return "end"
        gens = {"found": gen_found, "temple": gen_temple, "canal": gen_canal,
                "move": gen_move, "bridge": gen_bridge, "boat": gen_boat,
                "tokens": gen_tokens, "end": lambda _t, _s: ["end"],
                "teleport": gen_teleport, "relocate": gen_relocate, "remove": gen_remove}
        kinds = [kind for kind, _w in self.PLAYOUT_WEIGHTS]
        weights = [w for _kind, w in self.PLAYOUT_WEIGHTS]
        while kinds:
            total = sum(weights)  # summed afresh, in order: the same float every time
            pick = rng.random() * total
            for i, w in enumerate(weights):
                pick -= w
                if pick < 0 or i == len(weights) - 1:
                    break
            options = gens[kinds[i]](self.table, s)
            if options:
                return rng.choice(options)
            kinds.pop(i)
            weights.pop(i)
        return "end"

    def greedy_playout_action(self, state: MexicaState, rng: Rng) -> str:
        """The whole turn the plans' quick estimate rates best (a plan: Hard's rollouts
        play it at once), or the playout policy's move where no plan is offered (a vote,
        the Pilli's start). Rivals that play their best-looking turn, not random steps
        that waste their AP, let a few rollouts tell Hard's plans apart."""
        s = state
        seat = s.turn
        if s.phase == "play" and s.pilli[seat] is not None:
            plans = self.candidates(s, seat)
            if plans:
                return plans[0]
        return self.playout_action(s, rng)

    # =====================================================================================
    # what always moves the game on, and why a move is good
    # =====================================================================================
    def progresses(self, action: str) -> bool:
        """Every Mexica action but a free walk leads past every earlier position.

        Every view shows, in this order of weight: the period, the Pilli placed, the
        round, whose turn it is, the AP tokens taken this turn, the tokens the player in
        turn holds (fewer is further), the pieces on the board, the AP left (fewer is
        further) and the removal votes of the turn (proposals, answers and the votes'
        ends, counted).
        Nothing any action does takes that sequence back (a period starts at round 1 but
        is a later period; the pieces on the board only ever grow, a relocated bridge
        is moved, not removed), and each action moves it forward: a start places a
        Pilli, ``end`` passes the turn, ``take`` and ``spend`` change the tokens, a
        canal, bridge, temple or calpulli token is a piece more, a proposal, an answer and
        a vote's end move the votes on, and a step, boat, teleport or relocation costs
        AP. Only when the variant makes one of those four free can it come back (there and
        back again): it is then not marked.
        """
        words = action.split(None, 1)
        if not words:
            return False
        verb = words[0].lower()
        if verb in self._travel_costs:
            return self._travel_costs[verb] > 0
        return verb in ACTIONS or verb in TURN_STEPS

    @cached_property
    def _travel_costs(self) -> dict[str, int]:
        """The verbs that only move a piece, and what each costs at least."""
        t = self.table
        return {"move": t.c_step, "boat": t.c_boat, "teleport": t.c_teleport,
                "relocate": t.c_relocate}

    def explain(self, view: MexicaState, seat: int, action: str,
                then: Sequence[str] = ()) -> Msg | None:
        from variants.mexica.explain import explain

        return explain(cast("MexicaReads", self), view, seat, [action, *then])

    def _ai_destination_plans(self, s: MexicaState, seat: int, budget: int,
                              prefix: list[str], spent: int, plans: dict[str, float],
                              only: frozenset[int] | None = None,
                              teleport: bool = True) -> None:
        """Plans that go somewhere (or stay), found, build and bank: into ``plans``."""
        b = self.table.board
        names = b.names
        start = self._ai_pilli(s, seat)
        arrivals = self._ai_arrivals(s, seat, start, budget - spent, teleport)
        best_by_label: dict[int, tuple[int, list[str], int]] = {}
        extra: list[tuple[int, list[str], int]] = []
        for cell, (cost, route) in arrivals.items():
            if s.canal[cell]:
                continue  # a bridge: no district to act in
            label = s.label[cell]
            if only is not None and label not in only:
                continue
            if cell in b.starts:
                extra.append((cost, route, cell))
            known = best_by_label.get(label)
            if known is None or cost < known[0] or (cost == known[0] and cell < known[2]):
                best_by_label[label] = (cost, route, cell)
        display = s.display
        hand = s.hands[seat]
        inland = self._ai_inland_table(s)
        for label, (cost, route, cell) in list(best_by_label.items()) + [
                (s.label[c], (cost, route, c)) for cost, route, c in extra]:
            cells = s.dcells[label]
            free = buildable_among(self.table, s, cells, but=cell)
            free.sort(key=lambda c: (-inland[c], c))
            size = len(cells)
            foundable = size in display and not founded(s, label) and bool(free)
            left = budget - spent - cost
            found_opts: list[int | None] = [None]
            if foundable:
                found_opts.insert(0, free[-1])  # the token takes a spot at the edge
            for spot in found_opts:
                spots = [c for c in free if c != spot]
                for combo in self._ai_temple_combos(hand, left, len(spots)):
                    if (route or prefix) and spot is None and not combo and not (
                            cell in b.starts and start not in b.starts):
                        continue  # going somewhere to do nothing there
                    steps = list(route)
                    gain = 0.0
                    if spot is not None:
                        steps.append(f"found {names[spot]}")
                        gain += 3.0 + self.table.token_info[size]["founder"]
                    for lv, c in zip(combo, spots, strict=False):
                        steps.append(f"temple {names[c]} {lv}")
                    gain += sum(combo) * (1.6 if (spot is not None or founded(s, label))
                                          else 0.8)
                    used = spent + cost + sum(combo) * self.table.c_level
                    self._ai_finish(s, seat, prefix, steps, used, gain - 0.05 * cost, plans)

    def _ai_finish(self, s: MexicaState, seat: int, prefix: list[str], steps: list[str],
                   used: int, gain: float, plans: dict[str, float]) -> None:
        """Spend tokens up front if needed, bank leftover AP, end: record the plan."""
        need = max(0, used - s.ap)
        if need > s.ap_tokens[seat]:
            return
        spends = ["spend"] * need
        left = s.ap + need - used
        takes = 0
        if self.table.c_take > 0:
            takes = max(0, min(self.table.take_limit - s.taken, s.supply["ap_tokens"],
                               left // self.table.c_take))
        elif s.taken < self.table.take_limit:
            takes = min(self.table.take_limit - s.taken, s.supply["ap_tokens"])
        text = PLAN_SEP.join(spends + prefix + steps + ["take"] * takes + ["end"])
        value = gain + self.ai_weights()["token_value"] * (takes - need)
        if value > plans.get(text, -1e9):
            plans[text] = value

    @staticmethod
    def _ai_pilli(s: MexicaState, seat: int) -> int:
        """Where the seat's Pilli stands (plans are made once every Pilli is placed)."""
        cell = s.pilli[seat]
        assert cell is not None, "plans are made only once the Pilli is on the board"
        return cell

    def _ai_arrivals(self, s: MexicaState, seat: int, start: int, budget: int,
                     teleport: bool = True) -> dict[int, tuple[int, list[str]]]:
        """Cells the Pilli can reach this turn: cell -> (AP, canonical steps)."""
        names = self.table.board.names
        out = self._ai_walks(s, start, budget)
        step = self.table.c_step
        if start in s.bridges:  # a boat trip, then on foot from the far bridge
            for bridge, cost in boat_costs(self.table, s, start).items():
                if cost > budget or bridge in s.pilli:
                    continue
                for ramp in foot_targets(self.table, s, bridge, freed=start):
                    total = cost + step
                    if total <= budget and (ramp not in out or out[ramp][0] > total):
                        out[ramp] = (total, [f"boat {names[bridge]}", f"move {names[ramp]}"])
        if teleport and budget >= self.table.c_teleport:
            for cell in self._ai_teleports(s, seat, start):
                if cell not in out:
                    out[cell] = (self.table.c_teleport, [f"teleport {names[cell]}"])
        return out

    def _ai_walks(self, s: MexicaState, start: int, budget: int
                  ) -> dict[int, tuple[int, list[str]]]:
        """Cells a walk of at most ``budget`` AP reaches: cell -> (AP, the steps)."""
        names = self.table.board.names
        step = self.table.c_step
        limit = budget // step if step > 0 else 1 << 30
        depth, parent = walk_depths(self.table, s, start, limit)
        out: dict[int, tuple[int, list[str]]] = {start: (0, [])}
        for c, d in depth.items():
            if c == start:
                continue
            path = []
            x = c
            while x != start:
                path.append(x)
                x = parent[x]
            out[c] = (d * step, [f"move {names[x]}" for x in reversed(path)])
        return out

    def _ai_teleports(self, s: MexicaState, seat: int, start: int) -> list[int]:
        """One landing cell in each of the most promising far districts: foundable ones,
        then by what first place there would score."""
        display = s.display
        scored = []
        inland = self._ai_inland_table(s)
        here = -1 if s.canal[start] else s.label[start]
        for label, cells in s.dcells.items():
            if label == here:
                continue
            size = len(cells)
            done = founded(s, label)
            if done:
                token = next(s.tokens[c] for c in cells if c in s.tokens)
                worth = self.table.token_info[token]["places"][0] * (2 if s.period == 1 else 1)
            elif size in display:
                worth = 20 + size
            elif s.period == 2:
                worth = size
            else:
                worth = min(size, self._ai_biggest) // 2
            walk = [c for c in cells if walkable(self.table, s, c)]
            if len(walk) < 2:
                continue
            walk.sort(key=lambda c: (-inland[c], c))
            scored.append((worth, walk[0]))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [c for _, c in scored[:MAX_TELEPORTS]]

    def _ai_inland_table(self, s: MexicaState) -> list[int]:
        """Every cell's land neighbours (cached per canal layout), looked up once per
        sort rather than once per cell compared (a tenth of the plans' time)."""
        b, canal = self.table.board, s.canal
        return per_layout(self._ai_inland_cache, canal, lambda: [
            sum(1 for n in b.nbrs[x] if n not in b.lake and not canal[n])
            for x in range(b.size)])

    def _ai_temple_combos(self, hand: list[int], ap: int, room: int) -> list[tuple[int, ...]]:
        """Temple sets worth trying with ``ap`` AP and ``room`` free spaces: none, the one
        biggest affordable, and the sets that use the most levels."""
        cost = self.table.c_level
        out: set[tuple[int, ...]] = {()}
        if room <= 0 or not hand:
            return [()]
        afford = [lv for lv in hand if lv * cost <= ap]
        if not afford:
            return [()]
        out.add((max(afford),))
        best: list[tuple[int, ...]] = []
        top = 0
        distinct = sorted(set(afford), reverse=True)
        pool = sorted(afford, reverse=True)
        for k in range(2, min(MAX_TEMPLES, room, len(pool)) + 1):
            for combo in set(combinations(pool, k)):
                total = sum(combo) * cost
                if total > ap:
                    continue
                levels = sum(combo)
                if levels > top:
                    top, best = levels, [combo]
                elif levels == top:
                    best.append(combo)
        if top > max(distinct):
            best.sort(key=lambda c: (len(c), c))
            out.update(best[:2])
        return sorted(out, key=lambda c: (-sum(c), len(c)))

    def _ai_canal_plans(self, s: MexicaState, seat: int, budget: int,
                        plans: dict[str, float]) -> None:
        """A canal that carves a district of a displayed size, then walk in and found it
        (cutting a rival's district is left to the straight lines)."""
        if s.ap < self.table.c_canal:
            return
        sizes = set(s.display)
        known = self._ai_splits(s)
        if not sizes:
            return
        for action in gen_canal(self.table, s):
            if action in known:
                pieces = known[action]
            else:
                cells = [self.table.board.index[w] for w in action.split()[1:]]
                pieces = known[action] = self._ai_split(s, cells)
            if not pieces or not any(size in sizes for size, _ in pieces):
                continue
            clone = self.table.codec.copy(s)
            try:
                play(self.table, clone, action)
            except IllegalAction:  # the first-round rule
                continue
            targets = frozenset(clone.label[c] for size, c in pieces if size in sizes)
            sub: dict[str, float] = {}
            self._ai_destination_plans(clone, seat, clone.ap + clone.ap_tokens[seat],
                                       [action], 0, sub, only=targets)
            for text, value in sub.items():
                if "found " in text and value + 0.5 > plans.get(text, -1e9):
                    plans[text] = value + 0.5

    def _ai_line_plans(self, s: MexicaState, seat: int, budget: int,
                       plans: dict[str, float]) -> None:
        """Straight canal lines from water to water that cut a district in two (a row or
        column of free land the turn's AP can cover with double tiles): the few that
        help the seat most, then whatever the rest of the turn affords."""
        if budget < self.table.c_canal or not (s.supply["double"] or s.supply["single"]):
            return
        lines = self._ai_lines(s)
        if not lines:
            return
        sizes = set(s.display)
        known = self._ai_splits(s)
        options: list[tuple[float, list[str]]] = []
        for cells in lines:
            actions = self._ai_line_actions(s, cells)
            if actions is None or len(actions) * self.table.c_canal > budget:
                continue
            label = s.label[cells[0]]
            rival = any(s.temples[c][0] != seat for c in s.dcells[label] if c in s.temples)
            line = tuple(cells)
            if line in known:
                pieces = known[line]
            else:
                pieces = known[line] = self._ai_split(s, cells)
            if not pieces or not (rival or any(size in sizes for size, _ in pieces)):
                continue
            gain = self._ai_cut_gain(s, seat, cells)
            if gain > 0.5 or any(size in sizes for size, _ in pieces):
                options.append((gain, actions))
        options.sort(key=lambda o: (-o[0], o[1]))
        for gain, actions in options[:MAX_LINES]:
            clone = self.table.codec.copy(s)
            need = max(0, len(actions) * self.table.c_canal - clone.ap)
            steps = ["spend"] * need + actions
            try:
                for step in steps:
                    play(self.table, clone, step)
            except IllegalAction:
                continue
            sub: dict[str, float] = {}
            self._ai_destination_plans(clone, seat, clone.ap + clone.ap_tokens[seat],
                                       steps, 0, sub)
            for text, value in sub.items():
                if value + gain > plans.get(text, -1e9):
                    plans[text] = value + gain

    def _ai_lines(self, s: MexicaState) -> list[list[int]]:
        """Rows and columns of land from water to water where a canal may go everywhere."""
        b = self.table.board
        free = set(canal_cells(self.table, s))
        lines: list[list[int]] = []
        rows = [[r * b.width + c for c in range(b.width)] for r in range(b.height)]
        cols = [[r * b.width + c for r in range(b.height)] for c in range(b.width)]
        for seq in rows + cols:
            run: list[int] = []
            for c in seq + [-1]:
                if c >= 0 and not (c in b.lake or s.canal[c]):
                    run.append(c)
                    continue
                if run and all(x in free for x in run):
                    lines.append(run)
                run = []
        return lines

    def _ai_line_actions(self, s: MexicaState, cells: list[int]) -> list[str] | None:
        """Canal actions covering ``cells`` (a straight run): doubles, one single if odd."""
        names = self.table.board.names
        doubles, singles = s.supply["double"], s.supply["single"]
        out = []
        for i in range(0, len(cells) - 1, 2):
            a, c = sorted((cells[i], cells[i + 1]))
            out.append(f"canal {names[a]} {names[c]}")
        if len(out) > doubles:
            return None
        if len(cells) % 2:
            if not singles:
                return None
            out.append(f"canal {names[cells[-1]]}")
        return out

    def _ai_bridge_plans(self, s: MexicaState, seat: int, budget: int,
                         plans: dict[str, float]) -> None:
        """Build a bridge next to where the Pilli can walk, cross, and act beyond it."""
        if s.ap < self.table.c_bridge or s.supply["bridges"] <= 0:
            return
        start = self._ai_pilli(s, seat)
        here = -1 if s.canal[start] else s.label[start]
        reach = self._ai_arrivals(s, seat, start, budget - self.table.c_bridge, teleport=False)
        options = []
        for action in gen_bridge(self.table, s):
            words = action.split()
            c = self.table.board.index[words[1]]
            ends = [r for r in self.table.board.ramps(c, words[2]) if r >= 0]
            near = [r for r in ends if r in reach]
            far = [r for r in ends if r not in reach and not s.canal[r]]
            if not near or not far or s.label[far[0]] == here:
                continue
            options.append((reach[near[0]][0], action, s.label[far[0]]))
        options.sort()
        seen: set[int] = set()
        for _cost, action, label in options:
            if label in seen or len(seen) >= MAX_BRIDGES:
                continue
            seen.add(label)
            clone = self.table.codec.copy(s)
            try:
                play(self.table, clone, action)
            except IllegalAction:
                continue
            sub: dict[str, float] = {}
            self._ai_destination_plans(clone, seat, clone.ap + clone.ap_tokens[seat],
                                       [action], 0, sub, only=frozenset((label,)),
                                       teleport=False)
            for text, value in sub.items():
                if value - 0.3 > plans.get(text, -1e9):
                    plans[text] = value - 0.3

    def _ai_splits(self, s: MexicaState) -> dict[str | tuple[int, ...],
                                                 list[tuple[int, int]] | None]:
        """The splits (``_ai_split``) found for this canal layout so far: the districts,
        and so what a canal cuts them into, depend on the canals alone."""
        return per_layout(self._ai_split_cache, s.canal, dict)

    def _ai_split(self, s: MexicaState, cells: list[int]) -> list[tuple[int, int]] | None:
        """The pieces (size, a cell) a canal on ``cells`` would leave of its district, or
        None if it does not split it. Breadth first from one neighbour, stopping as soon
        as every other neighbour is reached, so the usual answer ("no split") is quick."""
        blocked = set(cells)
        label = s.label[cells[0]]
        lab, nbrs = s.label, self.table.board.land_nbrs  # water is labelled -1: no district's
        around: list[int] = []
        for c in cells:
            for n in nbrs[c]:
                if lab[n] == label and n not in blocked and n not in around:
                    around.append(n)
        if len(around) < 2:
            return None
        total = len(s.dcells[label]) - len(cells)
        pieces: list[tuple[int, int]] = []
        seen: set[int] = set()
        counted = 0
        for index, seed in enumerate(around):
            if seed in seen:
                continue
            if pieces and all(x in seen for x in around[index + 1:]):
                pieces.append((total - counted, seed))  # the rest is one piece
                break
            seen.add(seed)
            size = 1
            queue = deque([seed])
            targets = {x for x in around if x not in seen}
            while queue:
                c = queue.popleft()
                for n in nbrs[c]:
                    if n in seen or lab[n] != label or n in blocked:
                        continue
                    seen.add(n)
                    size += 1
                    queue.append(n)
                    targets.discard(n)
                if not targets and not pieces:
                    return None  # every neighbour in one piece: no split
            pieces.append((size, seed))
            counted += size
        return pieces if len(pieces) > 1 else None
