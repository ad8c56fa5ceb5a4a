"""A game's player aid as pages: what the rules say, what the board view draws.

The words and numbers come from the rules (``Rules.player_aid()``, built from the
variant's parameters, headless); the pictures from the board view the game registered
(``BoardView.draw_aid_figure``), drawn with the game's own pieces. A page description is
plain data, so a mod gets a paged aid by listing pages, and pictures by drawing them:

``player_aid()["pages"]``, each page a mapping of

- ``title``: the page's name ("Scoring a district");
- ``lead``: optional, the page's one key sentence, set apart;
- ``text``: optional paragraphs (a paragraph starting with "• " hangs as a bullet);
- ``groups``: optional tables of actions, each ``{"heading": str, "rows": [...]}``, a row
  ``{"label": str, "cost": str, "note": str, "icon": figure}`` (all but ``label``
  optional): the action, what it costs, a word more and a small picture;
- ``figure``: optional, a picture for the view to draw (any mapping; by convention
  ``{"kind": ...}`` and the data it shows), beside the text, or below it with
  ``"figure_at": "below"``; ``figure_share`` is its part of the width (default 0.56).

Without ``pages`` the aid is made from the older keys (``intro``, ``actions`` as rows of
(action, cost), ``scoring`` sentences), so a game that gives only text still has pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.i18n import Msg, say

if TYPE_CHECKING:
    from game.kit.client.screen import Screen

Area = tuple[float, float, float, float]
#: draws a page's figure (or a row's icon) into an area: the view's ``draw_aid_figure``
#: with the aid's context bound
Painter = Callable[["Screen", Area, Mapping[str, Any]], None]



@dataclass(frozen=True)
class AidRow:
    label: str
    cost: str = ""
    note: str = ""
    icon: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class AidGroup:
    heading: str
    rows: tuple[AidRow, ...]


@dataclass(frozen=True)
class AidPage:
    title: str
    lead: str = ""
    text: tuple[str, ...] = ()
    groups: tuple[AidGroup, ...] = ()
    figure: Mapping[str, Any] | None = None
    figure_at: str = "right"
    figure_share: float = 0.56


@dataclass(frozen=True)
class AidContext:
    """What a figure may draw with besides its own data: the rules (their parameters, a
    map) and the seats' colours and marks (the palette's, in seat order)."""

    rules: Any
    colours: list[tuple[int, int, int]] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)


def _text(value: Any) -> str:
    """A page's text: a message in the television's language, else as it is."""
    return "" if value is None else say(value) if isinstance(value, Msg) else str(value)


def _row(raw: Any) -> AidRow:
    if isinstance(raw, Mapping):
        icon = raw.get("icon")
        return AidRow(_text(raw.get("label")), _text(raw.get("cost")), _text(raw.get("note")),
                      icon if isinstance(icon, Mapping) else None)
    label, cost = (list(raw) + ["", ""])[:2] if isinstance(raw, (list, tuple)) else (raw, "")
    return AidRow(_text(label), _text(cost))


def _page(raw: Mapping[str, Any]) -> AidPage:
    groups = []
    for g in raw.get("groups") or ():
        if isinstance(g, Mapping):
            groups.append(AidGroup(_text(g.get("heading")),
                                   tuple(_row(r) for r in g.get("rows") or ())))
    figure = raw.get("figure")
    share = raw.get("figure_share", 0.56)
    return AidPage(
        title=_text(raw.get("title")) or "Rules",
        lead=_text(raw.get("lead")),
        text=tuple(_text(t) for t in raw.get("text") or () if _text(t)),
        groups=tuple(groups),
        figure=figure if isinstance(figure, Mapping) else None,
        figure_at="below" if raw.get("figure_at") == "below" else "right",
        figure_share=min(0.8, max(0.3, float(share))) if isinstance(share, (int, float))
        else 0.56)


def pages_of(aid: Mapping[str, Any] | None, description: str = "") -> list[AidPage]:
    """The aid's pages: its own, or pages made from its text (the generic aid)."""
    aid = aid or {}
    raw = aid.get("pages")
    if isinstance(raw, (list, tuple)) and raw:
        return [_page(p) for p in raw if isinstance(p, Mapping)]
    pages: list[AidPage] = []
    rows = tuple(_row(r) for r in aid.get("actions") or ())
    intro = _text(aid.get("intro"))
    if rows or intro:
        pages.append(AidPage("Your turn", lead=intro,
                             groups=(AidGroup("", rows),) if rows else ()))
    scoring = tuple(_text(s) for s in aid.get("scoring") or () if _text(s))
    if scoring:
        pages.append(AidPage("Scoring", text=scoring))
    if not pages:
        pages.append(AidPage("About this game",
                             text=(description or "This game has no player aid.",)))
    return pages
