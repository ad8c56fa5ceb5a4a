"""Aztlán's verbs: each one's check, effect and words, in one table (:data:`VERBS`).

The legal list decides. A verb's ``check`` looks the canonical action up in
``legal_actions`` (so the two can never disagree) and, when the action is missing, says
why for a person: "t7 does not border t3 (a lake lies between them)" rather than "not
legal". Those reasons go by the phase (:data:`REASONS`), since one phase's words serve
each verb refused in it ("it is the choosing phase: ..."). A verb's ``do`` is its
handler, which never checks: it changes the state and reports events; the facade then
runs ``mechanics.settle``, the automatic steps. ``say`` is the log's sentence.

Every function here takes ``(table, state)``; none imports the rules facade.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.events import Event
from game.i18n import Msg, Seat
from game.i18n.message import Value
from game.kit.verbs import Verb
from variants.aztlan import cards as C
from variants.aztlan.legal import legal_actions
from variants.aztlan.mechanics import draw, next_developer, play_card, score_age
from variants.aztlan.notation import ARGUMENTS, Action
from variants.aztlan.state import AztlanState, Pending
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import SACRED_GAMES, TLATOANI, _, named, territory

#: a verb's effect: the table, the state, the deciding seat, the action, the events
Handler = Callable[[AztlanTable, AztlanState, int, Action, list[Event]], None]
#: why an action is refused in a phase, for the deciding seat
Reason = Callable[[AztlanTable, AztlanState, Action, int], Msg]


# -- choosing ------------------------------------------------------------------------------
def choose(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
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
    if s.turn == table.players:
        s.phase, s.step, s.eagle, s.turn = "develop", "place", False, 0
        if not table.has_pawns(s, s.order[0]):
            next_developer(table, s, ev)


def _choosing(table: AztlanTable, s: AztlanState, a: Action, seat: int) -> Msg:
    who = Seat(seat)
    if a.verb == "choose":
        return _("{player} does not hold power card {card}; the cards in hand are {cards}",
                 you="You do not hold power card {card}; the cards in hand are {cards}",
                 player=who, card=a.args[0], cards=", ".join(map(str, sorted(s.hands[seat]))))
    return _("it is the choosing phase: {player} chooses a power card (choose <card>)",
             you="it is the choosing phase: you choose a power card (choose <card>)",
             player=who)


# -- development ---------------------------------------------------------------------------
def place(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = table.army(s, seat)
    s.supply[army] -= 1
    s.board[t][army] += 1
    s.step = "move"
    ev.append(Event("place", _("{player} places a {army} pawn in {territory}",
                               you="You place a {army} pawn in {territory}",
                               player=Seat(seat), army=named(table.army_names[army]),
                               territory=territory(table.island, t)), seat,
                    data={"territory": table.island.ids[t], "army": army}))


def eagle(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = table.army(s, seat)
    source = table.eagle_source(s, army)
    if source == "reserve":
        s.reserve[army] -= 1
    else:
        s.removed[army] -= 1
    play_card(table, s, seat, C.EAGLE)
    s.board[t][army] += 1
    s.eagle = True
    if source == "reserve":
        text = _("{player} plays Eagle and Jaguar Warriors: an extra pawn (from the reserve) "
                 "in {territory}",
                 you="You play Eagle and Jaguar Warriors: an extra pawn (from the reserve) "
                     "in {territory}", player=Seat(seat), territory=territory(table.island, t))
    else:
        text = _("{player} plays Eagle and Jaguar Warriors: an extra pawn (from the removed "
                 "pawns) in {territory}",
                 you="You play Eagle and Jaguar Warriors: an extra pawn (from the removed "
                     "pawns) in {territory}", player=Seat(seat),
                 territory=territory(table.island, t))
    ev.append(Event("eagle", text, seat,
                    data={"territory": table.island.ids[t], "army": army, "source": source}))


def move(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    src, dst = a.args
    army = table.army(s, seat)
    s.board[src][army] -= 1
    s.board[dst][army] += 1
    ev.append(Event("move", _("{player} moves a pawn from {source} to {target}",
                              you="You move a pawn from {source} to {target}",
                              player=Seat(seat), source=territory(table.island, src),
                              target=territory(table.island, dst)), seat,
                    data={"from": table.island.ids[src], "to": table.island.ids[dst],
                          "army": army}))
    next_developer(table, s, ev)


def stay(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    ev.append(telling(table, seat, a))  # nothing else tells it: the log's line
    next_developer(table, s, ev)


def _developing(table: AztlanTable, s: AztlanState, a: Action, seat: int) -> Msg:
    who = Seat(seat)
    isl = table.island
    if s.step == "place":
        return _("{player} first places a pawn: place <territory>",
                 you="You first place a pawn: place <territory>", player=who)
    if a.verb == "place":
        return _("{player} has placed this turn's pawn; now move one pawn (move <from> <to>) "
                 "or stay",
                 you="You have placed this turn's pawn; now move one pawn (move <from> <to>) "
                     "or stay", player=who)
    if a.verb == "eagle":
        if s.eagle:
            return _("only one Eagle and Jaguar Warriors card goes with each placement")
        if not table.cards.holds(s.prosperity[seat], C.EAGLE):
            return _("{player} holds no Eagle and Jaguar Warriors card",
                     you="You hold no Eagle and Jaguar Warriors card", player=who)
        return _("no pawn is left in the reserve or among the removed pawns")
    if a.verb == "move":
        src, dst = a.args
        if not s.board[src][table.army(s, seat)]:
            return _("{player} has no pawn in {territory}",
                     you="You have no pawn in {territory}", player=who,
                     territory=territory(isl, src))
        if isl.share_lake(src, dst):
            return _("{target} does not border {source} (a lake lies between them)",
                     target=territory(isl, dst), source=territory(isl, src))
        return _("{target} does not border {source}", target=territory(isl, dst),
                 source=territory(isl, src))
    return _("{player} may move one pawn (move <from> <to>) or stay",
             you="You may move one pawn (move <from> <to>) or stay", player=who)


# -- conflicts -----------------------------------------------------------------------------
def battle(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    army = table.army(s, seat)
    losers = {table.commander(s, x) for x, n in enumerate(s.board[t]) if n and x != army}
    s.pending = Pending("sacred", t, seat, [p for p in s.order if p in losers], [])
    ev.append(Event("battle", _("{player} declares battle in {territory}",
                                you="You declare battle in {territory}", player=Seat(seat),
                                territory=territory(table.island, t)), seat,
                    data={"territory": table.island.ids[t]}))


def coexist(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    s.pending = None
    s.resolved.append(t)
    ev.append(Event("coexist", _("{player} coexists in {territory} and draws a prosperity "
                                 "card",
                                 you="You coexist in {territory} and draw a prosperity card",
                                 player=Seat(seat), territory=territory(table.island, t)), seat,
                    data={"territory": table.island.ids[t]}))
    draw(table, s, seat, ev)


def sacred(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None and p.winner is not None
    play_card(table, s, seat, C.SACRED)
    p.queue.pop(0)
    p.saved.append(seat)
    ev.append(Event("sacred", _("{player} plays Sacred Games: {winner} must coexist with "
                                "{player} in {territory}",
                                you="You play Sacred Games: {winner} must coexist with you "
                                    "in {territory}", player=Seat(seat),
                                winner=Seat(p.winner),
                                territory=territory(table.island, p.territory)), seat,
                    data={"territory": table.island.ids[p.territory]}))


def tlatoani(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    t = a.args[0]
    play_card(table, s, seat, C.TLATOANI)
    s.pending = Pending("decide", t, seat, [], [])
    ev.append(Event("tlatoani", _("{player} plays Great Tlatoani and wins the tie in "
                                  "{territory}",
                                  you="You play Great Tlatoani and win the tie in {territory}",
                                  player=Seat(seat), territory=territory(table.island, t)), seat,
                    data={"territory": table.island.ids[t]}))


def decline(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None
    p.queue.pop(0)
    card = SACRED_GAMES if p.kind == "sacred" else TLATOANI
    ev.append(Event("decline", _("{player} does not play {card} in {territory}",
                                 you="You do not play {card} in {territory}",
                                 player=Seat(seat), card=card,
                                 territory=territory(table.island, p.territory)), seat,
                    data={"territory": table.island.ids[p.territory]}))


def _pending(table: AztlanTable, p: Pending, a: Action, seat: int) -> Msg:
    who = Seat(seat)
    t = territory(table.island, p.territory)
    if p.kind == "decide":
        return _("{player} won the tie in {territory}: battle or coexist there",
                 you="You won the tie in {territory}: battle or coexist there", player=who,
                 territory=t)
    card = "sacred" if p.kind == "sacred" else "tlatoani"
    if a.verb == card:
        return _("the decision is about {territory}", territory=t)
    return _("{player} decides first: {notation} or decline",
             you="You decide first: {notation} or decline", player=who,
             notation=f"{card} {table.island.ids[p.territory]}")


def _conflicts(table: AztlanTable, s: AztlanState, a: Action, seat: int) -> Msg:
    if s.pending is not None:
        return _pending(table, s.pending, a, seat)
    if a.verb in ("battle", "coexist"):
        reason = _not_won(table, s, a.args[0], seat)
        if reason is not None:
            return reason
    if a.verb in ("sacred", "tlatoani", "decline"):
        return _("no card can be played against a decision now")
    return _("it is {player}'s conflict turn: battle <territory> or coexist <territory>",
             you="it is your conflict turn: battle <territory> or coexist <territory>",
             player=Seat(seat))


def _not_won(table: AztlanTable, s: AztlanState, t: int, seat: int) -> Msg | None:
    """Why ``seat`` may not battle or coexist in ``t`` (None if no reason applies)."""
    label = territory(table.island, t)
    o = table.outcome(s, t)
    army = table.army(s, seat)
    if t in s.resolved:
        return _("the conflict in {territory} is already resolved", territory=label)
    if not o.contested:
        return _("there is no conflict in {territory}", territory=label)
    if o.winner is None:
        return _("{territory} is a tie at the top: the tied players coexist without a card",
                 territory=label)
    if o.winner != army:
        return _("{player} is not the strongest in {territory} ({power} against {strongest})",
                 you="You are not the strongest in {territory} ({power} against {strongest})",
                 player=Seat(seat), territory=label, power=o.power.get(army, 0),
                 strongest=o.power[o.winner])
    return None


# -- scoring -------------------------------------------------------------------------------
def bless(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    kind = a.args[0]
    cards = table.cards
    card = next(c for c in s.prosperity[seat] if cards.effect[c] == C.BLESSING
                and cards.bless_type[c] == kind)
    s.prosperity[seat].remove(card)
    s.discard.append(card)
    owned = s.army_cells(table.army(s, seat))
    count = sum(1 for t in owned if table.island.types[t] == kind)
    points = count * cards.blessing_points
    assert s.scoring is not None
    s.scoring.bonus += points
    ev.append(Event("bless", _("{player} plays {card}: {count} {type} controlled, +{points} "
                               "with this scoring",
                               you="You play {card}: {count} {type} controlled, +{points} "
                                   "with this scoring", player=Seat(seat),
                               card=named(cards.card_name[card]), count=count,
                               type=named(table.type_names[kind]), points=points), seat,
                    data={"type": kind, "points": points}))


def rafts(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    x, y = a.args
    play_card(table, s, seat, C.RAFTS)
    assert s.scoring is not None
    s.scoring.links.append((x, y))
    ev.append(Event("rafts", _("{player} plays Rafts and Canoes: {first} and {second} join "
                               "one domain",
                               you="You play Rafts and Canoes: {first} and {second} join one "
                                   "domain", player=Seat(seat),
                               first=territory(table.island, x), second=territory(table.island, y)),
                    seat, data={"territories": [table.island.ids[x], table.island.ids[y]]}))


def score(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    score_age(table, s, seat, table.power_type(s, seat), ev)


def wild(table: AztlanTable, s: AztlanState, seat: int, a: Action, ev: list[Event]) -> None:
    ev.append(telling(table, seat, a))  # the type chosen, before the points it scores
    score_age(table, s, seat, a.args[0], ev)


def _rafts(table: AztlanTable, s: AztlanState, a: Action, seat: int) -> Msg:
    isl = table.island
    x, y = a.args
    who = Seat(seat)
    owned = s.army_cells(table.army(s, seat))
    first, second = territory(isl, x), territory(isl, y)
    if not table.cards.holds(s.prosperity[seat], C.RAFTS):
        return _("{player} holds no Rafts and Canoes card",
                 you="You hold no Rafts and Canoes card", player=who)
    if not isl.share_lake(x, y):
        return _("{first} and {second} do not border the same lake", first=first,
                 second=second)
    if x not in owned or y not in owned:
        return _("{player} needs pawns in both territories",
                 you="You need pawns in both territories", player=who)
    return _("{first} and {second} are already in one domain", first=first, second=second)


def _scoring(table: AztlanTable, s: AztlanState, a: Action, seat: int) -> Msg:
    who = Seat(seat)
    wild = table.cards.is_wild(s.chosen[seat])
    if a.verb == "bless":
        return _("{player} holds no blessing for {type}", you="You hold no blessing for {type}",
                 player=who, type=named(table.type_names[a.args[0]]))
    if a.verb == "rafts":
        return _rafts(table, s, a, seat)
    if wild and a.verb == "score":
        return _("the power card 4 is wild: choose the bonus type with wild <type>")
    if not wild and a.verb == "wild":
        return _("only the wild power card picks a type; {player} scores with: score",
                 you="only the wild power card picks a type; you score with: score",
                 player=who)
    if wild:
        return _("it is {player}'s scoring: play a blessing or Rafts and Canoes, then wild "
                 "<type>",
                 you="it is your scoring: play a blessing or Rafts and Canoes, then wild <type>",
                 player=who)
    return _("it is {player}'s scoring: play a blessing or Rafts and Canoes, then score",
             you="it is your scoring: play a blessing or Rafts and Canoes, then score",
             player=who)


# -- the table -----------------------------------------------------------------------------
#: phase -> the reason for refusing an action in it
REASONS: dict[str, Reason] = {
    "choose": _choosing, "develop": _developing, "conflict": _conflicts, "score": _scoring,
}


def refusal(table: AztlanTable, s: AztlanState, a: Action) -> Msg:
    """Why ``a`` (parsed, not in the legal list) is refused in ``s``."""
    seat = table.current_player(s)
    if seat is None:
        return _("the game is over")
    return REASONS[s.phase](table, s, a, seat)


def check(table: AztlanTable, s: AztlanState, a: Action) -> Msg | None:
    """Every verb's check: None if ``legal_actions`` lists ``a``, else why not."""
    if a.text in legal_actions(table, s):
        return None
    return refusal(table, s, a)


