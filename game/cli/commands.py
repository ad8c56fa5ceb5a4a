"""The subcommands of ``aztec-arcade`` but ``host`` (:mod:`game.cli.host`): one ``cmd_*``
function each, given the parsed arguments (their grammar is in :mod:`game.cli.parser`),
returning the exit code."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import check_seeds, parse_options, start_game
from game.cli.parser import PROG
from game.core.errors import AztecArcadeError, ConfigError, ConfigIssue
from game.core.rng import Rng

if TYPE_CHECKING:
    from game.ai.arena import Standing

EXIT_USER_ERROR = 2
#: what ``play --headless`` uses when --variant / --players are not given
PLAY_DEFAULTS: dict[str, Any] = {"variant": "mexica", "players": 4}


# ------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------
def one_line(exc: BaseException) -> str:
    """An error's text on one line (the command's messages are one line each)."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return "; ".join(lines) or type(exc).__name__


def _seat_name(seat: int | None) -> str:
    return "-" if seat is None else f"Player {seat + 1}"


def _print_events(events: list[Any], indent: str) -> None:
    for event in events:
        print(f"{indent}{event.text}")


def _print_action(number: int, seat: int | None, action: str, events: list[Any]) -> None:
    print(f"{number:5d}. {_seat_name(seat):<9} {action}")
    _print_events(events, " " * 8 + "- ")


def _print_result(g: Any) -> None:
    scores = g.scores
    winners = g.winners
    print()
    print("Final scores:" if g.is_over else f"Scores so far ({len(g.log)} actions, "
          "the game is not over):")
    for seat, score in enumerate(scores):
        mark = "  winner" if seat in winners else ""
        print(f"  {_seat_name(seat):<9} {score:4d}{mark}")
    if g.is_over:
        names = " and ".join(_seat_name(w) for w in winners) or "nobody"
        print(f"Winner{'s' if len(winners) > 1 else ''}: {names}")


# ------------------------------------------------------------------------------------
# subcommands
# ------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    # Options that only mean something headless (--variant, --players, -o, --seed,
    # --save) imply --headless rather than being ignored by the window.
    implied = (args.variant is not None or args.players is not None or args.option
               or args.seed is not None or args.save)
    if getattr(args, "dev", False) and (args.headless or implied):
        raise AztecArcadeError("--dev reloads variant files in the game window; it does not "
                               "go with --headless, --variant, --players, -o, --seed or --save")
    if not (args.headless or implied):
        from game.ai import set_client_workers

        # the window's Hard players think in other processes, never on its frames' core
        set_client_workers(getattr(args, "jobs", 1), offload=True)
        return _start_client(args)
    variant = args.variant if args.variant is not None else PLAY_DEFAULTS["variant"]
    players = args.players if args.players is not None else PLAY_DEFAULTS["players"]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    g = start_game(variant, players, seed, parse_options(args.option))
    print(f"{g.spec.name}: {g.players} random players, seed {seed} "
          f"(repeat with --seed {seed})")
    print("(headless: a game between random players)")
    print()
    rng = Rng(seed)
    limit = g.rules.playout_limit
    while not g.is_over:
        if len(g.log) >= limit:
            raise AztecArcadeError(f"the game did not end within {limit} actions")
        seat = g.current_player
        action = g.playout_action(rng)
        events = g.apply(action)
        _print_action(len(g.log), seat, g.log[-1], events)
    _print_result(g)
    if args.save:
        from game.core.records import save_game

        try:
            save_game(g, args.save)
        except OSError as exc:
            raise AztecArcadeError(f"cannot save to {args.save}: {exc.strerror or exc}"
                                   ) from None
        print(f"Saved to {args.save}")
    return 0


def headless_hint() -> str:
    """How to play without a window, as a command that works where the player is: from a
    checkout (``tasks.py`` beside the package) the bootstrap, else the installed command."""
    tasks = Path(__file__).resolve().parents[2] / "tasks.py"  # game/cli/ -> the checkout
    if tasks.is_file():
        try:
            where = os.path.relpath(tasks)
        except ValueError:  # another drive (Windows)
            where = str(tasks)
        return f"To play without a window: python3 {where} play --headless"
    return f"To play without a window: {PROG} play --headless"


