"""The animated scoring overlay: district by district, then the bonuses.

Steps come from the board view's ``scoring_steps`` (each with the ``district_scored``
event whose ``data["places"]`` holds owner, levels, place and points); bonus points
(the palace) follow as their own steps. Scores count up; Enter skips ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Msg, Text, say
from game.i18n.client import _
from game.i18n.message import as_text
from game.kit.client import theme
from game.kit.client.art import frames, scenery
from game.kit.client.art.scenery import around
from game.kit.client.damage import Part
from game.kit.client.fx import Effects
from game.kit.client.layout import RIGHT_W, RIGHT_X, STATUS_AREA
from game.kit.client.screen import draw_mark
from game.kit.client.text import draw_panel, ease_out, fit, fit_lines, fit_size, mix, pulse
from game.ui.sceneparts import footer, paint_all, piece
from game.ui.scenes.common import BaseScene, seat_colours, seat_mark
from game.ui.widgets import INK

if TYPE_CHECKING:
    from game.core.events import Event
    from game.kit.client.boardview import BoardView
    from game.kit.client.intent import Intent
    from game.kit.client.screen import Screen
    from game.ui.session import Session
    from game.ui.shell import Shell

Step = dict[str, Any]
Row = dict[str, Any]

STEP_SECONDS = 1.2
COUNT_SECONDS = 0.8
#: the overlay covers the game screen's right column (its totals stand for the seat cards)
#: and leaves the board in view
#: (its shadow ends where the status line's panel begins; on a taller canvas the panel
#: reaches as much lower: see :func:`panel`)
PANEL = (RIGHT_X, 10.0, RIGHT_W, STATUS_AREA[1] - 20.0)


def panel(screen: Screen) -> tuple[float, float, float, float]:
    """The overlay's panel on ``screen``: down to the status line, which stands on the
    canvas's bottom edge (``Screen.foot``)."""
    x, y, w, h = PANEL
    return (x, y, w, h + screen.extra)

#: logical units of wall the overlay lays left of its panel (under its shadow), over what
#: the right column holds
CURTAIN = 12.0
#: where a row's name starts (after its place and its seat's mark)
NAME_X = 146.0
#: how much larger a row's points pop in (the name leaves them that room)
POP = 1.15
REASON_TITLES: dict[str, Text] = {"palace": _("Palace bonus"), "founding": _("Founding"),
                                   "presence": _("Presence")}
#: a place in a district's ranking, as the row shows it
ORDINALS: dict[int, Text] = {1: _("1st"), 2: _("2nd"), 3: _("3rd")}


def ordinal(n: int) -> str:
    return say(ORDINALS.get(n, _("{n}th", n=n)))


def row_detail(row: dict[str, Any]) -> str:
    """What a row says between its name and its points: a view's own ``detail`` ("4 × 3"),
    else a district place's temple levels ("5 lv")."""
    if row.get("detail"):
        return str(row["detail"])
    levels = row.get("levels")
    return say(_("{n} lv", context="temple levels", n=levels)) if levels is not None else ""


def scoring_slice(events: list[Event]) -> list[Event]:
    """The events from the (first) scoring event on."""
    for i, e in enumerate(events):
        if e.kind == "scoring":
            return events[i:]
    return list(events)


