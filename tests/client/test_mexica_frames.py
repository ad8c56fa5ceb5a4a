"""What Mexica's frames cost in work, not in time (issue 37): a late board's big art is
painted once and then only blitted. A frame that paints a side panel's whole stone again
took 45-50 ms at 1080p: the hitch a player sees as a stutter after a move."""

from __future__ import annotations

import pygame

from game.kit.client.art.cache import ART
from game.kit.client.layout import panel_area
from game.ui import showcase


def test_the_side_panels_stone_is_cut_once_whatever_strips_of_it_frames_repaint(make_app):
    """After an action the side panel's contents change and frames painted in parts
    repaint it a strip at a time (the board's, the cards' and the log's rectangles cut
    across it): its stone is kept round its contents and within them, so its art is
    painted (or cut) once, never again for each strip a frame repaints (each cut painted
    the panel's whole stone when the cache no longer held it: 45-50 ms frames)."""
    app = make_app(size=(1920, 1080))
    play, _following = showcase.late_board(app, players=4, seed=7, spare=60)
    view, screen = play.view, app.screen
    area = panel_area(play.game.players, 0, play.wide)
    surface = screen.surface
    whole = screen.rect(*area)
    top = pygame.Rect(whole.x, whole.y, whole.w, whole.h // 2)
    strips = [pygame.Rect(top.x, top.y + dy, top.w, 20) for dy in range(0, top.h - 20, 37)]
    renders = None
    for change in range(3):
        view.panel_pops[change] = (f"+{change + 1}", 0.0)  # the contents change
        for clip in (top, *strips):  # the change painted in the top half, then strips
            surface.set_clip(clip)
            try:
                view.draw_panel(screen, area)
            finally:
                surface.set_clip(None)
            if renders is None:  # the first paint may cut the stone's pieces
                renders = ART.renders
    assert ART.renders == renders, \
        f"the side panel's art was painted {ART.renders - renders} times more"
    assert app.failures == []


def test_a_change_on_the_side_panel_paints_again_only_the_band_it_changes(make_app,
                                                                          monkeypatch):
    """The panel's contents are kept in bands: picking another tool repaints the tools'
    rows, and the seats' rows (their hands, scores, AP tokens: most of the panel's words)
    are not painted again; the next seat's turn repaints them."""
    from variants.mexica.view import panel

    app = make_app(size=(1920, 1080))
    play, following = showcase.late_board(app, players=4, seed=7, spare=60)
    painted: list[str] = []
    for name in ("_head", "_tools", "_display", "_supply", "_players"):
        real = getattr(panel, name)
        monkeypatch.setattr(panel, name, lambda *a, _n=name, _r=real, **k: (
            painted.append(_n), _r(*a, **k))[1])
    showcase.key(app, pygame.K_TAB)
    showcase.frames(app, 4)  # (a repaint may wait a frame or three)
    assert "_tools" in painted
    assert "_players" not in painted and "_display" not in painted, painted
    painted.clear()
    seat = play.game.current_player
    while play.game.current_player == seat:
        play.apply(following.pop(0))
    showcase.frames(app, 4)
    assert "_players" in painted  # whose turn it is shows there
    assert app.failures == []


def test_hovers_with_the_found_tool_repaint_the_marks_near_the_cursor_not_the_district(
        make_app, monkeypatch):
    """With the Found tool in hand the district the token would found is outlined, and
    the ghost token follows the cursor: a hover paints the preview's layers again only
    round the cursor, never over the district's box as well (it reached across the
    board from wherever the cursor was: 3-5 ms a hover at 1080p)."""
    from tests.client.test_mexica_damage import point
    from variants.mexica.view import frame

    app = make_app(size=(1920, 1080))
    play, _following = showcase.late_board(app, players=4, seed=7, spare=60)
    view, board = play.view, play.game.rules.table.board
    while view.tool != "found":
        showcase.key(app, pygame.K_TAB)
    showcase.frames(app, 2)
    assert any(not d["faint"] for d in view.preview.districts), "no district to found"
    rebuilt: list[int] = []
    real = frame._region
    monkeypatch.setattr(frame, "_region", lambda layer, below, screen, bounds: (
        rebuilt.append(round(bounds[2] * bounds[3])), real(layer, below, screen, bounds))[1])
    for cell in range(board.size):
        showcase.frames(app, 1, [point(app, cell)])
    cs = frame.vp.make_layout(play.board_area, board.width, board.height).cs
    assert len(rebuilt) >= board.size // 2
    # the ghost token's cell and what a ghost reaches round it; the district once
    most = sorted(rebuilt)[-2]
    assert most <= (3 * cs) ** 2, f"a hover repainted {most / cs ** 2:.0f} cells of layers"
    assert app.failures == []


def test_after_an_action_the_board_paints_again_only_the_pieces_it_changed(make_app,
                                                                           monkeypatch):
    """Actions on a late board (canals, bridges, temples, tokens, walks): the pieces'
    layer paints again only the pieces in the rectangles the action changed, not every
    piece on the board; and what it shows is what painting every piece shows
    (``PiecesLayer.verify``)."""
    from game.kit.client import PiecesLayer
    from variants.mexica.view import paint

    monkeypatch.setattr(PiecesLayer, "verify", True)
    app = make_app(size=(1920, 1080))
    play, following = showcase.late_board(app, players=4, seed=7, spare=60)
    stamped = []
    real = paint.stamp
    layer = play.view._pieces  # (not the whole painting VERIFY compares it with)
    monkeypatch.setattr(paint, "stamp", lambda scr, *a: (
        stamped.append(scr is layer.scr), real(scr, *a)))
    on_board = []
    for action in following[:16]:
        play.apply(action)
        showcase.frames(app, 3)
        on_board.append(len(paint.state_pieces(
            play.view._board_lay, play.game.rules, play.game.state, play.view.colours,
            play.view.marks, frozenset())))
    assert sum(stamped) < 0.2 * sum(on_board), \
        f"{sum(stamped)} pieces painted for {sum(on_board)} on the board after each action"
    assert app.failures == []


def test_the_district_to_found_is_painted_over_the_field_not_every_outline_again(
        make_app, monkeypatch):
    """With the Found tool in hand every district that may be founded is outlined faintly
    (the field) and the one the Pilli stands in strongly (the districts' layer, reaching
    over most of the board early on): the districts' layer starts from the field's, and
    paints none of the faint outlines again (it painted them all a second time: 1-2 ms
    of the Tab to the tool at 1080p); what it shows is what painting all of the preview
    there anew shows (``frame.VERIFY``)."""
    from game.kit.client import theme
    from tests.client.test_mexica_damage import point
    from variants.mexica.view import frame
    from variants.mexica.view import overlay as vo

    monkeypatch.setattr(frame, "VERIFY", True)
    app = make_app(size=(1920, 1080))
    play, _following = showcase.late_board(app, players=4, seed=7, spare=60)
    view, board = play.view, play.game.rules.table.board
    faint: list[bool] = []  # each faint outline: was it painted into the districts' layer
    real = vo.outline
    monkeypatch.setattr(vo, "outline", lambda scr, lay, cells, colour, width: (
        colour == theme.TEXT and faint.append(
            scr.surface.get_parent() is view._districts.backing),
        real(scr, lay, cells, colour, width))[1])
    closing: list[int] = []
    real_closing = vo.paint_closing
    monkeypatch.setattr(vo, "paint_closing", lambda scr, lay, districts: (
        closing.append(len(districts)), real_closing(scr, lay, districts))[1])
    while view.tool != "found":
        showcase.key(app, pygame.K_TAB)
    showcase.frames(app, 2)
    assert any(not d["faint"] for d in view.preview.districts), "no district to found"
    assert any(d["faint"] for d in view.preview.districts), "no district outlined faintly"
    for cell in range(0, board.size, 7):
        showcase.frames(app, 1, [point(app, cell)])
    assert faint and not any(faint), \
        f"{sum(faint)} of {len(faint)} faint outlines painted into the districts' layer"
    assert closing, "the districts' layer was never painted over the field's"
    assert app.failures == []


def test_the_preview_layers_surfaces_are_made_with_the_board_not_on_a_hover_or_tab(
        make_app):
    """The preview's layers (its field, the districts it closes, the marks near the
    cursor) each keep a surface as large as the board: made when the board is first
    shown, not in the first hover, Tab or action that needs one (a new surface of the
    board's size, its pages touched for the first time, cost 2-3 ms of such a frame)."""
    from tests.client.test_mexica_damage import point

    app = make_app(size=(1920, 1080))
    play, following = showcase.late_board(app, players=4, seed=7, spare=60)
    view, board = play.view, play.game.rules.table.board
    regions = (view._field, view._districts, view._near)
    made = [r.backing for r in regions]
    assert all(s is not None for s in made), "a preview layer has no surface yet"
    for n in range(8):  # every tool, hovers over the board, actions
        showcase.key(app, pygame.K_TAB)
        for cell in range(n, board.size, 11):
            showcase.frames(app, 1, [point(app, cell)])
        play.apply(following.pop(0))
        showcase.frames(app, 3)
    assert all(r.backing is s for r, s in zip(regions, made, strict=True)), \
        "a preview layer's surface was made again"
    assert app.failures == []


def test_the_marks_near_the_cursor_are_painted_over_the_layers_beneath_them(
        make_app, monkeypatch):
    """Every tool in turn, the cursor over the board: the way and the ghost near the
    cursor are painted over copies of the field's and the districts' layers, without
    painting again an outline reaching under the cursor (the temple tool outlines a
    district of a hundred spaces: 1-1.5 ms a hover at 1080p) or the spaces a tool
    reaches; what they show is what painting all of the preview there anew shows
    (``frame.VERIFY``)."""
    from tests.client.test_mexica_damage import point
    from variants.mexica.view import frame
    from variants.mexica.view import overlay as vo

    monkeypatch.setattr(frame, "VERIFY", True)
    app = make_app(size=(1920, 1080))
    play, _following = showcase.late_board(app, players=4, seed=7, spare=60)
    view, board = play.view, play.game.rules.table.board
    outlined: list[bool] = []  # each outline: was it painted into the near layer
    real = vo.outline
    monkeypatch.setattr(vo, "outline", lambda scr, *a: (
        outlined.append(scr.surface.get_parent() is view._near.backing), real(scr, *a))[1])
    near: list[str] = []
    real_near = vo.paint_near
    monkeypatch.setattr(vo, "paint_near", lambda scr, lay, rules, state, p, *a: (
        near.append(view.tool), real_near(scr, lay, rules, state, p, *a))[1])
    tools = set()
    for _ in range(8):
        showcase.key(app, pygame.K_TAB)
        tools.add(view.tool)
        for cell in range(0, board.size, 5):
            showcase.frames(app, 1, [point(app, cell)])
    assert {"temple", "found", "canal", "bridge"} <= set(near), (tools, set(near))
    assert outlined and not any(outlined), \
        f"{sum(outlined)} of {len(outlined)} outlines painted into the near layer"
    assert app.failures == []


def test_after_an_action_the_field_paints_again_only_the_marks_and_pieces_it_changed(
        make_app, monkeypatch):
    """The temple tool in hand outlines faintly the districts a temple may go in (the
    field, a layer over the pieces; one reaches over a hundred spaces); actions on a late
    board change a few pieces and a few marks: the field's layer paints again only those
    rectangles, and draws only the runs of an outline reaching into them, not every
    run again (1.5 ms of the action's frame at 1080p); what it shows is what painting
    all of the field there anew shows (``frame.VERIFY``)."""
    from game.kit.client import Screen, theme
    from variants.mexica.view import frame
    from variants.mexica.view.layout import runs

    monkeypatch.setattr(frame, "VERIFY", True)
    app = make_app(size=(1920, 1080))
    play, following = showcase.late_board(app, players=4, seed=7, spare=60)
    view = play.view
    while view.tool != "temple":
        showcase.key(app, pygame.K_TAB)
    showcase.frames(app, 2)
    drawn: list[int] = []  # boxes of the outlines' colour drawn into the field's layer
    real = Screen.box
    monkeypatch.setattr(Screen, "box", lambda scr, *a, **k: (
        scr.surface.get_parent() is view._field.backing and a[4] == theme.TEXT
        and drawn.append(1), real(scr, *a, **k))[1])
    shown = 0  # the runs of the faint outlines the field shows after each action
    for action in following[:12]:
        play.apply(action)
        showcase.frames(app, 3)
        if view.tool == "temple":
            shown += sum(len(runs(view._board_lay, d["cells"]))
                         for d in view.preview.districts if d["faint"])
    assert shown > 200, f"only {shown} runs outlined: no field to keep"
    assert len(drawn) < 0.2 * shown, \
        f"{len(drawn)} runs drawn into the field for {shown} shown after each action"
    assert app.failures == []


def test_the_district_to_found_is_painted_again_only_where_an_action_changed_it(
        make_app, monkeypatch):
    """With the Found tool in hand the district the Pilli stands in is outlined over much
    of the board; an action elsewhere (a temple, a bridge moved) changes a few pieces
    under it. Its layer is then painted again only there, and its part says so: the
    action's frame repaints those few rectangles of the district's bounds, not all of
    them (after every such action it was painted, and presented, whole). Every frame is
    what a whole repaint shows, and the layer what painting all of it anew shows
    (``frame.VERIFY``)."""
    from tests.client.test_mexica_damage import Frames
    from variants.mexica.view import frame
    from variants.mexica.view.paint import state_key

    monkeypatch.setattr(frame, "VERIFY", True)
    app = make_app(size=(1920, 1080))
    play, following = showcase.late_board(app, players=4, seed=7, spare=60)
    view = play.view
    check = Frames(app)
    while view.tool != "found":
        check([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")])
    check()

    def district() -> pygame.Rect | None:
        parts = {p.place: p for p in view.board_parts(app.screen, play.board_area)}
        return app.screen.rect(*parts["districts"].area) if "districts" in parts else None

    shares = []
    for action in following[:30]:
        before, bounds = state_key(play.game.state), district()
        play.apply(action)
        check()  # the action's frame
        if bounds is not None and bounds == district() and \
                state_key(play.game.state) != before and check.painted is not None:
            inside = sum(r.clip(bounds).w * r.clip(bounds).h for r in check.painted)
            shares.append(inside / (bounds.w * bounds.h))
        for _ in range(3):  # those the panel and the log wait for
            check()
    assert len(shares) >= 3, "too few actions changed pieces under the district"
    assert max(shares) < 0.5, [f"{share:.0%}" for share in shares]
    assert app.failures == []


def test_an_outline_is_one_box_per_straight_side_squarely_joined() -> None:
    """An L of three spaces has six sides, each one straight run however many spaces it
    borders; painted, every pixel of its border is the outline's colour (the corners
    squared, no gap where two spaces' edges meet) and the spaces inside are untouched."""
    from game.kit.client import Screen
    from variants.mexica.view.layout import Layout, outline, runs

    lay = Layout(100.0, 100.0, 50.0, cols=4, rows=4)
    cells = {0, 1, 4}  # two along the top row, one below the first
    assert sorted(runs(lay, cells)) == [
        (0, 0, 0, 2), (0, 1, 1, 2), (0, 2, 0, 1),  # vertical lines x = 0, 1, 2
        (1, 0, 0, 2), (1, 1, 1, 2), (1, 2, 0, 1)]  # horizontal lines y = 0, 1, 2
    screen = Screen(pygame.Surface((1920, 1080)))
    screen.surface.fill((0, 0, 0))
    outline(screen, lay, cells, (255, 0, 0), 4.0)
    s = screen.surface
    for x, y in ((100, 100), (150, 150), (200, 150), (150, 200), (100, 200), (200, 100),
                 (125, 100), (175, 100), (100, 175), (175, 150), (150, 175), (125, 200)):
        px = screen.px(x, y)
        assert s.get_at(px)[:3] == (255, 0, 0), f"no outline at {(x, y)}"
    for x, y in ((125, 125), (175, 125), (125, 175), (175, 175)):  # inside, and outside
        assert s.get_at(screen.px(x, y))[:3] == (0, 0, 0), f"paint at {(x, y)}"
