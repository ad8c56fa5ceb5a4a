"""The rules help: each game's player aid, as pages a group reads from a sofa.

Every installed variant has pages of its own beyond the controls, drawn with its own
pieces; every page, at every window size, keeps to the text floor, cuts nothing and
lays no text over another; the pages turn with the keys, the wheel, the controller and
the mouse. A game whose rules give only the older text aid (or whose view draws no
pictures) still gets pages.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.api import list_variants, new_game
from game.i18n import Text, say
from game.kit.client import theme
from game.kit.client.aid import pages_of
from game.kit.client.screen import Screen
from game.ui.scenes.help import HelpScene, controls_page
from game.ui.shell import laid_out

from .conftest import Driver, StubView

VARIANTS = [v["id"] for v in list_variants()]
#: the games of the issue at every size; the YAML-only variants at the two main ones
SIZES = ((1920, 1080), (1280, 720), (1280, 800))
MAIN = ("mexica", "mexica-2p-neutral", "tlatelolco-market", "aztlan", "aztlan-2p")


def spec_of(variant: str) -> dict[str, Any]:
    return next(v for v in list_variants() if v["id"] == variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_has_pages_of_its_own(variant):
    spec = spec_of(variant)
    for players in range(spec["min_players"], spec["max_players"] + 1):
        game = new_game(variant, players, seed=1)
        scene = HelpScene.for_game(game)
        own = [p for p in scene.pages if p != controls_page()]
        assert len(own) >= 3, f"{variant} with {players} players: {len(own)} pages"
        assert scene.pages[-1] == controls_page()
        assert any(p.figure for p in own), f"{variant} draws no picture"
        assert any(g.rows for p in own for g in p.groups), f"{variant} lists no actions"


def test_the_aids_use_the_variants_numbers():
    festival = HelpScene.for_game(new_game("mexica-festival", 2))
    turn = festival.pages[0]
    assert any("8 action points" in t for t in turn.text)
    assert turn.figure is not None and turn.figure["ap"] == 8
    assert [s["left"] for s in turn.figure["steps"]] == [7, 6, 5, 4, 3, 2]
    costs = {r.label: r.cost for g in festival.pages[1].groups for r in g.rows}
    assert costs["Teleport"] == "5 AP" and costs["Temple"] == "1–4 AP"
    costs = dict(new_game("mexica", 2).rules.params["costs"], teleport=3)
    cheap = HelpScene.for_game(new_game("mexica", 2, options={"costs": costs}))
    assert {r.label: r.cost for g in cheap.pages[1].groups for r in g.rows}["Teleport"] == \
        "3 AP"
    market = HelpScene.for_game(new_game("tlatelolco-market", 4))
    assert any("partners" in t for p in market.pages for t in p.text)
    two = HelpScene.for_game(new_game("tlatelolco-market", 2))
    assert not any("partner holding" in t for p in two.pages for t in p.text)
    gods = HelpScene.for_game(new_game("aztlan-2p", 2))
    assert any(p.title.startswith("Aztec Gods") for p in gods.pages)
    assert not any(p.title.startswith("Aztec Gods")
                   for p in HelpScene.for_game(new_game("aztlan", 3)).pages)


# -- drawing every page ----------------------------------------------------------------
class Seen:
    """Every text a frame draws onto the window (where, how big) and every line cut to
    fit; the figures the view was asked to draw."""

    def __init__(self, window: pygame.Surface) -> None:
        self.window = window
        self.texts: list[tuple[str, float, pygame.Rect]] = []
        self.cuts: list[str] = []

    def drawn(self, text: str, size: float, role: str) -> None:
        if size < theme.FONT_SMALL:
            self.texts.append((f"TOO SMALL {size}: {text}", size, pygame.Rect(0, 0, 0, 0)))

    def cut(self, text: str, size: float, width: float, screen: Screen) -> None:
        self.cuts.append(text)


@contextmanager
def seen_texts(app: Any) -> Iterator[Seen]:
    seen = Seen(app.screen.surface)
    draw = Screen.text

    def text(self: Screen, text: Text, x: float, y: float, size: float = theme.FONT_BODY,
             *args: Any, **kwargs: Any) -> pygame.Rect:
        words = say(text)  # a message, as the screen draws it
        rect = draw(self, words, x, y, size, *args, **kwargs)
        shown = rect.clip(self.surface.get_clip())  # what a clip leaves of it is seen
        words = say(words)  # a message as the reader sees it
        if self.surface is seen.window and words.strip() and shown.w and shown.h:
            seen.texts.append((words, size, shown))
        return rect

    Screen.text = text  # type: ignore[method-assign]
    Screen.recorder = seen
    try:
        yield seen
    finally:
        Screen.text = draw  # type: ignore[method-assign]
        Screen.recorder = None


def overlaps(texts: list[tuple[str, float, pygame.Rect]]) -> list[tuple[str, str]]:
    """Pairs of different texts whose letters overlap (a glyph box's empty top and
    bottom left out; a text drawn twice for its shadow is one text)."""
    boxes = []
    for words, _size, rect in texts:
        trim = round(rect.h * 0.18)
        boxes.append((words, rect.inflate(-2, -2 * trim)))
    out = []
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            if a != b and ra.colliderect(rb):
                out.append((a, b))
    return out


def page_problems(ui: Driver, scene: HelpScene, page: int) -> list[str]:
    scene.go(page)
    with seen_texts(ui.app) as seen:
        scene.draw(laid_out(ui.app.screen, scene))  # the aid alone, not the screen under it
    small = [w for w, size, _ in seen.texts if size < theme.FONT_SMALL]
    screen = laid_out(ui.app.screen, scene)  # (its 1080 units, the bar on the bottom edge)
    panel = screen.rect(40, 22, 1840, 984).union(screen.foot().rect(0, 1016, 1920, 64))
    outside = [w for w, _, r in seen.texts if r.w and not panel.contains(r)]
    where = f"page {page + 1} '{scene.pages[page].title}'"
    return ([f"{where}: below the floor: {w}" for w in small]
            + [f"{where}: cut: {w}" for w in seen.cuts]
            + [f"{where}: outside the panel: {w}" for w in outside]
            + [f"{where}: '{a}' overlaps '{b}'" for a, b in overlaps(seen.texts)])


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_page_reads_from_the_sofa(make_app, variant, size):
    if size != SIZES[0] and variant not in MAIN:
        pytest.skip("the YAML-only variants draw the same pages as their base game")
    ui = Driver(make_app(size=size))
    spec = ui.app.registry.spec(variant)
    ui.app.stack.push("rules", spec)
    ui.frames(20)  # the panel has grown in
    scene = ui.top
    assert isinstance(scene, HelpScene) and scene.painter is not None
    drawn: list[str] = []
    painter = scene.painter
    scene.painter = lambda s, a, f: (drawn.append(str(f.get("kind"))), painter(s, a, f))[1]
    problems = []
    for page in range(len(scene.pages)):
        problems += page_problems(ui, scene, page)
    assert not problems, "\n".join(problems)
    figures = {str(p.figure["kind"]) for p in scene.pages if p.figure}
    assert figures <= set(drawn), f"not drawn: {figures - set(drawn)}"
    assert "icon" in drawn or "tile" in drawn  # the action tables show pictures


# -- turning the pages -----------------------------------------------------------------
def open_aid(ui: Driver, variant: str = "mexica") -> HelpScene:
    ui.app.stack.push("rules", ui.app.registry.spec(variant))
    ui.frames(2)
    scene = ui.top
    assert isinstance(scene, HelpScene)
    scene.go(0)
    return scene


def test_the_pages_turn_with_the_keys_and_the_controller(ui):
    scene = open_aid(ui)
    last = len(scene.pages) - 1
    ui.key(pygame.K_RIGHT)
    assert scene.page == 1
    ui.key(pygame.K_LEFT)
    ui.key(pygame.K_LEFT)
    assert scene.page == 0  # the first page stays the first
    ui.key(pygame.K_3)
    assert scene.page == 2
    ui.key(pygame.K_PAGEDOWN)
    assert scene.page == 3
    ui.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert scene.page == 2
    ui.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert scene.page == 3
    ui.pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert scene.page == 2
    for _ in range(last + 3):
        ui.key(pygame.K_RIGHT)
    assert scene.page == last and scene.pages[last].title == "Controls"
    ui.key(pygame.K_RETURN)  # read to the end: Enter closes
    assert not isinstance(ui.top, HelpScene)


def test_enter_reads_on_and_esc_closes(ui):
    scene = open_aid(ui, "aztlan")
    ui.key(pygame.K_RETURN)
    assert scene.page == 1 and ui.top is scene
    ui.key(pygame.K_ESCAPE)
    assert not isinstance(ui.top, HelpScene)


def test_the_mouse_turns_the_pages(ui):
    scene = open_aid(ui, "tlatelolco-market")
    ui.frames(20)
    prev, nxt, dots = scene._nav_rects()
    x, y, w, h = nxt
    ui.click(x + w - 40, y + h / 2)
    assert scene.page == 1
    x, y, w, h = dots[4]
    ui.click(x + w / 2, y + h / 2)
    assert scene.page == 4
    x, y, w, h = prev
    ui.click(x + 40, y + h / 2)
    assert scene.page == 3
    ui.app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 1 / 60)
    assert scene.page == 4
    ui.click(960, 500)  # on the page itself: it stays open
    assert ui.top is scene
    ui.click(10, 10)  # outside the panel: closed
    assert ui.top is not scene


def test_the_aid_opens_again_where_it_was_read(ui):
    scene = open_aid(ui, "mexica")
    ui.key(pygame.K_4)
    ui.key(pygame.K_ESCAPE)
    ui.app.stack.push("rules", ui.app.registry.spec("mexica"))
    ui.frames(1)
    assert ui.top.page == 3 and ui.top is not scene


def test_the_footer_shows_the_keys(ui):
    open_aid(ui)
    texts = ui.texts()
    assert "Left/Right" in texts and "Turn the page" in texts and "Esc" in texts


# -- a game that gives only words -------------------------------------------------------
TEXT_ONLY = {"intro": "Three stones a turn.",
             "actions": [("Drop a stone", "1 stone"), ("Pass", "free")],
             "scoring": ["Most stones in a row wins.", "Ties are shared."]}


def test_an_aid_of_words_only_still_has_pages(ui):
    pages = pages_of(TEXT_ONLY)
    assert [p.title for p in pages] == ["Your turn", "Scoring"]
    assert [r.cost for r in pages[0].groups[0].rows] == ["1 stone", "free"]
    scene = HelpScene("Stones", TEXT_ONLY)
    ui.app.stack.push(scene)
    ui.frames(20)
    assert [p.title for p in scene.pages] == ["Your turn", "Scoring", "Controls"]
    problems = []
    for page in range(len(scene.pages)):
        problems += page_problems(ui, scene, page)
    assert not problems, "\n".join(problems)
    scene.go(0)
    assert "Drop a stone" in ui.texts() and "1 stone" in ui.texts()


def test_a_view_without_pictures_shows_the_words_of_every_page(stub_ui):
    scene = open_aid(stub_ui, "aztlan")
    assert scene.painter is None  # the stub view draws no aid pictures
    stub_ui.frames(20)
    scene.go(4)
    texts = " ".join(stub_ui.texts())
    assert "Scoring an age" in texts and "= 14" in texts


class PicturesThatRaise(StubView):
    """A mod's view whose aid pictures raise."""

    @staticmethod
    def draw_aid_figure(screen, area, figure, ctx):
        raise RuntimeError("the picture broke")


def test_a_picture_that_raises_is_a_plugin_failure(stub_ui):
    stub_ui.app.views["mexica"] = PicturesThatRaise
    stub_ui.app.stack.push("rules", stub_ui.app.registry.spec("mexica"))
    stub_ui.frames(3)
    failure = stub_ui.app.failures[-1]
    assert "draw_aid_figure" in failure.where and "the picture broke" in failure.what
    assert not isinstance(stub_ui.top, HelpScene)  # back to the title, the failure named
