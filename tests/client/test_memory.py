"""The client's memory stops growing: every cache it keeps is bounded (by entries, and by
the bytes of its pixels where it holds any), a cache full to its bound still draws the
right picture, and a long scripted session's memory levels off (issue 32, section 4).

``benchmarks/memory.py --client`` measures the same session for two hours of play; these
tests count bytes and entries, never time.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pygame
import pytest

from benchmarks.longplay import MB, SIZES, LongPlay, measure
from game.api import new_game
from game.kit.client import heap
from game.kit.client import screen as screen_module
from game.kit.client.art import frames
from game.kit.client.art.cache import ART, ART_BYTES, ART_ENTRIES
from game.kit.client.art.sprites import SPRITE_BYTES, SPRITES, stamp
from game.kit.client.art.texture import cut_corners, masked, masked_onto, stone
from game.kit.client.lru import NAMED, LruCache, fit_to_window
from game.kit.client.screen import (
    BOX_CACHE_BYTES,
    BOX_STRIP,
    FONT_ENTRIES,
    TEXT_CACHE_BYTES,
    TEXT_CACHE_ENTRIES,
    Screen,
)
from game.ui import showcase
from game.ui.scenes.title import TitleScene
from game.ui.sessions import make_session

#: every byte bound at 1080p, by the cache's name
BYTES = {"art": ART_BYTES, "sprites": SPRITE_BYTES, "text": TEXT_CACHE_BYTES,
         "boxes": BOX_CACHE_BYTES}
#: megabytes of pixels all the caches together may hold at 1080p: what 200 MB leaves once
#: the rest of the client is counted (100-130 MB at 1080p with a game on the screen:
#: the interpreter and its libraries, the window, the board's layers, Python's objects)
#: and a frame's painting on top of it (up to 30 MB while a new screen is painted)
PIXEL_BUDGET_MB = 60


@pytest.fixture
def window(pygame_display):
    """A 1920x1080 window (the size the byte bounds are set for), every cache empty
    before and after."""
    surface = pygame.display.set_mode((1920, 1080))
    for cache in NAMED.values():
        cache.clear()
    yield Screen(surface)
    for cache in NAMED.values():
        cache.clear()


def pixels_of(scr: Screen, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(scr.surface.subsurface(rect), "RGB")


def test_rendered_text_stays_within_its_entries_and_bytes_and_draws_right_after(window):
    first = window.text("Xochiquetzal takes the temple", 100, 100, 40)
    before = pixels_of(window, first)
    cache = window._text_cache
    for i in range(TEXT_CACHE_ENTRIES + 500):  # many more lines than either bound
        window.fill((0, 0, 0))
        window.text(f"line {i}: Cuauhtemoc scores {i * 7} points", 100, 300, 28 + i % 40)
        assert len(cache) <= TEXT_CACHE_ENTRIES and cache.size <= TEXT_CACHE_BYTES
    assert cache.size > TEXT_CACHE_BYTES * 0.8  # it was full, and stayed at its bound
    assert ("Xochiquetzal takes the temple",) not in [k[:1] for k in cache.keys()]
    window.fill((0, 0, 0))
    again = window.text("Xochiquetzal takes the temple", 100, 100, 40)  # drawn anew
    assert again == first and pixels_of(window, again) == before


def test_the_fonts_loaded_stay_within_their_bound_and_draw_right_after(window):
    first = window.text("Tlahuizcalpan 103", 100, 100, 30)
    before = pixels_of(window, first)
    for size in range(31, 31 + 3 * FONT_ENTRIES):  # a pulse through every size
        window.text("Tlahuizcalpan 103", 100, 300, size)
        assert len(screen_module._FONTS) <= FONT_ENTRIES
    window.fill((0, 0, 0))
    screen_module._TEXT_CACHE.clear()  # drawn with the font loaded again
    again = window.text("Tlahuizcalpan 103", 100, 100, 30)
    assert pixels_of(window, again) == before


def test_a_few_open_faces_serve_every_size_and_draw_as_a_face_loaded_at_it(window):
    """A face set to another size draws exactly what a face opened at that size draws,
    and a pulse through many sizes opens no more faces than the bound (each open face
    holds its tables: 32 of them held 11 MB)."""
    faces = set()
    for size in range(31, 31 + 4 * FONT_ENTRIES):
        window.text("Tlahuizcalpan 103", 100, 300, size)
        faces |= {id(font) for font in screen_module._FONTS.values()}
    assert len(faces) <= FONT_ENTRIES
    screen_module._TEXT_CACHE.clear()
    drawn = window.render("Xochiquetzal ÄÖÜ 7", 47, (255, 255, 255))
    fresh = pygame.font.Font(screen_module.font_file(), window.font_px(47))
    alone = fresh.render("Xochiquetzal ÄÖÜ 7", True, (255, 255, 255))
    assert drawn.get_size() == alone.get_size()
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(alone, "RGBA")


def test_half_transparent_boxes_stay_within_their_bound(window):
    cache = screen_module._BOXES
    for i in range(600):  # banners and toasts of every size
        window.box(100, 100, 200 + i, 60 + i % 300, (0, 0, 0, 200), radius=12)
        assert len(cache) <= screen_module.BOX_CACHE_ENTRIES
        assert cache.size <= BOX_CACHE_BYTES


def test_a_dimmed_screen_keeps_a_strip_and_shows_the_same_pixels(window):
    """A plain half-transparent box over the whole window is blitted from a strip of
    :data:`BOX_STRIP` rows (half a megabyte at 1080p, not eight) with the pixels one
    surface of the box's size would give."""
    window.fill((40, 120, 200))
    pygame.draw.circle(window.surface, (250, 200, 30), (900, 500), 300)
    expected = window.surface.copy()
    whole = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    whole.fill((0, 0, 0, 180))
    expected.blit(whole, (0, 0))
    window.box(0, 0, 1920, 1080, (0, 0, 0, 180))
    assert pygame.image.tobytes(window.surface, "RGB") == \
        pygame.image.tobytes(expected, "RGB")
    assert 0 < screen_module._BOXES.size <= 1920 * BOX_STRIP * 4  # kept, as a strip


