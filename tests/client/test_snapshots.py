"""Snapshot tests: key screens rendered at 1920x1080 and compared with reference images.

Every picture comes from ``game.ui.showcase`` (fixed seeds, names and input, a fixed
number of frames of 1/60 s under the dummy video driver), so it is the same on every
machine with this pygame-ce; the tolerance absorbs tiny anti-aliasing differences.

On a mismatch the test writes ``<name>-actual.png`` and ``<name>-diff.png`` (reference |
actual | differences, amplified) into its tmp folder and names it in the failure. After an
intended change of the look, regenerate the references (these and the Market's and
Aztlán's, in their view tests) and review them::

    AZTEC_ARCADE_REGEN_SNAPSHOTS=1 python3 -m pytest tests/client -k snapshot

The references are also the README's pictures: one file each, so the pictures always
show what the tests check.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import showcase
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (1920, 1080)
REGEN = os.environ.get("AZTEC_ARCADE_REGEN_SNAPSHOTS") == "1"
#: mean absolute difference per channel (0-255) that still passes
MAX_MEAN = 2.0
#: a pixel "differs" when a channel is off by more than this...
PIXEL_DELTA = 40
#: ...and at most this share of the pixels may differ
MAX_SHARE = 0.01


# ---------------------------------------------------------------------------------------
# comparison (pygame only: numpy is not a dependency)
# ---------------------------------------------------------------------------------------
def rgb(surface: pygame.Surface) -> pygame.Surface:
    """An opaque 24-bit copy (the screen and a loaded PNG may differ in format)."""
    out = pygame.Surface(surface.get_size(), 0, 24)
    out.blit(surface, (0, 0))
    return out


def abs_diff(a: pygame.Surface, b: pygame.Surface) -> pygame.Surface:
    """|a - b| per channel, as a 24-bit surface."""
    up = rgb(a)
    up.blit(rgb(b), (0, 0), special_flags=pygame.BLEND_SUB)  # max(a - b, 0)
    down = rgb(b)
    down.blit(rgb(a), (0, 0), special_flags=pygame.BLEND_SUB)  # max(b - a, 0)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_ADD)
    return up


def compare(actual: pygame.Surface, reference: pygame.Surface) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels with a channel off by more
    than PIXEL_DELTA)."""
    if pygame.image.tobytes(rgb(actual), "RGB") == pygame.image.tobytes(rgb(reference), "RGB"):
        return 0.0, 0.0  # the same pixels, the usual case: nothing to measure
    raw = pygame.image.tobytes(abs_diff(actual, reference), "RGB")
    mean = sum(raw) / len(raw)
    big = raw.translate(bytes(1 if v > PIXEL_DELTA else 0 for v in range(256)))
    marked = (int.from_bytes(big[0::3], "big") | int.from_bytes(big[1::3], "big")
              | int.from_bytes(big[2::3], "big"))
    return mean, marked.bit_count() / (len(raw) // 3)


def diff_picture(actual: pygame.Surface, reference: pygame.Surface) -> pygame.Surface:
    """Reference, actual and their difference (x4, over-threshold pixels red) side by side."""
    w, h = actual.get_size()
    raw = pygame.image.tobytes(abs_diff(actual, reference), "RGB")
    amplified = raw.translate(bytes(min(255, v * 4) for v in range(256)))
    heat = pygame.image.frombytes(amplified, (w, h), "RGB")
    big = pygame.Surface((w, h))
    big.fill((0, 0, 0))
    # pixels *outside* the threshold around black (a channel off by more than
    # PIXEL_DELTA) turn red
    pygame.transform.threshold(big, abs_diff(actual, reference), (0, 0, 0),
                               (PIXEL_DELTA + 1,) * 3 + (255,), (255, 0, 0), 1)
    heat.blit(big, (0, 0), special_flags=pygame.BLEND_MAX)
    out = pygame.Surface((w * 3, h))
    for i, part in enumerate((reference, actual, heat)):
        out.blit(part, (i * w, 0))
    return out


def check(surface: pygame.Surface, name: str, out_dir: Path,
          references: Path = SNAPSHOTS) -> None:
    """Compare ``surface`` with ``references/<name>.png`` (or, with
    AZTEC_ARCADE_REGEN_SNAPSHOTS=1, make it the reference)."""
    reference_path = references / f"{name}.png"
    shot = surface.copy()
    if REGEN:
        references.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shot, str(reference_path))
        return
    actual_path = out_dir / f"{name}-actual.png"
    if not reference_path.is_file():
        pygame.image.save(shot, str(actual_path))
        pytest.fail(f"no reference {reference_path}; this run's picture is {actual_path}. "
                    "Create the references with AZTEC_ARCADE_REGEN_SNAPSHOTS=1.")
    reference = pygame.image.load(str(reference_path))
    if reference.get_size() != shot.get_size():
        pygame.image.save(shot, str(actual_path))
        pytest.fail(f"{name}: the picture is {shot.get_size()}, the reference "
                    f"{reference.get_size()}; see {actual_path}")
    mean, share = compare(shot, reference)
    if mean > MAX_MEAN or share > MAX_SHARE:
        diff_path = out_dir / f"{name}-diff.png"
        pygame.image.save(shot, str(actual_path))
        pygame.image.save(diff_picture(shot, reference), str(diff_path))
        pytest.fail(f"{name} differs from {reference_path.name}: mean difference "
                    f"{mean:.2f} per channel (at most {MAX_MEAN}), {share:.2%} of pixels off "
                    f"by more than {PIXEL_DELTA} (at most {MAX_SHARE:.0%}). "
                    f"Wrote {actual_path.name} and {diff_path.name} to {out_dir}")


