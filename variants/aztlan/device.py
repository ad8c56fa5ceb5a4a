"""Aztlán on a phone: the seat's power cards to choose from and its prosperity cards.

Built only from the seat's ``view`` (``Rules.device_panel``, see docs/remote.md). A card
with an ``action`` is a button while that action is legal (choosing a power card,
playing a blessing); one with a ``verb`` opens the legal actions of that verb (Eagle and
Jaguar Warriors need a territory, Rafts and Canoes two).
"""

from __future__ import annotations

from typing import Any

from game.core.words import plural
from variants.aztlan import cards as C
from variants.aztlan.cards import CardBook

#: the action verb each kind of prosperity card is played with
PLAYED_WITH = {C.EAGLE: "eagle", C.RAFTS: "rafts", C.SACRED: "sacred", C.TLATOANI: "tlatoani"}


def points(n: int) -> str:
    return plural(n, "pt")


def power_text(book: CardBook, type_names: dict[str, str], strength: int) -> str:
    kind = book.power_type[strength]
    name = "Wild: any type at scoring" if book.is_wild(strength) else type_names.get(kind, kind)
    return f"{name}\n{points(book.power_value[strength])} if unused at the end"


def prosperity_text(book: CardBook, type_names: dict[str, str], card: str) -> str:
    effect = book.effect[card]
    if effect == C.BLESSING:
        kind = book.bless_type[card]
        return (f"Scoring: +{book.blessing_points} for each {type_names.get(kind, kind)} "
                "territory you control")
    return {
        C.OFFERING: "At the end: Offerings score their count squared",
        C.SACRED: "Conflict: stay where you lost, as if you coexisted",
        C.RAFTS: "Scoring: join two of your territories across a lake",
        C.TLATOANI: "Conflict: win a tie",
        C.EAGLE: "Development: place an extra pawn",
    }.get(effect, effect)


def device_panel(book: CardBook, type_names: dict[str, str], view: dict[str, Any],
                 seat: int | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    sections: list[dict[str, Any]] = []
    chosen = view["chosen"][seat]
    if isinstance(chosen, int):
        note = "face up" if view["revealed"] else "face down: only you know it"
        sections.append({"title": "Your power card this age", "note": note, "cards": [
            {"title": str(chosen), "text": power_text(book, type_names, chosen),
             "tag": "chosen"}]})
    hand = sorted(view["hands"][seat])
    if hand:
        sections.append({"title": "Power cards in hand", "cards": [
            {"title": str(s), "text": power_text(book, type_names, s), "action": f"choose {s}"}
            for s in hand]})
    used = view["used"][seat]
    if used:
        sections.append({"title": "Used in earlier ages",
                         "note": ", ".join(str(c) for c in sorted(used))})
    hand_cards = view["prosperity"][seat]
    items = []
    for card in hand_cards if isinstance(hand_cards, list) else []:
        item: dict[str, Any] = {"title": book.card_name.get(card, card),
                                "text": prosperity_text(book, type_names, card)}
        effect = book.effect.get(card)
        if effect == C.BLESSING:
            item["action"] = f"bless {book.bless_type[card]}"
        elif effect in PLAYED_WITH:
            item["verb"] = PLAYED_WITH[effect]
        items.append(item)
    sections.append({"title": "Prosperity cards", "cards": items,
                     "note": "" if items else "none yet: coexisting draws one"})
    army = view["control"][seat]
    sections.append({"title": "Your tribe", "counters": [
        {"label": "Score", "value": view["scores"][seat]},
        {"label": "Pawns to place this age", "value": view["supply"][army]},
        {"label": "Pawns in reserve", "value": view["reserve"][army]},
    ]})
    return {"sections": sections}