def actor(table: AztlanTable, s: AztlanState) -> Value:
    """Who a log's sentence names: the deciding seat (nobody once the game is over)."""
    seat = table.current_player(s)
    return Seat(seat) if seat is not None else _("Nobody")


def _doing(handler: Handler) -> Callable[[AztlanTable, AztlanState, Action], list[Event]]:
    """A handler as a verb's ``do``: the deciding seat acts; the events it reports."""
    def do(table: AztlanTable, s: AztlanState, a: Action) -> list[Event]:
        seat = table.current_player(s)
        assert seat is not None
        ev: list[Event] = []
        handler(table, s, seat, a, ev)
        return ev
    return do


def sentence(table: AztlanTable, who: Value, a: Action) -> Msg:
    """The log's sentence for ``a`` (:data:`DESCRIPTIONS`) played by ``who``: the actor
    (``player``) and the action's arguments (``first``, ``second``: territories, a type,
    a card) filled in."""
    said = DESCRIPTIONS[a.verb]
    words: list[Value] = [territory(table.island, x) if kind == "t" else
                          named(table.type_names[x]) if kind == "k" else x
                          for x, kind in zip(a.args, ARGUMENTS[a.verb], strict=True)]
    values = dict(zip(("first", "second"), words, strict=False))
    return Msg(said.domain, said.id, {"player": who, **values}, said.plural, said.you,
               said.context)


