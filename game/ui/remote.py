"""Phones at the television: the client's side of remote seats (``docs/remote.md``).

The App holds one :class:`RemoteLink`. Nothing listens until a person chooses "Invite
phones" (in the setup or in the pause menu): :meth:`RemoteLink.start` starts a
:class:`~game.remote.hub.RemoteHub` on this machine's address on the local network.
From then on the App calls :meth:`RemoteLink.update` once a frame, after the scene on
top has had its turn, and :meth:`RemoteLink.after_draw` once the frame is drawn; the
link follows whatever is being set up or played:

- in the setup, the seats devices may claim are the setup's (a computer seat is closed);
  a device's name becomes its seat's name while that is still "Player N";
- in a game, a device claiming a seat swaps a :class:`~game.ui.seats.RemoteSeat` in
  through ``PlayScene.assign_seat`` (a device giving its seat up swaps the person here
  back in), every change is published once (one ``publish`` per session version, with
  the events a session listener heard, after the frame is drawn: the hub prepares the
  devices' messages on its worker thread while this one waits for the next frame), the
  news of devices dropping and coming back are toasts, and a "Pass to" screen for a
  seat now held by a phone is dropped;
- the game ending, or leaving both the setup and the game (back to the title), stops
  the server; the devices are told why.

The phones' seats outlive the window: while a game is followed, its claims are kept
beside the autosave (:meth:`~game.ui.saves.SaveStore.keep_phones`, mode 0600) whenever
they change. Leaving to the title or closing the window tells the phones the game goes
on later (they keep their tokens and keep trying to reconnect); continuing that game
(Continue, or Load of the autosave) starts the hub again in the same room, on the same
port, with the same claims, so every phone's page rejoins its own seat by itself.

Stopping waits for every device's goodbye, so it runs on a thread of its own and a
frame never waits for a phone that went to sleep.

The link reads the scenes it follows through their shapes (:class:`SeatAssigner`,
:class:`SetupSeats`, :class:`PassTo`), found on the stack by name: the scenes use the
link, so it imports none of them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload

from game.core.errors import SaveError
from game.i18n import Listing, Seat, Text, say
from game.i18n.client import _
from game.kit.client import theme
from game.kit.client.messages import default_name, one_line
from game.remote import DEFAULT_PORT, RemoteError
from game.remote.hub import HubEvent, RemoteHub
from game.remote.keep import KeptSeats, new_tag
from game.remote.net import lan_address
from game.remote.qr import qr_matrix
from game.remote.snapshot import SeatInfo
from game.ui.seats import ComputerSeat, LocalSeat, RemoteSeat
from game.ui.session import HUMAN, level_label
from game.ui.shell import Scene, SceneName, scene_factory

if TYPE_CHECKING:
    from game.api import Game
    from game.core.events import Event
    from game.ui.seats import SeatDriver, Seats
    from game.ui.session import Session
    from game.ui.shell import Shell
    from game.ui.widgets import TextField

#: events of a game already under way that a device's log starts with
LOG_START = 160
#: seconds the window waits for the goodbyes when it closes
CLOSE_WAIT = 15.0
#: how long starting again waits, on the frame, for the last stop to close its port
RESTART_WAIT = 0.5
#: where a seat held by a device may go when the host takes it back
RELEASE_TO = ("here", "easy", "normal", "hard")
#: what the phones hear when the game stops with them and goes on later
PAUSED = "The game is paused on the television: this page rejoins when it goes on"
#: what the phones read when the host stops inviting them
STOPPED = "The host stopped inviting phones"


class SeatAssigner(Protocol):
    """What the link reads of a game's play scene, and how it hands a seat over."""

    @property
    def session(self) -> Session: ...
    @property
    def game(self) -> Game: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def done(self) -> bool: ...
    def assign_seat(self, seat: int, driver: SeatDriver) -> None: ...


