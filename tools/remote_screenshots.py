"""Screenshots of the phone page (docs/remote-*.png), and the browser the tests drive.

    python tools/remote_screenshots.py [DIR]

Runs a real hub on 127.0.0.1, an owner thread applying what the page sends, and the
system's headless Chromium (Debian: ``apt-get install chromium chromium-driver``) through
Selenium, emulating a phone in portrait (390x844 CSS pixels, scale 2). It writes, into
DIR (default ``docs/``), a seat's turn in each game and a place tapped:
``remote-aztlan.png`` (choosing a power card) and ``remote-aztlan-tap.png`` (a territory
tapped while placing), ``remote-market.png`` (the king's step, as buttons) and
``remote-market-tap.png`` (the buy tool and the seat's buyer 1 tapped),
``remote-mexica.png`` (the board to tap, with its tool chips) and
``remote-mexica-tap.png`` (the move tool and a far space tapped: the walk there), and
``remote-mexica-2p.png`` (Mexica for two, with its neutral temples).
``tests/remote/test_browser*.py`` use :func:`phone_browser`, :func:`claim_seat` and
:func:`tap_place` from here.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = ("/usr/bin/chromedriver",)
#: the flags that work here (no sandbox as root, no network beyond the test server)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
PHONE = (390, 844)
#: seconds to wait for the page before calling it hung
HANG = 30.0


def find(paths: tuple[str, ...], name: str) -> str | None:
    found = next((p for p in paths if Path(p).is_file()), None)
    return found or shutil.which(name)


def missing_browser() -> str:
    """Why the browser cannot run here ("" if it can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return 'selenium is not installed (pip install -e ".[test]")'
    if find(CHROMIUM, "chromium") is None:
        return "chromium is not installed (apt-get install -y chromium chromium-driver)"
    if find(CHROMEDRIVER, "chromedriver") is None:
        return "chromedriver is not installed (apt-get install -y chromium-driver)"
    return ""


@contextmanager
def phone_browser(width: int = PHONE[0], height: int = PHONE[1],
                  scale: float = 2.0) -> Iterator[Any]:
    """Headless Chromium emulating a phone, with a fresh empty profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="aztec-arcade-chromium-")
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": scale}})
    options.binary_location = find(CHROMIUM, "chromium") or CHROMIUM[0]
    service = Service(find(CHROMEDRIVER, "chromedriver") or CHROMEDRIVER[0])
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(HANG)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def until(driver: Any, test: Callable[[Any], Any], what: str) -> Any:
    """Wait for the page to reach a state (a hang guard, not a timing)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, HANG, poll_frequency=0.05).until(test, f"waiting for {what}")


def claim_seat(driver: Any, url: str, seat: int, name: str = "") -> None:
    """Open the page, type a name, tap the seat."""
    from selenium.webdriver.common.by import By

    driver.get(url)
    buttons = until(driver, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "button.seat")
                                       if b.is_enabled()] or None, "the seats")
    if name:
        field = driver.find_element(By.ID, "name")
        field.clear()
        field.send_keys(name)
    del buttons
    driver.find_elements(By.CSS_SELECTOR, "button.seat")[seat].click()
    until(driver, lambda d: d.find_element(By.ID, "game").is_displayed(), "the seat's page")