def test_an_entry_larger_than_the_bound_is_not_kept_and_evicts_nothing():
    cache = LruCache(10, 100)
    cache.put("a", 1, 60)
    cache.put("huge", 2, 500)
    assert cache.get("huge") is None and cache.get("a") == 1 and cache.size == 60


def test_painted_art_stays_within_its_bound_and_paints_the_same_again(window):
    first = frames.panel(window, 100, 100, 400, 300, (255, 196, 0))
    before = pixels_of(window, first)
    for i in range(300):  # panels of many sizes: far more pixels than the bound
        frames.panel(window, 50, 50, 600 + i * 4, 400 + i * 2, (230, 159, 0))
        assert len(ART) <= ART_ENTRIES and ART._lru.size <= ART_BYTES
    assert ART._lru.size > ART_BYTES * 0.8
    window.fill((0, 0, 0))
    again = frames.panel(window, 100, 100, 400, 300, (255, 196, 0))  # painted anew
    assert pixels_of(window, again) == before


def test_a_panel_keeps_only_itself_in_the_art_cache(window):
    """A panel's stone is painted at the panel's size and dropped: the cache holds the
    panel (its pixels and its shadow's), not a full-screen slab per fill colour."""
    ART.clear()
    for fill in ((30, 40, 62), (60, 40, 30), (40, 62, 30)):
        frames.panel(window, 100, 100, 400, 300, (255, 196, 0), fill=fill)
    w, h = window.ln(400), window.ln(300)
    assert ART._lru.size < 3 * 2 * (w + 200) * (h + 200) * 4  # three panels, no slab
    assert max(surf.get_width() for surf in ART._lru.values()) < window.ln(600)


def test_sprites_stay_within_their_bound(window):
    def paint(scr: Screen) -> None:
        scr.box(0, 0, 60, 60, (200, 80, 40))

    for i in range(3000):
        stamp(window, ("test piece", i), 100, 100, 60 + i % 50, 60, 4, paint)
        assert SPRITES._lru.size <= SPRITE_BYTES


