"""The Market of Tlatelolco as people are shown it (the ``Presentation`` facet of
``game.core.facets``): :class:`MarketPresentation`, which the rules inherit.

Each hook hands the table and the state to the module that knows the answer: the log's
sentence to the verb's ``say`` (``variants.market.verbs``), the player aid to ``aid``,
the phone's panel to ``device``, the results' facts to ``facts`` and the tie-break to
``scoring``. ``forgoes`` warns that ending a play gives up purchases still on offer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.facets import Presentation
from game.i18n import Text
from game.kit.verbs import dispatch
from game.kit.wordings import Shorter, shorter
from variants.market import facts, legal, scoring
from variants.market.notation import parse
from variants.market.state import MarketState
from variants.market.table import MarketTable
from variants.market.text import _
from variants.market.verbs import VERBS

#: the log's shorter wordings of its long texts, by meaning: the winners without the
#: table of points (the seat cards show it), a draw without the bag's count
SHORTER: dict[str, Shorter] = {
    "The bag is empty and the round is over. {table}. Winner: {winners}":
        lambda v: [_("The round is over. Winner: {winners}", winners=v["winners"]),
                   _("Winner: {winners}", winners=v["winners"])],
    "{player} draws {goods} for the vendors ({left} left in the bag)":
        lambda v: [_("{player} draws {goods} for the vendors", player=v["player"],
                     goods=v["goods"]),
                   _("{player} draws {goods}", player=v["player"], goods=v["goods"])],
}


class MarketPresentation(Presentation[MarketState]):
    """The Market's answers to the screens; the rules inherit them and set the table in
    their constructor."""

    table: MarketTable

    def describe_action(self, state: MarketState, action: str) -> Text:
        try:
            verb, args = parse(action, self.table.geo)
        except IllegalAction:
            return action
        say = dispatch(VERBS, verb).say
        assert say is not None
        said: Text = say(self.table, state, args)
        return said

    def log_wordings(self, event: Event) -> Sequence[Text]:
        return shorter(event.text, SHORTER)

    def player_aid(self) -> dict[str, Any]:
        from variants.market.aid import player_aid

        return player_aid(self.table.params, self.table.players)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.market.device import device_panel

        return device_panel(view, seat)

    def game_facts(self, state: MarketState, events: Sequence[Any]) -> list[Any]:
        return facts.game_facts(state.king, events)

    def tie_break(self, state: MarketState) -> Text:
        return scoring.tie_break(scoring.holdings(state.buyers), state.king,
                                 [sum(b.coin for b in seat) for seat in state.buyers],
                                 self.table.teams, state.winners)

    def forgoes(self, state: MarketState, action: str) -> Text:
        """Ending the play while buyers could still buy gives those purchases up."""
        if action.split() != ["end"] or state.phase != "turn":
            return ""
        buyers = {b for b, _ in legal.purchases(self.table, state)}
        return _.n("{n} buyer could still buy", "{n} buyers could still buy",
                   n=len(buyers)) if buyers else ""
