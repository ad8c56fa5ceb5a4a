"""A real phone page (headless Chromium, 390x844) at a seat's turn: a walk of several
steps with one tap, a walk refused half-way that says how far it went, the picture that
never passes for the state's when it is older, the picture on top during the seat's own
turn, and a banner that never covers anything.

Skips without Chromium as ``test_browser.py`` does (``AZTEC_ARCADE_REQUIRE_BROWSER=1``
makes that a failure)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from game.api import new_game
from tests.remote.helpers import Owner
from tests.remote.test_browser import TOOL, browser  # noqa: F401 - the fixture


def mexica_first_turn():
    game = new_game("mexica", 2, seed=3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])  # both Pilli placed: the first turn
    return game


def three_steps(game) -> dict:
    plans = game.rules.device_plans(game.state, game.current_player)
    return next(p for p in plans if len(p["actions"]) == 3)


def sheet_buttons(sheet) -> dict:
    from selenium.webdriver.common.by import By

    return {b.find_element(By.CLASS_NAME, "action-text").text: b
            for b in sheet.find_elements(By.CSS_SELECTOR, "button.action")}


def text_of(driver, element_id: str) -> str:
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return e.hidden ? '' : e.textContent;",
        element_id)


@pytest.mark.slow
def test_a_tap_on_a_far_space_walks_there_step_by_step(make_hub, browser):  # noqa: F811
    """'Walk to X: 3 AP' is one choice at X; the page plays its three steps in order, each
    on the state the one before made, and the log says them to the seat."""
    game = mexica_first_turn()
    seat = game.current_player
    plan = three_steps(game)
    where = plan["actions"][-1].split()[1]
    hub = make_hub(2, ["Ana", "Ben"], pictures=True, picture_size=(960, 540))
    owner = Owner(game, hub)
    owner.start()
    try:
        TOOL.claim_seat(browser, hub.url, seat)
        buttons = sheet_buttons(TOOL.tap_place(browser, where))
        said = f"Walk to {where}: 3 AP"
        assert str(plan["text"]) == said and said in buttons, list(buttons)
        before = len(game.log)
        buttons[said].click()
        TOOL.until(browser, lambda d: len(game.log) == before + 3 or None, "the three steps")
        assert game.log[before:] == plan["actions"]
        assert owner.applied == [(seat, a) for a in plan["actions"]] and owner.refused == []
        TOOL.until(browser, lambda d: text_of(d, "walk") == "" or None, "the walk's end")
        log = TOOL.until(browser, lambda d: d.find_element("id", "log").text.count(
            "You walk to") == 3 and d.find_element("id", "log").text, "the steps in the log")
        assert f"You walk to {where}: 1 AP" in log
        assert text_of(browser, "refusal") == ""
        assert game.current_player == seat  # AP left: still this seat's turn
    finally:
        owner.finish()


class RefusesSecondStep(Owner):
    """The host refuses the walk's second step (the engine's refusal path, as when the
    game changed under the walk), and applies everything else."""

    def __init__(self, *args, step: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.refuse = step

    def step(self) -> None:  # noqa: D102 - Owner.step, with one refusal
        if self.hub.needs_publish:
            self.publish()
        seat = self.game.current_player
        action = self.hub.take_action(seat) if seat is not None else None
        if action is None:
            self.hub.wait(0.05)
            return
        if action == self.refuse:
            self.refused.append((seat, action, "a canal was dug there"))
            self.hub.report_refusal(seat, "a canal was dug there")
            return
        self.applied.append((seat, action))
        self.publish(self.game.apply(action))


@pytest.mark.slow
def test_a_walk_refused_half_way_says_how_far_it_went(make_hub, browser):  # noqa: F811
    game = mexica_first_turn()
    seat = game.current_player
    plan = three_steps(game)
    where = plan["actions"][-1].split()[1]
    hub = make_hub(2, ["Ana", "Ben"], pictures=True, picture_size=(960, 540))
    owner = RefusesSecondStep(game, hub, step=plan["actions"][1])
    owner.start()
    try:
        TOOL.claim_seat(browser, hub.url, seat)
        buttons = sheet_buttons(TOOL.tap_place(browser, where))
        before = len(game.log)
        buttons[f"Walk to {where}: 3 AP"].click()
        said = TOOL.until(browser, lambda d: text_of(d, "refusal") or None, "the refusal")
        assert said == (f"Not allowed: a canal was dug there. Walk to {where} stopped after "
                        "1 of 3 steps: the steps made stay made.")
        assert game.log[before:] == plan["actions"][:1]  # the first step stays played
        assert owner.refused == [(seat, plan["actions"][1], "a canal was dug there")]
        # nothing else was sent, and the seat still decides, with its actions to tap
        assert text_of(browser, "walk") == ""
        assert browser.execute_script("return app.walk === null && !app.waiting")
        assert browser.find_element("id", "banner").text == "Your turn"
        enabled = browser.execute_script(
            "return [...document.querySelectorAll('#actions button.action')]"
            ".filter((b) => !b.disabled).length")
        assert enabled > 0
    finally:
        owner.finish()


def painter_pid() -> int:
    """The table painter: the child process of this test running game.ui.picture."""
    me = str(os.getpid())
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if stat[1] == me and b"game.ui.picture" in cmd:
            return int(proc.name)
    raise AssertionError("no painter process")


@pytest.mark.slow
def test_a_picture_older_than_the_state_says_it_is_being_updated(
        make_hub, browser):  # noqa: F811
    """The painter is stopped (SIGSTOP) while the game moves on: the page keeps the old
    picture dimmed under 'Updating the picture…' until the new one comes."""
    game = mexica_first_turn()
    seat = game.current_player
    hub = make_hub(2, ["Ana", "Ben"], pictures=True, picture_size=(960, 540))
    owner = Owner(game, hub)
    owner.start()
    pid = None
    try:
        TOOL.claim_seat(browser, hub.url, seat)
        first = TOOL.until(browser, lambda d: d.execute_script(
            "return app.picture && app.state && app.picture.version === app.state.version"
            " && app.state.version"), "the first picture")
        assert text_of(browser, "picture-note") == ""
        assert "stale" not in browser.find_element("id", "frame").get_attribute("class")
        pid = painter_pid()
        os.kill(pid, signal.SIGSTOP)
        step = next(a for a in game.legal_actions() if a.startswith("move "))
        browser.execute_script("act(arguments[0])", step)
        TOOL.until(browser, lambda d: d.execute_script(
            "return app.state.version > arguments[0]", first), "the new state")
        assert game.log[-1] == step
        assert browser.execute_script("return app.picture.version") == first
        assert text_of(browser, "picture-note") == "Updating the picture…"
        assert "stale" in browser.find_element("id", "frame").get_attribute("class")
        os.kill(pid, signal.SIGCONT)
        pid = None
        TOOL.until(browser, lambda d: d.execute_script(
            "return app.picture.version === app.state.version"), "the new picture")
        assert text_of(browser, "picture-note") == ""
        assert "stale" not in browser.find_element("id", "frame").get_attribute("class")
    finally:
        if pid is not None:
            os.kill(pid, signal.SIGCONT)
        owner.finish()


def rect(driver, selector: str) -> dict:
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};", selector)


def uncovered(driver, selector: str) -> bool:
    """Whatever lies at the middle of the element is the element (or in it): nothing is
    drawn over it there."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); const r = e.getBoundingClientRect();"
        "const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        "return !!hit && e.contains(hit);", selector)