def test_a_stone_texture_holds_three_bytes_a_pixel(window):
    texture = stone((300, 200), (30, 40, 62), seed=5)
    assert texture.get_bytesize() == 3
    assert ART._lru.size == 300 * 200 * 3


def test_a_larger_window_raises_the_byte_bounds_and_a_new_size_forgets_the_old(window):
    frames.panel(window, 100, 100, 400, 300, (255, 196, 0))
    window.text("Ana", 100, 100, 40)
    assert len(ART) and len(screen_module._TEXT_CACHE)
    try:
        big = pygame.display.set_mode((3840, 2160))
        Screen(big)  # the window's screen: the bounds follow the window
        assert ART._lru.limit == ART_BYTES * 4
        assert screen_module._TEXT_CACHE.limit == TEXT_CACHE_BYTES * 4
        assert not len(ART) and not len(screen_module._TEXT_CACHE)  # 1080p's: gone
        small = pygame.display.set_mode((1280, 720))
        Screen(small)
        assert ART._lru.limit == ART_BYTES  # never below the 1080p bound
        Screen(pygame.Surface((3840, 2160)))  # not the window: changes nothing
        assert ART._lru.limit == ART_BYTES
    finally:
        fit_to_window((1920, 1080))


def test_the_titles_framed_game_is_not_kept_under_a_game(app):
    title = TitleScene(attract_seed=3)
    app.stack.clear_to(title)
    showcase.frames(app, 60 * 5)  # the computers' game behind the menu has started
    assert title.attract is not None and title.attract.cache.get("canvas") is not None
    app.stack.push("play", make_session(app, new_game("mexica", 2, seed=1), ["Ana", "Ben"]))
    showcase.frames(app, 2)
    assert title.attract is not None and not title.attract.cache  # a screenful freed
    app.stack.pop()
    showcase.frames(app, 2)
    assert title.attract.cache.get("canvas") is not None  # painted again when seen


#: a fresh process: frees a screenful of pixels, then holds 80 MB of 400 KB surfaces, each
#: followed by a small one that stays (as the text and the sprites a frame makes), then
#: frees the large ones; prints its resident set before, holding and after (MB)
FREED = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
from game.kit.client import heap
heap.keep_heap_small()
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
big = pygame.Surface((1920, 1080)); big.fill((1, 2, 3)); del big
before = rss()
held, small = [], []
for i in range(200):
    s = pygame.Surface((400, 256)); s.fill((i, 0, 0)); held.append(s)
    small.append(pygame.Surface((4, 4)))
holding = rss()
del held
print(before, holding, rss())
"""


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux") or heap._LIBC is None,
                    reason="glibc's malloc only")
def test_freed_pixels_go_back_to_the_system():
    """glibc serves a block below the largest one freed so far (up to 32 MB) from its
    heap, and a heap with small blocks still held above the freed ones is never given
    back: evicted art would stay in the process's memory for good. With the client's
    setting every block from 128 KB has its own mapping, returned when it is freed."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", FREED], capture_output=True, text=True,
                          cwd=root, timeout=120, check=True,
                          env={**os.environ, "PYTHONPATH": str(root)})
    before, holding, after = map(float, proc.stdout.split())
    assert holding - before > 60  # 80 MB of pixels were held
    assert after - before < 10  # and given back


#: the art cache's bound during the long session: a short session fills less than the
#: real bound, and the test is about a full cache staying within its bound
SESSION_ART_BYTES = 16 * 1024 * 1024


