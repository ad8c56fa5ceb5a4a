"""What the owner of a game prepares for the devices, on its own thread.

The engine is touched only by the thread that owns the game (the client's frame thread,
the headless host loop). On every change that owner calls ``RemoteHub.publish``, which
asks :class:`Publisher` for a :class:`Snapshot`: for each role (a claimed seat, or the
spectators) the finished ``state`` message as bytes, built only from ``view(role)``, the
legal actions when that role decides, and the events it may see. The hub's thread then
only routes bytes; it never reads a game, a view or an event.
"""

from __future__ import annotations

import functools
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import i18n
from game.api import Game
from game.core.events import Event, personalise
from game.core.facets import presentation
from game.core.words import Addressed, imperative
from game.i18n import Listing, Msg, Seat, Text
from game.i18n.client import _
from game.kit.client import theme
from game.remote.page import Languages
from game.remote.protocol import PROTOCOL, dumps

#: events kept for the log tail each device shows
LOG_TAIL = 40
#: legal actions sent at most (Mexica's longest lists hold a few hundred)
MAX_ACTIONS = 3000
#: plans (``Rules.device_plans``) sent at most, and actions in one
MAX_PLANS = 500
MAX_PLAN_STEPS = 40
#: how deep a view is followed when it is made JSON-safe (a mod's view may be odd)
MAX_DEPTH = 40
Role = int | None  # a seat, or None for the spectators
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SeatInfo:
    """One seat as devices see it: how the television shows it, and who may take it.

    ``open``: a device may claim the seat. ``driver``: what plays the seat while no
    device holds it, as the lobby says it ("Computer (Hard)", "On the television"), or
    "" for a seat waiting for a device.
    """

    name: str
    colour: Colour
    mark: str
    open: bool = True
    driver: Text = ""

    def to_json(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "name": self.name, "colour": hex_colour(self.colour),
                "mark": self.mark}


def default_table(players: int, names: Sequence[str] = (),
                  palette: str = "okabe-ito") -> list[SeatInfo]:
    """Seats in palette order, each with the colour's mark, as the television shows them."""
    out = []
    for seat in range(players):
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        out.append(SeatInfo(name, theme.player_colour(palette, seat),
                            theme.MARKS[seat % len(theme.MARKS)]))
    return out


def hex_colour(colour: Sequence[int]) -> str:
    return "#" + "".join(f"{max(0, min(255, int(c))):02x}" for c in colour[:3])


@dataclass(frozen=True)
class Snapshot:
    """One published moment of the game, ready to send; never changed once made."""

    version: int
    deciding: int | None
    over: bool
    #: the ``state`` message for each role prepared (claimed seats and the spectators)
    states: dict[Role, bytes] = field(default_factory=dict)
    #: the request for the table picture (the game as saved, and the seats' looks)
    picture_job: bytes | None = None


@dataclass(frozen=True)
class LogEntry:
    index: int  # the number of actions in the log once the event happened
    text: Text  # a message, rendered for each role in its reader's language
    seat: int | None
    visible_to: tuple[int, ...] | None

    def visible(self, role: Role) -> bool:
        return self.visible_to is None or (role is not None and role in self.visible_to)


