"""What Aztlán shows people beyond its board (the ``Presentation`` facet of
``game.core.facets``): the log's sentences, the player aid, the phone's panel, the
results' facts and tie-break.

:class:`AztlanPresentation`, which the rules inherit, is a facade: each hook calls the
module that holds its words (``verbs`` for the log, ``aid``, ``device``, ``facts``) with
the rules' table. The aid and the phone's panel are imported when first asked for: a
bot or a headless game never builds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.errors import IllegalAction
from game.core.facets import Presentation
from game.i18n import Text
from game.kit.verbs import dispatch
from variants.aztlan import facts
from variants.aztlan.notation import parse
from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import _
from variants.aztlan.verbs import VERBS, actor


class AztlanPresentation(Presentation[AztlanState]):
    """The screens' hooks of Aztlán, over the rules' table."""

    #: what the parameters fix (the rules set it: ``variants.aztlan.table``)
    table: AztlanTable

    def describe_action(self, state: AztlanState, action: str) -> Text:
        if action.split() == ["choose", "?"]:  # as redacted for the other seats
            return _("{player} chooses a power card face down",
                     you="You choose a power card face down",
                     player=actor(self.table, state))
        try:
            a = parse(action, self.table.island, self.table.types)
        except IllegalAction:
            return action
        say = dispatch(VERBS, a.verb).say
        assert say is not None
        said: Text = say(self.table, state, a)
        return said

    def player_aid(self) -> dict[str, Any]:
        from variants.aztlan.aid import player_aid

        return player_aid(self.table.params, self.table.players)

    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.aztlan.device import device_panel

        return device_panel(self.table.cards, self.table.type_names, view, seat)

    def game_facts(self, state: AztlanState, events: Sequence[Any]) -> list[Any]:
        return facts.game_facts(events)

    def tie_break(self, state: AztlanState) -> Text:
        """"Tied on 60 points: decided by the counter lower in the score stack"."""
        top = max(state.scores, default=0)
        tied = [seat for seat, score in enumerate(state.scores) if score == top]
        if len(tied) < 2 or set(tied) <= set(state.winners):
            return ""
        return _.n("Tied on {n} point: decided by the counter lower in the score stack",
                   "Tied on {n} points: decided by the counter lower in the score stack",
                   n=top)