def test_a_long_session_levels_off(make_app, monkeypatch):
    """A scripted session of the real client (benchmarks/longplay.py): game after game
    with computers and hints, scorings, menus opened and closed, the window resized
    between 1920x1080, 1280x720 and 1280x800. Every cache stays within its bound at every
    checkpoint, and Python's own objects grow by little between the last two."""
    monkeypatch.setattr(ART._lru, "base_limit", SESSION_ART_BYTES)
    monkeypatch.setattr(ART._lru, "limit", SESSION_ART_BYTES)
    app = make_app(size=SIZES[0])
    play = LongPlay(app, flip=False, resize_every=400, menu_every=150)
    marks = []
    tracemalloc.start(1)
    try:
        marks = measure(play, 2400, 600, lambda mark: None)
    finally:
        tracemalloc.stop()
        gc.unfreeze()  # the games' screens froze the heap (game.kit.client.heap)
    assert not app.failures
    assert play.games >= 1
    assert sum(BYTES.values()) / MB <= PIXEL_BUDGET_MB
    for mark in marks:
        for name, bound in BYTES.items():
            assert mark.caches[name] <= bound / MB, (mark.frame, name)
        assert sum(mark.caches[name] for name in BYTES) <= PIXEL_BUDGET_MB
        assert mark.caches["fonts"] <= FONT_ENTRIES
    assert max(m.caches["art"] for m in marks) <= SESSION_ART_BYTES / MB
    assert max(m.caches["art"] for m in marks) > SESSION_ART_BYTES / MB * 0.8  # pressure
    assert marks[-1].python - marks[-2].python < 1.0  # megabytes in 600 frames


def test_every_named_cache_has_a_bound():
    assert set(NAMED) >= {"art", "sprites", "text", "text widths", "boxes", "fonts"}
    for cache in NAMED.values():
        assert cache.entries < 10_000


@pytest.mark.parametrize("size,radius", [((400, 300), 16), ((1840, 984), 24), ((31, 90), 12),
                                         ((200, 200), 60), ((17, 17), 3), ((300, 29), 14)])
