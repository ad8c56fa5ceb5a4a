"""The page itself rejoins its seat after the host comes back: a real headless Chromium
holds a seat of a real ``aztec-arcade host``; the host is killed (``kill -9``), then
stopped with Ctrl+C, and each time ``host --resume`` starts it again. Nobody touches the
page: it reconnects by itself (its backoff), rejoins its seat with the token it kept,
and plays on. Skips without Chromium, as ``test_browser`` does."""

from __future__ import annotations

import signal

import pytest

from tests.remote.test_browser import TOOL, browser  # noqa: F401 - the fixture
from tests.remote.test_host_resume import HostProcess, hosts, posix  # noqa: F401

ARGS = ("--variant", "tlatelolco-market", "--players", "3", "--bots", "easy,easy",
        "--seed", "11", "--port", "0")


def page_text(driver, element: str) -> str:
    return driver.execute_script(
        f"const e = document.getElementById('{element}'); return e.hidden ? '' : "
        "e.textContent;")


def my_turn(driver) -> bool:
    return page_text(driver, "banner") == "Your turn" and \
        page_text(driver, "conn") == "Connected" and not page_text(driver, "notice")


def tap_an_action(driver) -> str:
    return driver.execute_script(
        "const b = document.querySelector('#actions button.action'); b.click(); "
        "return b.textContent;")


@posix
@pytest.mark.slow
def test_the_page_rejoins_its_seat_by_itself_after_kill_9_and_after_ctrl_c(
        tmp_path, hosts, browser):  # noqa: F811
    host = hosts(tmp_path, *ARGS)
    address = host.address()
    url = f"http://127.0.0.1:{address.port}/?room={address.room}"
    TOOL.claim_seat(browser, url, 0, name="Tess")
    host.line(lambda line: line == "Seat 1 is taken by a device (Tess)")
    TOOL.until(browser, my_turn, "Tess's turn")
    tap_an_action(browser)
    host.line(lambda line: line.startswith("    1. Tess: "))

    host.kill()
    TOOL.until(browser, lambda d: page_text(d, "conn").startswith("Connection lost"),
               "the page to notice")
    again = hosts(tmp_path, "--resume")
    assert again.address() == address
    again.line(lambda line: line == "Tess's device is back")  # no one touched the page
    TOOL.until(browser, my_turn, "Tess's turn again")
    tap_an_action(browser)
    again.line(lambda line: line.startswith("Tess: ", 7))

    again.proc.send_signal(signal.SIGINT)
    assert again.finish()[0] == 2
    notice = TOOL.until(browser, lambda d: page_text(d, "notice") or None, "the goodbye")
    assert notice == "The host paused the game: it goes on soon, and this page rejoins by " \
                     "itself"
    TOOL.until(browser, lambda d: page_text(d, "conn") == "Paused: waiting for the game to "
               "go on…", "the page to wait calmly")  # no alarm: the pause was asked for
    browser.save_screenshot(str(tmp_path / "paused.png"))
    third = hosts(tmp_path, "--resume")
    assert third.address() == address
    third.line(lambda line: line == "Tess's device is back")
    TOOL.until(browser, my_turn, "Tess's turn after the pause")  # the notice is gone