class Publisher:
    """Builds snapshots; used only on the owner's thread (it keeps the log tail). A
    picture is requested once per version, when ``picture`` says someone watches."""

    def __init__(self) -> None:
        self.version = 0
        self._pictured = 0
        self._key: tuple[Any, ...] | None = None
        self._tail: list[LogEntry] = []
        self._names: list[str] = []
        #: log texts with the seats' names, per role and text (a seat reads "You ..."):
        #: those the last snapshot sent, and those this one sends (kept for the next)
        self._named: dict[tuple[Role, str, Text], str] = {}
        self._sent: dict[tuple[Role, str, Text], str] = {}
        #: each seat's language (a phone's own, from its ``join``; the server's thread
        #: sets it): a seat without one, and the spectators, read the television's
        self.languages = Languages()
        self.panel_failure = ""
        self.plans_failure = ""

    def prepare(self, game: Game, events: Iterable[Event], table: Sequence[SeatInfo],
                roles: Iterable[Role], picture: bool) -> Snapshot:
        """The snapshot of ``game`` for ``roles``; the version grows only if the game
        changed since the last one (an identical game keeps its version, so a device's
        action sent for it is still current)."""
        log = game.log
        key = (game.variant, game.seed, game.players, repr(game.options), tuple(log))
        if key != self._key:
            self._follow(key, log, events)
            self.version += 1
            self._key = key
        names = [s.name for s in table]
        if names != self._names:
            self._names, self._named = names, {}
        current = game.current_player
        states = {role: self._state(game, role, names, current)
                  for role in sorted(set(roles), key=lambda r: -1 if r is None else r)}
        self._named, self._sent = self._sent, {}  # the texts of older tails go
        job = None
        if picture and self._pictured != self.version:
            job = picture_request(game, table, self.version,
                                  [i18n.language(), *self.languages.chosen()])
            self._pictured = self.version
        return Snapshot(self.version, current, game.is_over, states, job)

    def repaint(self) -> None:
        """The seats' looks changed: the next picture is wanted even for this version."""
        self._pictured = 0

    def _follow(self, key: tuple[Any, ...], log: list[str], events: Iterable[Event]) -> None:
        """Keep the log tail in step: a new game starts it again, an undo drops what was
        undone, a new action adds its events."""
        old = self._key
        if old is None or old[:4] != key[:4]:
            self._tail = []
        else:
            before: tuple[str, ...] = old[4]
            common = 0
            for a, b in zip(before, log, strict=False):
                if a != b:
                    break
                common += 1
            self._tail = [e for e in self._tail if e.index <= common]
        n = len(log)
        for e in events:
            visible = tuple(e.visible_to) if e.visible_to is not None else None
            self._tail.append(LogEntry(n, e.text, e.seat, visible))
        del self._tail[:-LOG_TAIL * 4]

    # -- one role's state message --------------------------------------------------------
    def _state(self, game: Game, role: Role, names: list[str], current: int | None) -> bytes:
        """The state message for ``role``, as bytes. The view is serialised once, at C
        speed when it holds plain JSON types, and spliced into the message."""
        raw = game.view(role)
        try:
            view_text = json.dumps(raw, separators=(",", ":"), ensure_ascii=False,
                                   allow_nan=False)
            view = json.loads(view_text)  # the panel hook reads a copy, as JSON types
        except (TypeError, ValueError):  # a mod's view with sets, tuples as keys, nan
            view = json_safe(raw)
            view_text = json.dumps(view, separators=(",", ":"), ensure_ascii=False)
        deciding = role is not None and role == current and not game.is_over
        out: dict[str, Any] = {
            "type": "state", "v": PROTOCOL, "version": self.version, "seat": role,
            "current": current, "turn": turn_seat(game), "deciding": deciding,
            "scores": json_safe(game.scores), "over": game.is_over,
            "actions": action_groups(game, names, self.language(role)) if deciding else [],
            "plans": self._plans(game, role, names) if deciding and role is not None else [],
            "panel": self._panel(game, view, role, names),
            "log": [{"text": self._name(e.text, names, role), "seat": e.seat}
                    for e in self._tail if e.visible(role)][-LOG_TAIL:],
        }
        if game.is_over:
            out["results"] = results(game, names, self.language(role), role)
        head = dumps(out)
        return head[:-1] + b',"view":' + view_text.encode() + b"}"

    def language(self, role: Role) -> str:
        """The language ``role`` reads."""
        return self.languages.get(role) or i18n.language()

    def _name(self, text: Text, names: list[str], role: Role) -> str:
        """A log text with the seats' names, and the role's own seat spoken to: "You
        walk to h7: 1 AP", "Your turn" on that seat's phone."""
        lang = self.language(role)
        named_text = self._named.get((role, lang, text))
        if named_text is None:
            named_text = personalise(text, addressing(names, role)) if isinstance(text, str) \
                else i18n.render(text, lang, names, role)
        self._sent[(role, lang, text)] = named_text
        return named_text

    def _plans(self, game: Game, role: int, names: list[str]) -> list[dict[str, Any]]:
        """The variant's plans for the deciding seat (``Rules.device_plans``), only those
        that start with a legal action. A failing hook costs the plans, never the game."""
        try:
            raw = presentation(game.rules).device_plans(game.state, role)
        except Exception as exc:  # noqa: BLE001 - a plugin must not stop the server
            if not self.plans_failure:
                self.plans_failure = f"{type(exc).__name__}: {exc}"
                print(f"remote: the '{game.rules.engine_id}' device plans failed "
                      f"({self.plans_failure}); devices offer single actions",
                      file=sys.stderr)
            return []
        return checked_plans(raw, set(game.legal_actions()), names, self.language(role), role)

    def _panel(self, game: Game, view: Any, role: Role, names: list[str]) -> Any:
        """The variant's own device panel (``Rules.device_panel``), its texts in the
        role's language, or None for the generic page. A failing hook costs the panel,
        never the game."""
        try:
            panel = presentation(game.rules).device_panel(view, role)
        except Exception as exc:  # noqa: BLE001 - a plugin must not stop the server
            if not self.panel_failure:
                self.panel_failure = f"{type(exc).__name__}: {exc}"
                print(f"remote: the '{game.rules.engine_id}' device panel failed "
                      f"({self.panel_failure}); devices show the generic page",
                      file=sys.stderr)
            return None
        return json_safe(named(panel, names, self.language(role), role)) \
            if isinstance(panel, dict) else None


