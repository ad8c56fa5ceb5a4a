"""Aztlán's automatic steps: what follows from a verb without a decision.

A verb's handler (``verbs``) calls some of these (the next seat to develop, the scoring
of an age, drawing and playing cards); after every action the facade runs
:func:`settle`, which runs what needs no decision (ties, removals, scorings without a
choice, the next age) until some seat must decide.
"""

from __future__ import annotations

from game.core.events import Event
from game.core.rng import Rng
from game.i18n import Listing, Seat
from game.i18n.message import Value
from variants.aztlan import cards as C
from variants.aztlan.scoring import score_domains
from variants.aztlan.state import AztlanState, Pending, Scoring, Tally
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import _, named, territory


# -- development ---------------------------------------------------------------------------
def next_developer(table: AztlanTable, s: AztlanState, ev: list[Event]) -> None:
    s.step, s.eagle = "place", False
    n = table.players
    for k in range(1, n + 1):
        i = (s.turn + k) % n
        if table.has_pawns(s, s.order[i]):
            s.turn = i
            return
    # every pawn of the age is placed: reveal the power cards
    s.revealed = True
    s.phase, s.step, s.turn = "conflict", None, 0
    s.resolved, s.pending = [], None
    shown = Listing(tuple(_("{player} {card}", context="reveal", player=Seat(p),
                            card=s.chosen[p] or 0) for p in s.order), "comma")
    ev.append(Event("reveal", _("The power cards are revealed: {cards}", cards=shown),
                    data={"chosen": list(s.chosen)}, barrier=True))


# -- conflicts -----------------------------------------------------------------------------
def finish_battle(table: AztlanTable, s: AztlanState, p: Pending, ev: list[Event]) -> None:
    t, winner = p.territory, p.winner
    assert winner is not None
    keep = {table.army(s, winner)} | {table.army(s, x) for x in p.saved}
    remove_all_but(table, s, t, keep, ev)
    s.resolved.append(t)
    if p.saved:
        saved = _.n("the Sacred Games player", "the Sacred Games players", n=len(p.saved))
        ev.append(Event("coexist", _(
            "{player} coexists with {saved} in {territory} and draws a prosperity card",
            you="You coexist with {saved} in {territory} and draw a prosperity card",
            player=Seat(winner), saved=saved, territory=territory(table.island, t)), winner,
                        data={"territory": table.island.ids[t]}))
        draw(table, s, winner, ev)


def finish_tie(table: AztlanTable, s: AztlanState, t: int, ev: list[Event]) -> None:
    o = table.outcome(s, t)
    names = Listing(tuple(Seat(p) for p in table.tied_seats(s, o)))
    ev.append(Event("tie", _("Tie in {territory}: {players} coexist with power {power} each; "
                             "no prosperity card", territory=territory(table.island, t),
                             players=names, power=o.power[o.top[0]]), None,
                    data={"territory": table.island.ids[t], "tied": table.tied_seats(s, o)}))
    remove_all_but(table, s, t, set(o.top), ev)
    s.resolved.append(t)


def remove_all_but(table: AztlanTable, s: AztlanState, t: int, keep: set[int],
                   ev: list[Event]) -> None:
    for army, n in enumerate(s.board[t]):
        if n and army not in keep:
            s.board[t][army] = 0
            s.removed[army] += n
            seat = table.commander(s, army)
            pawns = _.n("{n} {army} pawn", "{n} {army} pawns", n=n,
                        army=named(table.army_names[army]))
            ev.append(Event("removed", _(
                "{player} loses {pawns} from {territory}",
                you="You lose {pawns} from {territory}", player=Seat(seat), pawns=pawns,
                territory=territory(table.island, t)), seat,
                            data={"territory": table.island.ids[t], "army": army, "count": n}))