def tap_place(driver: Any, name: str) -> Any:
    """Tap the middle of the picture's place ``name`` (of this phone) as a finger does, and
    return the sheet of the actions there once it shows."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    frame = until(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".frame.tappable"),
                  "the picture to tap")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    dx, dy = driver.execute_script(
        "const place = placeNamed(arguments[0]);"
        "const [x, y, w, h] = bounds(place);"
        "let px = x + w / 2, py = y + h / 2;"
        "if (place.polygon && !inside(place, px, py)) {"  # a concave territory: a point in it
        "  const pts = place.polygon;"
        "  [px, py] = [(pts[0][0] + pts[1][0] + pts[2][0]) / 3,"
        "              (pts[0][1] + pts[1][1] + pts[2][1]) / 3]; }"
        "const c = document.getElementById('canvas').getBoundingClientRect();"
        "const f = document.getElementById('frame').getBoundingClientRect();"
        "return [c.left + px / app.picture.width * c.width - (f.left + f.width / 2),"
        "        c.top + py / app.picture.height * c.height - (f.top + f.height / 2)];", name)
    ActionChains(driver).move_to_element_with_offset(frame, int(dx), int(dy)).click().perform()
    return until(driver, lambda d: d.find_element(By.ID, "place")
                 if d.find_element(By.ID, "place").is_displayed() else None,
                 f"the actions at {name}")


def shoot(variant: str, players: int, seed: int, advance: int, out: Path,
          ready: Callable[[Any], Any], names: tuple[str, ...] = ("Ana", "Ben", "Cy", "Dee"),
          scroll: str = "", tap: tuple[Any, ...] | None = None) -> None:
    """A game ``advance`` playout actions in, the deciding seat claimed on a phone."""
    from game.api import new_game
    from game.core.rng import Rng
    from game.remote.hub import RemoteHub
    from game.remote.snapshot import default_table
    from tests.remote.helpers import Owner

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(advance):
        game.apply(game.playout_action(rng))
    hub = RemoteHub(default_table(players, names), room="KXQ7M")
    hub.start("127.0.0.1", 0)
    owner = Owner(game, hub)
    owner.start()
    try:
        with phone_browser() as driver:
            seat = game.current_player
            claim_seat(driver, hub.url, seat)
            until(driver, ready, "the seat's state")
            until(driver, lambda d: d.execute_script(
                "return document.getElementById('picture').complete && "
                "!document.getElementById('picture').hidden"), "the table picture")
            if tap is not None:  # choose the tool, then tap the place of its n-th action
                verb, n = tap[0], tap[1]
                plans = len(tap) > 2 and tap[2] == "plan"
                name = driver.execute_script(
                    "const chip = document.querySelector(`.chip[data-verb='${arguments[0]}']`);"
                    "if (chip) chip.click();"
                    "const item = placedItems().filter(([v, i]) => v === arguments[0] &&"
                    " !!i.plan === arguments[2])[arguments[1]][1];"
                    "const words = placesOf(item.action);"
                    "return myPlaces().filter((p) => holds(p, item))"
                    ".sort((a, b) => words.indexOf(b.name) - words.indexOf(a.name))[0].name;",
                    verb, n, plans)
                tap_place(driver, name)
                driver.execute_script("document.getElementById('table').scrollIntoView()")
            if scroll:
                driver.execute_script(f"document.querySelector({scroll!r}).scrollIntoView()")
            time.sleep(0.3)  # the banner's pulse: a calm frame for the picture
            driver.save_screenshot(str(out))
    finally:
        owner.finish()
        hub.stop()
    print(f"wrote {out}")


def main() -> int:
    from selenium.webdriver.common.by import By

    reason = missing_browser()
    if reason:
        print(f"cannot take screenshots: {reason}", file=sys.stderr)
        return 2
    docs = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    docs.mkdir(parents=True, exist_ok=True)

    def cards(driver: Any) -> Any:
        return driver.find_elements(By.CSS_SELECTOR, ".card.playable") or None

    def buttons(driver: Any) -> Any:
        return driver.find_elements(By.CSS_SELECTOR, "button.action") or None

    def picture(driver: Any) -> Any:
        return driver.find_elements(By.CSS_SELECTOR, ".frame.tappable") or None

    shoot("aztlan", 4, 3, 2, docs / "remote-aztlan.png", cards)
    shoot("aztlan", 3, 3, 3, docs / "remote-aztlan-tap.png", picture, tap=("place", 12))
    shoot("tlatelolco-market", 4, 7, 40, docs / "remote-market.png", buttons)
    shoot("tlatelolco-market", 4, 7, 41, docs / "remote-market-tap.png", picture,
          tap=("buy", 0))
    shoot("mexica", 3, 5, 8, docs / "remote-mexica.png", picture)
    shoot("mexica", 3, 5, 8, docs / "remote-mexica-tap.png", picture,
          tap=("move", 20, "plan"))
    shoot("mexica-2p-neutral", 2, 4, 6, docs / "remote-mexica-2p.png", picture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