# ---------------------------------------------------------------------------------------
# the comparison itself
# ---------------------------------------------------------------------------------------
def test_compare_measures_differences(app):
    a = pygame.Surface((100, 100))
    a.fill((100, 100, 100))
    b = a.copy()
    assert compare(a, b) == (0.0, 0.0)
    b.fill((103, 100, 97))  # small shift everywhere: mean 2, nothing "differs"
    assert compare(a, b) == (pytest.approx(2.0), 0.0)
    b = a.copy()
    b.fill((100, 100, 200), pygame.Rect(0, 0, 10, 10))  # one channel far off, 1% of pixels
    mean, share = compare(a, b)
    assert share == pytest.approx(0.01)
    assert mean == pytest.approx(100 * 100 / (100 * 100 * 3))
    assert diff_picture(a, b).get_size() == (300, 100)


@pytest.mark.skipif(REGEN, reason="regenerating the references")
def test_a_mismatch_writes_actual_and_diff(app, tmp_path):
    refs = tmp_path / "refs"
    refs.mkdir()
    reference = pygame.Surface((40, 30))
    reference.fill((0, 0, 0))
    pygame.image.save(reference, str(refs / "square.png"))
    changed = reference.copy()
    changed.fill((255, 255, 255), pygame.Rect(0, 0, 20, 30))
    out = tmp_path / "out"
    out.mkdir()
    check(reference, "square", out, refs)  # the same picture passes
    with pytest.raises(pytest.fail.Exception) as failure:
        check(changed, "square", out, refs)
    assert str(out) in str(failure.value)
    assert (out / "square-actual.png").is_file()
    assert pygame.image.load(str(out / "square-diff.png")).get_size() == (120, 30)


# ---------------------------------------------------------------------------------------
# the screens
# ---------------------------------------------------------------------------------------
@pytest.fixture
def shot_app(make_app):
    return make_app(size=SIZE, fullscreen=False)


def test_title_snapshot(shot_app, tmp_path):
    assert isinstance(showcase.title(shot_app), TitleScene)
    check(shot_app.screen.surface, "title", tmp_path)


def test_setup_snapshot(shot_app, tmp_path):
    setup = showcase.setup(shot_app)
    assert isinstance(setup, SetupScene)
    assert [f.value for f in setup.names] == ["Ana", "Ben", "Cy", "Dee"]
    assert setup.seed.value == "2" and setup.claims == {0: 2}
    check(shot_app.screen.surface, "setup", tmp_path)


def test_mid_game_board_snapshot(shot_app, tmp_path):
    play = showcase.board(shot_app)
    assert isinstance(play, PlayScene) and shot_app.stack.top is play
    s = play.game.state
    singles = sum(1 for tile in s.tiles if len(tile) == 1)
    assert 0 < singles < len(s.tiles)  # single and double canals
    assert s.bridges and len(s.tokens) >= 2
    assert {level for _owner, level in s.temples.values()} == {1, 2, 3, 4}
    assert all(c is not None for c in s.pilli)
    assert play.view.preview.ok and "Walk to" in play.view.status
    check(shot_app.screen.surface, "board", tmp_path)


