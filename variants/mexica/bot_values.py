"""What a Mexica position is worth to the computer players, and what they cannot see.

The two bot hooks (:class:`game.core.facets.BotHooks`) that judge positions
(``variants.mexica.bot`` builds the whole-turn plans on top of them):

* ``determinize``: the view hides the face-down period-2 calpulli tokens (only their
  count shows). They are sampled from the box (the variant's token list, or its fixed
  displays) minus every token the seat can see: on display, founded on the board or
  removed. With the standard box this already pins them down; a bigger box is sampled.
* ``evaluate``: each seat's score plus what the coming scorings would give it if the
  rankings stayed as they are (a founded district scores at every remaining scoring, an
  unfounded one in period 2, and a little in period 1 as a hint of what is to come), the
  palace bonus near a scoring, and the AP tokens; the seat's value minus the best rival's.
  What it weighs how much (``bot_weights``) is in the variant file, per computer level, so
  that Hard can be tuned with the balance lab without making Normal stronger. A level
  whose weights say ``fitted: 1`` weighs the same sum's terms (``ai_terms``, and the
  ``evaluation_terms`` hook) with coefficients fitted to how Normal's games of that
  player count ended (``bot_fit``, ``tools/fit_evaluation.py``): the hand-set sum
  explains a fifth of the final scores' spread in period 2, the fitted one nearly half.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

from game.core.facets import BotHooks
from game.core.rng import Rng
from game.kit.sampling import SampledViews
from variants.mexica.geometry import buildable
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable

#: what :meth:`MexicaBotValues.ai_terms` gives per seat, in order
TERMS = ("score", "founded", "unfounded", "main", "palace", "tokens", "hand", "wait")
FOUNDED, UNFOUNDED, MAIN, PALACE = 1, 2, 3, 4

#: the evaluation's weights (``bot_weights`` in the variant file, one set per computer
#: level; ``variants.mexica.params.WEIGHTS`` says what each one weighs)
Weights = Mapping[str, float]


class MexicaBotValues(BotHooks[MexicaState]):
    """Part of Mexica's bot hooks (``bot.MexicaBot``): ``determinize`` and ``evaluate``."""

    evaluation_scale = 8.0
    #: what the hooks read of the rules they belong to (set by the rules)
    table: MexicaTable
    params: dict[str, Any]
    players: int

    @cached_property
    def _ai_unfounded(self) -> dict[int, list[int]]:
        """Unfounded districts' points by size (evaluate asks for them all the time)."""
        return {}

    @cached_property
    def _ai_biggest(self) -> int:
        return max(self.table.token_info)

    @cached_property
    def sampled_views(self) -> SampledViews[MexicaState]:
        """The bots' samples of one view share its state (``game.kit.sampling``)."""
        return SampledViews(self.table.load_own, self.table.codec.copy)

    # =====================================================================================
    # determinize
    # =====================================================================================
    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> MexicaState:
        data = {k: v for k, v in view.items() if k != "seat"}
        hidden = data.get("hidden")
        count = hidden.get("hidden", 0) if isinstance(hidden, dict) else len(hidden or [])
        drawn: dict[str, Any] = {"hidden": sample_hidden(self.params, data, count, rng)}
        drawn["rng"] = rng.next64()
        return self.sampled_views.sample(view, data, drawn)

    # =====================================================================================
    # evaluate
    # =====================================================================================
    def evaluate(self, view: MexicaState, seat: int,
                 weights: Weights | None = None) -> float:
        return _lead(self.ai_values(view, weights), seat)

    def evaluate_seats(self, view: MexicaState,
                       weights: Weights | None = None) -> list[float]:
        """Every seat's ``evaluate`` at the cost of one (Hard scores each leaf for every
        seat): the values are the same."""
        values = self.ai_values(view, weights)
        return [_lead(values, seat) for seat in range(len(values))]

    def seat_values(self, view: MexicaState, weights: Weights | None = None) -> list[float]:
        """Every seat's worth on its own (:meth:`ai_values`), for the search's pairwise
        rewards."""
        return self.ai_values(view, weights)

    def ai_weights(self, weights: Weights | None = None) -> Weights:
        """``weights``, or Normal's from the variant file (the plans' own estimates)."""
        return weights if weights else self.params["bot_weights"]["normal"]

    def ai_values(self, s: MexicaState, weights: Weights | None = None) -> list[float]:
        """Per seat: score plus the expected rest (see the module docstring)."""
        w = self.ai_weights(weights)
        if w.get("fitted") and s.phase != "over":
            coefs = (self.params["bot_fit"] or {}).get(self.fit_name(s))
            if coefs is not None:
                return [sum(c * t for c, t in zip(coefs, row, strict=True))
                        for row in self.ai_terms(s, w)]
        n = self.players
        values = [float(v) for v in s.scores]
        if s.phase == "over":
            return values
        period = s.period
        for _kind, owner, pts in self._ai_districts(s, w):
            values[owner] += pts
        starts = self.table.board.starts
        near = 1.0 if s.end_triggered else 0.25
        token_value = w["token_value"] if period == 1 else w["token_value"] / 2
        if period == 2 and s.end_triggered:
            token_value = 0.05
        for p in range(n):
            c = s.pilli[p]
            if c is not None and c in starts:
                values[p] += self.table.palace_bonus * near
            values[p] += token_value * s.ap_tokens[p]
        return values

    def evaluation_terms(self, view: MexicaState) -> tuple[str, list[list[float]]] | None:
        if view.phase != "play" or view.acted or view.taken:
            return None
        return self.fit_name(view), self.ai_terms(view)

    def fit_name(self, s: MexicaState) -> str:
        """Which of ``bot_fit``'s coefficients weigh the terms: the player count's and the
        period's (four players value a district differently from three)."""
        return f"players_{self.players}_period_{s.period}"

    def hand_set_coefficients(self, weights: Weights | None = None) -> dict[str, list[float]]:
        """What the hand-set sum weighs :data:`TERMS` with per period, about (the palace
        and the AP tokens count differently once the end is near): what a fit is compared
        with, and what a term the fitted games never vary keeps."""
        w = self.ai_weights(weights)
        n = self.players
        return {f"players_{n}_period_1": [1, 1, 1, 1, 0.25, w["token_value"], 0, 0],
                f"players_{n}_period_2": [1, 1, 1, 1, 0.25, w["token_value"] / 2, 0, 0]}

    def ai_terms(self, s: MexicaState, weights: Weights | None = None) -> list[list[float]]:
        """Per seat, the terms :meth:`ai_values` weighs (:data:`TERMS`), each unweighted
        (a seat's AP tokens counted, not valued): what a fitted evaluation is fitted on
        (``tools/fit_evaluation.py``) and weighs."""
        w = self.ai_weights(weights)
        n = self.players
        rows = [[float(v), 0.0, 0.0, 0.0, 0.0, float(s.ap_tokens[p]), float(sum(s.hands[p])),
                 float((p - s.turn) % n)] for p, v in enumerate(s.scores)]
        if s.phase == "over":
            return rows
        for kind, owner, pts in self._ai_districts(s, w):
            rows[owner][kind] += pts
        starts = self.table.board.starts
        for p in range(n):
            c = s.pilli[p]
            if c is not None and c in starts:
                rows[p][PALACE] = float(self.table.palace_bonus)
        return rows

    def _ai_districts(self, s: MexicaState, w: Weights) -> Iterator[tuple[int, int, float]]:
        """What each district with a temple (or period 2's main one) is expected to bring
        each seat: (the term of :data:`TERMS` it counts in, the seat, the points)."""
        sigma = self._ai_sigma(s, w)
        main = self._ai_main_district(s) if s.period == 2 else None
        # a district without a temple brings nobody anything yet (unless it is the main
        # one, where the hands are counted): it is passed over without reading its cells
        label_of = s.label
        built = {label_of[c] for c in s.temples}
        founded = {label_of[c] for c in s.tokens}
        for label, cells in s.dcells.items():
            if label not in built and label != main:
                continue
            extra = None
            kind = FOUNDED if label in founded else UNFOUNDED
            if label == main:
                # Period 2: whatever a player still holds will most likely go into the
                # district that pays most, so count it there (spending levels elsewhere
                # costs this projection).
                extra = {p: w["hand_share"] * sum(h) for p, h in enumerate(s.hands)}
                kind = MAIN
            for owner, pts in self._ai_district(s, cells, sigma, extra, w).items():
                yield kind, owner, pts

    def _ai_sigma(self, s: MexicaState, w: Weights) -> float:
        # A lead is as safe as the levels the rivals can still add: their temples in hand
        # (and banked AP) make the ranking uncertain; near the end it firms up.
        swing = max(sum(h) + s.ap_tokens[p] for p, h in enumerate(s.hands))
        sigma = w["sigma_base"] + w["sigma_hand"] * swing
        return min(sigma, w["sigma_base"]) if s.end_triggered else sigma

    def _ai_main_district(self, s: MexicaState) -> int | None:
        """The label of the district whose first place pays most at the final scoring."""
        best, best_points = None, 0
        for label, cells in s.dcells.items():
            token = next((s.tokens[c] for c in cells if c in s.tokens), None)
            info = self.table.token_info
            first = info[token]["places"][0] if token is not None else len(cells)
            if first > best_points and any(buildable(self.table, s, c) for c in cells):
                best, best_points = label, first
        return best

    def _ai_district(self, s: MexicaState, cells: list[int] | set[int], sigma: float,
                     extra: dict[int, float] | None = None,
                     w: Weights | None = None) -> dict[int, float]:
        """What one district is expected to bring each player at the coming scorings
        (``extra``: levels a player is expected to add there)."""
        levels: dict[int, float] = {}
        token = None
        temples, tokens = s.temples, s.tokens
        for c in cells:
            t = temples.get(c)
            if t is not None:
                levels[t[0]] = levels.get(t[0], 0) + t[1]
            elif token is None and c in tokens:
                token = tokens[c]
        out: dict[int, float] = {}
        w = self.ai_weights(w)
        if extra:
            for owner, lv in extra.items():
                if lv > 0:
                    levels[owner] = levels.get(owner, 0) + lv
        if not levels:
            return out
        period = s.period
        if token is not None:
            points = self.table.token_info[token]["places"]
            weight = 2.0 if period == 1 else 1.0
        elif period == 1 and len(cells) > self._ai_biggest:
            # A big district will be carved up before it scores: every level counts
            # wherever it ends up, the current lead a little.
            for owner, lv in levels.items():
                if owner >= 0:
                    out[owner] = w["level_value"] * lv
            points = self._ai_unfounded_points(self._ai_biggest)
            weight = w["unfounded_p1"] / 2
        elif period == 1:
            points = self._ai_unfounded_points(len(cells))
            weight = w["unfounded_p1"]
        else:
            points = self._ai_unfounded_points(len(cells))
            weight = 1.0
        for owner, pts in soft_places(levels, points, sigma):
            out[owner] = out.get(owner, 0.0) + weight * pts
        return out

    def _ai_cut_gain(self, s: MexicaState, seat: int, cells: list[int]) -> float:
        """How a canal on ``cells`` would change the seat's advantage in the district it
        cuts (the pieces valued as new districts; cheap, no state is changed)."""
        b = self.table.board
        label = s.label[cells[0]]
        old = s.dcells[label]
        blocked = set(cells)
        sigma = self._ai_sigma(s, self.ai_weights())
        before = self._ai_district(s, old, sigma)
        after: dict[int, float] = {}
        seen: set[int] = set(blocked)
        # land beside a district's land is the district's: its label says so in one look
        lab, nbrs = s.label, b.nbrs
        for start in old:
            if start in seen:
                continue
            piece = [start]
            seen.add(start)
            stack = [start]
            while stack:
                c = stack.pop()
                for n in nbrs[c]:
                    if n not in seen and lab[n] == label:
                        seen.add(n)
                        piece.append(n)
                        stack.append(n)
            for owner, v in self._ai_district(s, piece, sigma).items():
                after[owner] = after.get(owner, 0.0) + v
        delta = {o: after.get(o, 0.0) - before.get(o, 0.0)
                 for o in set(before) | set(after)}
        mine = delta.pop(seat, 0.0)
        return mine - (max(delta.values()) if delta else 0.0)

    def _ai_unfounded_points(self, size: int) -> list[int]:
        points = self._ai_unfounded.get(size)
        if points is None:
            points = self._ai_unfounded[size] = self.table.unfounded_points(size)
        return points