def turn_seat(game: Game) -> int | None:
    """Whose turn it is (which may differ from who decides), if the rules say so sanely."""
    seat = game.rules.turn_seat(game.state)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players:
        return seat
    return game.current_player


def action_groups(game: Game, names: list[str], lang: str = "en") -> list[dict[str, Any]]:
    """The legal actions with their descriptions, grouped by verb (the first word) in
    the order the rules list them."""
    groups: dict[str, list[dict[str, str]]] = {}
    seat, known = game.current_player, tuple(names)
    for action in game.legal_actions()[:MAX_ACTIONS]:
        words = action.split(None, 1)
        verb = words[0] if words else action
        try:
            text = _button_text(game.describe(action), seat, kinds(known), lang)
        except Exception:  # noqa: BLE001 - a description is a nicety; the action stays
            text = action
        groups.setdefault(verb, []).append({"action": action, "text": text})
    return [{"verb": verb, "actions": items} for verb, items in groups.items()]


def checked_plans(raw: Any, legal: set[str], names: list[str], lang: str = "en",
                  role: Role = None) -> list[dict[str, Any]]:
    """The sane plans of ``raw``: a text (a message, said in ``lang`` to ``role``), two
    to :data:`MAX_PLAN_STEPS` actions of which the first is legal now, and a verb (the
    first action's by default)."""
    out: list[dict[str, Any]] = []
    for plan in raw[:MAX_PLANS] if isinstance(raw, list) else []:
        if not isinstance(plan, dict):
            continue
        text, steps = plan.get("text"), plan.get("actions")
        if not (isinstance(text, str | Msg) and isinstance(steps, list)
                and 2 <= len(steps) <= MAX_PLAN_STEPS
                and all(isinstance(a, str) and a for a in steps) and steps[0] in legal):
            continue
        verb = plan.get("verb")
        out.append({"verb": verb if isinstance(verb, str) and verb else steps[0].split()[0],
                    "text": named(text, names, lang, role), "actions": list(steps)})
    return out


def addressing(names: list[str], role: Role) -> list[str]:
    """``names`` with the role's own seat spoken to (:class:`~game.core.words.Addressed`),
    so that the engine's texts speak to the person holding it
    (:func:`game.core.words.personalise`)."""
    if role is None or not 0 <= role < len(names):
        return names
    return [Addressed("You") if i == role else n for i, n in enumerate(names)]


