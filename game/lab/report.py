"""The balance report: matplotlib figures as SVG, inlined into one HTML file that needs
nothing else (no scripts, fonts or pictures from elsewhere), next to the raw records.

Every plot puts the arms (variants, or the values of a sweep) side by side on the same
axes, in one colour each, and every number drawn is also in a table under the plot.
"""

from __future__ import annotations

import hashlib
import html
import io
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.lab.plan import Plan
from game.lab.stats import ArmSummary, mean, reasons, rounds

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

#: Okabe-Ito: told apart with any colour vision
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
#: the colours of the reasons a variant gives none for, each chosen by the reason's name
REASON_COLOURS = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860",
                  "#DA8BC3", "#CCB974", "#64B5CD", "#2F6B5F")
#: points that no event itemised
UNITEMISED_COLOUR = "#BBBBBB"
#: the win-rate axes reach this far below 0 % and above 100 %
RATE_MARGIN = 0.06
RC: dict[RcKeyType, Any] = {
    "font.size": 11, "axes.titlesize": 13, "axes.titleweight": "bold",
    "axes.spines.top": False, "axes.spines.right": False, "svg.fonttype": "path",
    "legend.frameon": False}


def colour(k: int) -> str:
    return PALETTE[k % len(PALETTE)]


def reason_colours(whys: Sequence[str], given: Mapping[str, Mapping[str, str]]
                   ) -> dict[str, str]:
    """Each reason's colour: the variant's own (its YAML's ``colours``; the first variant
    of the run that names the reason), else a colour of :data:`REASON_COLOURS` chosen by
    the reason's name alone, so that it is the same in every chart and every report. Two
    such reasons of one chart that would share a colour: the later name (alphabetically)
    takes the next free one."""
    from game.lab.play import UNITEMISED

    out: dict[str, str] = {}
    for why in whys:
        for colours in given.values():
            if why in colours:
                out[why] = colours[why].upper()
                break
    taken = set(out.values())
    for why in sorted(w for w in whys if w not in out):
        if why == UNITEMISED:
            out[why] = UNITEMISED_COLOUR
            continue
        start = int.from_bytes(hashlib.blake2b(why.encode(), digest_size=4).digest(), "big")
        free = [c for c in (REASON_COLOURS[(start + i) % len(REASON_COLOURS)]
                            for i in range(len(REASON_COLOURS))) if c not in taken]
        out[why] = free[0] if free else REASON_COLOURS[start % len(REASON_COLOURS)]
        taken.add(out[why])
    return out


def ink_on(fill: str) -> str:
    """Black or white, whichever reads on ``fill`` (#RRGGBB)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"


def _svg(fig: Any, name: str) -> str:
    """The figure as an SVG element (no XML prologue), reproducible byte for byte."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": f"aztec-arcade-{name}"}):
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _offsets(n: int, width: float = 0.8) -> list[float]:
    step = width / max(1, n)
    return [-width / 2 + step * (k + 0.5) for k in range(n)]


def _percent(ax: Any) -> None:
    from matplotlib.ticker import PercentFormatter

    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def _arm_legend(fig: Any, ax: Any, arms: Sequence[ArmSummary], extra: Sequence[Any] = ()
                ) -> None:
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=colour(k), marker="o", linestyle="", markersize=8,
                      label=arm.label) for k, arm in enumerate(arms)]
    handles += list(extra)
    if len(handles) > 1:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def rates_figure(arms: Sequence[ArmSummary], groups: Sequence[str],
                 rates: Sequence[Sequence[Any]], title: str, fair: float | None) -> str:
    """:func:`rates_plot` as SVG."""
    with _rc():
        return _svg(rates_plot(arms, groups, rates, title, fair), title)


