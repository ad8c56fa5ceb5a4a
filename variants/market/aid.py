"""The Market of Tlatelolco's player aid for the rules-help overlay, from its numbers."""

from __future__ import annotations

from typing import Any


def player_aid(params: dict[str, Any], players: int) -> dict[str, Any]:
    step = params["pass"]
    partners = players == 4 and params["partnerships"]
    return {
        "intro": "On your turn choose one: pass or play.",
        "actions": [
            ("Pass: replenish", f"draw {step['draw']} from the bag onto the vendors"),
            ("Pass: move the market", f"{step['moves']} tiles into the hole"),
            ("Pass: obtain money", f"{step['coins']} coin onto a buyer without one"),
            ("Pass: the king (optional)", f"{step['king']} token from his row or column"),
            ("Play: move a tile", "1 coin from a buyer (the messenger moves free)"),
            ("Play: buy (at least once)", "1 coin; the ambassador lets you keep it"),
        ],
        "scoring": [
            "A buyer buys from a vendor on its line with no crowd between: it takes all "
            "the vendor's tokens and must be empty or hold that colour.",
            "Between them, each porter returns one token to the vendor and each governor "
            "gives one to the king, starting from the vendor.",
            "The game ends after the round in which the bag runs empty.",
            ("For each colour, the partner with more tokens of it scores" if partners else
             "For each colour, you score") + " tokens x the king's tokens of that colour.",
            "Ties: more coins, then more commodity tokens.",
        ],
    }
