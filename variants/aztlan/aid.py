"""The Aztlán player aid for the rules-help overlay, from the variant's numbers."""

from __future__ import annotations

from typing import Any


def player_aid(params: dict[str, Any], players: int) -> dict[str, Any]:
    cards = ", ".join(f"{c['strength']} {c['type']}" for c in params["power_cards"])
    bonus = "/".join(map(str, params["domain_bonus"][:4]))
    return {
        "intro": f"{params['ages']} ages. Each age: choose, develop, conflicts, scoring.",
        "actions": [
            ("Choosing", "one power card, in secret"),
            ("Development", "place a pawn, then you may move one pawn a step"),
            ("Conflict", "power = card x pawns; the strongest chooses"),
            ("Battle", "remove every opponent there"),
            ("Coexistence", "everyone stays; you draw a prosperity card"),
            ("Power cards", cards),
        ],
        "scoring": [
            "A domain is a group of adjacent territories where you have pawns (lakes "
            "separate territories).",
            f"It scores its territories + a bonus for those matching your card: {bonus}... "
            "(the count squared); with no match it scores 0. The 4 is wild: pick one type "
            "for all your domains.",
            f"Blessings: +{params['blessing_points']} per territory of their type you "
            "control. Rafts and Canoes join two territories across a lake.",
            "At the end: your unused power card's value, +1 per prosperity card in hand, "
            "and the Offerings squared.",
            "Score counters stack: higher scores play first; at the end a tie goes to the "
            "lower counter.",
        ],
    }