def soft_places(levels: dict[int, float], points: list[int],
                sigma: float) -> list[tuple[int, float]]:
    """Expected points per owner (players only) when a district scores ``points`` for
    1st, 2nd...: each rival beats an owner with a logistic chance in the level gap, so a
    wide lead is worth more than a narrow one. Ties share the better place, as in the
    rules; the neutral colour (owner < 0) takes places but scores nothing."""
    owners = [(o, v) for o, v in levels.items() if v > 0]
    out = []
    last = len(points)
    for a, la in owners:
        if a < 0:
            continue
        place = 1.0
        for b, lb in owners:
            if b != a:
                x = (lb - la - 0.5) / sigma
                place += 1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0
        k = int(place)
        frac = place - k
        hi = points[k - 1] if k <= last else 0
        lo = points[k] if k < last else 0
        out.append((a, hi + (lo - hi) * frac))
    return out


def sample_hidden(params: dict[str, Any], view: dict[str, Any], count: int,
                  rng: Rng) -> list[int]:
    """``count`` face-down token sizes: the box minus every token the view shows."""
    if count <= 0:
        return []
    fixed = params.get("calpulli")
    if fixed is not None:
        box = list(fixed["period1"]) + list(fixed["period2"])
    else:
        box = [t["size"] for t in params["calpulli_tokens"] for _ in range(t["count"])]
    seen = list(view.get("display") or []) + list((view.get("tokens") or {}).values()) + \
        list(view.get("removed") or [])
    pool = list(box)
    for size in seen:
        if size in pool:
            pool.remove(size)
    rng.shuffle(pool)
    out = pool[:count]
    sizes = sorted({t["size"] for t in params["calpulli_tokens"]})
    while len(out) < count:  # an inconsistent view: fill with plausible sizes
        out.append(rng.choice(sizes))
    return sorted(out)


def _lead(values: list[float], seat: int) -> float:
    """The seat's value less the best of the others'."""
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - (max(others) if others else 0.0)