def button_text(description: Text, seat: int | None, names: list[str],
                lang: str = "en") -> str:
    """A description of the deciding seat's own action as its button says it: an
    imperative ("Player 1 builds a temple on k3: 2 AP" -> "Build a temple on k3: 2 AP"),
    never the seat in the third person; other texts keep their words, with names and
    the seat as "You" ("Your buyer 1 buys from the black vendor")."""
    if isinstance(description, Msg):  # its "you" form for the seat it names
        return i18n.render(description, lang, names, seat)
    said = imperative(description, seat) if seat is not None else description
    if said != description:
        return personalise(said[:1].upper() + said[1:], names)
    # not an imperative ("Player 2's buyer 1 buys ..."): the seat is still spoken to
    return personalise(said, addressing(names, seat))


def kinds(names: Sequence[str]) -> tuple[tuple[str, bool], ...]:
    """Each name with whether it is spoken to (:class:`~game.core.words.Addressed`): a
    cache key that tells a learner flagged "You" from a player who typed "You" (equal
    as strings, and so one key, until the flag was part of it)."""
    return tuple((str(name), isinstance(name, Addressed)) for name in names)


@functools.lru_cache(maxsize=4096)
def _button_text(description: Text, seat: int | None, names: tuple[tuple[str, bool], ...],
                 lang: str) -> str:
    """:func:`button_text`, remembered: a turn's hundreds of buttons mostly say what the
    last state's said, and the wording's regular expressions were a third of the time a
    Mexica state message took to build (bounded: a long evening keeps 4,096 at most).
    ``names`` as :func:`kinds` keys them."""
    return button_text(description, seat,
                       [Addressed(name) if spoken else name for name, spoken in names], lang)


def results(game: Game, names: list[str], lang: str = "en",
            role: Role = None) -> dict[str, Any]:
    """The final scores and a sentence naming the winners, in the reader's language
    ("You win" on the winner's own phone)."""
    winners = [w for w in game.winners if 0 <= w < len(names)]
    if len(winners) == 1:
        said = _("{player} wins", you="You win", player=Seat(winners[0]))
    elif winners:
        said = _("{players} win", players=Listing(tuple(Seat(w) for w in winners)))
    else:
        said = _("No winner")
    return {"scores": json_safe(game.scores), "winners": winners,
            "text": i18n.render(said, lang, names, role)}


def picture_request(game: Game, table: Sequence[SeatInfo], version: int,
                    languages: Sequence[str] = ("en",)) -> bytes:
    """What the picture painter needs: the game as saved, how each seat looks, and the
    languages: the television's first (the picture's words), then every phone's (its
    places' titles)."""
    return json.dumps({"version": version, "game": game.to_dict(),
                       "languages": list(dict.fromkeys(languages)),
                       "names": [s.name for s in table],
                       "colours": [list(s.colour) for s in table],
                       "marks": [s.mark for s in table]}, separators=(",", ":")).encode()


def named(value: Any, names: list[str], lang: str = "en", role: Role = None) -> Any:
    """Every text in ``value`` as ``role``'s phone reads it: a message in ``lang`` (the
    role's own seat spoken to), an English text with "Player 2" replaced by the seat's
    name."""
    if isinstance(value, Msg):
        return i18n.render(value, lang, names, role)
    if isinstance(value, str):
        return personalise(value, names)
    if isinstance(value, dict):
        return {k: named(v, names, lang, role) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [named(v, names, lang, role) for v in value]
    return value


def json_safe(value: Any, depth: int = 0) -> Any:
    """``value`` as plain JSON types: tuples and sets become lists, keys become text,
    numbers that JSON cannot hold become None, anything else its text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if depth >= MAX_DEPTH:
        return "…"
    if isinstance(value, dict):
        return {str(k): json_safe(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        items = [json_safe(v, depth + 1) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    return str(value)