# -- scoring and the ages ------------------------------------------------------------------
def score_age(table: AztlanTable, s: AztlanState, seat: int, kind: str, ev: list[Event]) -> None:
    """``seat`` scores its domains with territory type ``kind``; the next seat's turn."""
    ids = table.island.ids
    scoring = s.scoring
    assert scoring is not None
    owned = s.army_cells(table.army(s, seat))
    domains = score_domains(table.island, owned, kind, table.bonus, scoring.links)
    total = sum(d.points for d in domains) + scoring.bonus
    parts: Value = (Listing(tuple(d.points for d in domains), "plus") if domains
                    else _("no domain"))
    if scoring.bonus:
        parts = _("{points} + {bonus} blessing", points=parts, bonus=scoring.bonus)
    ev.append(Event("score", _("{player} scores {total} with {type} ({parts})",
                               you="You score {total} with {type} ({parts})",
                               player=Seat(seat), total=total, type=named(table.type_names[kind]),
                               parts=parts), seat, total,
                    data={"reason": "age", "age": s.age, "type": kind,
                          "bonus": scoring.bonus, "domains": [
                        {"territories": [ids[c] for c in d.cells],
                         "matching": d.matching, "points": d.points} for d in domains]}))
    gain(s, seat, total)
    s.scoring = None
    s.turn += 1
    if s.turn == table.players:
        end_age(table, s, ev)


def gain(s: AztlanState, seat: int, points: int) -> None:
    """Advance a score counter; one landing on an occupied score goes on top."""
    if points <= 0:
        return
    s.scores[seat] += points
    s.ranking.remove(seat)
    new = s.scores[seat]
    at = next((i for i, p in enumerate(s.ranking) if s.scores[p] <= new), len(s.ranking))
    s.ranking.insert(at, seat)


def end_age(table: AztlanTable, s: AztlanState, ev: list[Event]) -> None:
    for seat in range(table.players):
        card = s.chosen[seat]
        assert card is not None
        s.used[seat].append(card)
        s.chosen[seat] = None
    if s.age == table.ages:
        finish(table, s, ev)
        return
    s.age += 1
    if table.factions:
        s.control = [(c + 1) % table.armies for c in s.control]
    start_age(table, s, ev)


def start_age(table: AztlanTable, s: AztlanState, ev: list[Event]) -> None:
    s.phase = "choose"
    s.order = list(s.ranking)
    s.turn = 0
    s.revealed = False
    s.resolved, s.pending, s.scoring = [], None, None
    s.step, s.eagle = None, False
    want = table.pawns_per_age[s.age - 1]
    for army in range(table.armies):
        take = min(want, s.reserve[army])
        extra = min(want - take, s.removed[army])
        s.reserve[army] -= take
        s.removed[army] -= extra
        s.supply[army] += take + extra
    order = Listing(tuple(Seat(p) for p in s.order), "comma")
    text = _("Age {age} begins; turn order {order}", age=s.age, order=order)
    if table.factions:
        commands = Listing(tuple(_("{player} commands {army}", you="You command {army}",
                                   player=Seat(p),
                                   army=named(table.army_names[s.control[p]]))
                                 for p in range(table.players)), "comma")
        text = _("{age}; {commands}", context="age", age=text, commands=commands)
    ev.append(Event("age", text, data={"age": s.age, "order": list(s.order),
                                       "control": list(s.control),
                                       "pawns": list(s.supply)}))


def finish(table: AztlanTable, s: AztlanState, ev: list[Event]) -> None:
    cards = table.cards
    final = [Tally(0, 0, 0)] * table.players
    for seat in s.order:
        hand = s.prosperity[seat]
        tally = Tally(power_card=sum(cards.power_value[c] for c in s.hands[seat]),
                      prosperity=cards.unused_points * len(hand),
                      offerings=cards.offerings(hand))
        final[seat] = tally
        total = sum(tally)
        ev.append(Event("final", _("{player} adds {total} at the end: {card} for the unused "
                                   "power card, {prosperity} for prosperity cards in hand, "
                                   "{offerings} for Offerings",
                                   you="You add {total} at the end: {card} for the unused "
                                       "power card, {prosperity} for prosperity cards in "
                                       "hand, {offerings} for Offerings",
                                   player=Seat(seat), total=total, card=tally.power_card,
                                   prosperity=tally.prosperity, offerings=tally.offerings),
                        seat, total, data=tally._asdict()))
        gain(s, seat, total)
    s.final = final
    best = max(s.scores)
    tied = [p for p in s.ranking if s.scores[p] == best]
    winner = tied[-1]  # on a tie the counter lower in the stack wins
    s.winners = [winner]
    s.phase, s.step, s.pending, s.scoring = "over", None, None, None
    s.turn = 0
    points = _.n("{n} point", "{n} points", n=best)
    if len(tied) > 1:
        text = _("{player} wins with {points} (tie broken by the score stack: the lower "
                 "counter wins)",
                 you="You win with {points} (tie broken by the score stack: the lower "
                     "counter wins)", player=Seat(winner), points=points)
    else:
        text = _("{player} wins with {points}", you="You win with {points}",
                 player=Seat(winner), points=points)
    ev.append(Event("game_over", text, winner, data={"scores": list(s.scores),
                                                    "winners": [winner]}))