class ScoringScene(BaseScene):
    tall = True  # over the play screen's column, as tall as it
    overlay = True
    shortcuts = ((_("Enter", context="key"), _("Next")),
                 (_("Esc", context="key"), _("Skip to totals")))

    def __init__(self, session: Session, view: BoardView | None, events: list[Event]) -> None:
        super().__init__()
        self.session = session
        #: the board view, which splits the scoring into steps and highlights each on the
        #: board (behind the plugin guard: a failure unwinds to the App)
        self.view = view
        self.events = scoring_slice(events)
        own = view.scoring_title(self.events) if view is not None else ""
        first = self.events[0] if self.events else None
        self.title = session.say(own) if isinstance(own, str | Msg) and own \
            else say(first.text, session.names) if first is not None \
            and first.kind == "scoring" else say(_("Scoring"))
        self.steps: list[Step] = []
        self.index = 0
        self.step_t = 0.0
        self.baseline: list[int] = []
        #: a burst over each total that a step raises
        self.fx = Effects()

    def enter(self, app: Shell) -> None:
        super().enter(app)
        self.fx = Effects(app)
        self.steps = self._build_steps()
        n = self.session.game.players
        final = self.session.game.scores
        gained = [0] * n
        for e in self.events:
            if e.kind == "score" and e.seat is not None and 0 <= e.seat < n:
                gained[e.seat] += e.points
        self.baseline = [final[i] - gained[i] for i in range(n)]
        self._show(0)

    def ducks_music(self) -> bool:
        return True  # the points are read out over a quieter loop

    def _build_steps(self) -> list[Step]:
        """Steps from the view (district rows from ``places``, gains from ``points``),
        plus one step per kind of bonus points the view's steps do not cover."""
        raw = self.view.scoring_steps(self.events) if self.view is not None else None
        if not isinstance(raw, list):
            raw = [{"title": e.text, "event": e, "kind": "district"} for e in self.events
                   if e.kind == "district_scored"]
        covered = {"district"}
        shown: set[int] = set()  # the events the view's steps show (by identity)
        steps: list[Step] = []
        for st in raw:
            if isinstance(st, dict):
                steps.append(self._view_step(st))
                if st.get("kind"):
                    covered.add(str(st["kind"]))
                if st.get("event") is not None:
                    shown.add(id(st["event"]))
        steps += self._bonus_steps(covered, shown)
        if not steps:
            n = self.session.game.players
            steps.append({"title": say(_("No district scored")), "rows": [], "gains": [0] * n,
                          "lines": [], "subtitle": "",
                          "raw": {"title": say(_("No district scored")), "event": None}})
        return steps

    def _view_step(self, st: dict[str, Any]) -> Step:
        """One of the view's steps: its rows (each place of a district, or each seat's
        points) and what each seat gains."""
        n = self.session.game.players
        event = st.get("event")
        data = getattr(event, "data", {}) or {}
        places = st.get("rows") or st.get("places") or data.get("places") or []
        rows: list[Row] = [{"owner": p.get("owner"), "place": p.get("place"),
                            "detail": row_detail(p), "points": int(p.get("points", 0) or 0)}
                           for p in places if isinstance(p, dict)]
        gains = [0] * n
        points = st.get("points")
        if isinstance(points, dict):
            for owner, pts in points.items():
                if isinstance(owner, int) and 0 <= owner < n:
                    gains[owner] += int(pts)
            if not rows:
                rows = [{"owner": o, "detail": "", "place": None, "points": int(p)}
                        for o, p in points.items()]
        else:
            for row in rows:
                owner = row["owner"]
                if isinstance(owner, int) and 0 <= owner < n:
                    gains[owner] += row["points"]
        lines = st.get("lines") if isinstance(st.get("lines"), list) else []
        title = st.get("title") or getattr(event, "text", "") or _("District")
        subtitle = self.session.say(as_text(st.get("subtitle") or ""))
        return {"title": self.session.say(as_text(title)), "rows": rows, "gains": gains,
                "raw": st, "lines": [self.session.say(as_text(x)) for x in lines or []],
                "subtitle": subtitle}

    def _bonus_steps(self, covered: set[str], shown: set[int]) -> list[Step]:
        """A step per reason of ``score`` events the view's steps leave out (the palace):
        of a reason no step names (``covered``), and not an event a step shows itself
        (``shown``). Aztlán's steps show each seat's age scoring domain by domain, named
        for what they are, not for the event's reason ("age"): the whole age was then
        counted again as an "Age" step, and the totals rose to twice the points."""
        n = self.session.game.players
        bonus: dict[str, list[Event]] = {}
        for e in self.events:
            if e.kind != "score" or id(e) in shown or not e.points:
                continue  # (a step of nothing but "+0" only keeps the room waiting)
            reason = str(e.data.get("reason", "") or "bonus")
            if reason not in covered:
                bonus.setdefault(reason, []).append(e)
        steps: list[Step] = []
        for reason, evs in bonus.items():
            gains = [0] * n
            rows: list[Row] = []
            for e in evs:
                if e.seat is not None and 0 <= e.seat < n:
                    gains[e.seat] += e.points
                    rows.append({"owner": e.seat, "detail": "", "place": None,
                                 "points": e.points})
            title = REASON_TITLES.get(reason, reason.replace("_", " ").capitalize())
            steps.append({"title": title, "rows": rows, "gains": gains, "lines": [],
                          "subtitle": "", "raw": {"title": title, "event": evs[0], "kind": reason}})
        return steps

    def _show(self, index: int) -> None:
        self.index = index
        self.step_t = 0.0
        if self.view is not None:
            self.view.highlight(self.steps[index]["raw"])
        if self.app is not None and any(self.steps[index]["gains"]):
            self.app.play_sound("score")
            colours = seat_colours(self.app, self.session, self.session.game.players)
            for seat, gain in enumerate(self.steps[index]["gains"]):
                if gain > 0 and seat < len(colours):
                    self.fx.burst(("total", seat), colours[seat], count=22, speed=240,
                                  life=0.8, ring=70)

    @property
    def finished(self) -> bool:
        return self.index == len(self.steps) - 1 and self.step_t >= COUNT_SECONDS

    def close(self) -> None:
        assert self.app is not None
        if self.view is not None:
            self.view.highlight(None)
        if self.app.stack.top is self:
            self.app.stack.pop()

    # -- input and time ----------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if intent.kind in ("confirm", "click"):
            if self.finished:
                self.close()
            elif self.index < len(self.steps) - 1:
                self._show(self.index + 1)
            else:
                self.step_t = COUNT_SECONDS  # finish counting the last step
        elif intent.kind == "back":
            if self.finished:
                self.close()
            else:
                if self.index != len(self.steps) - 1:
                    self._show(len(self.steps) - 1)
                self.step_t = COUNT_SECONDS

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fx.update(dt)
        if self.view is not None:  # the board beneath goes on moving: its words rise
            self.view.update(dt)   # and fade, its bursts end, as the overlay is read
        self.step_t += dt
        if self.step_t >= STEP_SECONDS and self.index < len(self.steps) - 1:
            self._show(self.index + 1)

    def status(self) -> str:
        """What the play screen's status line says while the overlay shows: its step."""
        if not self.steps:
            return self.title
        step = self.steps[self.index]
        return say(_("Scoring {number} of {total}: {step}", number=self.index + 1,
                     total=len(self.steps), step=step["title"]))

    # -- drawing -----------------------------------------------------------------------
    def shown_scores(self) -> list[float]:
        """Scores as displayed now: earlier steps done, the current one counting up."""
        n = len(self.baseline)
        out = [float(v) for v in self.baseline]
        for step in self.steps[:self.index]:
            for i in range(n):
                out[i] += step["gains"][i]
        k = min(1.0, self.step_t / COUNT_SECONDS)
        if self.steps:
            for i in range(n):
                out[i] += self.steps[self.index]["gains"][i] * k
        return out

    def draw(self, screen: Screen) -> None:
        paint_all(self._frame(screen))

    def parts(self, screen: Screen) -> list[Part] | None:
        """The overlay as parts: the wall over the right column and its panel over it
        (hiding what the column holds: the seat cards counting up there and the side
        panel damage nothing, and are never painted while it shows), the step's count,
        title and rows, each row's "+N" while it pops, each seat's total and number, the
        bursts over them (their bounds), "Press Enter" while it pulses, and the shortcut
        bar; each keyed by what decides its pixels, so a frame repaints what moves. The
        scene beneath hands over its own parts (a board view that cannot say paints whole
        frames)."""
        return self._frame(screen)

    def _frame(self, screen: Screen) -> list[Part]:
        """The overlay's painting in order, as parts (``draw`` paints them all)."""
        assert self.app is not None
        colours = seat_colours(self.app, self.session, self.session.game.players)
        x, y, w, h = panel(screen)
        x += (1 - ease_out(self.t / 0.35)) * 700  # slides in from the right
        at = x  # where it stands, in the keys (each text is placed from it)
        step = self.steps[self.index]
        players = len(self.session.names)
        row_h = min(62.0, 320.0 / max(1, players))
        ty = y + h - 80 - row_h * players
        lines = screen.memo(("scoring step", step["title"], step["subtitle"], w), lambda: (
            # three lines before a cut: a longer language's title has the room below
            fit_lines(screen, step["title"], theme.FONT_BODY, w - 40, lines=3),
            fit_lines(screen, step["subtitle"], theme.FONT_BODY, w - 40)
            if step["subtitle"] else []))
        told = len(lines[0]) + len(lines[1])
        pop = ease_out(self.step_t / 0.3)
        # the wall over the right column from the first frame on, the panel sliding in over
        # it: the seat cards and the side panel beneath are hidden whole, so their changes
        # (the cards counting up, an action's repaint) and the slide repaint none of them
        side = (PANEL[0] - CURTAIN, 0.0, 1920 - PANEL[0] + CURTAIN,
                STATUS_AREA[1] + screen.extra)
        out = [piece(screen, "curtain", side, "wall", partial(_draw_wall, area=side), reach=0,
                     opaque=side)]
        # (its shadow reaches 2 units past its dark edge: within the wall laid under it)
        out += [piece(screen, "panel", (x - 8, y - 8, w + 16, h + 16), (at, self.title, ty),
                     partial(self._draw_panel, x=x, ty=ty), reach=2,
                     opaque=(x + 8, y + 8, w - 16, h - 16)),
               piece(screen, "count", (x, y + 84, w, 40), (at, self.index),
                     partial(self._draw_count, x=x + w / 2, y=y + 84)),
               piece(screen, "title", (x, y + 122, w, 46 * told + 14),
                     (at, self.index, mix(theme.ACCENT, theme.TEXT, pop)),
                     partial(self._draw_title, lines=lines, x=x, top=y + 16, w=w, pop=pop))]
        out += self._rows(screen, step, (x, y + 136 + 46 * told, w, ty - 50), colours,
                          pop, at)
        out += self._totals(screen, x, ty, w, row_h, colours, at)
        if self.finished:
            size = theme.readable(theme.FONT_BODY * (0.95 + 0.05 * pulse(self.t, 5)))
            out.append(piece(screen, "continue", (x, y + h - 140, w, 130), (at, size),
                             partial(self._draw_continue, x=x, y=y, w=w, h=h, size=size)))
        # what the panel holds stays inside its opaque pixels, and so do its parts: a
        # frame repainting them never reaches what the panel hides (the side panel under
        # it, a sliver of which would be worked out whole)
        inner = out[1].opaque
        assert inner is not None
        out[2:] = [Part(p.place, p.rect.clip(inner), p.key, p.paint) for p in out[2:]]
        bursts = self.fx.bounds(screen, self._anchor(x, w, ty, row_h))
        if bursts is not None:  # the bursts too: they fly within the panel
            out.append(Part("bursts", bursts.clip(inner), None, partial(
                self._draw_bursts, screen, self._anchor(x, w, ty, row_h), inner)))
        out.append(footer(screen, self.shortcuts))
        return out

    def _draw_bursts(self, screen: Screen, where: Callable[[Any], tuple[float, float]],
                     inside: pygame.Rect) -> None:
        """The bursts over the totals, within the panel (``inside``, pixels)."""
        surface = screen.surface
        clip = surface.get_clip()
        surface.set_clip(clip.clip(inside))
        try:
            self.fx.draw(screen, where)
        finally:
            surface.set_clip(clip)

    @staticmethod
    def _anchor(x: float, w: float, ty: float,
                row_h: float) -> Callable[[Any], tuple[float, float]]:
        """Where a burst over a seat's total stands."""
        return lambda anchor: (x + w - 70, ty + anchor[1] * row_h + (row_h - 10) / 2)

    def _draw_panel(self, screen: Screen, x: float, ty: float) -> None:
        """The panel, its shadow, the scoring's title and the totals' heading."""
        _x, y, w, h = panel(screen)
        surface = screen.surface
        clip = surface.get_clip()
        try:  # the shadow but where the stone hides it: blending it there is waste
            for rim in around(clip, [screen.rect(x + 8, y + 8, w - 16, h - 16)]):
                surface.set_clip(rim)
                screen.box(x - 8, y - 8, w + 16, h + 16, (0, 0, 0, 150), radius=22)
        finally:
            surface.set_clip(clip)
        top = draw_panel(screen, x, y, w, h, border=theme.ACCENT)
        size = fit_size(screen, self.title, w - 40, theme.FONT_LARGE)  # "Die Wertung des Königs"
        screen.text(fit(screen, self.title, size, w - 40), x + w / 2, top + 10 + (
            theme.FONT_LARGE - size) / 2, size, theme.ACCENT, "midtop")
        screen.text(say(_("Scores")).upper(), x + 24, ty - 40, theme.FONT_SMALL, theme.ACCENT)

    @staticmethod
    def _draw_title(screen: Screen, lines: tuple[list[str], list[str]], x: float,
                    top: float, w: float, pop: float) -> None:
        """The step's title, flashing in (``pop``), and its rule (the Market: the king's
        multiplier), a longer language's on a second line."""
        glow = mix(theme.ACCENT, theme.TEXT, pop)
        title, rule = lines
        for i, line in enumerate(title):
            screen.text(line, x + w / 2, top + 106 + 46 * i, theme.FONT_BODY, glow, "midtop")
        for i, line in enumerate(rule, len(title)):
            screen.text(line, x + w / 2, top + 106 + 46 * i, theme.FONT_BODY, theme.ACCENT,
                        "midtop", role="score")

    def _draw_count(self, screen: Screen, x: float, y: float) -> None:
        screen.text(_("{number} of {total}", number=self.index + 1, total=len(self.steps)),
                    x, y, theme.FONT_SMALL, theme.TEXT_DIM, "midtop")

    def _draw_continue(self, screen: Screen, x: float, y: float, w: float, h: float,
                       size: float) -> None:
        lines = fit_lines(screen, _("Press Enter to continue"), size, w - 40)
        for i, line in enumerate(lines):  # a longer language's takes two lines, upward
            screen.text(line, x + w / 2, y + h - 40 - 44 * (len(lines) - 1 - i), size,
                        theme.ACCENT, "center")

    def _rows(self, screen: Screen, step: Step, area: tuple[float, float, float, float],
              colours: list[tuple[int, int, int]], pop: float, at: float) -> list[Part]:
        """The current step's rows (place, seat, levels, then the "+N" popping in), or its
        lines of text, as many as fit between ``area``'s top and its bottom edge."""
        x, ry, w, bottom = area
        fits = max(1, int((bottom - ry) // 74))
        # without places (a seat's points, not a district's ranking) the names move left
        placed = any(row["place"] is not None for row in step["rows"])
        name_x = NAME_X if placed else NAME_X - 60
        out: list[Part] = []
        size = theme.readable(theme.FONT_BODY * (POP - (POP - 1) * pop))
        for i, row in enumerate(step["rows"][:fits]):
            points = f"+{row['points']}"
            out += [piece(screen, ("row", i), (x + 20, ry, w - 40, 64), (at, self.index),
                          partial(self._draw_row, row=row, x=x, y=ry, w=w, name_x=name_x,
                                  colours=colours)),
                    piece(screen, ("points", i), (x + w - 200, ry, 164, 64),
                          (at, self.index, size),
                          partial(_say_score, text=points, x=x + w - 36, y=ry + 32,
                                  size=size, colour=theme.GOOD))]
            ry += 74
        if not step["rows"]:
            out.append(piece(screen, "lines", (x, ry, w, bottom - ry), (at, self.index),
                             partial(self._draw_lines, step=step, x=x, ry=ry, w=w,
                                     bottom=bottom)))
        return out

    def _draw_row(self, screen: Screen, row: Row, x: float, y: float, w: float,
                  name_x: float, colours: list[tuple[int, int, int]]) -> None:
        """A row's tile, place, seat and detail (its points are their own part)."""
        names = self.session.names
        owner = row["owner"]
        is_seat = isinstance(owner, int) and 0 <= owner < len(names)
        colour = colours[owner] if is_seat else theme.NEUTRAL_COLOUR
        name = names[owner] if is_seat else say(_("Neutral", context="seat"))
        frames.tile(screen, x + 20, y, w - 40, 64, theme.PANEL_LIGHT, radius=10, depth=3)
        place = row["place"]
        if place is not None:
            screen.text(ordinal(int(place)), x + 30, y + 32, theme.FONT_BODY,
                        theme.ACCENT, "midleft")
        if is_seat:
            draw_mark(screen, seat_mark(self.session, owner), x + name_x - 20, y + 32, 15,
                      colour)
        points = f"+{row['points']}"
        # the name whole first (a long one takes the detail's room), then the detail
        # in what is left: "5 × 7 (Ben 1)", else "5 × 7", else nothing
        end = x + w - 36 - screen.text_width(points, theme.readable(
            theme.FONT_BODY * POP)) - 14
        # a long name steps down a size or two before anything of it is cut
        size = fit_size(screen, name, end - (x + name_x), theme.FONT_BODY,
                        theme.FONT_SMALL + 4)
        label = fit(screen, name, size, end - (x + name_x))
        screen.text(label, x + name_x, y + 32, size, colour, "midleft")
        room = end - (x + name_x + screen.text_width(label, size) + 16)
        detail = str(row["detail"])
        if screen.text_width(detail, theme.FONT_SMALL) > room:
            detail = detail.split(" (")[0]
        if detail and screen.text_width(detail, theme.FONT_SMALL) <= room:
            screen.text(detail, end, y + 32, theme.FONT_SMALL, theme.TEXT_DIM, "midright")

    @staticmethod
    def _draw_lines(screen: Screen, step: Step, x: float, ry: float, w: float,
                    bottom: float) -> None:
        """A step without rows: its lines of text (or that nobody scores)."""
        for line in step["lines"] or [say(_("Nobody scores here"))]:
            for part in fit_lines(screen, line, theme.FONT_BODY, w - 60):
                if ry + 66 > bottom:
                    return
                screen.text(part, x + w / 2, ry + 20, theme.FONT_BODY, theme.TEXT_DIM,
                            "midtop")
                ry += 46
            ry += 8

    def _totals(self, screen: Screen, x: float, ty: float, w: float, row_h: float,
                colours: list[tuple[int, int, int]], at: float) -> list[Part]:
        """The running totals from ``ty`` down: each seat's row (its bar growing as it
        counts) and its number, a gaining seat's pulsing."""
        names = self.session.names
        shown = self.shown_scores()
        best = max(max(shown), 1.0) if shown else 1.0
        counting = self.step_t < COUNT_SECONDS
        out: list[Part] = []
        for seat, value in enumerate(shown):
            yy = ty + seat * row_h
            bh = row_h - 10
            bar = max(4.0, (w - 120) * max(0.0, value) / best)
            gaining = counting and self.steps[self.index]["gains"][seat] > 0
            size = theme.readable(theme.FONT_LARGE * (
                1.0 + (0.15 * pulse(self.t, 14) if gaining else 0)))
            number = str(round(value))
            out += [piece(screen, ("total", seat), (x + 20, yy, w - 40, bh),
                          (at, screen.rect(x + 80, yy + bh - 8, bar, 6).w),
                          partial(self._draw_total, seat=seat, x=x, yy=yy, w=w, bh=bh,
                                  bar=bar, colour=colours[seat], name=names[seat])),
                    piece(screen, ("score", seat), (x + w - 260, yy - 8, 224, bh + 16),
                          (at, number, size, gaining),
                          partial(_say_score, text=number, x=x + w - 36, y=yy + bh / 2,
                                  size=size, colour=theme.GOOD if gaining else theme.TEXT))]
        return out

    def _draw_total(self, screen: Screen, seat: int, x: float, yy: float, w: float,
                    bh: float, bar: float, colour: tuple[int, int, int], name: str) -> None:
        frames.tile(screen, x + 20, yy, w - 40, bh, theme.PANEL_LIGHT, radius=10, depth=3)
        screen.box(x + 80, yy + bh - 8, bar, 6, colour)
        screen.box(x + 20, yy, 48, bh, colour, radius=10)
        draw_mark(screen, seat_mark(self.session, seat), x + 44, yy + bh / 2,
                  min(16, bh * 0.3), INK)
        screen.text(fit(screen, name, theme.FONT_BODY, w - 260), x + 84, yy + bh / 2,
                    theme.FONT_BODY, theme.TEXT, "midleft")


def _draw_wall(screen: Screen, area: tuple[float, float, float, float]) -> None:
    """The screens' wall within ``area`` (logical units) only."""
    surface = screen.surface
    clip = surface.get_clip()
    surface.set_clip(clip.clip(screen.rect(*area)))
    try:
        scenery.wall(screen)
    finally:
        surface.set_clip(clip)


def _say_score(screen: Screen, text: str, x: float, y: float, size: float,
               colour: tuple[int, int, int]) -> None:
    """Points or a total, right-aligned at (``x``, ``y``)."""
    screen.text(text, x, y, size, colour, "midright", role="score")
