"""Aztlán's moves: one handler per verb (:data:`HANDLERS`), and the automatic steps.

``AztlanRules.apply`` calls a handler only for an action that ``legal_actions`` lists,
so a handler never checks: it changes the state and reports events. :func:`settle` then
runs what needs no decision (ties, removals, scorings without a choice, the next age)
until some seat must decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.events import Event
from game.core.rng import Rng
from game.i18n import Listing, Seat
from game.i18n.message import Value
from variants.aztlan import cards as C
from variants.aztlan.notation import Action
from variants.aztlan.scoring import score_domains
from variants.aztlan.state import AztlanState, Pending, Scoring, Tally
from variants.aztlan.text import SACRED_GAMES, TLATOANI, _, named, territory

if TYPE_CHECKING:
    from variants.aztlan.rules import AztlanRules

Handler = Callable[["AztlanRules", AztlanState, int, Action, list[Event]], None]


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


# -- choosing ------------------------------------------------------------------------------
def choose(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    card = a.args[0]
    s.hands[seat].remove(card)
    s.chosen[seat] = card
    ev.append(Event("choose", _("{player} chooses a power card face down",
                                you="You choose a power card face down", player=Seat(seat)),
                    seat))
    ev.append(Event("chosen", _("{player} chose power card {card}",
                                you="You chose power card {card}", player=Seat(seat),
                                card=card), seat,
                    data={"card": card}, visible_to=(seat,)))
    s.turn += 1
    if s.turn == r.players:
        s.phase, s.step, s.eagle, s.turn = "develop", "place", False, 0
        if not r.has_pawns(s, s.order[0]):
            next_developer(r, s, ev)


# -- development ---------------------------------------------------------------------------
def place(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = r.army(s, seat)
    s.supply[army] -= 1
    s.board[t][army] += 1
    s.step = "move"
    ev.append(Event("place", _("{player} places a {army} pawn in {territory}",
                               you="You place a {army} pawn in {territory}",
                               player=Seat(seat), army=named(r.army_names[army]),
                               territory=territory(r.island, t)), seat,
                    data={"territory": r.island.ids[t], "army": army}))


def eagle(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = r.army(s, seat)
    source = r.eagle_source(s, army)
    if source == "reserve":
        s.reserve[army] -= 1
    else:
        s.removed[army] -= 1
    play_card(r, s, seat, C.EAGLE)
    s.board[t][army] += 1
    s.eagle = True
    if source == "reserve":
        text = _("{player} plays Eagle and Jaguar Warriors: an extra pawn (from the reserve) "
                 "in {territory}",
                 you="You play Eagle and Jaguar Warriors: an extra pawn (from the reserve) "
                     "in {territory}", player=Seat(seat), territory=territory(r.island, t))
    else:
        text = _("{player} plays Eagle and Jaguar Warriors: an extra pawn (from the removed "
                 "pawns) in {territory}",
                 you="You play Eagle and Jaguar Warriors: an extra pawn (from the removed "
                     "pawns) in {territory}", player=Seat(seat),
                 territory=territory(r.island, t))
    ev.append(Event("eagle", text, seat,
                    data={"territory": r.island.ids[t], "army": army, "source": source}))


def move(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    src, dst = a.args
    army = r.army(s, seat)
    s.board[src][army] -= 1
    s.board[dst][army] += 1
    ev.append(Event("move", _("{player} moves a pawn from {source} to {target}",
                              you="You move a pawn from {source} to {target}",
                              player=Seat(seat), source=territory(r.island, src),
                              target=territory(r.island, dst)), seat,
                    data={"from": r.island.ids[src], "to": r.island.ids[dst], "army": army}))
    next_developer(r, s, ev)


def stay(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    next_developer(r, s, ev)


def next_developer(r: AztlanRules, s: AztlanState, ev: list[Event]) -> None:
    s.step, s.eagle = "place", False
    n = r.players
    for k in range(1, n + 1):
        i = (s.turn + k) % n
        if r.has_pawns(s, s.order[i]):
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
def battle(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = r.army(s, seat)
    losers = {r.commander(s, x) for x, n in enumerate(s.board[t]) if n and x != army}
    s.pending = Pending("sacred", t, seat, [p for p in s.order if p in losers], [])
    ev.append(Event("battle", _("{player} declares battle in {territory}",
                                you="You declare battle in {territory}", player=Seat(seat),
                                territory=territory(r.island, t)), seat,
                    data={"territory": r.island.ids[t]}))


def coexist(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    s.pending = None
    s.resolved.append(t)
    ev.append(Event("coexist", _("{player} coexists in {territory} and draws a prosperity "
                                 "card",
                                 you="You coexist in {territory} and draw a prosperity card",
                                 player=Seat(seat), territory=territory(r.island, t)), seat,
                    data={"territory": r.island.ids[t]}))
    draw(r, s, seat, ev)


def sacred(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None and p.winner is not None
    play_card(r, s, seat, C.SACRED)
    p.queue.pop(0)
    p.saved.append(seat)
    ev.append(Event("sacred", _("{player} plays Sacred Games: {winner} must coexist with "
                                "{player} in {territory}",
                                you="You play Sacred Games: {winner} must coexist with you "
                                    "in {territory}", player=Seat(seat),
                                winner=Seat(p.winner),
                                territory=territory(r.island, p.territory)), seat,
                    data={"territory": r.island.ids[p.territory]}))


def tlatoani(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    play_card(r, s, seat, C.TLATOANI)
    s.pending = Pending("decide", t, seat, [], [])
    ev.append(Event("tlatoani", _("{player} plays Great Tlatoani and wins the tie in "
                                  "{territory}",
                                  you="You play Great Tlatoani and win the tie in {territory}",
                                  player=Seat(seat), territory=territory(r.island, t)), seat,
                    data={"territory": r.island.ids[t]}))


def decline(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None
    p.queue.pop(0)
    card = SACRED_GAMES if p.kind == "sacred" else TLATOANI
    ev.append(Event("decline", _("{player} does not play {card} in {territory}",
                                 you="You do not play {card} in {territory}",
                                 player=Seat(seat), card=card,
                                 territory=territory(r.island, p.territory)), seat,
                    data={"territory": r.island.ids[p.territory]}))


def finish_battle(r: AztlanRules, s: AztlanState, p: Pending, ev: list[Event]) -> None:
    t, winner = p.territory, p.winner
    assert winner is not None
    keep = {r.army(s, winner)} | {r.army(s, x) for x in p.saved}
    remove_all_but(r, s, t, keep, ev)
    s.resolved.append(t)
    if p.saved:
        saved = _.n("the Sacred Games player", "the Sacred Games players", n=len(p.saved))
        ev.append(Event("coexist", _(
            "{player} coexists with {saved} in {territory} and draws a prosperity card",
            you="You coexist with {saved} in {territory} and draw a prosperity card",
            player=Seat(winner), saved=saved, territory=territory(r.island, t)), winner,
                        data={"territory": r.island.ids[t]}))
        draw(r, s, winner, ev)


def finish_tie(r: AztlanRules, s: AztlanState, t: int, ev: list[Event]) -> None:
    o = r.outcome(s, t)
    names = Listing(tuple(Seat(p) for p in r.tied_seats(s, o)))
    ev.append(Event("tie", _("Tie in {territory}: {players} coexist with power {power} each; "
                             "no prosperity card", territory=territory(r.island, t),
                             players=names, power=o.power[o.top[0]]), None,
                    data={"territory": r.island.ids[t], "tied": r.tied_seats(s, o)}))
    remove_all_but(r, s, t, set(o.top), ev)
    s.resolved.append(t)


def remove_all_but(r: AztlanRules, s: AztlanState, t: int, keep: set[int],
                   ev: list[Event]) -> None:
    for army, n in enumerate(s.board[t]):
        if n and army not in keep:
            s.board[t][army] = 0
            s.removed[army] += n
            seat = r.commander(s, army)
            pawns = _.n("{n} {army} pawn", "{n} {army} pawns", n=n,
                        army=named(r.army_names[army]))
            ev.append(Event("removed", _(
                "{player} loses {pawns} from {territory}",
                you="You lose {pawns} from {territory}", player=Seat(seat), pawns=pawns,
                territory=territory(r.island, t)), seat,
                            data={"territory": r.island.ids[t], "army": army, "count": n}))


# -- scoring -------------------------------------------------------------------------------
def bless(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    kind = a.args[0]
    cards = r.cards
    card = next(c for c in s.prosperity[seat] if cards.effect[c] == C.BLESSING
                and cards.bless_type[c] == kind)
    s.prosperity[seat].remove(card)
    s.discard.append(card)
    owned = s.army_cells(r.army(s, seat))
    count = sum(1 for t in owned if r.island.types[t] == kind)
    points = count * cards.blessing_points
    assert s.scoring is not None
    s.scoring.bonus += points
    ev.append(Event("bless", _("{player} plays {card}: {count} {type} controlled, +{points} "
                               "with this scoring",
                               you="You play {card}: {count} {type} controlled, +{points} "
                                   "with this scoring", player=Seat(seat),
                               card=named(cards.card_name[card]), count=count,
                               type=named(r.type_names[kind]), points=points), seat,
                    data={"type": kind, "points": points}))


def rafts(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    x, y = a.args
    play_card(r, s, seat, C.RAFTS)
    assert s.scoring is not None
    s.scoring.links.append((x, y))
    ev.append(Event("rafts", _("{player} plays Rafts and Canoes: {first} and {second} join "
                               "one domain",
                               you="You play Rafts and Canoes: {first} and {second} join one "
                                   "domain", player=Seat(seat),
                               first=territory(r.island, x), second=territory(r.island, y)),
                    seat, data={"territories": [r.island.ids[x], r.island.ids[y]]}))


def score(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    score_age(r, s, seat, r.power_type(s, seat), ev)


def wild(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    score_age(r, s, seat, a.args[0], ev)


def score_age(r: AztlanRules, s: AztlanState, seat: int, kind: str, ev: list[Event]) -> None:
    """``seat`` scores its domains with territory type ``kind``; the next seat's turn."""
    ids = r.island.ids
    scoring = s.scoring
    assert scoring is not None
    owned = s.army_cells(r.army(s, seat))
    domains = score_domains(r.island, owned, kind, r.bonus, scoring.links)
    total = sum(d.points for d in domains) + scoring.bonus
    parts: Value = (Listing(tuple(d.points for d in domains), "plus") if domains
                    else _("no domain"))
    if scoring.bonus:
        parts = _("{points} + {bonus} blessing", points=parts, bonus=scoring.bonus)
    ev.append(Event("score", _("{player} scores {total} with {type} ({parts})",
                               you="You score {total} with {type} ({parts})",
                               player=Seat(seat), total=total, type=named(r.type_names[kind]),
                               parts=parts), seat, total,
                    data={"reason": "age", "age": s.age, "type": kind,
                          "bonus": scoring.bonus, "domains": [
                        {"territories": [ids[c] for c in d.cells],
                         "matching": d.matching, "points": d.points} for d in domains]}))
    gain(s, seat, total)
    s.scoring = None
    s.turn += 1
    if s.turn == r.players:
        end_age(r, s, ev)