class SetupSeats(Protocol):
    """What the link reads of the New game screen: the seats as they will be."""

    @property
    def players(self) -> int: ...
    @property
    def names(self) -> list[TextField]: ...
    @property
    def colour_index(self) -> list[int]: ...
    @property
    def palette(self) -> list[tuple[int, int, int]]: ...
    @property
    def kinds(self) -> list[str]: ...


class PassTo(Protocol):
    """A "Pass to" screen: whose seat it waits for, in which game."""

    @property
    def session(self) -> Session: ...
    @property
    def seat(self) -> int: ...


@dataclass(frozen=True)
class SeatRow:
    """One seat as the invite screen lists it."""

    seat: int
    name: str
    colour: tuple[int, int, int]
    mark: str
    #: what plays it now, in a few words ("On a phone", "Free for a phone", ...)
    status: str
    #: a device holds it (connected or not): the host may take it back
    held: bool
    connected: bool
    #: the name the device gave ("" if none)
    device: str
    #: a device may take it (a computer's seat is closed to them)
    open: bool = True


class RemoteLink:
    """Starts and stops the hub, and keeps it in step with the setup or the game."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self.hub: RemoteHub | None = None
        #: why the last start failed ("" if it did not)
        self.error = ""
        #: the join URL and its QR code (rows of modules, quiet zone included)
        self.url = ""
        self.qr: list[list[bool]] = []
        #: table pictures for the devices (a painter process); tests may turn them off
        self.pictures = True
        #: the game the devices see
        self.play: SeatAssigner | None = None
        self._table: list[SeatInfo] | None = None
        self._published: tuple[int, int] | None = None
        self._events: list[Event] = []
        #: the game to publish once this frame is drawn
        self._due: SeatAssigner | None = None
        self._stopper: threading.Thread | None = None
        #: names this hub's phones in the autosave's meta (see game.remote.keep)
        self.tag = ""
        #: the phones' seats last kept beside the autosave (None: none kept by this hub)
        self._kept: KeptSeats | None = None

    @property
    def running(self) -> bool:
        return self.hub is not None

    # -- on and off ----------------------------------------------------------------------
    def start(self, kept: KeptSeats | None = None) -> bool:
        """Listen (on the ``remote_bind`` and ``remote_port`` settings; by default this
        machine's address on the local network, port 8765). ``kept``: the phones of a game
        continued from its save: their room and claims, on the port they know (the
        settings' port if that one is taken now). False, with :attr:`error` saying why,
        if the remote extra is missing or the address cannot be used."""
        if self.hub is not None:
            return True
        # the last server's port must be free again; a phone slow to hear goodbye can hold
        # it for seconds, and the frame must not wait that long
        if not self.wait_stopped(RESTART_WAIT):
            self.error = say(_("The last invitation is still closing (a phone is slow to "
                               "answer). Try again in a few seconds"))
            return False
        bind = str(self.app.settings.get("remote_bind") or lan_address())
        port = int(self.app.settings.get("remote_port", DEFAULT_PORT))
        table = self._table_now()
        hub = RemoteHub(table or [], room=kept.room if kept else None,
                        pictures=self.pictures, background=True, paced=True)
        if kept is not None:
            hub.restore_claims(kept.claims)
        try:
            try:
                hub.start(bind, kept.port if kept else port)
            except RemoteError:
                if kept is None or kept.port == port:
                    raise
                hub.start(bind, port)  # the phones then need the new code; tokens still work
            self.adopt(hub, kept.tag if kept else "")
            self._table = table  # the invite screen lists the seats at once
        except RemoteError as exc:
            hub.stop()
            self.error = one_line(exc)
            if self.error.startswith("cannot listen") and "in use" in self.error:
                self.error += (": another program may be using it. Choose another port "
                               "(remote_port in settings.yaml; 0: any free port)")
            elif self.error.startswith("cannot listen"):
                self.error += (". Check remote_bind in settings.yaml (null: this "
                               "computer's address on the local network)")
            return False
        return True

    def adopt(self, hub: RemoteHub, tag: str = "") -> None:
        """Show and follow ``hub``, a started one (:meth:`start` makes it); ``tag`` names
        the phones kept for it (a new one by default)."""
        self.qr = qr_matrix(hub.url)
        self.hub, self.url, self.error = hub, hub.url, ""
        self.play, self._table, self._published = None, None, None
        self.tag, self._kept = tag or new_tag(), None

    def stop(self, reason: str = STOPPED,
             resume: bool = False) -> None:
        """Stop listening; every device is told ``reason``. Seats that phones held in a
        game still being played are played here from now on. ``resume``: the game is
        autosaved with its phones and goes on later with them (the phones keep trying to
        reconnect); otherwise the phones' seats kept beside the autosave are forgotten."""
        hub, self.hub = self.hub, None
        if hub is None:
            return
        play, self.play = self.play, None
        if play is not None:
            self._detach(play)
            if not play.done and not play.game.is_over:
                for seat, driver in enumerate(play.seats.drivers):
                    if isinstance(driver, RemoteSeat):
                        play.assign_seat(seat, LocalSeat(seat))
        if self._kept is not None:
            self.app.saves.end_phones(forget=not resume)
            self._kept = None
        self._stopper = threading.Thread(target=hub.stop, args=(reason, resume),
                                         name="remote-stop", daemon=True)
        self._stopper.start()

    def wait_stopped(self, timeout: float) -> bool:
        """Wait for the last stop to finish (the port is closed); True once it has."""
        stopper = self._stopper
        if stopper is not None:
            stopper.join(timeout)
            if stopper.is_alive():
                return False
            self._stopper = None
        return True

    def shutdown(self) -> None:
        """The window closes: stop, and let the devices hear it before the process ends."""
        if self._goes_on():
            self.stop(PAUSED, resume=True)
        else:
            self.stop("The host closed the game")
        self.wait_stopped(CLOSE_WAIT)

    def _goes_on(self) -> bool:
        """The game followed is autosaved with its phones and can be continued."""
        play = self.play
        return play is not None and self._kept is not None and not play.game.is_over

    # -- every frame -----------------------------------------------------------------------
    def update(self) -> None:
        """Follow the setup or the game on the stack; stop when there is neither, or when
        the game is over. A game just continued from a save with phones gets them back."""
        if self.hub is None:
            if self.app.saves.opened is not None:
                self._continue_phones()
            if self.hub is None:
                return
        play, setup = self._scenes()
        followed = self.play
        if followed is not None and followed is not play and followed.game.is_over:
            self._publish(followed)  # the results replaced the game this frame
            self.stop("The game is over")
        elif play is not None:
            self._follow_play(play)
        elif setup is not None:
            self._follow_setup(setup)
        elif self._goes_on():
            self.stop(PAUSED, resume=True)
        else:
            self.stop("The host left the game")

    def _continue_phones(self) -> None:
        """The game on the stack was just read from a save that had phones: start the hub
        again in their room, on their port, with their claims; each phone's page rejoins
        its seat by itself. If their seats cannot be read, the game goes on without them."""
        play, _setup = self._scenes()
        if play is None:
            return
        try:
            kept = self.app.saves.phones_for(play.session.game)
        except SaveError as exc:
            self.app.toast(_("The phones' seats cannot be read ({problem}): phones join again "
                             "with Esc › Invite phones", problem=one_line(exc)), 8.0)
            return
        if kept is None:
            return
        if not self.start(kept):
            self.app.toast(_("The phones cannot rejoin: {problem}", problem=self.error), 8.0)
            return
        seats = sorted(self.hub.claimed_seats()) if self.hub is not None else []
        if seats:
            self.app.toast(play.session.say(_.n(
                "Waiting for {players}'s phone to rejoin (room {room})",
                "Waiting for the phones of {players} to rejoin (room {room})", n=len(seats),
                players=Listing(tuple(Seat(s) for s in seats)), room=kept.room)), 6.0)

    def _scenes(self) -> tuple[SeatAssigner | None, SetupSeats | None]:
        play: SeatAssigner | None = None
        setup: SetupSeats | None = None
        for scene in reversed(self.app.stack.scenes):
            if play is None and (found := as_scene(scene, "play")) and not found.done:
                play = found
            elif setup is None and (ready := as_scene(scene, "setup")):
                setup = ready
        return play, setup

    def _sync_table(self, table: list[SeatInfo]) -> None:
        if table != self._table and self.hub is not None:
            self.hub.set_table(table)
            self._table = table

    def _table_now(self) -> list[SeatInfo] | None:
        play, setup = self._scenes()
        if play is not None:
            return play_table(play)
        return setup_table(setup) if setup is not None else None

    # -- the setup -------------------------------------------------------------------------
    def _follow_setup(self, setup: SetupSeats) -> None:
        assert self.hub is not None
        for event in self.hub.news():
            if event.kind == "joined" and event.name:
                device_named(setup, event.seat, event.name)
            table = setup_table(setup)
            if 0 <= event.seat < len(table):
                self._toast(event, [info.name for info in table])
        self._sync_table(setup_table(setup))

    # -- the game --------------------------------------------------------------------------
    def attach(self, scene: Scene) -> Scene:
        """Follow ``scene`` if it is a play scene: seats devices hold are played on them (in
        time for the game's first "Pass to" screen, if it is called before the scene is
        shown). Returns ``scene``, so a new game's scene can be built and followed in one
        expression."""
        play = as_scene(scene, "play")
        if play is not None:
            self._attach(play)
        return scene

    def _attach(self, play: SeatAssigner) -> None:
        hub = self.hub
        if hub is None or play is self.play:
            return
        if self.play is not None:
            self._detach(self.play)
        self.play, self._published = play, None
        session = play.session
        session.listeners.append(self._heard)
        self._events = [e for _seat, _action, events in session.history
                        for e in events][-LOG_START:]
        for seat in sorted(hub.claimed_seats()):
            driver = play.seats[seat] if seat < len(play.seats) else None
            if driver is not None and not isinstance(driver, RemoteSeat | ComputerSeat):
                play.assign_seat(seat, RemoteSeat(seat, session, hub))

    def _detach(self, play: SeatAssigner) -> None:
        if self._heard in play.session.listeners:
            play.session.listeners.remove(self._heard)
        self._events = []

    def _heard(self, _action: str, events: list[Event]) -> None:
        """A session listener: the events of each action, for the next publish."""
        self._events.extend(events)

    def _follow_play(self, play: SeatAssigner) -> None:
        hub = self.hub
        assert hub is not None
        if play is not self.play:
            self._attach(play)
        news = hub.news()
        for event in news:
            self._game_news(play, event)
        if news:
            self._keep()
        self._sync_table(play_table(play))
        self._drop_stale_handoff(play)
        if play.game.is_over:
            self._publish(play)
            self.stop("The game is over")
        else:
            self._due = play  # published once the frame is drawn (after_draw)

    def after_draw(self) -> None:
        """The frame is drawn: hand the game's change to the hub now. Its worker thread
        prepares the devices' messages while this thread waits for the next frame,
        rather than competing with this frame's drawing for the interpreter."""
        play, self._due = self._due, None
        if self.hub is None:
            return
        self.hub.frame_shown()  # a new table picture goes to the devices now
        if play is not None and play is self.play:
            self._publish(play)

    def _publish(self, play: SeatAssigner) -> None:
        """Once per version of the game (and when a device needs what it missed)."""
        assert self.hub is not None
        session = play.session
        key = (id(session), session.version)
        if key != self._published or self.hub.needs_publish:
            events, self._events = self._events, []
            self.hub.publish(session.game, events)
            self._published = key
            self._keep()

    def _keep(self) -> None:
        """Keep the phones' seats beside the autosave when they changed (a claim, or a
        device's last act): once per version of the game, and when news comes."""
        hub = self.hub
        if hub is None:
            return
        kept = KeptSeats(self.tag, hub.room, hub.port, hub.export_claims())
        if kept != self._kept:
            self._kept = kept
            self.app.saves.keep_phones(kept)

    def _game_news(self, play: SeatAssigner, event: HubEvent) -> None:
        assert self.hub is not None
        seat = event.seat
        if not 0 <= seat < len(play.seats):
            return
        driver = play.seats[seat]
        if event.kind == "joined":
            if seat not in self.hub.claimed_seats():
                return  # released again before this frame
            if not isinstance(driver, RemoteSeat):
                play.assign_seat(seat, RemoteSeat(seat, play.session, self.hub))
        elif event.kind == "gave-up" and isinstance(driver, RemoteSeat):
            play.assign_seat(seat, LocalSeat(seat))
        self._toast(event, play.session.names)

    def _drop_stale_handoff(self, play: SeatAssigner) -> None:
        """A "Pass to" screen on top for a seat a phone holds by now has nobody to wait
        for: the phone has the seat's secrets."""
        top = as_scene(self.app.stack.top, "handoff")
        if top is not None and top.session is play.session \
                and 0 <= top.seat < len(play.seats) \
                and not play.seats[top.seat].wants_local_input:
            self.app.stack.pop()

    # -- the host's choices ----------------------------------------------------------------
    def release(self, seat: int, to: str = "here") -> None:
        """Take ``seat`` from its device: in a game, to the person here (``"here"``) or to
        a computer player of that level; in the setup, the seat is free again."""
        hub, play = self.hub, self.play
        if hub is None:
            return
        if play is None or play.done:
            hub.release(seat, reopen=True)
            return
        if to not in RELEASE_TO:
            raise ValueError(f"a seat goes 'here' or to a computer level, not {to!r}")
        hub.release(seat, reopen=to == "here")
        play.session.kinds[seat] = HUMAN if to == "here" else to
        driver = LocalSeat(seat) if to == "here" else play.seats.driver_for(seat, to)
        play.assign_seat(seat, driver)
        self._sync_table(play_table(play))

    def holds(self, seat: int) -> bool:
        """A device holds ``seat`` (in the setup: it will play the seat)."""
        return self.hub is not None and seat in self.hub.claimed_seats()

    def invite_label(self) -> Text:
        """The setup's button: what it opens, or how many seats phones hold."""
        if self.hub is None:
            return _("Invite phones")
        held = len(self.hub.claimed_seats())
        return _.n("Phones: {n} seat taken", "Phones: {n} seats taken", n=held)

    def seat_rows(self) -> list[SeatRow]:
        """Every seat of the table the devices see, for the invite screen."""
        hub, table = self.hub, self._table
        if hub is None or table is None:
            return []
        claimed, connected = hub.claimed_seats(), hub.connected_seats()
        in_game = self.play is not None
        rows = []
        for seat, info in enumerate(table):
            held = seat in claimed
            if held:
                status = say(_("On a phone") if seat in connected else _("Phone away"))
            elif info.open:
                status = say(_("Here, or a phone") if in_game else _("Free for a phone"))
            else:
                status = say(info.driver or _("Here", context="seat"))
            rows.append(SeatRow(seat, info.name, info.colour, info.mark, status, held,
                                seat in connected, hub.device_name(seat) if held else "",
                                info.open))
        return rows

    # -- words -----------------------------------------------------------------------------
    def listening(self) -> str:
        """Where the server listens, for the screen ("" when it does not)."""
        hub = self.hub
        if hub is None:
            return ""
        if hub.host in ("", "0.0.0.0", "::"):
            return say(_("Phones can join on every address of this computer, port {port}",
                         port=hub.port))
        if hub.host.startswith("127.") or hub.host in ("::1", "localhost"):
            return say(_("Only this computer can join ({host}, port {port}): connect it to a "
                         "network to invite phones", host=hub.host, port=hub.port))
        return say(_("Phones on this network can join ({host}, port {port})", host=hub.host,
                     port=hub.port))

    def _toast(self, event: HubEvent, names: list[str]) -> None:
        """Say what a phone did for ``event.seat``, named as in ``names`` (in the second
        person for a seat named "You", like every sentence about a seat)."""
        name = names[event.seat]
        who = Seat(event.seat)
        said = {
            "joined": _("{player} is on a phone now ({device})", player=who, device=event.name)
            if event.name and event.name != name else
            _("{player} is on a phone now", you="You are on a phone now", player=who),
            "rejoined": _("{player}'s phone is back", you="Your phone is back", player=who),
            "left": _("{player}'s phone dropped: it can rejoin. Esc › Phones and seats: "
                      "play the seat here or by the computer", player=who),
            "gave-up": _("{player} left the phone: the seat is played here", player=who),
        }.get(event.kind)
        if said is not None:
            self.app.toast(say(said, names), 8.0 if event.kind == "left" else 4.0)


def play_table(play: SeatAssigner) -> list[SeatInfo]:
    """The seats of a game as devices see them: a seat the computer plays is closed to
    them, every other seat is open (a person here plays it until a device claims it)."""
    session = play.session
    colours, marks = session.colours, session.marks
    out = []
    for seat, driver in enumerate(play.seats.drivers):
        name = session.name(seat)
        if isinstance(driver, ComputerSeat):
            out.append(SeatInfo(name, colours[seat], marks[seat], open=False,
                                driver=_("Computer ({level})",
                                         level=level_label(driver.kind))))
        else:
            out.append(SeatInfo(name, colours[seat], marks[seat]))
    return out


def setup_table(setup: SetupSeats) -> list[SeatInfo]:
    """The seats of a game being set up, as the game will have them: a computer seat is
    closed to devices."""
    out = []
    palette = setup.palette
    for seat in range(setup.players):
        name = setup.names[seat].value.strip() or default_name(seat)
        slot = setup.colour_index[seat]
        colour, mark = palette[slot % len(palette)], theme.MARKS[slot % len(theme.MARKS)]
        kind = setup.kinds[seat] if seat < len(setup.kinds) else HUMAN
        if kind == HUMAN:
            out.append(SeatInfo(name, colour, mark))
        else:
            out.append(SeatInfo(name, colour, mark, open=False,
                                driver=_("Computer ({level})", level=level_label(kind))))
    return out


def device_named(setup: SetupSeats, seat: int, name: str) -> None:
    """A device that claimed ``seat`` in the setup gave its name: the seat takes it while
    it still has its default one (the name field's own rules apply)."""
    if 0 <= seat < min(setup.players, len(setup.names)):
        field = setup.names[seat]
        if field.value.strip() in ("", default_name(seat)):
            field.value = "".join(ch for ch in name if field.allowed(ch))[:field.max_len]


@overload
def as_scene(scene: Scene | None, name: Literal["play"]) -> SeatAssigner | None: ...
@overload
def as_scene(scene: Scene | None, name: Literal["setup"]) -> SetupSeats | None: ...
@overload
def as_scene(scene: Scene | None, name: Literal["handoff"]) -> PassTo | None: ...
def as_scene(scene: Scene | None, name: SceneName) -> Any:
    """``scene`` if it is the kind of scene pushed by ``name`` (the scenes are known by
    name here, as everywhere in the client, and imported when first pushed)."""
    kind = scene_factory(name)
    return scene if isinstance(kind, type) and isinstance(scene, kind) else None