def rates_plot(arms: Sequence[ArmSummary], groups: Sequence[str],
               rates: Sequence[Sequence[Any]], title: str, fair: float | None) -> Any:
    """Win rates with their 95 % intervals: one group per seat (or level), one colour
    per arm; a dashed line at the equal share. A dot at 0 % or 100 % is drawn whole."""
    from matplotlib.lines import Line2D

    fig = _figure(max(8.0, 1.6 * len(groups) + 4), 4.2)
    ax = fig.add_subplot()
    offsets = _offsets(len(arms))
    for k in range(len(arms)):
        for g, rate in enumerate(rates[k]):
            if rate is None or not rate.games:
                continue
            lo, hi = rate.interval()
            x = g + offsets[k]
            # Wilson's bounds can miss 0 % or 100 % by a rounding error
            below, above = max(0.0, rate.rate - lo), max(0.0, hi - rate.rate)
            ax.errorbar([x], [rate.rate], yerr=[[below], [above]], fmt="o",
                        color=colour(k), ecolor=colour(k), elinewidth=2.2, capsize=5,
                        markersize=8, clip_on=False, zorder=3)
            ax.annotate(f"{100 * rate.rate:.0f}%", (x, rate.rate), xytext=(7, 0),
                        textcoords="offset points", va="center", fontsize=9,
                        color="#333333")
    extra = []
    if fair is not None:
        ax.axhline(fair, color="#555555", linestyle="--", linewidth=1)
        extra.append(Line2D([], [], color="#555555", linestyle="--",
                            label=f"equal chances ({100 * fair:.0f}%)"))
    ax.set_xticks(range(len(groups)), groups)
    ax.set_xlim(-0.6, len(groups) - 0.4)
    # room above 100 % and below 0 % (a dot there is drawn whole, with its label)
    ax.set_ylim(-RATE_MARGIN, 1 + RATE_MARGIN)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    _percent(ax)
    ax.set_ylabel("games won (95% interval)")
    ax.set_title(title, loc="left")
    ax.grid(axis="y", alpha=0.3)
    _arm_legend(fig, ax, arms, extra)
    return fig


def _boxes(ax: Any, arms: Sequence[ArmSummary], groups: Sequence[str],
           data: Sequence[Sequence[Sequence[float]]], label: str) -> None:
    """Distributions as box plots (median, quartiles, whiskers to 1.5 IQR, a diamond at
    the mean) on ``ax``: one group per seat, one colour per arm."""
    offsets = _offsets(len(arms))
    width = 0.7 * 0.8 / max(1, len(arms))
    for k, _arm in enumerate(arms):
        values = [list(v) for v in data[k]]
        present = [g for g, v in enumerate(values) if v]
        if not present:
            continue
        box = ax.boxplot([values[g] for g in present],
                         positions=[g + offsets[k] for g in present], widths=width,
                         patch_artist=True, showmeans=True, manage_ticks=False,
                         flierprops={"markersize": 3, "markeredgecolor": colour(k)},
                         meanprops={"marker": "D", "markerfacecolor": "white",
                                    "markeredgecolor": "black", "markersize": 5},
                         medianprops={"color": "black"})
        for patch in box["boxes"]:
            patch.set_facecolor(colour(k))
            patch.set_alpha(0.75)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_xlim(-0.6, len(groups) - 0.4)
    ax.set_ylabel(label)
    ax.grid(axis="y", alpha=0.3)


def boxes_figure(arms: Sequence[ArmSummary], groups: Sequence[str],
                 data: Sequence[Sequence[Sequence[float]]], title: str, label: str,
                 name: str) -> str:
    """One box plot (:func:`_boxes`) with its title and the arms' legend."""
    with _rc():
        fig = _figure(max(8.0, 1.6 * len(groups) + 4), 4.2)
        ax = fig.add_subplot()
        _boxes(ax, arms, groups, data, label)
        ax.set_title(title, loc="left")
        _arm_legend(fig, ax, arms)
        return _svg(fig, name)


def lengths_figure(arms: Sequence[ArmSummary]) -> str:
    """The game's length side by side in turns and in actions: a sweep that changes what
    one turn allows changes the count of actions by itself."""
    with _rc():
        fig = _figure(9.0, 4.2)
        turns_ax, actions_ax = fig.subplots(1, 2)
        _boxes(turns_ax, arms, ["turns"], [[arm.turns] for arm in arms], "turns per game")
        _boxes(actions_ax, arms, ["actions"], [[arm.lengths] for arm in arms],
               "actions per game")
        turns_ax.set_title("Game length", loc="left")
        _arm_legend(fig, actions_ax, arms)
        return _svg(fig, "lengths")