def test_scoring_overlay_snapshot(shot_app, tmp_path):
    scoring = showcase.scoring(shot_app)
    assert isinstance(scoring, ScoringScene)
    assert 0 < scoring.index < len(scoring.steps) - 1  # mid-way through the steps
    check(shot_app.screen.surface, "scoring", tmp_path)


@pytest.mark.parametrize(("variant", "players", "name"), [
    ("mexica", 4, "results"), ("tlatelolco-market", 4, "results-market"),
    ("aztlan", 3, "results-aztlan")])
def test_results_snapshot(shot_app, tmp_path, variant, players, name):
    """Every game's results in the winner moment: the final board, the bars grown, the
    bursts over the winners' rows."""
    results = showcase.results(shot_app, variant, players)
    assert isinstance(results, ResultsScene)
    assert results.session.game.is_over and results.cheered
    assert results.facts and results.reasons
    check(shot_app.screen.surface, name, tmp_path)


def test_the_same_frames_give_the_same_pixels(make_app):
    """Rendering depends only on the frames fed to the app, never on the wall clock."""
    pictures = []
    for _ in range(2):
        app = make_app(size=SIZE, fullscreen=False)
        showcase.scoring(app)
        pictures.append(pygame.image.tobytes(app.screen.surface, "RGB"))
        pygame.display.quit()
    assert pictures[0] == pictures[1]


@pytest.mark.parametrize("lesson_id", sorted(showcase.LESSON_STEPS))
def test_lesson_step_snapshots(make_app, tmp_path, lesson_id):
    """A step of each built-in lesson at full size (the README shows them): the card says
    what to do, why and with which keys, the board marks the move (its ghost), the cursor
    is the learner's."""
    app = make_app(size=(1920, 1080), fullscreen=False)
    scene = showcase.lesson(app, lesson_id)
    assert scene.step.number == showcase.LESSON_STEPS[lesson_id]
    assert scene.marked and not scene.on_cursor
    check(app.screen.surface, f"lesson-{lesson_id}", tmp_path)


# ---------------------------------------------------------------------------------------
# the same screens in German (the README's pictures of a German table)
# ---------------------------------------------------------------------------------------
@pytest.fixture
def german() -> Iterator[None]:
    """The television in German for the test, English again after."""
    from game.i18n import language, set_language

    before = language()
    set_language("de")
    try:
        yield
    finally:
        set_language(before)


def test_title_snapshot_in_german(shot_app, tmp_path, german):
    assert isinstance(showcase.title(shot_app), TitleScene)
    check(shot_app.screen.surface, "title-de", tmp_path)


def test_setup_snapshot_in_german(shot_app, tmp_path, german):
    assert isinstance(showcase.setup(shot_app), SetupScene)
    check(shot_app.screen.surface, "setup-de", tmp_path)


def test_market_snapshot_in_german(shot_app, tmp_path, german):
    from tools import market_showcase as view_showcase

    play = view_showcase.midgame(shot_app)
    assert isinstance(play, PlayScene)
    check(shot_app.screen.surface, "market-midgame-de", tmp_path)


# ---------------------------------------------------------------------------------------
# a handheld's screen (the Steam Deck's 1280x800, 16:10): every game late in its game
# ---------------------------------------------------------------------------------------
HANDHELD = (1280, 800)


@pytest.mark.parametrize(("variant", "players", "name"), [
    ("mexica", 4, "late-mexica-1280x800"), ("mexica-2p-neutral", 2, "late-mexica-2p-1280x800"),
    ("aztlan", 4, "late-aztlan-1280x800"), ("tlatelolco-market", 4, "late-market-1280x800")])
def test_late_board_on_a_handheld_snapshot(make_app, tmp_path, variant, players, name):
    """Each game's board late in a game on a handheld's 16:10 screen: a 1920x1200 canvas
    across the whole window (no bands of wall above and below), the board and the log
    reaching 120 units lower than at 16:9, the status line and the footer on the bottom
    edge."""
    app = make_app(size=HANDHELD, fullscreen=False)
    play, _following = showcase.late_game(app, variant, players)
    assert app.stack.top is play and app.screen.surface.get_size() == HANDHELD
    assert app.screen.scale == pytest.approx(HANDHELD[0] / 1920)
    assert app.screen.height == 1200 and app.screen.oy == 0
    check(app.screen.surface, name, tmp_path)
