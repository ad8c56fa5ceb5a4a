"""Play the real window as a group on a sofa does, and keep a contact sheet of what it saw.

    python3 tools/couch_play.py                       # the standard matrix (long)
    python3 tools/couch_play.py --variant aztlan --players 3 --names long --size 1280x720
    python3 tools/couch_play.py --menus --size 1280x800
    python3 tools/couch_play.py --variant mexica --players 3 --lang de --size 1280x800

Each run starts a virtual X screen of the given size (Xvfb), opens the game there in
fullscreen, and plays it with real key presses and mouse clicks (xdotool): from the title
through New game (the game, the number of players and each name typed in), a whole game
(each person's move is the hint key, then Enter, as a beginner would play it), the
hand-offs, the scorings and the results. It reads the screen as a person does: the game
writes what it shows (``AZTEC_ARCADE_TRACE``, :mod:`game.ui.trace`): the scenes, every
visible text and where it is, the texts that overlap or were cut. Screenshots come from
the X server (ImageMagick's ``import``), every distinct screen is kept, and a contact
sheet of them is written per run, with the overlaps and cuts the trace saw listed beside
it (``findings.txt``). With ``--lang`` the game reads that language and the group finds
its menus and rows by their words in it (the client's catalogue says "Neues Spiel" where
the trace shows it), so a German table is played as an English one is.

It needs Debian's xvfb, xdotool and imagemagick; it installs them with apt-get when they
are missing and it may (as root), else it says what to install. Nothing of it runs in the
test suite: it takes minutes, and it is for people to look at what came out.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PACKAGES = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}
LONG_NAMES = ("Xochiquetzal", "Cuauhtemoc", "Tlahuizcalpan", "Itzpapalotl")
SIZES = ("1920x1080", "1280x720", "1280x800")
#: (variant, players) of the standard matrix
GAMES = (("mexica", 4), ("mexica", 3), ("mexica", 2), ("mexica-2p-neutral", 2),
         ("tlatelolco-market", 4), ("tlatelolco-market", 3), ("tlatelolco-market", 2),
         ("aztlan", 3), ("aztlan", 4), ("aztlan-2p", 2))
#: seconds without progress before a run gives up on a screen
STUCK = 40.0
#: actions after which a game is called endless (the longest, Mexica for four, takes
#: about 400): a hint that undoes itself would otherwise play for ever
MAX_ACTIONS = 1500
#: the language the game is played in (``--lang``): the menus are found by their words in it
LANG = ["en"]


def need_tools() -> None:
    missing = [pkg for exe, pkg in PACKAGES.items() if shutil.which(exe) is None]
    if not missing:
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"installing {' '.join(missing)} (apt-get)", flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        return
    sys.exit(f"couch_play needs: apt-get install {' '.join(missing)}")


@dataclass
class Window:
    """The game in fullscreen on its own X screen, driven by real input."""

    size: tuple[int, int]
    out: Path
    label: str
    display: str = ""
    lang: str = "en"
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    trace_path: Path = Path()
    shots: list[tuple[str, Path]] = field(default_factory=list)
    thumbs: list[Any] = field(default_factory=list)
    findings: dict[str, set[str]] = field(default_factory=dict)

    def __enter__(self) -> Window:
        home = Path(tempfile.mkdtemp(prefix="couch-home-"))
        self.trace_path = home / "trace.json"
        self.display = self.display or f":{90 + os.getpid() % 400}"
        w, h = self.size
        self.procs.append(subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(1.0)
        if self.procs[-1].poll() is not None:  # another X server holds the display:
            # the game would open there, at that screen's size, not at the one asked for
            raise RuntimeError(f"Xvfb could not start on {self.display} (is the display in "
                               "use? give another --display)")
        env = {**os.environ, "DISPLAY": self.display, "SDL_AUDIODRIVER": "dummy",
               "AZTEC_ARCADE_HOME": str(home), "AZTEC_ARCADE_TRACE": str(self.trace_path)}
        env.pop("SDL_VIDEODRIVER", None)
        self.procs.append(subprocess.Popen(
            [sys.executable, "-m", "game", "play", "--fullscreen", "--lang", self.lang],
            cwd=ROOT, env=env,
            stdout=(self.out / f"{self.label}.log").open("wb"), stderr=subprocess.STDOUT))
        self.wait(lambda t: bool(t.get("scenes")), 30, "the title screen")
        return self

    def __exit__(self, *exc: object) -> None:
        for proc in reversed(self.procs):
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()

    # -- reading the screen ------------------------------------------------------------
    def trace(self) -> dict[str, Any]:
        try:
            return dict(json.loads(self.trace_path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return {}

    def top(self) -> str:
        scenes = self.trace().get("scenes") or [""]
        return str(scenes[-1])

    def wait(self, ok: Any, seconds: float, what: str) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            t = self.trace()
            if t and ok(t):
                return t
            time.sleep(0.1)
        self.shot(f"stuck waiting for {what}")
        raise TimeoutError(f"{self.label}: no {what} after {seconds:.0f} s")

    def find(self, text: str, exact: bool = True) -> list[int] | None:
        """The rectangle of a visible text (the topmost drawn last)."""
        for item in reversed(self.trace().get("texts", [])):
            if item["text"] == text or (not exact and text in item["text"]):
                return list(item["rect"])
        return None

    # -- input --------------------------------------------------------------------------
    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                       check=False)

    def key(self, *keys: str, pause: float = 0.25) -> None:
        for k in keys:
            self.xdo("key", k)
            time.sleep(pause)

    def type(self, text: str) -> None:
        self.xdo("type", "--delay", "60", text)
        time.sleep(0.3)

    def click(self, x: int, y: int) -> None:
        self.xdo("mousemove", str(x), str(y))
        time.sleep(0.15)
        self.xdo("click", "1")
        time.sleep(0.35)

    def click_text(self, text: str, exact: bool = True) -> bool:
        rect = self.find(text, exact)
        if rect is None:
            return False
        self.click(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
        return True

    # -- pictures ------------------------------------------------------------------------
    def shot(self, label: str) -> None:
        """A screenshot, kept if it differs from every one kept so far."""
        import pygame

        n = len(self.shots)
        path = self.out / f"{self.label}-{n:03d}.png"
        subprocess.run(["import", "-display", self.display, "-window", "root", str(path)],
                       check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not path.is_file():
            return
        image = pygame.image.load(str(path))
        small = pygame.transform.smoothscale(image, (64, 36))
        for other in self.thumbs:
            if _difference(small, other) < 2.0:
                path.unlink()
                return
        self.thumbs.append(small)
        self.shots.append((label, path))
        t = self.trace()
        for kind in ("overlaps", "cuts"):
            for item in t.get(kind, []):
                self.findings.setdefault(kind, set()).add(
                    " | ".join(item) if isinstance(item, list) else str(item))


def _difference(a: Any, b: Any) -> float:
    """Mean absolute difference per channel of two thumbnails of the same size."""
    import pygame

    ba, bb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return sum(abs(x - y) for x, y in zip(ba, bb, strict=True)) / len(ba)


# ---------------------------------------------------------------------------------------
# what a group does
# ---------------------------------------------------------------------------------------
def said(text: Any) -> str:
    """A client message (``_("New game")``) as the game shows it in the chosen language."""
    from game.i18n import render

    return render(text, LANG[0])


def client() -> Any:
    """The client's catalogue's ``_`` (its msgids are the menus' English words)."""
    from game.i18n.client import _

    return _


def variant_name(variant: str) -> str:
    from game.core.registry import get_registry
    from game.ui.variantwords import variant_text

    return said(variant_text(get_registry().variants[variant].name))


def lesson_name(title: str) -> str:
    """A lesson's name as the list shows it in the chosen language (``title``: its
    English name, as its file writes it)."""
    from game.core.registry import get_registry
    from game.i18n.yamltexts import lesson_text

    for lesson in get_registry().lessons().lessons.values():
        if title in (lesson.name, lesson.id):
            return said(lesson_text(lesson.name, lesson.source))
    return title


def setup(win: Window, variant: str, players: int, names: list[str]) -> None:
    """Title -> New game -> the game, the players, each name typed -> Start."""
    win.wait(lambda t: t["scenes"][-1] == "TitleScene", 20, "the title")
    time.sleep(1.5)  # the title's letters land
    win.shot("title")
    _ = client()
    if not win.click_text(said(_("New game"))):
        raise RuntimeError("no New game on the title")
    win.wait(lambda t: t["scenes"][-1] == "SetupScene", 10, "the setup")
    time.sleep(1.0)  # the rows slide in
    win.shot("setup")
    wanted = variant_name(variant)
    win.click_text(said(_("Game")))
    for _turn in range(12):
        if win.find(wanted) is not None:
            break
        win.key("Right")
    win.click_text(said(_("Players")))
    for _turn in range(6):
        shown = _row_value(win, said(_("Players")))
        if shown == str(players):
            break
        win.key("Right" if shown is None or int(shown) < players else "Left")
    for seat, name in enumerate(names):
        current = _seat_name(win, seat)
        if current is None or current == name:
            continue
        win.click_text(current)
        win.key(*["BackSpace"] * (len(current) + 1), pause=0.05)
        win.type(name)
    win.shot("setup filled in")
    win.click_text(said(_("Start")))
    win.wait(lambda t: t.get("play") is not None, 20, "the game")


def _row_value(win: Window, label: str) -> str | None:
    """The value shown on the row of ``label`` (the text at its right on its line)."""
    rect = win.find(label)
    if rect is None:
        return None
    mid = rect[1] + rect[3] / 2
    half = win.size[0] / 2  # the setup's left column
    row = [t for t in win.trace().get("texts", [])
           if abs(t["rect"][1] + t["rect"][3] / 2 - mid) < rect[3] and t["rect"][0] > rect[0]
           and t["rect"][0] < half and t["text"] != label]
    return str(max(row, key=lambda t: t["rect"][0])["text"]) if row else None


def _seat_name(win: Window, seat: int) -> str | None:
    from game.kit.client.messages import default_name

    return default_name(seat) if win.find(default_name(seat)) else None


def play_game(win: Window, max_actions: int | None) -> None:
    """Each person's move: H, then Enter once the hint shows (E E when Enter does not
    play it). Hand-offs, scorings and the results are read and passed on with Enter."""
    last_progress, last_count, shots_at = time.monotonic(), -1, -1
    tries = 0
    while True:
        t = win.trace()
        top = t.get("scenes", [""])[-1]
        play = t.get("play") or {}
        count = int(play.get("actions", 0))
        if count != last_count:
            last_progress, last_count, tries = time.monotonic(), count, 0
        if time.monotonic() - last_progress > STUCK:
            win.shot(f"stuck at action {count}")
            raise RuntimeError(f"{win.label}: no progress at action {count} ({top})")
        if top == "ResultsScene":
            for i in range(4):
                time.sleep(1.2)
                win.shot(f"results {i}")
            return
        if top in ("HandoffScene", "ScoringScene"):
            win.shot(f"{top} at action {count}")
            time.sleep(0.8)
            win.key("Return", pause=0.6)
            continue
        if top != "PlayScene":
            win.shot(f"{top} at action {count}")
            win.key("Escape", pause=0.6)
            continue
        if max_actions is not None and count >= max_actions:
            return
        if count >= MAX_ACTIONS:
            win.shot(f"still going at action {count}")
            raise RuntimeError(f"{win.label}: the game has not ended after {count} actions")
        if count // 8 != shots_at:
            shots_at = count // 8
            win.shot(f"play at action {count}")
        if not play.get("local") or play.get("over"):
            time.sleep(0.2)
            continue
        _move(win, play, tries)
        tries += 1


def _move(win: Window, play: dict[str, Any], tries: int) -> None:
    if tries % 4 == 3:  # the hint did not play: end the turn as a person would try
        win.key("e", "e", pause=0.4)
        return
    if not play.get("hint"):
        win.key("h", pause=0.1)
        start = time.monotonic()
        while time.monotonic() - start < 5:
            now = win.trace().get("play") or {}
            if now.get("hint") or now.get("actions") != play.get("actions"):
                break
            time.sleep(0.05)
        if tries == 0 and int(play.get("actions", 0)) % 8 == 0:
            win.shot(f"hint at action {play.get('actions')}")
    win.key("Return", pause=0.3)
    question = (win.trace().get("play") or {}).get("question")
    if question:
        win.shot("a question")
        win.key("Return", pause=0.3)


def lesson(win: Window, title: str) -> None:
    """Learn to play, one lesson, played as a learner does: each step read (Enter), each
    move shown (H) and made (Enter, or the step's own key: E, R, a number)."""
    win.wait(lambda t: t["scenes"][-1] == "TitleScene", 20, "the title")
    time.sleep(1.5)  # the title's letters land
    _ = client()
    win.click_text(said(_("Learn to play")))
    win.wait(lambda t: t["scenes"][-1] == "LessonsScene", 10, "the lessons")
    time.sleep(0.8)
    win.shot("the lessons")
    if not win.click_text(lesson_name(title)):
        raise RuntimeError(f"no lesson called {title!r}")
    win.wait(lambda t: t.get("play") is not None, 20, "the lesson")
    tries, last, last_progress = 0, None, time.monotonic()
    # ("e", "e"): ending a turn with points left asks first ("Sure? E again")
    keys = (("h", "Return"), ("Return",), ("e",), ("e", "e"), ("r",), ("1",), ("2",),
            ("Tab", "Return"))
    while time.monotonic() - last_progress < STUCK:
        t = win.trace()
        top = t.get("scenes", [""])[-1]
        play = t.get("play") or {}
        if top in ("LessonsScene", "ResultsScene", "TitleScene") and last is not None:
            time.sleep(1.0)
            win.shot(f"after the lesson ({top})")
            return
        now = (play.get("lesson_step"), play.get("actions"))
        if now != last:
            last, tries, last_progress = now, 0, time.monotonic()
            time.sleep(0.4)
            win.shot(f"step {now[0]}, action {now[1]}")
        if top in ("HandoffScene", "ScoringScene"):
            win.shot(f"{top} in the lesson")
            win.key("Return", pause=0.6)
            continue
        if not play.get("local") and time.monotonic() - last_progress < STUCK / 4:
            time.sleep(0.3)  # a computer's reply; after a while, a card to read (Enter)
            continue
        win.key(*keys[tries % len(keys)], pause=0.5)
        tries += 1
    win.shot("stuck in the lesson")
    raise RuntimeError(f"{win.label}: the lesson made no progress at {last}")


def menus(win: Window) -> None:
    """The title's menus: Learn to play, Rules help (every page), Settings, Load."""
    win.wait(lambda t: t["scenes"][-1] == "TitleScene", 20, "the title")
    time.sleep(2.0)
    win.shot("title")
    _ = client()
    for item in (_("Learn to play"), _("Load"), _("Settings")):
        if win.click_text(said(item)):
            time.sleep(1.0)
            win.shot(said(item))
            win.key("Escape", pause=0.8)
    if win.click_text(said(_("Rules help"))):
        time.sleep(0.8)
        win.shot("Rules help: which game")
        win.key("Return", pause=0.8)
        for page in range(8):
            win.shot(f"Rules help page {page}")
            win.key("Right", pause=0.5)
        win.key("Escape", "Escape", pause=0.6)


# ---------------------------------------------------------------------------------------
# contact sheets
# ---------------------------------------------------------------------------------------
def contact_sheet(win: Window) -> Path:
    import pygame

    pygame.font.init()
    cols, tw, th, cap = 4, 480, 270, 34
    rows = max(1, -(-len(win.shots) // cols))
    sheet = pygame.Surface((cols * tw, rows * (th + cap)))
    sheet.fill((16, 16, 24))
    font = pygame.font.Font(None, 28)
    for i, (label, path) in enumerate(win.shots):
        x, y = (i % cols) * tw, (i // cols) * (th + cap)
        image = pygame.transform.smoothscale(pygame.image.load(str(path)), (tw - 6, th - 6))
        sheet.blit(image, (x + 3, y + 3))
        sheet.blit(font.render(f"{i}: {label}"[:60], True, (230, 230, 230)), (x + 6, y + th + 6))
    path = win.out / f"{win.label}-sheet.png"
    pygame.image.save(sheet, str(path))
    with (win.out / "findings.txt").open("a", encoding="utf-8") as handle:
        for kind, items in sorted(win.findings.items()):
            for item in sorted(items):
                handle.write(f"{win.label}\t{kind}\t{item}\n")
    return path


def run(size: str, variant: str | None, players: int, names: str, out: Path,
        max_actions: int | None, lesson_title: str = "", display: str = "") -> Path:
    w, h = (int(v) for v in size.split("x"))
    what = f"lesson {lesson_title}" if lesson_title else variant or "menus"
    label = f"{what}-{players}p-{names}-{size}-{LANG[0]}".replace(" ", "_").replace(":", "")
    chosen = list(LONG_NAMES[:players]) if names == "long" else []
    with Window((w, h), out, label, display, LANG[0]) as win:
        try:
            if lesson_title:
                lesson(win, lesson_title)
            elif variant is None:
                menus(win)
            else:
                setup(win, variant, players, chosen)
                play_game(win, max_actions)
        except (RuntimeError, TimeoutError) as exc:
            print(f"  {exc}", flush=True)
            win.findings.setdefault("stuck", set()).add(str(exc))
        sheet = contact_sheet(win)
    print(f"{label}: {len(win.shots)} screens -> {sheet}", flush=True)
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", help="one game (default: the standard matrix)")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--names", choices=("default", "long"), default="default")
    parser.add_argument("--size", default="", help="WxH, e.g. 1280x720 (default: all three)")
    parser.add_argument("--menus", action="store_true", help="the title's menus only")
    parser.add_argument("--lesson", default="", help="play one lesson (its title)")
    parser.add_argument("--actions", type=int, default=None,
                        help="stop after this many actions (default: the whole game)")
    parser.add_argument("--out", type=Path, default=Path("couch-play"))
    parser.add_argument("--lang", default="en",
                        help="the language the game is played in (en, de, qps)")
    parser.add_argument("--display", default="",
                        help="the X display to start, e.g. :74 (default: one from the pid)")
    args = parser.parse_args(argv)
    LANG[0] = args.lang
    need_tools()
    import pygame

    pygame.init()
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [args.size] if args.size else list(SIZES)
    if args.lesson:
        for size in sizes:
            run(size, None, 0, "default", args.out, None, args.lesson, args.display)
        return 0
    if args.menus:
        for size in sizes:
            run(size, None, 0, "default", args.out, None, display=args.display)
        return 0
    games = [(args.variant, args.players or 0)] if args.variant else list(GAMES)
    for variant, players in games:
        players = players or 4
        for size in sizes:
            for names in (("default", "long") if not args.variant else (args.names,)):
                run(size, variant, players, names, args.out, args.actions,
                    display=args.display)
    return 0


if __name__ == "__main__":
    sys.exit(main())