def points_figure(arms: Sequence[ArmSummary], whys: Sequence[str],
                  colours: Mapping[str, str]) -> str:
    """Where the points come from: per arm, a bar of the mean points per player and game,
    split by reason, each reason in its own colour (:func:`reason_colours`)."""
    with _rc():
        fig = _figure(9.0, 1.0 + 0.65 * len(arms) + 0.25 * len(whys))
        ax = fig.add_subplot()
        ys = list(range(len(arms)))[::-1]
        left = [0.0] * len(arms)
        total = max([sum(max(0.0, a.mean_points(w)) for w in whys) for a in arms] + [1.0])
        for why in whys:
            values = [arm.mean_points(why) for arm in arms]
            shade = colours[why]
            ax.barh(ys, values, left=left, color=shade, edgecolor="white", height=0.6,
                    label=why)
            for y, start, value in zip(ys, left, values, strict=True):
                if value >= 0.06 * total:
                    ax.text(start + value / 2, y, f"{value:.1f}", ha="center",
                            va="center", fontsize=9, color=ink_on(shade))
            left = [a + max(0.0, v) for a, v in zip(left, values, strict=True)]
        ax.set_yticks(ys, [arm.label for arm in arms])
        ax.set_xlabel("points per player and game")
        ax.set_title("Where the points come from", loc="left")
        ax.grid(axis="x", alpha=0.3)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25 if len(arms) > 2 else
                                                       -0.45),
                  ncols=min(4, max(1, len(whys))))
        return _svg(fig, "points")


def _rc() -> Any:
    import matplotlib

    return matplotlib.rc_context(RC)


# ---------------------------------------------------------------------------------------
# the page
# ---------------------------------------------------------------------------------------
CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px;
       color: #222; line-height: 1.45; padding: 0 1em; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
