"""The variants' names, descriptions and exposed parameters in the reader's language.

A variant's name and description live in its YAML, beside its package's catalogue: the
catalogue tools read them there (:mod:`game.i18n.yamltexts`), for a built-in game and a
mod alike, so the setup, the title, the rules help and the results say "Der Markt von
Tlatelolco". A text no catalogue holds is shown as its YAML writes it. The parameters'
labels are the client's words.
"""

from __future__ import annotations

from game.i18n import Text
from game.i18n.client import _
from game.i18n.yamltexts import variant_text
from game.kit.client.messages import param_label

#: the parameters a shipped variant lets the setup change, by their key
PARAM_LABELS: dict[str, Text] = {
    "ap_per_turn": _("AP per turn", context="parameter"),
    "random_market": _("Random market", context="parameter"),
}


def parameter_label(name: str) -> Text:
    """An exposed parameter's label ("AP per turn"), or its key made readable."""
    return PARAM_LABELS.get(name, param_label(name))


__all__ = ["PARAM_LABELS", "parameter_label", "variant_text"]
