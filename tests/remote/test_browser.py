"""A real browser: headless Chromium opens the page, claims an Aztlán seat, sees the
table's picture, chooses a power card with a tap, and the host's game changes; a reload
rejoins the seat.

Chromium comes from the system (Debian: chromium, chromium-driver; ``.ci/run`` installs
them). Without it the test skips with the reason, unless AZTEC_ARCADE_REQUIRE_BROWSER=1
(as in CI), where a missing browser is a failure.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from game.api import new_game
from game.i18n import say
from tests.remote.helpers import Owner

ROOT = Path(__file__).resolve().parents[2]


def load_tool():
    spec = importlib.util.spec_from_file_location(
        "remote_screenshots", ROOT / "tools" / "remote_screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()


@pytest.fixture
def browser():
    reason = TOOL.missing_browser()
    if reason:
        if os.environ.get("AZTEC_ARCADE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"AZTEC_ARCADE_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    with TOOL.phone_browser() as driver:
        yield driver


@pytest.mark.slow
def test_a_phone_claims_an_aztlan_seat_and_chooses_a_power_card_with_a_tap(make_hub,
                                                                           browser):
    from selenium.webdriver.common.by import By

    game = new_game("aztlan", 3, seed=6)
    hub = make_hub(3, ["Ana", "Ben", "Cy"], pictures=True, picture_size=(640, 360))
    seat = game.current_player
    owner = Owner(game, hub)
    owner.start()
    try:
        TOOL.claim_seat(browser, hub.url, seat, name="Tess")
        assert hub.claimed_seats() == {seat}
        header = TOOL.until(browser, lambda d: d.find_element(By.ID, "me").text or None,
                            "the seat's name")
        assert header == "Cy" and hub.device_name(seat) == "Tess"  # as on the television
        cards = TOOL.until(browser, lambda d: d.find_elements(
            By.CSS_SELECTOR, ".card.playable") or None, "the power cards")
        seven = next(c for c in cards if c.find_element(By.CLASS_NAME, "card-title").text
                     == "7")
        assert "Mountains" in seven.text
        # the table's picture (a JPEG) is decoded and shown at the size the host painted
        width = TOOL.until(browser, lambda d: d.execute_script(
            "const p = document.getElementById('picture');"
            "return !p.hidden && p.complete && p.naturalWidth;") or None, "the picture")
        assert width == 640
        assert game.log == []
        seven.click()
        TOOL.until(browser, lambda d: d.find_element(By.ID, "banner").text.startswith(
            "Waiting for"), "the next seat's turn")
        assert game.log == ["choose 7"] and game.state.chosen[seat] == 7
        assert owner.applied == [(seat, "choose 7")]
        chosen = TOOL.until(browser, lambda d: [
            s for s in d.find_elements(By.CSS_SELECTOR, ".panel-section")
            if s.text.startswith("Your power card this age")] or None, "the chosen card")
        assert "7" in chosen[0].text and "only you know it" in chosen[0].text
        # the phone locks and comes back: the stored token takes the seat again
        hub.news()
        browser.refresh()
        TOOL.until(browser, lambda d: d.find_element(By.ID, "game").is_displayed()
                   and "only you know it" in d.find_element(By.ID, "panel").text,
                   "the seat again")
        assert [e.kind for e in hub.news()][-1] == "rejoined"
        assert hub.claimed_seats() == {seat} and game.log == ["choose 7"]
    finally:
        owner.finish()


@pytest.mark.slow
def test_a_phone_taps_a_space_of_the_mexica_picture_and_plays_the_action_shown(make_hub,
                                                                               browser):
    """No coordinates typed or read: a tap on a space of the picture lists the actions
    there, in words, and a tap on one plays it at the television."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    game = new_game("mexica", 2, seed=3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])  # both Pilli placed: the first turn
    seat = game.current_player
    step = next(a for a in game.legal_actions() if a.startswith("move "))
    where = step.split()[1]
    words = say(game.describe(step))  # "Player 1 walks to h7: 1 AP"
    hub = make_hub(2, ["Ana", "Ben"], pictures=True, picture_size=(960, 540))
    owner = Owner(game, hub)
    owner.start()
    try:
        TOOL.claim_seat(browser, hub.url, seat)
        frame = TOOL.until(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".frame.tappable"),
                           "the picture to tap")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
        dx, dy = browser.execute_script(
            "const place = app.picture.places.find((p) => p.name === arguments[0]);"
            "const c = document.getElementById('canvas').getBoundingClientRect();"
            "const f = document.getElementById('frame').getBoundingClientRect();"
            "const [x, y, w, h] = place.rect;"
            "const px = c.left + (x + w / 2) / app.picture.width * c.width;"
            "const py = c.top + (y + h / 2) / app.picture.height * c.height;"
            "return [px - (f.left + f.width / 2), py - (f.top + f.height / 2)];", where)
        ActionChains(browser).move_to_element_with_offset(frame, int(dx), int(dy)).click() \
            .perform()
        sheet = TOOL.until(browser, lambda d: d.find_element(By.ID, "place")
                           if d.find_element(By.ID, "place").is_displayed() else None,
                           "the actions at the tapped space")
        assert sheet.find_element(By.TAG_NAME, "strong").text == where
        buttons = sheet.find_elements(By.CSS_SELECTOR, "button.action")
        texts = [b.find_element(By.CLASS_NAME, "action-text").text for b in buttons]
        said = f"You walk to {where}: 1 AP"  # the seat's own sentence, as its buttons say
        assert words == f"Player {seat + 1} walks to {where}: 1 AP" and said in texts, texts
        assert all(where in t for t in texts)  # only what happens on that space
        assert game.log[-1] != step
        buttons[texts.index(said)].click()
        TOOL.until(browser, lambda d: game.log[-1] == step or None, "the walk played")
        assert owner.applied == [(seat, step)]
        TOOL.until(browser, lambda d: f"You walk to {where}: 1 AP" in d.find_element(
            By.ID, "log").text or None, "the walk in the phone's log")
    finally:
        owner.finish()