class _QuietStderr:
    """Silences the process's stderr (file descriptor 2) while SDL probes the display: it
    prints stray lines of its own there ("XDG_RUNTIME_DIR is invalid or not set") that
    say nothing to a player. Our own message follows on the restored stderr."""

    def __enter__(self) -> None:
        self.saved: int | None = None
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            os.close(devnull)
        except OSError:
            self.saved = None

    def __exit__(self, *exc: object) -> None:
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)


def _start_client(args: argparse.Namespace) -> int:
    """Open the game window; no display (or no pygame) ends with a message, exit code 2."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    hint = headless_hint()
    try:
        import pygame

        from game.ui import app as client
    except ImportError as exc:
        raise AztecArcadeError(f"the game window needs pygame-ce ({exc}). {hint}") from None
    try:
        if not os.environ.get("SDL_VIDEODRIVER"):
            # Without a screen SDL may quietly fall back to an invisible driver.
            with _QuietStderr():
                pygame.display.init()
            driver = pygame.display.get_driver()
            if driver in ("offscreen", "dummy"):
                pygame.display.quit()
                raise AztecArcadeError(f"no display is available (SDL found only its "
                                       f"'{driver}' driver).")
        if getattr(args, "windowed", False):
            # client.main reads fullscreen=False as "as in the settings": force a window.
            window = client.App(fullscreen=False, dev=getattr(args, "dev", False),
                                lang=getattr(args, "lang", None))
            code = window.run(max_frames=args.frames)
            window.close()  # after --frames too: a computer's decision is cancelled
            pygame.quit()
            return code
        return client.main(args)
    except AztecArcadeError as exc:
        raise AztecArcadeError(f"{one_line(exc)} {hint}") from None
    except pygame.error as exc:
        raise AztecArcadeError(f"the game window cannot open ({exc}). {hint}") from None


def cmd_list(args: argparse.Namespace) -> int:
    from game.core.registry import get_registry

    registry = get_registry()
    specs = sorted(registry.variants.values(), key=lambda s: s.id)
    print("Variants:")
    if not specs:
        print("  (none)")
    width = max([len(s.id) for s in specs] + [8])
    for spec in specs:
        count = (str(spec.min_players) if spec.min_players == spec.max_players
                 else f"{spec.min_players}-{spec.max_players}")
        print(f"  {spec.id:<{width}}  {spec.name}")
        print(f"  {'':<{width}}  {count} players, engine {spec.engine_id}, "
              f"from {spec.origin or spec.provider}: {spec.source}")
    lessons = registry.lessons().ordered()  # loading them checks them
    print()
    print("Lessons:")
    if not lessons:
        print("  (none)")
    for lesson in lessons:
        print(f"  {lesson.id:<{width}}  {lesson.name} ({lesson.variant}, {len(lesson.steps)} "
              f"steps), from {lesson.provider}: {lesson.source}")
    if registry.broken:
        print()
        print("Could not be loaded:")
        for broken in registry.broken:
            print(f"  {broken.kind} {broken.name} ({broken.source})")
            if broken.issues:
                for issue in broken.issues:
                    print(f"    {issue}")
            else:
                print(f"    {broken.message}")
    return 0


def _issue_line(issue: ConfigIssue, shown: str) -> str:
    where = shown if issue.file is None else issue.file
    if issue.line is not None:
        where += f":{issue.line}"
    return f"{where}: {issue.path or '(top level)'}: {issue.message}"


def _validate_targets(names: list[str]) -> list[Path]:
    """The files named, with a folder (a mod's package) standing for its YAML files and
    its catalogues."""
    from game.i18n.modcheck import catalogues_in

    out: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.yaml") if "locale" not in p.parts)
            out += found + catalogues_in(path)
            if not found and not catalogues_in(path):
                raise ConfigError(f"{name}: a folder with no YAML files and no catalogues")
        else:
            out.append(path)
    return out


def cmd_validate(args: argparse.Namespace) -> int:
    from game.core.registry import get_registry
    from game.i18n.modcheck import check_catalogue, is_catalogue

    registry = get_registry()
    files = _validate_targets(args.files)
    bad = 0
    for path in files:
        if is_catalogue(path):
            problems = check_catalogue(path, str(path))
        else:
            problems = [_issue_line(issue, str(path)) for issue in registry.validate_file(path)]
        if problems:
            bad += 1
            for line in problems:
                print(line)
        else:
            print(f"OK {path}")
    if len(files) > 1:
        print(f"{len(files) - bad} of {len(files)} files are valid")
    return 1 if bad else 0


def cmd_new_variant(args: argparse.Namespace) -> int:
    from game.core.registry import get_registry
    from game.kit.scaffold import check_name, new_variant, next_steps

    check_name(args.name)  # a bad name is refused before any plugin loads
    registry = get_registry()
    target = new_variant(args.name, args.dir, set(registry.variants) | set(registry.rules))
    print(next_steps(args.name, target))
    return 0


def _simulate_bots(args: argparse.Namespace) -> int:
    """``simulate --bots``: a tournament between computer levels with win rates and a 95 %
    confidence interval (Wilson) per level; seats rotate between games."""
    from game.ai import DEFAULT_ITERATIONS, level_name
    from game.ai.arena import seat_levels, tournament

    levels = args.bots
    n = len(levels)
    check_seeds(args.seed, args.games)
    if args.players is not None and args.players != n:
        raise ConfigError(f"--bots names {n} seats but --players is {args.players}")
    options = parse_options(args.option)
    first = start_game(args.variant, n, args.seed, options)  # checks arguments
    iterations = args.iterations
    if iterations is None and args.seconds is None:
        iterations = DEFAULT_ITERATIONS
    start = time.perf_counter()

    def progress(i: int, g: Any, seats: list[str]) -> None:
        if args.progress:
            who = ", ".join(f"{level_name(lv)} {sc}" for lv, sc in zip(seats, g.scores,
                                                                       strict=True))
            won = " and ".join(level_name(seats[w]) for w in g.winners)
            print(f"  game {i + 1:4d} (seed {args.seed + i}): {who}; won: {won}",
                  flush=True)

    table, lengths = tournament(args.variant, levels, args.games, args.seed, options,
                                iterations=iterations, seconds=args.seconds,
                                progress=progress)
    elapsed = time.perf_counter() - start
    last = args.seed + args.games - 1
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}-{last}"
    rotation = "seats alternate" if n == 2 else "seats rotate"
    budget = " and ".join(part for part in (
        f"{iterations} iterations" if iterations is not None else "",
        f"{args.seconds:g} s" if args.seconds is not None else "") if part)
    print(f"{first.spec.name}: {args.games} game{'s' if args.games != 1 else ''}, "
          f"{' vs '.join(level_name(lv) for lv in levels)} ({rotation} between games; "
          f"{seeds})")
    if "hard" in levels:
        print(f"Hard budget: {budget} per decision")
    print()
    _print_level_table(table, n)
    print()
    print("A win shared by k seats counts 1/k; 'think' is the time per decision that "
          "searched (plan steps and forced moves excluded).")
    if len(set(levels)) < n:
        print("Note: a level on several seats pools their results.")
    print(f"Seats: game 1 seats {', '.join(level_name(lv) for lv in seat_levels(levels, 0))}"
          "; each later game moves every level one seat on.")
    print(f"Mean game length: {statistics.fmean(lengths):.1f} actions "
          f"(min {min(lengths)}, max {max(lengths)})")
    print(f"Time: {elapsed:.1f} s in all")
    return 0


def _print_level_table(table: dict[str, Standing], seats: int) -> None:
    """Each level's wins with a 95 % interval, scores and thinking time; with more than
    two seats also head to head, which the overall rate hides."""
    from game.ai import level_name

    print(f"  {'level':<8} {'wins':>6} {'games':>6} {'win %':>7}  {'95% CI':<17} "
          f"{'mean score':>10}  {'think mean':>10} {'p95':>8}")
    for level, st in table.items():
        lo, hi = st.interval()
        think = sorted(st.seconds)
        mean = statistics.fmean(think) if think else 0.0
        p95 = think[min(len(think) - 1, round(0.95 * (len(think) - 1)))] if think else 0.0
        ci = f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]"
        print(f"  {level_name(level):<8} {st.wins:6.1f} {st.games:6d} {100 * st.rate:6.1f}%  "
              f"{ci:<17} {statistics.fmean(st.scores):10.1f}  {mean:9.3f}s {p95:7.3f}s")
    if seats > 2:
        from game.ai.arena import wilson

        print()
        print("  Head to head (finishing ahead of each seat of the other level; level = "
              "half):")
        for level, st in table.items():
            for other, (points, meetings) in st.versus.items():
                lo, hi = wilson(points, int(meetings))
                print(f"  {level_name(level):<8} ahead of {level_name(other):<8} "
                      f"{points:6.1f} of {int(meetings):4d}  {100 * points / meetings:5.1f}%"
                      f"  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.bots is not None:
        return _simulate_bots(args)
    if args.players is None:
        args.players = 4
    check_seeds(args.seed, args.games)
    options = parse_options(args.option)
    first = start_game(args.variant, args.players, args.seed, options)  # checks arguments
    n = args.players
    wins = [0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    lengths: list[int] = []
    shared = 0
    limit = first.rules.playout_limit
    start = time.perf_counter()
    for i in range(args.games):
        seed_i = args.seed + i
        g = first if i == 0 else start_game(args.variant, n, seed_i, options)
        rng = Rng(seed_i)
        while not g.is_over:
            if len(g.log) >= limit:
                raise AztecArcadeError(f"game {i + 1} (seed {seed_i}) did not end within "
                                       f"{limit} actions")
            g.apply(g.playout_action(rng))
        lengths.append(len(g.log))
        for seat, score in enumerate(g.scores):
            scores[seat].append(score)
        for w in g.winners:
            wins[w] += 1
        if len(g.winners) > 1:
            shared += 1
    elapsed = time.perf_counter() - start
    last = args.seed + args.games - 1
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}-{last}"
    print(f"{first.spec.name}: {args.games} game{'s' if args.games != 1 else ''} of "
          f"{n} random players ({seeds})")
    print()
    print(f"  {'seat':<9} {'wins':>5} {'win %':>6} {'mean':>7} {'min':>5} {'max':>5}")
    for seat in range(n):
        s = scores[seat]
        print(f"  {_seat_name(seat):<9} {wins[seat]:5d} {100 * wins[seat] / args.games:5.1f}% "
              f"{statistics.fmean(s):7.1f} {min(s):5d} {max(s):5d}")
    print()
    print(f"Shared wins: {shared} game{'s' if shared != 1 else ''} (a shared win counts "
          "for every winner)")
    print(f"Mean game length: {statistics.fmean(lengths):.1f} actions "
          f"(min {min(lengths)}, max {max(lengths)})")
    rate = args.games / elapsed if elapsed > 0 else float("inf")
    print(f"Speed: {rate:.1f} games/s ({elapsed:.2f} s in all)")
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """``balance``: tournaments between computer players, written up as an HTML report
    (see :mod:`game.lab`)."""
    from game.lab.command import balance

    return balance(args, parse_options(args.option), _guests(args.bots))


def _guests(levels: list[str]) -> dict[str, Any]:
    """The guest players ``balance --bots`` names (see ``GUEST_LEVELS``), each made by a
    module above the lab's floor; a missing extra is the lab's one-line message."""
    from game.cli.parser import GUEST_LEVELS

    named = [lv for lv in dict.fromkeys(levels) if lv in GUEST_LEVELS]
    if not named:
        return {}
    from game.lab import extras

    for level in named:
        extras.require(GUEST_LEVELS[level], f"--bots {level}")
    from game.bridges.openspiel_mcts import OpenSpielMCTS

    return {"openspiel-mcts": OpenSpielMCTS}


def cmd_replay(args: argparse.Namespace) -> int:
    """The same replay as ``load_game`` (see game.api), shown action by action."""
    from game.api import ReplayError
    from game.core.records import read_save

    saved = read_save(args.file)
    print(f"Replay of {args.file}: {saved.spec.name}, {saved.rules.players} players, "
          f"seed {saved.seed}, {len(saved.log)} actions")
    if saved.options:
        print(f"Options: {json.dumps(saved.options, sort_keys=True)}")
    try:
        installed = start_game(saved.spec.id, saved.rules.players, saved.seed, saved.options)
        if installed.rules.params != saved.rules.params:
            print("Note: the installed variant's parameters differ from the save's; "
                  "replaying with the parameters stored in the save")
    except ConfigError as exc:
        first_line = str(exc).splitlines()[0]
        print(f"Note: {first_line}; replaying with the parameters stored in the save")
    print()
    try:
        g = saved.replay(on_action=_print_action)
    except ReplayError as exc:
        print()
        print(f"Replay DIVERGES at action {exc.number} ({exc.quoted}): {exc.reason}")
        return 1
    _print_result(g)
    print()
    if not saved.compares_state:
        print(f"This save is format version {saved.version}: its stored state is in an older "
              "form and is not compared; the log replays, and it is the game.")
        return 0
    problem = saved.difference(g)
    if not problem:
        print("The replay matches the saved state.")
        return 0
    print(f"Replay DIVERGES from the saved state: {problem}")
    return 1
