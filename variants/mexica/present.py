"""What the screens show of Mexica beyond its board: the Presentation facet.

The log's sentences (``describe_action``, from the verb's own sentence in
``variants.mexica.verbs``), the player aid (``aid``), a phone's panel and walks
(``device``, ``plans``), the results' facts and tie-break (``facts``), and what ending a
turn gives up. Each is asked of the table and the state; the rules inherit this class,
so the screens ask them (``game.core.facets.presentation``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.facets import Presentation
from game.i18n import Text
from game.kit.wordings import Shorter, shorter
from variants.mexica import facts
from variants.mexica.notation import parse
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable, deciding
from variants.mexica.text import _, ap
from variants.mexica.verbs import check, sentence

#: the log's shorter wordings of its long texts, by meaning: what happens, without why
#: (the board and the display show it)
SHORTER: dict[str, Shorter] = {
    "{player} proposes removing the size-{size} calpulli token; every other player must "
    "agree": lambda v: [_("{player} proposes removing the size-{size} calpulli token",
                          player=v["player"], size=v["size"])],
    "Period 2 begins: the set-aside calpulli tokens are revealed ({sizes}) and every "
    "player takes their remaining temples":
        lambda v: [_("Period 2 begins: the set-aside calpulli tokens are revealed ({sizes})",
                     sizes=v["sizes"]), _("Period 2 begins")],
    "Period {period} ends after this round: the display is empty and a player has built "
    "every temple": lambda v: [_("Period {period} ends after this round",
                                 period=v["period"])],
    "The size-{n} calpulli token is removed: no canal tiles are left and no unfounded "
    "district has {n} space":
        lambda v: [_("The size-{size} calpulli token is removed: it can no longer be founded",
                     size=v["n"]),
                   _("The size-{size} calpulli token is removed", size=v["n"])],
}


class MexicaPresentation(Presentation[MexicaState]):
    """Mexica's answers to the screens."""

    #: what the hooks read of the rules they belong to (set by the rules)
    table: MexicaTable
    params: dict[str, Any]

    def describe_action(self, state: MexicaState, action: str) -> Text:
        """The action in the player's words with its cost ("Player 1 builds a 2-level
        temple on k3: 2 AP"), from its checked plan; an action the rules refuse here
        keeps its notation."""
        t = self.table
        try:
            verb, args = parse(action)
            _canonical, plan = check(t, state, verb, args)
        except IllegalAction:
            return action
        return sentence(t, state, deciding(t, state), verb, plan)

    def log_wordings(self, event: Event) -> Sequence[Text]:
        return shorter(event.text, SHORTER)

    def player_aid(self) -> dict[str, Any]:
        from variants.mexica.aid import player_aid

        return player_aid(self.params)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.mexica.device import device_panel

        return device_panel(view, seat)

    def device_plans(self, state: MexicaState, seat: int) -> list[dict[str, Any]]:
        from variants.mexica.plans import walk_plans

        return walk_plans(self.table, state, seat)

    def forgoes(self, state: MexicaState, action: str) -> Text:
        """Ending the turn with action points left loses them."""
        if action.split() == ["end"] and state.phase != "over" and state.ap > 0:
            return _("{left} left", left=ap(state.ap))
        return ""

    def game_facts(self, state: MexicaState, events: Sequence[Any]) -> list[Any]:
        return facts.game_facts(events)

    def tie_break(self, state: MexicaState) -> Text:
        """"Tied on 60 points: decided by AP tokens left" when the tie-breaker chose."""
        top = max(state.scores, default=0)
        tied = [seat for seat, score in enumerate(state.scores) if score == top]
        if len(tied) < 2 or set(tied) <= set(state.winners):
            return ""
        return _.n("Tied on {n} point: decided by AP tokens left",
                   "Tied on {n} points: decided by AP tokens left", n=top)
