"""Aztlán's rules: the ages and their four phases, the cards, the end of the game.

The rules object is immutable after construction; all play data lives in an
:class:`AztlanState`. ``apply`` parses an action, refuses it with a reason unless
``legal_actions`` lists its canonical form (so the two can never disagree), and only
then changes the state. After every action ``_settle`` runs the automatic steps (ties,
removals, scorings without a decision, the next age) until some seat must decide.

Chance (the first stacking order, the prosperity deck) comes from the generator kept in
the state, so a seed and a log replay a game exactly.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.engine import GameType, Rules
from game.errors import ConfigIssue, IllegalAction
from game.events import Event
from game.rng import Rng, mix_seed
from game.schema import Context, Obj
from variants.aztlan import cards as C
from variants.aztlan.ai import AztlanAIMixin
from variants.aztlan.cards import CardBook
from variants.aztlan.conflicts import Outcome, outcome
from variants.aztlan.map import Island
from variants.aztlan.notation import Action, parse
from variants.aztlan.params import (
    PARAMETERS,
    check_aztlan_params,
    check_aztlan_players,
)
from variants.aztlan.scoring import best_wild_type, score_domains
from variants.aztlan.state import AztlanState


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


class AztlanRules(AztlanAIMixin, Rules):
    engine_id: ClassVar[str] = "aztlan"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: ClassVar[int] = 5_000
    #: a shuffled deck, and secret choices and hands (power cards, prosperity cards): the
    #: client passes the device behind a privacy screen whenever the deciding seat changes
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded", private=True)

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        self.island = Island(params["map"])
        self.cards = CardBook(params)
        self.types: list[str] = list(params["territory_types"])
        self.type_names: dict[str, str] = dict(params["territory_types"])
        self.ages: int = params["ages"]
        self.bonus: list[int] = list(params["domain_bonus"])
        row = next((r for r in params["pawns_per_age"] if r["players"] == players), None)
        self.pawns_per_age: list[int] = list(row["pawns"]) if row else [0] * self.ages
        factions = params["factions"]
        self.factions = factions is not None
        if factions is not None:
            self.army_names = [f["name"] for f in factions]
            per = params["pawns_per_tribe"]
            self.army_pawns = [per * len(f["tribes"]) for f in factions]
        else:
            self.army_names = [t["name"] for t in params["tribes"][:players]]
            self.army_pawns = [params["pawns_per_tribe"]] * players
        self.armies = len(self.army_names)
        self.move_chance: int = params["playout_move_chance"]

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        check_aztlan_params(params, ctx)

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        return check_aztlan_players(params, players)

    # =====================================================================================
    # setup
    # =====================================================================================
    def new_state(self, seed: int) -> AztlanState:
        n = self.players
        rng = Rng(mix_seed(seed, "aztlan"))
        s = AztlanState()
        s.ranking = list(range(n))
        rng.shuffle(s.ranking)  # the first stacking order of the score counters
        s.scores = [0] * n
        s.control = list(range(n))
        s.hands = [list(self.cards.strengths) for _ in range(n)]
        s.chosen = [None] * n
        s.used = [[] for _ in range(n)]
        s.prosperity = [[] for _ in range(n)]
        s.deck = list(self.cards.deck)
        rng.shuffle(s.deck)
        s.board = [[0] * self.armies for _ in range(self.island.size)]
        s.reserve = list(self.army_pawns)
        s.supply = [0] * self.armies
        s.removed = [0] * self.armies
        s.rng = rng.state
        self._start_age(s, [])
        return s

    def _start_age(self, s: AztlanState, ev: list[Event]) -> None:
        s.phase = "choose"
        s.order = list(s.ranking)
        s.turn = 0
        s.revealed = False
        s.resolved, s.pending, s.scoring = [], None, None
        s.step, s.eagle = None, False
        want = self.pawns_per_age[s.age - 1]
        for army in range(self.armies):
            take = min(want, s.reserve[army])
            extra = min(want - take, s.removed[army])
            s.reserve[army] -= take
            s.removed[army] -= extra
            s.supply[army] += take + extra
        order = ", ".join(player_name(p) for p in s.order)
        text = f"Age {s.age} begins; turn order {order}"
        if self.factions:
            text += "; " + ", ".join(f"{player_name(p)} commands {self.army_names[s.control[p]]}"
                                     for p in range(self.players))
        ev.append(Event("age", text, data={"age": s.age, "order": list(s.order),
                                           "control": list(s.control),
                                           "pawns": list(s.supply)}))

    # =====================================================================================
    # protocol
    # =====================================================================================
    def action_vocabulary(self) -> list[str]:
        from variants.aztlan.notation import vocabulary

        return vocabulary(self.island, self.types, self.cards.strengths)

    def current_player(self, state: AztlanState) -> int | None:
        if state.phase == "over":
            return None
        p = state.pending
        if p is not None:
            return p["winner"] if p["kind"] == "decide" else p["queue"][0]
        return state.order[state.turn]

    def turn_seat(self, state: AztlanState) -> int | None:
        """The seat whose turn it is in the score order (``state.turn`` is a position)."""
        return None if state.phase == "over" else state.order[state.turn]

    def player_aid(self) -> dict[str, Any]:
        from variants.aztlan.aid import player_aid

        return player_aid(self.params, self.players)

    def is_over(self, state: AztlanState) -> bool:
        return state.phase == "over"

    def scores(self, state: AztlanState) -> list[int]:
        return list(state.scores)

    def winners(self, state: AztlanState) -> list[int]:
        return list(state.winners)

    def to_dict(self, state: AztlanState) -> dict[str, Any]:
        return state.to_dict(self.island)

    def from_dict(self, data: dict[str, Any]) -> AztlanState:
        return AztlanState.from_dict(data, self.island, self.cards, self.players,
                                     self.armies, self.ages)

    def clone(self, state: AztlanState) -> AztlanState:
        return state.copy()

    def view(self, state: AztlanState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["deck"] = {"hidden": len(state.deck)}
        data["prosperity"] = [list(h) if i == seat else {"hidden": len(h)}
                              for i, h in enumerate(state.prosperity)]
        if not state.revealed:
            for i, card in enumerate(state.chosen):
                if i != seat and card is not None:
                    # Another player's hand shows every card not yet face up, so that the
                    # hand does not give the chosen card away.
                    data["chosen"][i] = {"hidden": 1}
                    data["hands"][i] = [c for c in self.cards.strengths
                                        if c not in state.used[i]]
        return data

    def redact(self, action: str, actor: int | None, seat: int | None) -> str:
        if action.split()[:1] == ["choose"] and (seat is None or seat != actor):
            return "choose ?"
        return action

    # =====================================================================================
    # small queries
    # =====================================================================================
    def _army(self, s: AztlanState, seat: int) -> int:
        return s.control[seat]

    def _commander(self, s: AztlanState, army: int) -> int:
        return s.control.index(army)

    def _strength(self, s: AztlanState) -> list[int]:
        out = [0] * self.armies
        for seat, army in enumerate(s.control):
            out[army] = s.chosen[seat] or 0
        return out

    def _outcome(self, s: AztlanState, t: int, strength: list[int] | None = None) -> Outcome:
        return outcome(s.board[t], strength or self._strength(s))

    def _won(self, s: AztlanState, seat: int) -> list[int]:
        """Unresolved conflicts that ``seat`` wins outright."""
        army = self._army(s, seat)
        strength = self._strength(s)
        out = []
        for t in range(self.island.size):
            if t in s.resolved or s.board[t][army] == 0:
                continue
            o = self._outcome(s, t, strength)
            if o.contested and o.winner == army:
                out.append(t)
        return out

    def _tied_seats(self, s: AztlanState, o: Outcome) -> list[int]:
        tied = {self._commander(s, a) for a in o.top}
        return [p for p in s.order if p in tied]

    def _next_tie(self, s: AztlanState, seat: int) -> int | None:
        """The first unresolved tie at the top whose earliest tied player is ``seat``."""
        army = self._army(s, seat)
        strength = self._strength(s)
        for t in range(self.island.size):
            if t in s.resolved or s.board[t][army] == 0:
                continue
            o = self._outcome(s, t, strength)
            if o.contested and o.winner is None and self._tied_seats(s, o)[0] == seat:
                return t
        return None

    def _eagle_source(self, s: AztlanState, army: int) -> str | None:
        if s.reserve[army]:
            return "reserve"
        if s.removed[army]:
            return "removed"
        return None

    def _can_eagle(self, s: AztlanState, seat: int) -> bool:
        return (not s.eagle and self.cards.holds(s.prosperity[seat], C.EAGLE)
                and self._eagle_source(s, self._army(s, seat)) is not None)

    def _raft_pairs(self, s: AztlanState, seat: int) -> list[tuple[int, int]]:
        if not self.cards.holds(s.prosperity[seat], C.RAFTS):
            return []
        isl = self.island
        owned = s.army_cells(self._army(s, seat))
        label = {}
        for k, group in enumerate(isl.components(owned, s.scoring["links"])):
            for c in group:
                label[c] = k
        pairs = set()
        for shore in isl.shores.values():
            mine = [c for c in shore if c in owned]
            for i, a in enumerate(mine):
                for b in mine[i + 1:]:
                    if label[a] != label[b]:
                        pairs.add((a, b))
        return sorted(pairs)

    def _blessings(self, s: AztlanState, seat: int) -> list[str]:
        held = {self.cards.bless_type[c] for c in s.prosperity[seat]
                if self.cards.effect[c] == C.BLESSING}
        return [t for t in self.types if t in held]

    def _has_scoring_choice(self, s: AztlanState, seat: int) -> bool:
        return (self.cards.is_wild(s.chosen[seat]) or bool(self._blessings(s, seat))
                or bool(self._raft_pairs(s, seat)))

    # =====================================================================================
    # legal actions
    # =====================================================================================
    def legal_actions(self, state: AztlanState) -> list[str]:
        s = state
        seat = self.current_player(s)
        if seat is None:
            return []
        ids = self.island.ids
        if s.phase == "choose":
            return [f"choose {c}" for c in sorted(s.hands[seat])]
        if s.phase == "develop":
            if s.step == "place":
                return [f"place {t}" for t in ids]
            out = []
            if self._can_eagle(s, seat):
                out += [f"eagle {t}" for t in ids]
            army = self._army(s, seat)
            for a in range(self.island.size):
                if s.board[a][army]:
                    out += [f"move {ids[a]} {ids[b]}" for b in self.island.nbrs[a]]
            out.append("stay")
            return out
        if s.phase == "conflict":
            p = s.pending
            if p is not None:
                t = ids[p["territory"]]
                if p["kind"] == "decide":
                    return [f"battle {t}", f"coexist {t}"]
                verb = "sacred" if p["kind"] == "sacred" else "tlatoani"
                return [f"{verb} {t}", "decline"]
            out = []
            for t in self._won(s, seat):
                out += [f"battle {ids[t]}", f"coexist {ids[t]}"]
            return out
        # scoring
        out = [f"bless {k}" for k in self._blessings(s, seat)]
        out += [f"rafts {ids[a]} {ids[b]}" for a, b in self._raft_pairs(s, seat)]
        if self.cards.is_wild(s.chosen[seat]):
            out += [f"wild {k}" for k in self.types]
        else:
            out.append("score")
        return out

    # =====================================================================================
    # apply
    # =====================================================================================
    def apply(self, state: AztlanState, action: str) -> tuple[str, list[Event]]:
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a line of text, not {type(action).__name__}")
        if state.phase == "over":
            raise IllegalAction("the game is over")
        a = parse(action, self.island, self.types)
        if a.text not in self.legal_actions(state):
            raise IllegalAction(self._why_not(state, a))
        ev: list[Event] = []
        getattr(self, "_do_" + a.verb)(state, self.current_player(state), a, ev)
        self._settle(state, ev)
        return a.text, ev

    # -- choosing ------------------------------------------------------------------------
    def _do_choose(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        card = a.args[0]
        s.hands[seat].remove(card)
        s.chosen[seat] = card
        ev.append(Event("choose", f"{player_name(seat)} chooses a power card face down",
                        seat))
        ev.append(Event("chosen", f"{player_name(seat)} chose power card {card}", seat,
                        data={"card": card}, visible_to=(seat,)))
        s.turn += 1
        if s.turn == self.players:
            s.phase, s.step, s.eagle, s.turn = "develop", "place", False, 0
            if not self._has_pawns(s, s.order[0]):
                self._next_developer(s, ev)

    # -- development ---------------------------------------------------------------------
    def _has_pawns(self, s: AztlanState, seat: int) -> bool:
        return s.supply[self._army(s, seat)] > 0

    def _do_place(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        t = a.args[0]
        army = self._army(s, seat)
        s.supply[army] -= 1
        s.board[t][army] += 1
        s.step = "move"
        ev.append(Event("place", f"{player_name(seat)} places a {self.army_names[army]} pawn "
                        f"in {self.island.label(t)}", seat,
                        data={"territory": self.island.ids[t], "army": army}))

    def _do_eagle(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        t = a.args[0]
        army = self._army(s, seat)
        source = self._eagle_source(s, army)
        if source == "reserve":
            s.reserve[army] -= 1
        else:
            s.removed[army] -= 1
        self._play_card(s, seat, C.EAGLE)
        s.board[t][army] += 1
        s.eagle = True
        where = "reserve" if source == "reserve" else "removed pawns"
        ev.append(Event("eagle", f"{player_name(seat)} plays Eagle and Jaguar Warriors: an "
                        f"extra pawn (from the {where}) in {self.island.label(t)}", seat,
                        data={"territory": self.island.ids[t], "army": army,
                              "source": source}))

    def _do_move(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        src, dst = a.args
        army = self._army(s, seat)
        s.board[src][army] -= 1
        s.board[dst][army] += 1
        ev.append(Event("move", f"{player_name(seat)} moves a pawn from "
                        f"{self.island.label(src)} to {self.island.label(dst)}", seat,
                        data={"from": self.island.ids[src], "to": self.island.ids[dst],
                              "army": army}))
        self._next_developer(s, ev)

    def _do_stay(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        self._next_developer(s, ev)

    def _next_developer(self, s: AztlanState, ev: list[Event]) -> None:
        s.step, s.eagle = "place", False
        n = self.players
        for k in range(1, n + 1):
            i = (s.turn + k) % n
            if self._has_pawns(s, s.order[i]):
                s.turn = i
                return
        # every pawn of the age is placed: reveal the power cards
        s.revealed = True
        s.phase, s.step, s.turn = "conflict", None, 0
        s.resolved, s.pending = [], None
        shown = ", ".join(f"{player_name(p)} {s.chosen[p]}" for p in s.order)
        ev.append(Event("reveal", f"The power cards are revealed: {shown}",
                        data={"chosen": list(s.chosen)}, barrier=True))

    # -- conflicts -----------------------------------------------------------------------
    def _do_battle(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        t = a.args[0]
        army = self._army(s, seat)
        losers = {self._commander(s, x) for x, n in enumerate(s.board[t]) if n and x != army}
        s.pending = {"kind": "sacred", "territory": t, "winner": seat,
                     "queue": [p for p in s.order if p in losers], "saved": []}
        ev.append(Event("battle", f"{player_name(seat)} declares battle in "
                        f"{self.island.label(t)}", seat,
                        data={"territory": self.island.ids[t]}))

    def _do_coexist(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        t = a.args[0]
        s.pending = None
        s.resolved.append(t)
        ev.append(Event("coexist", f"{player_name(seat)} coexists in {self.island.label(t)}"
                        " and draws a prosperity card", seat,
                        data={"territory": self.island.ids[t]}))
        self._draw(s, seat, ev)

    def _do_sacred(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        p = s.pending
        self._play_card(s, seat, C.SACRED)
        p["queue"].pop(0)
        p["saved"].append(seat)
        ev.append(Event("sacred", f"{player_name(seat)} plays Sacred Games: "
                        f"{player_name(p['winner'])} must coexist with them in "
                        f"{self.island.label(p['territory'])}", seat,
                        data={"territory": self.island.ids[p["territory"]]}))

    def _do_tlatoani(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        t = a.args[0]
        self._play_card(s, seat, C.TLATOANI)
        s.pending = {"kind": "decide", "territory": t, "winner": seat, "queue": [],
                     "saved": []}
        ev.append(Event("tlatoani", f"{player_name(seat)} plays Great Tlatoani and wins the "
                        f"tie in {self.island.label(t)}", seat,
                        data={"territory": self.island.ids[t]}))

    def _do_decline(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        p = s.pending
        p["queue"].pop(0)
        card = "Sacred Games" if p["kind"] == "sacred" else "Great Tlatoani"
        ev.append(Event("decline", f"{player_name(seat)} does not play {card} in "
                        f"{self.island.label(p['territory'])}", seat,
                        data={"territory": self.island.ids[p["territory"]]}))

    def _finish_battle(self, s: AztlanState, ev: list[Event]) -> None:
        p = s.pending
        t, winner = p["territory"], p["winner"]
        keep = {self._army(s, winner)} | {self._army(s, x) for x in p["saved"]}
        self._remove_all_but(s, t, keep, ev)
        s.resolved.append(t)
        if p["saved"]:
            ev.append(Event("coexist", f"{player_name(winner)} coexists with the Sacred Games "
                            f"player{'s' if len(p['saved']) > 1 else ''} in "
                            f"{self.island.label(t)} and draws a prosperity card", winner,
                            data={"territory": self.island.ids[t]}))
            self._draw(s, winner, ev)

    def _finish_tie(self, s: AztlanState, t: int, ev: list[Event]) -> None:
        o = self._outcome(s, t)
        names = " and ".join(player_name(p) for p in self._tied_seats(s, o))
        ev.append(Event("tie", f"Tie in {self.island.label(t)}: {names} coexist with power "
                        f"{o.power[o.top[0]]} each; no prosperity card", None,
                        data={"territory": self.island.ids[t],
                              "tied": self._tied_seats(s, o)}))
        self._remove_all_but(s, t, set(o.top), ev)
        s.resolved.append(t)

    def _remove_all_but(self, s: AztlanState, t: int, keep: set[int],
                        ev: list[Event]) -> None:
        for army, n in enumerate(s.board[t]):
            if n and army not in keep:
                s.board[t][army] = 0
                s.removed[army] += n
                seat = self._commander(s, army)
                ev.append(Event("removed", f"{n} {self.army_names[army]} pawn"
                                f"{'s' if n > 1 else ''} of {player_name(seat)} removed "
                                f"from {self.island.label(t)}", seat,
                                data={"territory": self.island.ids[t], "army": army,
                                      "count": n}))

    # -- scoring -------------------------------------------------------------------------
    def _do_bless(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        kind = a.args[0]
        card = next(c for c in s.prosperity[seat] if self.cards.effect[c] == C.BLESSING
                    and self.cards.bless_type[c] == kind)
        s.prosperity[seat].remove(card)
        s.discard.append(card)
        owned = s.army_cells(self._army(s, seat))
        count = sum(1 for t in owned if self.island.types[t] == kind)
        points = count * self.cards.blessing_points
        s.scoring["bonus"] += points
        ev.append(Event("bless", f"{player_name(seat)} plays {self.cards.card_name[card]}: "
                        f"{count} {self.type_names[kind]} controlled, +{points} with this "
                        "scoring", seat, data={"type": kind, "points": points}))

    def _do_rafts(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        x, y = a.args
        self._play_card(s, seat, C.RAFTS)
        s.scoring["links"].append((x, y))
        ev.append(Event("rafts", f"{player_name(seat)} plays Rafts and Canoes: "
                        f"{self.island.label(x)} and {self.island.label(y)} join one domain",
                        seat, data={"territories": [self.island.ids[x], self.island.ids[y]]}))

    def _do_score(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        self._score(s, seat, self.cards.power_type[s.chosen[seat]], ev)

    def _do_wild(self, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
        self._score(s, seat, a.args[0], ev)

    def _score(self, s: AztlanState, seat: int, kind: str, ev: list[Event]) -> None:
        ids = self.island.ids
        owned = s.army_cells(self._army(s, seat))
        links = s.scoring["links"]
        domains = score_domains(self.island, owned, kind, self.bonus, links)
        bonus = s.scoring["bonus"]
        total = sum(d.points for d in domains) + bonus
        parts = " + ".join(str(d.points) for d in domains) or "no domain"
        if bonus:
            parts += f" + {bonus} blessing"
        ev.append(Event("score", f"{player_name(seat)} scores {total} with "
                        f"{self.type_names[kind]} ({parts})", seat, total,
                        data={"type": kind, "bonus": bonus, "domains": [
                            {"territories": [ids[c] for c in d.cells],
                             "matching": d.matching, "points": d.points} for d in domains]}))
        self._gain(s, seat, total)
        s.scoring = None
        s.turn += 1
        if s.turn == self.players:
            self._end_age(s, ev)

    def _gain(self, s: AztlanState, seat: int, points: int) -> None:
        """Advance a score counter; one landing on an occupied score goes on top."""
        if points <= 0:
            return
        s.scores[seat] += points
        s.ranking.remove(seat)
        new = s.scores[seat]
        at = next((i for i, p in enumerate(s.ranking) if s.scores[p] <= new), len(s.ranking))
        s.ranking.insert(at, seat)

    def _end_age(self, s: AztlanState, ev: list[Event]) -> None:
        for seat in range(self.players):
            s.used[seat].append(s.chosen[seat])
            s.chosen[seat] = None
        if s.age == self.ages:
            self._finish(s, ev)
            return
        s.age += 1
        if self.factions:
            s.control = [(c + 1) % self.armies for c in s.control]
        self._start_age(s, ev)

    def _finish(self, s: AztlanState, ev: list[Event]) -> None:
        s.final = [{} for _ in range(self.players)]
        for seat in s.order:
            hand = s.prosperity[seat]
            card = sum(self.cards.power_value[c] for c in s.hands[seat])
            pros = self.cards.unused_points * len(hand)
            off = self.cards.offerings(hand)
            s.final[seat] = {"power_card": card, "prosperity": pros, "offerings": off}
            total = card + pros + off
            ev.append(Event("final", f"{player_name(seat)} adds {total} at the end: {card} for "
                            f"the unused power card, {pros} for prosperity cards in hand, "
                            f"{off} for Offerings", seat, total, data=dict(s.final[seat])))
            self._gain(s, seat, total)
        best = max(s.scores)
        tied = [p for p in s.ranking if s.scores[p] == best]
        winner = tied[-1]  # on a tie the counter lower in the stack wins
        s.winners = [winner]
        s.phase, s.step, s.pending, s.scoring = "over", None, None, None
        s.turn = 0
        text = f"{player_name(winner)} wins with {best} points"
        if len(tied) > 1:
            text += " (tie broken by the score stack: the lower counter wins)"
        ev.append(Event("game_over", text, winner, data={"scores": list(s.scores),
                                                        "winners": [winner]}))

    # -- cards ---------------------------------------------------------------------------
    def _play_card(self, s: AztlanState, seat: int, effect: str) -> None:
        card = self.cards.first_of(s.prosperity[seat], effect)
        s.prosperity[seat].remove(card)
        s.discard.append(card)

    def _draw(self, s: AztlanState, seat: int, ev: list[Event]) -> None:
        if not s.deck and s.discard:
            rng = Rng(s.rng)
            s.deck, s.discard = s.discard, []
            rng.shuffle(s.deck)
            s.rng = rng.state
            ev.append(Event("reshuffle", "The prosperity deck is empty: the played cards are "
                            "shuffled into a new deck", barrier=True))
        if not s.deck:
            ev.append(Event("no_card", "The prosperity deck is empty: no card to draw", seat))
            return
        card = s.deck.pop()
        s.prosperity[seat].append(card)
        ev.append(Event("draw", f"{player_name(seat)} draws a prosperity card", seat,
                        data={"hand": len(s.prosperity[seat])}, barrier=True))
        ev.append(Event("drawn", f"{player_name(seat)} draws {self.cards.card_name[card]}",
                        seat, data={"card": card}, visible_to=(seat,), barrier=True))

    # -- automatic steps -----------------------------------------------------------------
    def _settle(self, s: AztlanState, ev: list[Event]) -> None:
        """Run what needs no decision until a seat must decide (or the game ends)."""
        while True:
            if s.phase == "conflict":
                p = s.pending
                if p is not None:
                    if p["kind"] == "decide":
                        return
                    effect = C.SACRED if p["kind"] == "sacred" else C.TLATOANI
                    queue = p["queue"]
                    while queue and not self.cards.holds(s.prosperity[queue[0]], effect):
                        queue.pop(0)
                    if queue:
                        return
                    if p["kind"] == "sacred":
                        self._finish_battle(s, ev)
                    else:
                        self._finish_tie(s, p["territory"], ev)
                    s.pending = None
                    continue
                seat = s.order[s.turn]
                if self._won(s, seat):
                    return
                tie = self._next_tie(s, seat)
                if tie is not None:
                    tied = self._tied_seats(s, self._outcome(s, tie))
                    s.pending = {"kind": "tlatoani", "territory": tie, "winner": None,
                                 "queue": tied, "saved": []}
                    continue
                s.turn += 1
                if s.turn == self.players:
                    s.phase, s.turn = "score", 0
                continue
            if s.phase == "score":
                if s.scoring is not None:  # this player has begun: he ends with score
                    return
                seat = s.order[s.turn]
                s.scoring = {"bonus": 0, "links": []}
                if self._has_scoring_choice(s, seat):
                    return
                self._score(s, seat, self.cards.power_type[s.chosen[seat]], ev)
                continue
            return

    # =====================================================================================
    # reasons for refusals
    # =====================================================================================
    def _why_not(self, s: AztlanState, a: Action) -> str:
        seat = self.current_player(s)
        who = player_name(seat)
        isl = self.island
        v, args = a.verb, a.args
        if s.phase == "choose":
            if v == "choose":
                return (f"{who} does not hold power card {args[0]}; the cards in hand are "
                        f"{', '.join(map(str, sorted(s.hands[seat])))}")
            return f"it is the choosing phase: {who} chooses a power card (choose <card>)"
        if s.phase == "develop":
            army = self._army(s, seat)
            if s.step == "place":
                return f"{who} first places a pawn: place <territory>"
            if v == "place":
                return (f"{who} has placed this turn's pawn; now move one pawn "
                        "(move <from> <to>) or stay")
            if v == "eagle":
                if s.eagle:
                    return "only one Eagle and Jaguar Warriors card goes with each placement"
                if not self.cards.holds(s.prosperity[seat], C.EAGLE):
                    return f"{who} holds no Eagle and Jaguar Warriors card"
                return "no pawn is left in the reserve or among the removed pawns"
            if v == "move":
                src, dst = args
                if not s.board[src][army]:
                    return f"{who} has no pawn in {isl.label(src)}"
                across = isl.share_lake(src, dst)
                return (f"{isl.label(dst)} does not border {isl.label(src)}"
                        + (" (a lake lies between them)" if across else ""))
            return f"{who} may move one pawn (move <from> <to>) or stay"
        if s.phase == "conflict":
            p = s.pending
            if p is not None:
                t = isl.label(p["territory"])
                if p["kind"] == "decide":
                    return f"{who} won the tie in {t}: battle or coexist there"
                card = "sacred" if p["kind"] == "sacred" else "tlatoani"
                if v == card:
                    return f"the decision is about {t}"
                return f"{who} decides first: {card} {isl.ids[p['territory']]} or decline"
            if v in ("battle", "coexist"):
                t = args[0]
                o = self._outcome(s, t)
                if t in s.resolved:
                    return f"the conflict in {isl.label(t)} is already resolved"
                if not o.contested:
                    return f"there is no conflict in {isl.label(t)}"
                if o.winner is None:
                    return (f"{isl.label(t)} is a tie at the top: the tied players coexist "
                            "without a card")
                if o.winner != self._army(s, seat):
                    return (f"{who} is not the strongest in {isl.label(t)} "
                            f"({o.power.get(self._army(s, seat), 0)} against "
                            f"{o.power[o.winner]})")
            if v in ("sacred", "tlatoani", "decline"):
                return "no card can be played against a decision now"
            return f"it is {who}'s conflict turn: battle <territory> or coexist <territory>"
        # scoring
        if v == "bless":
            return f"{who} holds no blessing for {self.type_names[args[0]]}"
        if v == "rafts":
            x, y = args
            owned = s.army_cells(self._army(s, seat))
            if not self.cards.holds(s.prosperity[seat], C.RAFTS):
                return f"{who} holds no Rafts and Canoes card"
            if not isl.share_lake(x, y):
                return f"{isl.label(x)} and {isl.label(y)} do not border the same lake"
            if x not in owned or y not in owned:
                return f"{who} needs pawns in both territories"
            return f"{isl.label(x)} and {isl.label(y)} are already in one domain"
        if self.cards.is_wild(s.chosen[seat]):
            if v == "score":
                return "the power card 4 is wild: choose the bonus type with wild <type>"
        elif v == "wild":
            return f"only the wild power card picks a type; {who} scores with: score"
        return (f"it is {who}'s scoring: play a blessing or Rafts and Canoes, then "
                + ("wild <type>" if self.cards.is_wild(s.chosen[seat]) else "score"))

    # =====================================================================================
    # playouts and descriptions
    # =====================================================================================
    def playout_action(self, state: AztlanState, rng: Rng) -> str:
        s = state
        legal = self.legal_actions(s)
        if s.phase == "develop" and s.step == "move":
            eagles = [x for x in legal if x.startswith("eagle ")]
            if eagles and rng.randbelow(2) == 0:
                return rng.choice(eagles)
            moves = [x for x in legal if x.startswith("move ")]
            if moves and rng.randbelow(100) < self.move_chance:
                return rng.choice(moves)
            return "stay"
        if s.phase == "score":
            seat = self.current_player(s)
            blessings = [x for x in legal if x.startswith("bless ")]
            if blessings:
                return blessings[0]
            rafts = [x for x in legal if x.startswith("rafts ")]
            if rafts and rng.randbelow(2) == 0:
                return rng.choice(rafts)
            if self.cards.is_wild(s.chosen[seat]):
                owned = s.army_cells(self._army(s, seat))
                return "wild " + best_wild_type(self.island, owned, self.types, self.bonus,
                                                s.scoring["links"])
            return "score"
        return rng.choice(legal)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.aztlan.device import device_panel

        return device_panel(self.cards, self.type_names, view, seat)

    def describe_action(self, state: AztlanState, action: str) -> str:
        if action.split() == ["choose", "?"]:  # as redacted for the other seats
            seat = self.current_player(state)
            who = player_name(seat) if seat is not None else "A player"
            return f"{who} chooses a power card face down"
        try:
            a = parse(action, self.island, self.types)
        except IllegalAction:
            return action
        seat = self.current_player(state)
        who = player_name(seat) if seat is not None else "Nobody"
        isl = self.island
        labels = [isl.label(x) for x in a.args] if a.verb not in (
            "choose", "bless", "wild") else []
        v = a.verb
        if v == "choose":
            return f"{who} chooses power card {a.args[0]}"
        if v == "place":
            return f"{who} places a pawn in {labels[0]}"
        if v == "eagle":
            return f"{who} plays Eagle and Jaguar Warriors for an extra pawn in {labels[0]}"
        if v == "move":
            return f"{who} moves a pawn from {labels[0]} to {labels[1]}"
        if v == "stay":
            return f"{who} moves no pawn"
        if v == "battle":
            return f"{who} removes every opponent from {labels[0]}"
        if v == "coexist":
            return f"{who} coexists in {labels[0]} and draws a prosperity card"
        if v == "sacred":
            return f"{who} plays Sacred Games to stay in {labels[0]}"
        if v == "tlatoani":
            return f"{who} plays Great Tlatoani to win the tie in {labels[0]}"
        if v == "decline":
            return f"{who} plays no card"
        if v == "bless":
            return f"{who} plays the blessing for {self.type_names[a.args[0]]}"
        if v == "rafts":
            return f"{who} plays Rafts and Canoes to join {labels[0]} and {labels[1]}"
        if v == "wild":
            return f"{who} scores with {self.type_names[a.args[0]]} as the wild type"
        return f"{who} scores the age"
