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
