"""Power cards and prosperity cards, read from the YAML parameters."""

from __future__ import annotations

from typing import Any

from variants.aztlan.params import WILD

BLESSING = "blessing"
OFFERING = "offering"
SACRED = "sacred-games"
RAFTS = "rafts"
TLATOANI = "tlatoani"
EAGLE = "eagle"
#: the verbs that play a prosperity card from the decider's hidden hand at a decision made
#: over the board (``AztlanRules.secret_play``): Sacred Games and Great Tlatoani are not
#: among them, since the rules ask only a holder (the question shows the card)
SECRET_PLAYS = ("eagle", "bless", "rafts")


class CardBook:
    """Lookup tables for both kinds of card."""

    __slots__ = ("strengths", "power_type", "power_value", "kinds", "effect", "bless_type",
                 "card_name", "deck", "offering_points", "unused_points", "blessing_points")

    def __init__(self, params: dict[str, Any]) -> None:
        cards = sorted(params["power_cards"], key=lambda c: c["strength"])
        self.strengths: list[int] = [c["strength"] for c in cards]
        self.power_type: dict[int, str] = {c["strength"]: c["type"] for c in cards}
        self.power_value: dict[int, int] = {c["strength"]: c["value"] for c in cards}
        pros = params["prosperity_cards"]
        self.kinds: list[str] = [c["id"] for c in pros]
        self.effect: dict[str, str] = {c["id"]: c["effect"] for c in pros}
        self.bless_type: dict[str, str] = {c["id"]: c["type"] for c in pros
                                           if c["effect"] == BLESSING}
        self.card_name: dict[str, str] = {c["id"]: c["name"] for c in pros}
        #: the deck before shuffling, in YAML order
        self.deck: list[str] = [c["id"] for c in pros for _ in range(c["count"])]
        self.offering_points: list[int] = list(params["offering_points"])
        self.unused_points: int = params["unused_prosperity_points"]
        self.blessing_points: int = params["blessing_points"]

    def is_wild(self, strength: int | None) -> bool:
        """Whether a power card (None: none chosen yet) is the wild one."""
        return strength is not None and self.power_type[strength] == WILD

    def holds(self, hand: list[str], effect: str) -> bool:
        return any(self.effect[c] == effect for c in hand)

    def first_of(self, hand: list[str], effect: str) -> str | None:
        return next((c for c in hand if self.effect[c] == effect), None)

    def offerings(self, hand: list[str]) -> int:
        """End-game points for the Offerings in ``hand`` (1, 4, 9... by the YAML table)."""
        n = sum(1 for c in hand if self.effect[c] == OFFERING)
        if n == 0:
            return 0
        return self.offering_points[min(n, len(self.offering_points)) - 1]
