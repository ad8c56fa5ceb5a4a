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
from game.core.words import plural
from variants.aztlan import cards as C
from variants.aztlan.notation import Action
from variants.aztlan.scoring import score_domains
from variants.aztlan.state import AztlanState, Pending, Scoring, Tally

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
    ev.append(Event("choose", f"{player_name(seat)} chooses a power card face down", seat))
    ev.append(Event("chosen", f"{player_name(seat)} chose power card {card}", seat,
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
    ev.append(Event("place", f"{player_name(seat)} places a {r.army_names[army]} pawn "
                    f"in {r.island.label(t)}", seat,
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
    where = "reserve" if source == "reserve" else "removed pawns"
    ev.append(Event("eagle", f"{player_name(seat)} plays Eagle and Jaguar Warriors: an "
                    f"extra pawn (from the {where}) in {r.island.label(t)}", seat,
                    data={"territory": r.island.ids[t], "army": army, "source": source}))


def move(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    src, dst = a.args
    army = r.army(s, seat)
    s.board[src][army] -= 1
    s.board[dst][army] += 1
    ev.append(Event("move", f"{player_name(seat)} moves a pawn from "
                    f"{r.island.label(src)} to {r.island.label(dst)}", seat,
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
    shown = ", ".join(f"{player_name(p)} {s.chosen[p]}" for p in s.order)
    ev.append(Event("reveal", f"The power cards are revealed: {shown}",
                    data={"chosen": list(s.chosen)}, barrier=True))


# -- conflicts -----------------------------------------------------------------------------
def battle(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = r.army(s, seat)
    losers = {r.commander(s, x) for x, n in enumerate(s.board[t]) if n and x != army}
    s.pending = Pending("sacred", t, seat, [p for p in s.order if p in losers], [])
    ev.append(Event("battle", f"{player_name(seat)} declares battle in "
                    f"{r.island.label(t)}", seat, data={"territory": r.island.ids[t]}))


def coexist(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    s.pending = None
    s.resolved.append(t)
    ev.append(Event("coexist", f"{player_name(seat)} coexists in {r.island.label(t)}"
                    " and draws a prosperity card", seat, data={"territory": r.island.ids[t]}))
    draw(r, s, seat, ev)


def sacred(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None and p.winner is not None
    play_card(r, s, seat, C.SACRED)
    p.queue.pop(0)
    p.saved.append(seat)
    ev.append(Event("sacred", f"{player_name(seat)} plays Sacred Games: "
                    f"{player_name(p.winner)} must coexist with {player_name(seat)} in "
                    f"{r.island.label(p.territory)}", seat,
                    data={"territory": r.island.ids[p.territory]}))


def tlatoani(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    play_card(r, s, seat, C.TLATOANI)
    s.pending = Pending("decide", t, seat, [], [])
    ev.append(Event("tlatoani", f"{player_name(seat)} plays Great Tlatoani and wins the "
                    f"tie in {r.island.label(t)}", seat, data={"territory": r.island.ids[t]}))


def decline(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None
    p.queue.pop(0)
    card = "Sacred Games" if p.kind == "sacred" else "Great Tlatoani"
    ev.append(Event("decline", f"{player_name(seat)} does not play {card} in "
                    f"{r.island.label(p.territory)}", seat,
                    data={"territory": r.island.ids[p.territory]}))


def finish_battle(r: AztlanRules, s: AztlanState, p: Pending, ev: list[Event]) -> None:
    t, winner = p.territory, p.winner
    assert winner is not None
    keep = {r.army(s, winner)} | {r.army(s, x) for x in p.saved}
    remove_all_but(r, s, t, keep, ev)
    s.resolved.append(t)
    if p.saved:
        ev.append(Event("coexist", f"{player_name(winner)} coexists with the Sacred Games "
                        f"player{'' if len(p.saved) == 1 else 's'} in "
                        f"{r.island.label(t)} and draws a prosperity card", winner,
                        data={"territory": r.island.ids[t]}))
        draw(r, s, winner, ev)


def finish_tie(r: AztlanRules, s: AztlanState, t: int, ev: list[Event]) -> None:
    o = r.outcome(s, t)
    names = " and ".join(player_name(p) for p in r.tied_seats(s, o))
    ev.append(Event("tie", f"Tie in {r.island.label(t)}: {names} coexist with power "
                    f"{o.power[o.top[0]]} each; no prosperity card", None,
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
            ev.append(Event("removed", f"{player_name(seat)} loses "
                            f"{plural(n, r.army_names[army] + ' pawn')} "
                            f"from {r.island.label(t)}", seat,
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
    ev.append(Event("bless", f"{player_name(seat)} plays {cards.card_name[card]}: "
                    f"{count} {r.type_names[kind]} controlled, +{points} with this "
                    "scoring", seat, data={"type": kind, "points": points}))


def rafts(r: AztlanRules, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    x, y = a.args
    play_card(r, s, seat, C.RAFTS)
    assert s.scoring is not None
    s.scoring.links.append((x, y))
    ev.append(Event("rafts", f"{player_name(seat)} plays Rafts and Canoes: "
                    f"{r.island.label(x)} and {r.island.label(y)} join one domain",
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
    parts = " + ".join(str(d.points) for d in domains) or "no domain"
    if scoring.bonus:
        parts += f" + {scoring.bonus} blessing"
    ev.append(Event("score", f"{player_name(seat)} scores {total} with "
                    f"{r.type_names[kind]} ({parts})", seat, total,
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
        ev.append(Event("final", f"{player_name(seat)} adds {total} at the end: "
                        f"{tally.power_card} for the unused power card, {tally.prosperity} "
                        f"for prosperity cards in hand, {tally.offerings} for Offerings",
                        seat, total, data=tally._asdict()))
        gain(s, seat, total)
    s.final = final
    best = max(s.scores)
    tied = [p for p in s.ranking if s.scores[p] == best]
    winner = tied[-1]  # on a tie the counter lower in the stack wins
    s.winners = [winner]
    s.phase, s.step, s.pending, s.scoring = "over", None, None, None
    s.turn = 0
    text = f"{player_name(winner)} wins with {plural(best, 'point')}"
    if len(tied) > 1:
        text += " (tie broken by the score stack: the lower counter wins)"
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
        ev.append(Event("reshuffle", "The prosperity deck is empty: the played cards are "
                        "shuffled into a new deck", barrier=True))
    if not s.deck:
        ev.append(Event("no_card", "The prosperity deck is empty: no card to draw", seat))
        return
    card = s.deck.pop()
    s.prosperity[seat].append(card)
    ev.append(Event("draw", f"{player_name(seat)} draws a prosperity card", seat,
                    data={"hand": len(s.prosperity[seat])}, barrier=True))
    ev.append(Event("drawn", f"{player_name(seat)} draws {r.cards.card_name[card]}",
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
