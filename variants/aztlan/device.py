"""Aztlán on a phone: the seat's power cards to choose from and its prosperity cards.

Built only from the seat's ``view`` (``Rules.device_panel``, see docs/remote.md). A card
with an ``action`` is a button while that action is legal (choosing a power card,
playing a blessing); one with a ``verb`` opens the legal actions of that verb (Eagle and
Jaguar Warriors need a territory, Rafts and Canoes two).
"""

from __future__ import annotations

from typing import Any

from game.i18n import Msg
from game.i18n.message import Value
from variants.aztlan import cards as C
from variants.aztlan.cards import CardBook
from variants.aztlan.text import _, named

#: the action verb each kind of prosperity card is played with
PLAYED_WITH = {C.EAGLE: "eagle", C.RAFTS: "rafts", C.SACRED: "sacred", C.TLATOANI: "tlatoani"}
#: what a prosperity card does, by its effect
EFFECTS: dict[str, Msg] = {
    C.OFFERING: _("At the end: Offerings score their count squared"),
    C.SACRED: _("Conflict: stay where you lost, as if you coexisted"),
    C.RAFTS: _("Scoring: join two of your territories across a lake"),
    C.TLATOANI: _("Conflict: win a tie"),
    C.EAGLE: _("Development: place an extra pawn"),
}


def power_text(book: CardBook, type_names: dict[str, str], strength: int) -> Msg:
    kind = book.power_type[strength]
    name: Value = (_("Wild: any type at scoring") if book.is_wild(strength)
                   else named(type_names.get(kind, kind)))
    return _.n("{name}\n{n} pt if unused at the end", "{name}\n{n} pts if unused at the end",
               n=book.power_value[strength], name=name)


def prosperity_text(book: CardBook, type_names: dict[str, str], card: str) -> Value:
    effect = book.effect[card]
    if effect == C.BLESSING:
        kind = book.bless_type[card]
        return _("Scoring: +{points} for each {type} territory you control",
                 points=book.blessing_points, type=named(type_names.get(kind, kind)))
    return EFFECTS.get(effect, effect)


def device_panel(book: CardBook, type_names: dict[str, str], view: dict[str, Any],
                 seat: int | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    sections: list[dict[str, Any]] = []
    chosen = view["chosen"][seat]
    if isinstance(chosen, int):
        note = _("face up") if view["revealed"] else _("face down: only you know it")
        sections.append({"title": _("Your power card this age"), "note": note, "cards": [
            {"title": str(chosen), "text": power_text(book, type_names, chosen),
             "tag": "chosen"}]})
    hand = sorted(view["hands"][seat])
    if hand:
        sections.append({"title": _("Power cards in hand"), "cards": [
            {"title": str(s), "text": power_text(book, type_names, s), "action": f"choose {s}"}
            for s in hand]})
    used = view["used"][seat]
    if used:
        sections.append({"title": _("Used in earlier ages"),
                         "note": ", ".join(str(c) for c in sorted(used))})
    hand_cards = view["prosperity"][seat]
    items = []
    for card in hand_cards if isinstance(hand_cards, list) else []:
        item: dict[str, Any] = {"title": named(str(book.card_name.get(card, card))),
                                "text": prosperity_text(book, type_names, card)}
        effect = book.effect.get(card)
        if effect == C.BLESSING:
            item["action"] = f"bless {book.bless_type[card]}"
        elif effect in PLAYED_WITH:
            item["verb"] = PLAYED_WITH[effect]
        items.append(item)
    sections.append({"title": _("Prosperity cards"), "cards": items,
                     "note": "" if items else _("none yet: coexisting draws one")})
    army = view["control"][seat]
    sections.append({"title": _("Your tribe"), "counters": [
        {"label": _("Score"), "value": view["scores"][seat]},
        {"label": _("Pawns to place this age"), "value": view["supply"][army]},
        {"label": _("Pawns in reserve"), "value": view["reserve"][army]},
    ]})
    return {"sections": sections}