# -- cards ---------------------------------------------------------------------------------
def play_card(table: AztlanTable, s: AztlanState, seat: int, effect: str) -> None:
    card = table.cards.first_of(s.prosperity[seat], effect)
    assert card is not None
    s.prosperity[seat].remove(card)
    s.discard.append(card)


def draw(table: AztlanTable, s: AztlanState, seat: int, ev: list[Event]) -> None:
    if not s.deck and s.discard:
        rng = Rng(s.rng)
        s.deck, s.discard = s.discard, []
        rng.shuffle(s.deck)
        s.rng = rng.state
        ev.append(Event("reshuffle", _("The prosperity deck is empty: the played cards are "
                                       "shuffled into a new deck"), barrier=True))
    if not s.deck:
        ev.append(Event("no_card", _("The prosperity deck is empty: no card to draw"), seat))
        return
    card = s.deck.pop()
    s.prosperity[seat].append(card)
    ev.append(Event("draw", _("{player} draws a prosperity card",
                              you="You draw a prosperity card", player=Seat(seat)), seat,
                    data={"hand": len(s.prosperity[seat])}, barrier=True))
    ev.append(Event("drawn", _("{player} draws {card}", you="You draw {card}",
                               player=Seat(seat), card=named(table.cards.card_name[card])),
                    seat, data={"card": card}, visible_to=(seat,), barrier=True))


# -- automatic steps -----------------------------------------------------------------------
def settle(table: AztlanTable, s: AztlanState, ev: list[Event]) -> None:
    """Run what needs no decision until a seat must decide (or the game ends)."""
    while True:
        if s.phase == "conflict":
            waiting = _settle_pending(table, s, ev) if s.pending is not None else \
                _settle_conflict_turn(table, s)
        elif s.phase == "score":
            waiting = _settle_scoring(table, s, ev)
        else:
            waiting = True
        if waiting:
            return


def _settle_pending(table: AztlanTable, s: AztlanState, ev: list[Event]) -> bool:
    """Skip the seats that cannot play the card the pending decision waits for; settle
    it once nobody is left. Whether a seat must decide now."""
    p = s.pending
    assert p is not None
    if p.kind == "decide":
        return True
    effect = C.SACRED if p.kind == "sacred" else C.TLATOANI
    while p.queue and not table.cards.holds(s.prosperity[p.queue[0]], effect):
        p.queue.pop(0)
    if p.queue:
        return True
    if p.kind == "sacred":
        finish_battle(table, s, p, ev)
    else:
        finish_tie(table, s, p.territory, ev)
    s.pending = None
    return False


def _settle_conflict_turn(table: AztlanTable, s: AztlanState) -> bool:
    """The seat whose conflict turn it is decides if it won a conflict; its ties ask the
    tied seats for Great Tlatoani; then the next seat, and the scoring phase."""
    seat = s.order[s.turn]
    if table.won(s, seat):
        return True
    tie = table.next_tie(s, seat)
    if tie is not None:
        tied = table.tied_seats(s, table.outcome(s, tie))
        s.pending = Pending("tlatoani", tie, None, tied, [])
        return False
    s.turn += 1
    if s.turn == table.players:
        s.phase, s.turn = "score", 0
    return False


def _settle_scoring(table: AztlanTable, s: AztlanState, ev: list[Event]) -> bool:
    """The seat to score begins its scoring: it decides if it has a choice, else it
    scores at once."""
    if s.scoring is not None:  # this player has begun: he ends with score
        return True
    seat = s.order[s.turn]
    s.scoring = Scoring()
    if table.has_scoring_choice(s, seat):
        return True
    score_age(table, s, seat, table.power_type(s, seat), ev)
    return False
