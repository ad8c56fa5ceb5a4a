"""Why Aztlán refuses an action that ``legal_actions`` does not list, for a person.

The legal list decides (``AztlanRules.apply`` and ``why_not`` look the canonical action
up in it); these functions only explain a refusal, one per phase (:data:`REASONS`), so
that "t7 does not border t3 (a lake lies between them)" reaches the player instead of
"not legal".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from variants.aztlan import cards as C
from variants.aztlan.handlers import player_name
from variants.aztlan.notation import Action
from variants.aztlan.state import AztlanState, Pending

if TYPE_CHECKING:
    from variants.aztlan.rules import AztlanRules

Reason = Callable[["AztlanRules", AztlanState, Action, int], str]


def refusal(r: AztlanRules, s: AztlanState, a: Action) -> str:
    """Why ``a`` (parsed, not in the legal list) is refused in ``s``."""
    seat = r.current_player(s)
    if seat is None:
        return "the game is over"
    return REASONS[s.phase](r, s, a, seat)


def _choosing(r: AztlanRules, s: AztlanState, a: Action, seat: int) -> str:
    who = player_name(seat)
    if a.verb == "choose":
        return (f"{who} does not hold power card {a.args[0]}; the cards in hand are "
                f"{', '.join(map(str, sorted(s.hands[seat])))}")
    return f"it is the choosing phase: {who} chooses a power card (choose <card>)"


def _developing(r: AztlanRules, s: AztlanState, a: Action, seat: int) -> str:
    who = player_name(seat)
    isl = r.island
    if s.step == "place":
        return f"{who} first places a pawn: place <territory>"
    if a.verb == "place":
        return (f"{who} has placed this turn's pawn; now move one pawn "
                "(move <from> <to>) or stay")
    if a.verb == "eagle":
        if s.eagle:
            return "only one Eagle and Jaguar Warriors card goes with each placement"
        if not r.cards.holds(s.prosperity[seat], C.EAGLE):
            return f"{who} holds no Eagle and Jaguar Warriors card"
        return "no pawn is left in the reserve or among the removed pawns"
    if a.verb == "move":
        src, dst = a.args
        if not s.board[src][r.army(s, seat)]:
            return f"{who} has no pawn in {isl.label(src)}"
        across = isl.share_lake(src, dst)
        return (f"{isl.label(dst)} does not border {isl.label(src)}"
                + (" (a lake lies between them)" if across else ""))
    return f"{who} may move one pawn (move <from> <to>) or stay"


def _pending(r: AztlanRules, p: Pending, a: Action, seat: int) -> str:
    who = player_name(seat)
    t = r.island.label(p.territory)
    if p.kind == "decide":
        return f"{who} won the tie in {t}: battle or coexist there"
    card = "sacred" if p.kind == "sacred" else "tlatoani"
    if a.verb == card:
        return f"the decision is about {t}"
    return f"{who} decides first: {card} {r.island.ids[p.territory]} or decline"


def _conflicts(r: AztlanRules, s: AztlanState, a: Action, seat: int) -> str:
    if s.pending is not None:
        return _pending(r, s.pending, a, seat)
    who = player_name(seat)
    if a.verb in ("battle", "coexist"):
        reason = _not_won(r, s, a.args[0], seat)
        if reason:
            return reason
    if a.verb in ("sacred", "tlatoani", "decline"):
        return "no card can be played against a decision now"
    return f"it is {who}'s conflict turn: battle <territory> or coexist <territory>"


def _not_won(r: AztlanRules, s: AztlanState, t: int, seat: int) -> str:
    """Why ``seat`` may not battle or coexist in ``t`` ('' if no reason applies)."""
    label = r.island.label(t)
    o = r.outcome(s, t)
    army = r.army(s, seat)
    if t in s.resolved:
        return f"the conflict in {label} is already resolved"
    if not o.contested:
        return f"there is no conflict in {label}"
    if o.winner is None:
        return f"{label} is a tie at the top: the tied players coexist without a card"
    if o.winner != army:
        return (f"{player_name(seat)} is not the strongest in {label} "
                f"({o.power.get(army, 0)} against {o.power[o.winner]})")
    return ""


def _rafts(r: AztlanRules, s: AztlanState, a: Action, seat: int) -> str:
    isl = r.island
    x, y = a.args
    who = player_name(seat)
    owned = s.army_cells(r.army(s, seat))
    if not r.cards.holds(s.prosperity[seat], C.RAFTS):
        return f"{who} holds no Rafts and Canoes card"
    if not isl.share_lake(x, y):
        return f"{isl.label(x)} and {isl.label(y)} do not border the same lake"
    if x not in owned or y not in owned:
        return f"{who} needs pawns in both territories"
    return f"{isl.label(x)} and {isl.label(y)} are already in one domain"


def _scoring(r: AztlanRules, s: AztlanState, a: Action, seat: int) -> str:
    who = player_name(seat)
    wild = r.cards.is_wild(s.chosen[seat])
    if a.verb == "bless":
        return f"{who} holds no blessing for {r.type_names[a.args[0]]}"
    if a.verb == "rafts":
        return _rafts(r, s, a, seat)
    if wild and a.verb == "score":
        return "the power card 4 is wild: choose the bonus type with wild <type>"
    if not wild and a.verb == "wild":
        return f"only the wild power card picks a type; {who} scores with: score"
    return (f"it is {who}'s scoring: play a blessing or Rafts and Canoes, then "
            + ("wild <type>" if wild else "score"))


#: phase -> the reason for refusing an action in it
REASONS: dict[str, Reason] = {
    "choose": _choosing, "develop": _developing, "conflict": _conflicts, "score": _scoring,
}
