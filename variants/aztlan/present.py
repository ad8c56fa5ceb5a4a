"""What Aztlán shows people beyond its board (the ``Presentation`` facet of
``game.core.facets``): the log's sentences, the player aid, the phone's panel, the
results' facts and tie-break.

:class:`AztlanPresentation`, which the rules inherit, is a facade: each hook calls the
module that holds its words (``verbs`` for the log, ``aid``, ``device``, ``facts``) with
the rules' table. The aid and the phone's panel are imported when first asked for: a
bot or a headless game never builds them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.facets import Presentation
from game.i18n import Msg, Text
from game.i18n.message import Value
from game.kit.verbs import dispatch
from game.kit.wordings import Shorter, shorter
from variants.aztlan import facts
from variants.aztlan.notation import parse
from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable
from variants.aztlan.text import _
from variants.aztlan.verbs import VERBS, actor


def _age(v: Mapping[str, Value]) -> list[Text]:
    """"Age 5 begins; turn order Ana, Bo" as "Age 5 begins"."""
    return [_("Age {age} begins", age=v["age"])]


def _age_commands(v: Mapping[str, Value]) -> list[Text]:
    """The age's start without who commands which army (their cards say it), then
    without the turn order."""
    age = v["age"]
    return [age, *_age(age.values)] if isinstance(age, Msg) else []


def _eagle(v: Mapping[str, Value]) -> list[Text]:
    return [_("{player} plays Eagle and Jaguar Warriors: an extra pawn in {territory}",
              player=v["player"], territory=v["territory"])]


#: the log's shorter wordings of the long texts, by meaning (each after the same text
#: with its territories by their labels alone): a tie names who coexists, a final
#: scoring its points, a card what it did, not every reason
SHORTER: dict[str, Shorter] = {
    "Tie in {territory}: {players} coexist with power {power} each; no prosperity card":
        lambda v: [_("Tie in {territory}: {players} coexist", territory=v["territory"],
                     players=v["players"])],
    "Age {age} begins; turn order {order}": _age,
    "{age}; {commands}": _age_commands,
    "{player} adds {total} at the end: {card} for the unused power card, {prosperity} for "
    "prosperity cards in hand, {offerings} for Offerings":
        lambda v: [_("{player} adds {total} at the end", player=v["player"],
                     total=v["total"])],
    "{player} coexists with {saved} in {territory} and draws a prosperity card":
        lambda v: [_("{player} coexists in {territory} and draws a prosperity card",
                     player=v["player"], territory=v["territory"])],
    "The power cards are revealed: {cards}":
        lambda v: [_("Power cards: {cards}", cards=v["cards"]),
                   _("The power cards are revealed")],
    "{player} plays Sacred Games: {winner} must coexist with {player} in {territory}":
        lambda v: [_("{player} plays Sacred Games in {territory}", player=v["player"],
                     territory=v["territory"])],
    "{player} plays Eagle and Jaguar Warriors: an extra pawn (from the reserve) in "
    "{territory}": _eagle,
    "{player} plays Eagle and Jaguar Warriors: an extra pawn (from the removed pawns) in "
    "{territory}": _eagle,
    "{player} plays {card}: {count} {type} controlled, +{points} with this scoring":
        lambda v: [_("{player} plays {card}: +{points}", player=v["player"],
                     card=v["card"], points=v["points"])],
}


def _label(value: Value) -> Value:
    """A territory by its label alone ("t5" for "t5 (Salt Flats)")."""
    if isinstance(value, Msg) and value.context == "territory" and "id" in value.values:
        return value.values["id"]
    return value


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

    def log_wordings(self, event: Event) -> Sequence[Text]:
        return shorter(event.text, SHORTER, _label)

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