@pytest.mark.slow
@pytest.mark.parametrize("variant,players,advance", [("aztlan", 3, 3),
                                                     ("tlatelolco-market", 3, 30),
                                                     ("mexica", 2, 2)])
def test_the_picture_is_on_top_during_the_seats_turn_and_the_banner_covers_nothing(
        make_hub, browser, variant, players, advance):  # noqa: F811
    from game.core.rng import Rng

    game = new_game(variant, players, seed=4)
    rng = Rng(4)
    for _ in range(advance):
        game.apply(game.playout_action(rng))
    seat = game.current_player
    hub = make_hub(players, ["Ana", "Ben", "Cy"][:players], pictures=True,
                   picture_size=(960, 540))
    owner = Owner(game, hub)
    owner.start()
    try:
        TOOL.claim_seat(browser, hub.url, seat)
        TOOL.until(browser, lambda d: d.execute_script(
            "return app.picture && app.state.deciding && !document.getElementById('picture')"
            ".hidden && document.getElementById('picture').complete"), "the seat's turn")
        browser.execute_script("window.scrollTo(0, 0)")
        banner, table = rect(browser, "#banner"), rect(browser, "#table")
        height = browser.execute_script("return window.innerHeight")
        # the picture comes right under the banner, on the first screen, before the rest
        assert 0 <= table["top"] - banner["bottom"] <= 24
        assert table["top"] < height / 3
        for other in ("#panel", "#actions", "#players"):
            if rect(browser, other)["bottom"] > rect(browser, other)["top"]:
                assert rect(browser, other)["top"] >= table["bottom"], other
        # the banner scrolls away with the page: it never lies over what comes after it
        browser.execute_script("window.scrollTo(0, 300)")
        moved = rect(browser, "#banner")
        assert moved["top"] == pytest.approx(banner["top"] - 300, abs=1)
        # the picture, every button and the log can be scrolled to and nothing covers them
        for selector in ("#frame", "#actions button.action", "#players .player", "#log li"):
            if browser.execute_script("return !!document.querySelector(arguments[0])",
                                      selector):
                browser.execute_script(
                    "document.querySelector(arguments[0]).scrollIntoView({block: 'start'})",
                    selector)
                assert uncovered(browser, selector), selector
        # a tapped place's actions are shown in full below the header, not under it
        name = browser.execute_script(
            "const item = placedItems()[0]; return item &&"
            " myPlaces().find((p) => holds(p, item[1])).name;")
        if name:
            TOOL.tap_place(browser, name)
            assert uncovered(browser, "#place .place-head")
            assert rect(browser, "#place")["top"] >= rect(browser, "#top")["bottom"]
    finally:
        owner.finish()
