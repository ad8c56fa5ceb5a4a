"""The end of a game: ranking, winners, where the points came from, what next."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from game.errors import AztecArcadeError
from game.ui import theme
from game.ui.boardview import BoardView
from game.ui.cues import GameSounds
from game.ui.lastsetup import Setup
from game.ui.messages import one_line
from game.ui.scenes.common import (
    MenuScene,
    random_seed,
    replay_history,
    seat_colours,
    seat_mark,
)
from game.ui.screen import draw_mark
from game.ui.widgets import (
    INK,
    Menu,
    MenuItem,
    draw_backdrop,
    draw_footer,
    draw_header,
    draw_panel,
    ease_out,
    fit,
    pulse,
)
from game.words import plural

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen
    from game.ui.session import Session

KNOWN_REASONS = ("founding", "presence", "district", "district1", "district2", "palace")
#: seconds of the winner moment (the fanfare over ducked music)
WINNER_MOMENT = 3.0
REASON_LABELS = {"founding": "Founding", "presence": "Presence", "district": "Districts",
                 "district1": "Districts I", "district2": "Districts II",
                 "palace": "Palace", "other": "Other"}


def reason_of(data: dict[str, Any]) -> str:
    """The column a score event's points go to: its ``reason``, and for districts the
    period they were scored in ("district1"), so each scoring has its own column."""
    reason = str(data.get("reason") or "other")
    period = data.get("period")
    if reason == "district" and isinstance(period, int) and not isinstance(period, bool):
        return f"district{period}"
    return reason


def score_breakdown(session: Session) -> dict[int, dict[str, int]]:
    """Points per seat per reason, from the session's events.

    A game loaded from a save has no events for its earlier actions; they are
    recovered by replaying the log from the start (the engine is deterministic).
    """
    game = session.game
    events_lists: list[list[Any]] = [events for _seat, _a, events in session.history]
    if len(session.history) < len(game.log):
        replayed = replay_history(game)
        if replayed is not None:
            events_lists = [events for _seat, _a, events in replayed]
    out: dict[int, dict[str, int]] = {seat: {} for seat in range(game.players)}
    for events in events_lists:
        for e in events:
            if e.kind != "score" or e.seat is None or e.seat not in out or not e.points:
                continue
            reason = reason_of(e.data or {})
            out[e.seat][reason] = out[e.seat].get(reason, 0) + e.points
    scores = game.scores
    for seat, parts in out.items():
        missing = scores[seat] - sum(parts.values())
        if missing:
            parts["other"] = parts.get("other", 0) + missing
    return out


def tie_break_values(game: Any) -> list[int] | None:
    """AP tokens per seat, when the variant has them (Mexica's tie-break)."""
    try:
        data = game.view(None).get("ap_tokens")
    except Exception:  # noqa: BLE001
        return None
    if isinstance(data, list) and len(data) == game.players and all(
            isinstance(v, int) for v in data):
        return list(data)
    return None


def view_table(app: App, session: Session) -> dict[str, Any] | None:
    """The board view's optional score table (``BoardView.results_table``), or None. The
    view is plugin code behind the guard: if it raises, the failure unwinds to the App."""
    factory = getattr(app, "views", {}).get(session.game.rules.engine_id)
    if factory is None or (isinstance(factory, type) and (
            not issubclass(factory, BoardView)
            or factory.results_table is BoardView.results_table)):
        return None
    view = app.make_view(session)
    table = view.results_table() if view is not None else None
    if not isinstance(table, dict) or not isinstance(table.get("rows"), list):
        return None
    return table


def draw_table(screen: Screen, table: dict[str, Any], x: float, y: float, w: float,
               colours: list[tuple[int, int, int]], session: Session) -> None:
    """A view's score table: headers, then rows of string cells (seat rows marked)."""
    headers = [str(h) for h in table.get("headers") or []]
    rows = [[str(c) for c in row] for row in table["rows"] if isinstance(row, list)]
    seats = table.get("seats") or []
    ncols = max([len(headers)] + [len(r) for r in rows] + [1])
    row_h = 44.0
    note = str(table.get("note") or "")
    h = 70 + row_h * (len(rows) + 1) + (40 if note else 10)
    draw_panel(screen, x, y, w, h, str(table.get("title") or "Scores"))
    first = w * 0.26
    col_w = (w - first - 40) / max(1, ncols - 1)
    ty = y + 66
    for i, head in enumerate(headers[:ncols]):
        cx = x + 20 + (first if i else 0) + col_w * (i - 1 if i else 0)
        screen.text(head, cx + (col_w / 2 if i else 10), ty + row_h / 2, theme.FONT_SMALL,
                    theme.TEXT_DIM, "center" if i else "midleft")
    for r, row in enumerate(rows):
        ry = ty + row_h * (r + 1)
        if r % 2 == 0:
            screen.box(x + 16, ry, w - 32, row_h, theme.PANEL_LIGHT, radius=8)
        seat = seats[r] if r < len(seats) else None
        label_x = x + 30
        if isinstance(seat, int) and 0 <= seat < len(colours):
            draw_mark(screen, seat_mark(session, seat), x + 40, ry + row_h / 2, 12,
                      colours[seat])
            label_x = x + 62
        for i, cell in enumerate(row[:ncols]):
            if i == 0:
                screen.text(fit(screen, cell, theme.FONT_BODY, first - 50), label_x,
                            ry + row_h / 2, theme.FONT_BODY, theme.TEXT, "midleft")
            else:
                cx = x + 20 + first + col_w * (i - 1) + col_w / 2
                screen.text(cell, cx, ry + row_h / 2, theme.FONT_BODY, theme.TEXT, "center")
    if note:
        screen.text(fit(screen, note, theme.FONT_SMALL, w - 40), x + 20,
                    ty + row_h * (len(rows) + 1) + 8, theme.FONT_SMALL, theme.ACCENT)


class ResultsScene(MenuScene):
    backdrop = True
    shortcuts = (("Up/Down", "Choose"), ("Enter", "Select"), ("Esc", "Title"))

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.error = ""
        self.saved_as = ""
        self.table: dict[str, Any] | None = None  # the board view's, set on enter
        game = session.game
        self.track = GameSounds.for_game(game).music
        self.scores = game.scores
        self.winners = game.winners
        self.tokens = tie_break_values(game)
        n = game.players
        def rank_key(seat: int) -> tuple[int, int]:
            return (-self.scores[seat], -(self.tokens[seat] if self.tokens else 0))

        self.order = sorted(range(n), key=lambda s: (rank_key(s), s))
        self.places = {seat: 1 + sum(1 for o in range(n) if rank_key(o) < rank_key(seat))
                       for seat in range(n)}
        self.breakdown = score_breakdown(session)
        present = {r for parts in self.breakdown.values() for r in parts}
        self.reasons = [r for r in KNOWN_REASONS if r in present] + sorted(
            present - set(KNOWN_REASONS))
        top = max(self.scores) if self.scores else 0
        tied = [s for s in range(n) if self.scores[s] == top]
        teams = game.rules.teams
        #: the winners are one partnership (they win together, not by a tie)
        self.team_win = any(set(self.winners) == set(t) for t in teams if len(t) > 1)
        if self.team_win:
            self.tie_note = ""
        elif len(self.winners) > 1:
            self.tie_note = "Shared win: tied on points" + (
                " and AP tokens" if self.tokens else "")
        elif len(tied) > 1 and self.tokens:
            self.tie_note = f"Tied on {plural(top, 'point')}: decided by AP tokens left"
        else:
            self.tie_note = ""
        self.menu = Menu([
            MenuItem("Play again", self.play_again, detail="Same players, new seed"),
            MenuItem("Save replay", self.save_replay),
            MenuItem("Title", self.to_title),
        ], 1380, 640, 500, item_h=92)

    def enter(self, app: App) -> None:
        super().enter(app)
        self.table = view_table(app, self.session)
        app.play_sound("winner")

    def music(self) -> str:
        return self.track

    def ducks_music(self) -> bool:
        return self.t < WINNER_MOMENT

    # -- actions ---------------------------------------------------------------------
    def play_again(self) -> None:
        assert self.app is not None
        try:  # the same seats, each played as before (a computer stays a computer)
            session = Setup.of(self.session).session(self.app, random_seed())
        except AztecArcadeError as exc:
            self.error = one_line(exc)
            self.app.play_sound("error")
            return
        session.controllers = dict(self.session.controllers)
        self.app.stack.replace("play", session)

    def save_replay(self) -> None:
        assert self.app is not None
        game = self.session.game
        name = f"Replay {game.spec.name} {time.strftime('%Y-%m-%d %H-%M-%S')}"
        try:
            path = self.app.saves.write(name, game, self.session.names, self.session.meta())
        except (OSError, AztecArcadeError, ValueError) as exc:
            self.error = f"Could not save the replay: {one_line(exc)}"
            self.app.play_sound("error")
            return
        self.saved_as = path.stem
        self.app.toast(f"Replay saved as '{path.stem}'")
        item = self.menu.items[1]
        item.enabled = False
        item.detail = ""
        item.error = f"Saved as '{path.stem}'"
        self.menu.set_items(self.menu.items)

    def to_title(self) -> None:
        assert self.app is not None
        self.app.stack.clear_to("title")

    def back(self) -> None:
        """There is no game to go back to: Esc leaves for the title."""
        self.to_title()

    # -- drawing ---------------------------------------------------------------------
    def draw(self, screen: Screen) -> None:
        assert self.app is not None
        draw_backdrop(screen, self.t)
        game = self.session.game
        colours = seat_colours(self.app, self.session, game.players)
        draw_header(screen, self._headline(), self.t, f"{game.spec.name} · seed {game.seed} · "
                    f"{plural(len(game.log), 'action')}")
        if self.tie_note:
            screen.text(self.tie_note, 1860, 140, theme.FONT_BODY, theme.ACCENT, "topright")
        x, y, w = 40.0, 190.0, 1300.0
        n = len(self.order)
        row_h = min(150.0, (300.0 if self.table else 560.0) / max(1, n))
        self._draw_ranking(screen, (x, y, w, row_h), colours)
        if self.table:
            draw_table(screen, self.table, x, y + 70 + n * (row_h + 10) + 36, w, colours,
                       self.session)
        self._draw_hints(screen, colours)
        self.menu.draw(screen)
        if self.error:
            screen.text(self.error, 1380, 960, theme.FONT_SMALL, theme.DANGER, wrap=500)
        draw_footer(screen, self.shortcuts)

    def _draw_hints(self, screen: Screen, colours: list[tuple[int, int, int]]) -> None:
        """How many hints (the H key) each player took, beside the ranking."""
        hints = self.session.hints
        n = min(len(hints), len(self.session.names))
        x, y, w = 1380.0, 190.0, 500.0
        top = draw_panel(screen, x, y, w, 70 + 44 * n, "Hints taken")
        for seat in range(n):
            ry = top + 4 + 44 * seat
            screen.box(x + 24, ry + 6, 28, 28, colours[seat], radius=6)
            draw_mark(screen, seat_mark(self.session, seat), x + 38, ry + 20, 9, INK)
            screen.text(fit(screen, self.session.names[seat], theme.FONT_SMALL, 300),
                        x + 66, ry + 20, theme.FONT_SMALL, theme.TEXT, "midleft")
            count = hints[seat]
            screen.text("none" if not count else f"{count} hint{'s' if count != 1 else ''}",
                        x + w - 24, ry + 20, theme.FONT_SMALL,
                        theme.TEXT_DIM if not count else theme.ACCENT, "midright")

    def _headline(self) -> str:
        names = self.session.names
        winners = self.winners
        if len(winners) == 1:
            return self.session.say("{0} wins!", winners[0])
        if winners and self.team_win:
            return " and ".join(names[w] for w in winners) + " win together!"
        if winners:
            return " and ".join(names[w] for w in winners) + " share the win!"
        return "Game over"

    def _draw_ranking(self, screen: Screen, frame: tuple[float, float, float, float],
                      colours: list[tuple[int, int, int]]) -> None:
        """The final ranking: place, seat, points by reason (unless the view's table has
        them), AP tokens for the tie-break, total; rows slide in one after another."""
        x, y, w, row_h = frame
        names = self.session.names
        draw_panel(screen, x, y, w, 70 + len(self.order) * (row_h + 10) + 20, "Final ranking")
        cols = [] if self.table else self.reasons  # the view's table has the breakdown
        # AP tokens are no points: the column says it only breaks a tie
        heads = [REASON_LABELS.get(r, r.capitalize()) for r in cols] + (
            ["Tie-break"] if self.tokens else [])
        # a column as wide as its heading (and never narrower than a score)
        col_w = max([130.0] + [screen.text_width(h, theme.FONT_SMALL) + 24 for h in heads])
        cx0 = x + w - 40 - col_w * len(heads) - 150
        for i, head in enumerate(heads):
            screen.text(head, cx0 + col_w * i + col_w / 2, y + 20, theme.FONT_SMALL,
                        theme.TEXT_DIM, "midtop")
        screen.text("Total", x + w - 40, y + 20, theme.FONT_SMALL, theme.TEXT_DIM, "topright")
        for rank, seat in enumerate(self.order):
            appear = ease_out((self.t - 0.2 - rank * 0.15) / 0.4)
            ry = y + 70 + rank * (row_h + 10)
            rx = x + 20 - (1 - appear) * 900
            winner = seat in self.winners
            screen.box(rx, ry, w - 40, row_h, theme.PANEL_LIGHT, radius=14)
            if winner:
                grow = 3 * pulse(self.t, 4)
                screen.box(rx - grow, ry - grow, w - 40 + 2 * grow, row_h + 2 * grow,
                           theme.ACCENT, radius=16, width=5)
            mid = ry + row_h / 2
            screen.text(str(self.places[seat]), rx + 30, mid,
                        theme.readable(theme.FONT_LARGE * 1.2),
                        theme.ACCENT if winner else theme.TEXT, "midleft")
            chip = min(60.0, row_h - 12)
            screen.box(rx + 100, mid - chip / 2, chip, chip, colours[seat], radius=10)
            draw_mark(screen, seat_mark(self.session, seat), rx + 130, mid, 20, INK)
            room = cx0 - rx - 200
            label = names[seat] + ("  WINNER" if winner else "")
            if screen.text_width(label, theme.FONT_LARGE) > room:
                label = names[seat]  # the gold frame and the title already name the winner
            screen.text(fit(screen, label, theme.FONT_LARGE, room), rx + 180, mid,
                        theme.FONT_LARGE, theme.TEXT, "midleft")
            parts = self.breakdown.get(seat, {})
            cells = [str(parts.get(r, 0)) for r in cols] + (
                [f"{self.tokens[seat]} AP"] if self.tokens else [])
            shift = rx - (x + 20)
            for i, value in enumerate(cells):
                screen.text(value, shift + cx0 + col_w * i + col_w / 2, mid,
                            theme.FONT_BODY, theme.TEXT, "center")
            screen.text(str(self.scores[seat]), rx + w - 60, mid,
                        theme.readable(theme.FONT_LARGE * 1.3),
                        theme.TEXT, "midright", role="score")