def test_cutting_only_the_corners_cuts_as_a_whole_mask_does(window, size, radius):
    """A panel's rounded corners are cut with masks of the corners only (a whole-panel
    mask cost 8 MB for a moment at full screen): the same pixels as the whole mask."""
    whole = pygame.Surface(size, pygame.SRCALPHA)
    whole.fill((200, 150, 100, 255))
    cut = whole.copy()
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, radius)
    whole.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    cut_corners(cut, radius)
    assert pygame.image.tobytes(cut, "RGBA") == pygame.image.tobytes(whole, "RGBA")
    assert cut.get_at((0, 0)).a == 0 and cut.get_at((size[0] // 2, size[1] // 2)).a == 255


@pytest.mark.parametrize("size,radius", [((400, 300), 16), ((1840, 984), 24), ((31, 90), 12),
                                         ((200, 200), 60), ((300, 29), 14)])
def test_a_cut_tiled_straight_onto_a_surface_shows_what_a_cut_blitted_there_does(
        window, size, radius):
    """A panel's stone is tiled straight into the panel (a second surface of its size was
    7 MB more for a moment at full screen): over a half-clear shadow, the same pixels as
    the cut blitted there, corners showing the shadow through."""
    below = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(below, (0, 0, 0, 120), below.get_rect().inflate(-4, -4), 0, radius)
    texture = stone((97, 61), (120, 90, 60), seed=3, keep=False)
    def lit(body: pygame.Surface) -> None:
        body.fill((230, 220, 200), (radius // 2, 1, size[0] - radius, 2))
    blitted = below.copy()
    blitted.blit(masked(texture, size, radius, paint=lit, mirror=True), (0, 0))
    onto = below.copy()
    masked_onto(onto, texture, radius, paint=lit, mirror=True)
    assert pygame.image.tobytes(onto, "RGBA") == pygame.image.tobytes(blitted, "RGBA")
    assert onto.get_at((0, 0)).a < 255  # a corner lets the shadow show


PANEL_PEAK = """
import os
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
pygame.display.init(); pygame.display.set_mode((8, 8))
from game.kit.client.art.frames import _panel
def status(field):
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field + ":"))
_panel((300, 200), 16, (30, 40, 62), (255, 196, 0), 3, 10, 1, True)
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the highest resident set starts again from here
before = status("VmRSS")
made = _panel((1840, 984), 24, (30, 40, 62), (255, 196, 0), 5, 10, 1, True)
print((status("VmHWM") - before) / 1024, made.get_width() * made.get_height() * 4 / 2 ** 20)
"""


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(),
                    reason="Linux's resident-set high-water mark is the measure")
def test_painting_a_full_screen_panel_needs_little_beyond_the_panel():
    """Opening the rules help paints a panel the size of the screen. Its shadow and its
    stone used to be surfaces of that size too, 21 MB for a moment for a 7 MB panel:
    the highest point of an evening's memory. Now the panel is painted in place."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", PANEL_PEAK], capture_output=True,
                          text=True, cwd=root, timeout=120, check=True,
                          env={**os.environ, "PYTHONPATH": str(root)})
    rise, panel = map(float, proc.stdout.split())
    assert panel > 6.5
    assert rise < panel + 7.5  # the stone piece, its grain, one flipped copy (was 10)


def test_boxes_in_one_pass_are_the_boxes_one_by_one(window):
    """A district's spaces tinted in one ``blits`` call (``Screen.boxes``) give the pixels
    of tinting them one ``box`` at a time, overlaps and tall boxes (past a strip's rows)
    included, and so does an opaque colour."""
    cells = [(100.0 + 61.3 * (i % 7), 80.0 + 61.3 * (i // 7), 61.3, 61.3) for i in range(30)]
    cells += [(130.0, 100.0, 80.0, 200.0)]  # over others, and taller than a strip
    for colour in ((255, 196, 0, 60), (90, 230, 120)):
        window.fill((40, 120, 200))
        for rect in cells:
            window.box(*rect, colour)
        one_by_one = pygame.image.tobytes(window.surface, "RGB")
        window.fill((40, 120, 200))
        window.boxes(cells, colour)
        assert pygame.image.tobytes(window.surface, "RGB") == one_by_one


def _assert_every_cut_is_the_whole(window, x: float, y: float, w: float, h: float,
                                   rim: float, radius: float = 0) -> None:
    """Every cut one to three rows high across the outlined box, painted under that clip,
    shows the whole box's pixels there."""
    surface = window.surface
    window.fill((40, 120, 200))
    box = window.box(x, y, w, h, (20, 16, 12), radius=radius, width=rim)
    whole = surface.copy()
    for top in range(box.top - 1, box.bottom + 1):
        for height in (1, 2, 3):
            cut = pygame.Rect(0, top, surface.get_width(), height)
            window.fill((40, 120, 200))
            surface.set_clip(cut)
            window.box(x, y, w, h, (20, 16, 12), radius=radius, width=rim)
            surface.set_clip(None)
            inside = cut.clip(surface.get_rect())
            assert surface.subsurface(inside).get_view("2").raw == \
                whole.subsurface(inside).get_view("2").raw, (box, cut)


def test_an_outlined_box_painted_again_in_part_is_the_box_painted_whole(window):
    """A layer painted again under a clip (only where a frame changed it) must show what
    painting it whole shows. An opaque box's outline, a few pixels high and cut by the
    clip, painted the rows inside it along the clip's edge too (pygame-ce 2.5's
    ``draw.rect``): a rising temple's tier lost its lit ledge in the frame painted in
    parts. Every cut of every small outlined box is now the whole box's pixels there."""
    for x, y, w, h, rim in ((30.0, 30.0, 120.0, 9.0, 3.0), (200.0, 40.0, 12.0, 60.0, 3.0),
                            (300.0, 30.0, 90.0, 14.0, 4.5), (420.0, 30.0, 9.0, 9.0, 6.0)):
        _assert_every_cut_is_the_whole(window, x, y, w, h, rim)


def test_a_rounded_outline_painted_again_in_part_is_the_outline_painted_whole(window):
    """The rounded outlines (the Players bar's ring, framed panels, chips) are still drawn
    by ``draw.rect`` with a radius: unlike a square outline, pygame-ce 2.5 paints the same
    pixels there under any clip (3,000 random boxes and cuts agreed). Kept as a test, so
    that a pygame that breaks it breaks a test, not a frame painted in parts."""
    for x, y, w, h, rim, radius in ((30.0, 30.0, 120.0, 14.0, 3.0, 6.0),
                                    (200.0, 40.0, 16.0, 60.0, 2.0, 8.0),
                                    (300.0, 30.0, 90.0, 24.0, 4.5, 12.0)):
        _assert_every_cut_is_the_whole(window, x, y, w, h, rim, radius)
