"""Why Aztlán refuses an action that ``legal_actions`` does not list, for a person.

The legal list decides (``AztlanRules.apply`` and ``why_not`` look the canonical action
up in it); these functions only explain a refusal, one per phase (:data:`REASONS`), so
that "t7 does not border t3 (a lake lies between them)" reaches the player instead of
"not legal".
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import Msg, Seat
from variants.aztlan import cards as C
from variants.aztlan.notation import Action
from variants.aztlan.state import AztlanState, Pending
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import _, named, territory

Reason = Callable[[AztlanTable, AztlanState, Action, int], Msg]


def refusal(table: AztlanTable, s: AztlanState, a: Action) -> Msg:
    """Why ``a`` (parsed, not in the legal list) is refused in ``s``."""
    seat = table.current_player(s)
    if seat is None:
        return _("the game is over")
    return REASONS[s.phase](table, s, a, seat)


def _choosing(table: AztlanTable, s: AztlanState, a: Action, seat: int) -> Msg:
    who = Seat(seat)
    if a.verb == "choose":
        return _("{player} does not hold power card {card}; the cards in hand are {cards}",
                 you="You do not hold power card {card}; the cards in hand are {cards}",
                 player=who, card=a.args[0], cards=", ".join(map(str, sorted(s.hands[seat]))))
    return _("it is the choosing phase: {player} chooses a power card (choose <card>)",
             you="it is the choosing phase: you choose a power card (choose <card>)",
             player=who)


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


#: phase -> the reason for refusing an action in it
REASONS: dict[str, Reason] = {
    "choose": _choosing, "develop": _developing, "conflict": _conflicts, "score": _scoring,
}