def gain(s: AztlanState, seat: int, points: int) -> None:
    """Advance a score counter; one landing on an occupied score goes on top."""
    if points <= 0:
        return
    s.scores[seat] += points
    s.ranking.remove(seat)
    new = s.scores[seat]
    at = next((i for i, p in enumerate(s.ranking) if s.scores[p] <= new), len(s.ranking))
    s.ranking.insert(at, seat)


def end_age(r: AztlanRules, s: AztlanState, ev: list[Event]) -> None:
    for seat in range(r.players):
        card = s.chosen[seat]
        assert card is not None
        s.used[seat].append(card)
        s.chosen[seat] = None
    if s.age == r.ages:
        finish(r, s, ev)
        return
    s.age += 1
    if r.factions:
        s.control = [(c + 1) % r.armies for c in s.control]
    r.start_age(s, ev)


def finish(r: AztlanRules, s: AztlanState, ev: list[Event]) -> None:
    cards = r.cards
    final = [Tally(0, 0, 0)] * r.players
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
def play_card(r: AztlanRules, s: AztlanState, seat: int, effect: str) -> None:
    card = r.cards.first_of(s.prosperity[seat], effect)
    assert card is not None
    s.prosperity[seat].remove(card)
    s.discard.append(card)


def draw(r: AztlanRules, s: AztlanState, seat: int, ev: list[Event]) -> None:
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
                               player=Seat(seat), card=named(r.cards.card_name[card])),
                    seat, data={"card": card}, visible_to=(seat,), barrier=True))