code { background: #f3f3f3; padding: 0 0.25em; }
.cmd { background: #f3f3f3; padding: 0.6em; overflow-x: auto; font-family: monospace; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; white-space: nowrap; }
th { background: #f3f3f3; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
figcaption { color: #444; font-size: 0.95em; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
          vertical-align: -0.1em; margin-right: 0.3em; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _pct(rate: Any) -> str:
    lo, hi = rate.interval()
    return f"{100 * rate.rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def _arm_cell(k: int, arm: ArmSummary) -> str:
    return f'<span class="swatch" style="background:{colour(k)}"></span>{_e(arm.label)}'


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows]
    return "\n".join(out) + "</table>"


def _first_note(arms: Sequence[ArmSummary]) -> str:
    seats = {seat for arm in arms for seat in arm.first}
    if seats == {0}:
        return "Seat 1 made the first decision in every game."
    counts = "; ".join(f"{_e(arm.label)}: " + ", ".join(
        f"seat {s + 1} {n}x" for s, n in sorted(arm.first.items())) for arm in arms)
    return f"Who decided first: {counts}."


def render(plan: Plan, arms: Sequence[ArmSummary], command: str, records_name: str,
           names: dict[str, str], colours: Mapping[str, Mapping[str, str]] | None = None
           ) -> str:
    """The whole HTML page. ``names``: variant id -> display name; ``colours``: variant
    id -> its YAML's ``colours`` (reason -> #RRGGBB)."""
    seats = [f"Seat {s + 1}" for s in range(plan.players)]
    parts = _heading(plan, command, records_name, names)
    parts += _summary(plan, arms, seats)
    parts += _win_rates(plan, arms, seats)
    parts += _scores_and_lengths(arms, seats)
    parts += _points(arms, colours or {})
    parts.append("<p style='color:#666'>Made by <code>aztec-arcade balance</code>.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _heading(plan: Plan, command: str, records_name: str, names: dict[str, str]) -> list[str]:
    """The page's head, its title and what was played, with the command that repeats it."""
    from game.ai import level_name

    variants = list(dict.fromkeys(a.variant for a in plan.arms))
    title = " vs ".join(names.get(v, v) for v in variants)
    if plan.sweeps:
        title += ": " + ", ".join(f"sweep of {s.name}" for s in plan.sweeps)
    bots = ", ".join(level_name(lv) for lv in plan.levels)
    return [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>Balance: {_e(title)}</title><style>{CSS}</style></head><body>",
            f"<h1>Balance: {_e(title)}</h1>",
            f"<p>{plan.games} games per arm, {plan.players} players ({_e(bots)}); "
            f"seats rotate between games; game <i>i</i> uses seed {plan.seed}+<i>i</i>. "
            + (f"Hard searches {plan.iterations} iterations per decision. "
               if "hard" in plan.levels else "")
            + "".join(f"{_e(level_name(lv))}: {_e(_guest_options(plan, lv))}. "
                      for lv in dict.fromkeys(plan.levels) if lv in plan.guests)
            + f"Raw results: <code>{_e(records_name)}</code> (one JSON line per game).</p>",
            f"<div class='cmd'>{_e(command)}</div>"]


def _guest_options(plan: Plan, level: str) -> str:
    """A guest level's budget as its player says it (``Bot.describe``), and the options
    the run gave it."""
    given = {k: v for arm in plan.arms for k, v in arm.bot_options.get(level, {}).items()}
    player = plan.guests[level](seed=0, iterations=plan.iterations, **given)
    said = player.describe()
    player.close()
    options = ", ".join(f"{k}={v}" for k, v in given.items())
    return f"{said}; options {options}" if options else f"{said}; its default options"


def _summary(plan: Plan, arms: Sequence[ArmSummary], seats: list[str]) -> list[str]:
    """One row per arm: the seats' and the levels' win rates with their intervals, the
    mean score and the game's length in turns, rounds and actions."""
    from game.ai import level_name

    levels = list(dict.fromkeys(plan.levels)) if len(set(plan.levels)) > 1 else []
    rows = []
    for k, arm in enumerate(arms):
        rows.append([_arm_cell(k, arm), str(arm.games)]
                    + [_pct(r) for r in arm.seats]
                    + [_pct(arm.levels[lv]) if lv in arm.levels else "-" for lv in levels]
                    + [f"{mean(arm.all_scores()):.1f}", f"{mean(arm.turns):.1f}",
                       f"{rounds(arm):.1f}", f"{mean(arm.lengths):.1f}"])
    head = (["arm", "games"] + [f"{s} wins" for s in seats]
            + [f"{_e(level_name(lv))} wins" for lv in levels]
            + ["mean score", "mean turns", "mean rounds", "mean actions"])
    level_note = (" A level's rate counts every seat it played; with a level on several "
                  "seats it is their share together." if levels else "")
    return ["<h2>Summary</h2>", _table(head, rows),
            f"<p>{_first_note(arms)} Each win rate is followed by its 95% interval "
            "[low, high]. A win shared by k players counts 1/k for each, "
            "so the seats' rates add up to 100%." + level_note + " The interval is "
            "Wilson's score interval: with few games it is wide, and two arms whose "
            "intervals overlap a lot are not shown to differ. A turn is a player's spell "
            "of decisions until another player's turn (setup turns included); rounds are "
            "the turns shared out over the players.</p>"]


def _win_rates(plan: Plan, arms: Sequence[ArmSummary], seats: list[str]) -> list[str]:
    """Win rates by seat (the first-player advantage) and, with several levels, by level."""
    from game.ai import level_name

    fair = 1.0 / plan.players
    levels = list(dict.fromkeys(plan.levels))
    parts: list[str] = []
    parts.append("<h2>Win rate by seat</h2>")
    svg = rates_figure(arms, seats, [arm.seats for arm in arms],
                       "Win rate by seat (first-player advantage)", fair)
    parts.append(f"<figure>{svg}<figcaption>Each dot is the share of games that seat won, "
                 "with its 95% interval; the dashed line is an equal share. A seat whose "
                 "interval lies above the line wins more often than chance allows."
                 "</figcaption></figure>")
    if len(levels) > 1:
        parts.append("<h2>Win rate by computer level</h2>")
        level_rates = [[arm.levels.get(lv) for lv in levels] for arm in arms]
        svg = rates_figure(arms, [level_name(lv) for lv in levels], level_rates,
                           "Win rate by level", None)
        parts.append(f"<figure>{svg}<figcaption>The share of games each level won "
                     "(over every seat it played; seats rotate between games)."
                     "</figcaption></figure>")
        parts += _level_counts(arms, levels)
    return parts


def _level_counts(arms: Sequence[ArmSummary], levels: Sequence[str]) -> list[str]:
    """Per arm and level: the games won as a count, the rate with its interval, and the
    CPU per decision where the records say (a guest held to a multiple of it)."""
    from game.ai import level_name

    rows = []
    for k, arm in enumerate(arms):
        for lv in levels:
            rate = arm.levels.get(lv)
            if rate is None:
                continue
            spent, times = arm.cpu.get(lv), arm.multiples.get(lv)
            multiple = (f" ({mean(times):.1f}x, per game {min(times):.1f}-{max(times):.1f}x)"
                        if times and max(times) > 1 else "")
            rows.append([_arm_cell(k, arm), _e(level_name(lv)),
                         f"{rate.wins:g} of {rate.games}", _pct(rate),
                         f"{1000 * mean(spent):.0f} ms{multiple}" if spent else "-"])
    head = ["arm", "level", "games won", "win rate [95% interval]",
            "CPU per decision"]
    return [_table(head, rows),
            "<p>A shared win counts 1/k. CPU per decision is the mean over the games of "
            "each level's mean CPU time per decision that searched (plan steps and forced "
            "moves left out); it is recorded only in runs with a guest player whose "
            "thinking is a multiple of another level's. The multiple is of the "
            "thriftiest level's CPU in the same game.</p>"]


def _scores_and_lengths(arms: Sequence[ArmSummary], seats: list[str]) -> list[str]:
    """Final scores by seat and game lengths, as boxes and as tables."""
    parts: list[str] = []
    parts.append("<h2>Scores</h2>")
    svg = boxes_figure(arms, seats, [arm.scores for arm in arms], "Final scores by seat",
                       "final score", "scores")
    parts.append(f"<figure>{svg}<figcaption>Boxes span the middle half of the games, the "
                 "line is the median, the diamond the mean, whiskers reach 1.5 box "
                 "lengths and dots are the games beyond.</figcaption></figure>")
    parts.append(_table(["arm"] + [f"{s} mean (min-max)" for s in seats],
                        [[_arm_cell(k, arm)] + [
                            f"{mean(v):.1f} ({min(v)}-{max(v)})" if v else "-"
                            for v in arm.scores] for k, arm in enumerate(arms)]))
    parts.append("<h2>Game length</h2>")
    parts.append(f"<figure>{lengths_figure(arms)}<figcaption>Turns (each change of whose "
                 "turn it is, setup included) and actions (every action of every player) "
                 "from the first decision to the end.</figcaption></figure>")
    parts.append(_table(["arm", "turns: mean", "median", "min-max", "rounds",
                         "actions: mean", "median", "min-max"], [
        [_arm_cell(k, arm), f"{mean(arm.turns):.1f}", _median(arm.turns),
         _span(arm.turns), f"{rounds(arm):.1f}", f"{mean(arm.lengths):.1f}",
         _median(arm.lengths), _span(arm.lengths)]
        for k, arm in enumerate(arms)]))
    return parts


def _median(values: Sequence[int]) -> str:
    """The median as the box plot beside it draws it (the middle two's mean when the
    count is even), so the table and the picture agree."""
    return f"{statistics.median(values):g}" if values else "-"


def _span(values: Sequence[int]) -> str:
    return f"{min(values)}-{max(values)}" if values else "-"


def _points(arms: Sequence[ArmSummary], given: Mapping[str, Mapping[str, str]]
            ) -> list[str]:
    """Where the points come from: the score events' reasons, per player and game."""
    parts: list[str] = []
    whys = reasons(arms)
    parts.append("<h2>Where the points come from</h2>")
    if whys:
        colours = reason_colours(whys, given)
        svg = points_figure(arms, whys, colours)
        parts.append(f"<figure>{svg}<figcaption>Mean points per player and game, split by "
                     "the reason of the score events (the <code>reason</code> a variant "
                     "gives, else the event's kind), each in the variant's colour for it "
                     "where its file gives one. Points that no event itemises (a "
                     "variant that only reports the final count) show as 'not itemised by "
                     "events'.</figcaption></figure>")
        parts.append(_table(["arm"] + [
            f'<span class="swatch" style="background:{colours[w]}"></span>{_e(w)}'
            for w in whys], [
            [_arm_cell(k, arm)] + [f"{arm.mean_points(w):.2f}" for w in whys]
            for k, arm in enumerate(arms)]))
    else:
        parts.append("<p>No points were scored.</p>")
    return parts


def write_report(out: Path, plan: Plan, arms: Sequence[ArmSummary], command: str,
                 names: dict[str, str],
                 colours: Mapping[str, Mapping[str, str]] | None = None) -> Path:
    """Write ``report.html`` into ``out`` (atomically), beside the run's games.jsonl."""
    from game.core.records import write_atomic
    from game.lab.store import GAMES

    page = out / "report.html"
    write_atomic(page, render(plan, arms, command, GAMES, names, colours))
    return page
