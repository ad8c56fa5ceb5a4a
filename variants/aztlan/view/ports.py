"""What the board view's helpers read of the view: its model and what the player points
at (:class:`Planner`), what a lesson's hint moves (:class:`Hinter`), and what drawing and
animating paint with (:class:`Painter`).

Why protocols: the helpers (``preview``, ``hint``, ``draw``, ``anim``) serve
``AztlanView``, which imports them; naming the view's class would close a circle of
imports. Each protocol lists only what its helpers use, so a reader sees what a helper
can touch, and a test can hand a helper a plain object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.kit.client import Anim, Area, Effects, SessionView
from variants.aztlan.view.canvas import Canvas
from variants.aztlan.view.layout import Layout, MapGeometry
from variants.aztlan.view.model import Decision, Model, Option

if TYPE_CHECKING:
    from variants.aztlan.rules import AztlanRules


class Planner(Protocol):
    """The view's model, its decision and where the player's cursor, hover and focus
    are: what the plans, the status line and the option texts are worked out from."""

    session: SessionView
    model: Model | None
    decision: Decision
    cursor: int
    focus: int
    hover_t: int | None
    hover_button: int | None
    hover_card: int | None
    mode: str | None
    source: int | None
    raft: int | None

    def focused_option(self) -> Option | None: ...

    def army_name(self, army: int) -> str: ...


class Hinter(Planner, Protocol):
    """A lesson's step pointed at or marked: the hint moves the cursor and the focus and
    marks the step's territories, then asks the view to decide and repaint."""

    conflict_t: int | None
    target: str | None
    target_cells: tuple[int, ...]

    @property
    def kb_focus(self) -> bool: ...

    def begun(self) -> frozenset[str]: ...

    def _sync(self) -> None: ...

    def _decide(self) -> None: ...

    def _redecide(self, begun: frozenset[str]) -> None: ...

    def _refresh(self) -> None: ...


class Painter(Planner, Protocol):
    """What the board is painted and animated with: the map's geometry and layout, the
    pixels kept between frames (its ``canvas``), the colours and marks, the animations."""

    geo: MapGeometry
    ghost: int | None
    highlight_cells: frozenset[int]
    target: str | None
    target_cells: tuple[int, ...]
    time: float
    anims: list[Anim]
    panel_flash: dict[int, tuple[str, float]]
    _key: Any
    serial: int
    canvas: Canvas
    fx: Effects

    @property
    def rules(self) -> AztlanRules: ...

    @property
    def seat_colours(self) -> list[tuple[int, int, int]]: ...

    @property
    def seat_marks(self) -> list[str]: ...

    @property
    def army_colours(self) -> list[tuple[int, int, int]]: ...

    @property
    def army_marks(self) -> list[str]: ...

    def layout(self, area: Area) -> Layout: ...