#: verb -> its handler: the moves table
HANDLERS: dict[str, Handler] = {
    "choose": choose, "place": place, "eagle": eagle, "move": move, "stay": stay,
    "battle": battle, "coexist": coexist, "sacred": sacred, "tlatoani": tlatoani,
    "decline": decline, "bless": bless, "rafts": rafts, "score": score, "wild": wild,
}


# -- automatic steps -----------------------------------------------------------------------
def settle(r: AztlanRules, s: AztlanState, ev: list[Event]) -> None:
    """Run what needs no decision until a seat must decide (or the game ends)."""
    while True:
        if s.phase == "conflict":
            waiting = _settle_pending(r, s, ev) if s.pending is not None else \
                _settle_conflict_turn(r, s)
        elif s.phase == "score":
            waiting = _settle_scoring(r, s, ev)
        else:
            waiting = True
        if waiting:
            return


def _settle_pending(r: AztlanRules, s: AztlanState, ev: list[Event]) -> bool:
    """Skip the seats that cannot play the card the pending decision waits for; settle
    it once nobody is left. Whether a seat must decide now."""
    p = s.pending
    assert p is not None
    if p.kind == "decide":
        return True
    effect = C.SACRED if p.kind == "sacred" else C.TLATOANI
    while p.queue and not r.cards.holds(s.prosperity[p.queue[0]], effect):
        p.queue.pop(0)
    if p.queue:
        return True
    if p.kind == "sacred":
        finish_battle(r, s, p, ev)
    else:
        finish_tie(r, s, p.territory, ev)
    s.pending = None
    return False


def _settle_conflict_turn(r: AztlanRules, s: AztlanState) -> bool:
    """The seat whose conflict turn it is decides if it won a conflict; its ties ask the
    tied seats for Great Tlatoani; then the next seat, and the scoring phase."""
    seat = s.order[s.turn]
    if r.won(s, seat):
        return True
    tie = r.next_tie(s, seat)
    if tie is not None:
        tied = r.tied_seats(s, r.outcome(s, tie))
        s.pending = Pending("tlatoani", tie, None, tied, [])
        return False
    s.turn += 1
    if s.turn == r.players:
        s.phase, s.turn = "score", 0
    return False


def _settle_scoring(r: AztlanRules, s: AztlanState, ev: list[Event]) -> bool:
    """The seat to score begins its scoring: it decides if it has a choice, else it
    scores at once."""
    if s.scoring is not None:  # this player has begun: he ends with score
        return True
    seat = s.order[s.turn]
    s.scoring = Scoring()
    if r.has_scoring_choice(s, seat):
        return True
    score_age(r, s, seat, r.power_type(s, seat), ev)
    return False