def telling(table: AztlanTable, seat: int, a: Action) -> Event:
    """The event that tells ``a`` in the log, for a verb whose effects tell nothing of it
    (staying put, the wild type chosen): without it the log showed the notation."""
    return Event(a.verb, sentence(table, Seat(seat), a), seat)


def _saying(table: AztlanTable, s: AztlanState, a: Action) -> Msg:
    """A verb's ``say``: its sentence, the deciding seat (nobody once it is over) acting."""
    return sentence(table, actor(table, s), a)


#: verb -> the log's sentence, with the actor (``player``) and the action's arguments
#: (``first``, ``second``: territories, a type, a card)
DESCRIPTIONS: dict[str, Msg] = {
    "choose": _("{player} chooses power card {first}", you="You choose power card {first}"),
    "place": _("{player} places a pawn in {first}", you="You place a pawn in {first}"),
    "eagle": _("{player} plays Eagle and Jaguar Warriors for an extra pawn in {first}",
               you="You play Eagle and Jaguar Warriors for an extra pawn in {first}"),
    "move": _("{player} moves a pawn from {first} to {second}",
              you="You move a pawn from {first} to {second}"),
    "stay": _("{player} moves no pawn", you="You move no pawn"),
    "battle": _("{player} removes every opponent from {first}",
                you="You remove every opponent from {first}"),
    "coexist": _("{player} coexists in {first} and draws a prosperity card",
                 you="You coexist in {first} and draw a prosperity card"),
    "sacred": _("{player} plays Sacred Games to stay in {first}",
                you="You play Sacred Games to stay in {first}"),
    "tlatoani": _("{player} plays Great Tlatoani to win the tie in {first}",
                  you="You play Great Tlatoani to win the tie in {first}"),
    "decline": _("{player} plays no card", you="You play no card"),
    "bless": _("{player} plays the blessing for {first}",
               you="You play the blessing for {first}"),
    "rafts": _("{player} plays Rafts and Canoes to join {first} and {second}",
               you="You play Rafts and Canoes to join {first} and {second}"),
    "wild": _("{player} scores with {first} as the wild type",
              you="You score with {first} as the wild type"),
    "score": _("{player} scores the age", you="You score the age"),
}

#: verb -> its handler: the moves table
HANDLERS: dict[str, Handler] = {
    "choose": choose, "place": place, "eagle": eagle, "move": move, "stay": stay,
    "battle": battle, "coexist": coexist, "sacred": sacred, "tlatoani": tlatoani,
    "decline": decline, "bless": bless, "rafts": rafts, "score": score, "wild": wild,
}

#: verb -> how it is refused, done and said (``game.kit.verbs``)
VERBS: dict[str, Verb[AztlanTable, AztlanState]] = {
    verb: Verb(check, _doing(handler), _saying)
    for verb, handler in HANDLERS.items()
}
