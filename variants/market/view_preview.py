"""What Enter or a click would do now, and what a purchase would do, from the engine.

``compute`` is called by the view whenever the cursor, the mode or the game changes
(never while drawing). Every judgement comes from the engine: legality from the
session's legal actions, refusal reasons from the engine's ``why_not`` (a clone plays the
first step of a two-step move), and what a purchase would do (crowds, porters, governors,
the ambassador) from ``variants.market.mechanics`` on a copy of the state. Nothing here
changes the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.i18n import Msg
from variants.market.mechanics import Purchase, between, check_purchase, king_sources
from variants.market.params import AMBASSADOR, COLOURS, CROWD, MESSENGER

MODES = ("shift", "pay+shift", "buy", "king")
MODE_LABELS = {"shift": "Shift", "pay+shift": "Pay + shift", "buy": "Buy", "king": "King"}
ROLES = {
    "black": "Black vendor: sells pottery",
    "blue": "Blue vendor: sells fabric",
    "red": "Red vendor: sells jewels",
    "green": "Green vendor: sells herbs",
    "crowd": "Crowd: no purchase across it",
    "porter": "Porter: puts one bought token back on the vendor",
    "governor": "Governor: puts one bought token on the king",
    "ambassador": "Ambassador: the buyer keeps its coin",
    "messenger": "Messenger: moves free during a play",
    "king": "King: his tokens of a colour multiply its score",
}


#: what an option that is not possible now says before its reason
NOT_NOW = " — not now"


@dataclass
class Option:
    """One vendor on a buyer's line and what buying from it would do."""

    colour: str
    vendor: int
    text: str
    ok: bool  # a legal action now
    action: str | None
    purchase: Purchase | None
    blockers: tuple[int, ...]
    path: tuple[int, ...]


@dataclass
class Preview:
    status: str = ""
    action: str | None = None
    queue: list[str] = field(default_factory=list)
    ok: bool = False
    #: the buyer the preview is about (side, index) and its vendor options
    buyer: tuple[str, int] | None = None
    options: list[Option] = field(default_factory=list)
    option: int = 0
    #: squares to tint: the way from the buyer to the vendor, the crowds in it
    path: tuple[int, ...] = ()
    vendor: int | None = None
    blockers: tuple[int, ...] = ()
    acts: tuple[tuple[int, str], ...] = ()
    ambassador: tuple[int, ...] = ()
    #: a tile move: (from, to)
    slide: tuple[int, int] | None = None
    #: vendors the king may take from (king step)
    sources: tuple[int, ...] = ()


@dataclass
class Tooling:
    """The view's input state that decides the preview."""

    target: tuple[Any, ...]
    mode: str
    tile: str | None = None
    payer: int | None = None  # 1-based
    option: int | None = None  # the chosen vendor on a buyer's line; None: the first legal


def sentence(text: str) -> str:
    """Capitalise a reason for the status line, but never a leading square name (c3)."""
    text = text.strip()
    if not text or re.match(r"[a-z]\d+\b", text):
        return text
    return text[0].upper() + text[1:]


def engine_reason(game: Any, actions: list[str]) -> str | None:
    """Why the engine refuses ``actions`` in turn, or None if it takes them: its
    ``why_not``, asked of the game for the first action and of a clone that has played
    the earlier ones for each later action (a paid shift)."""
    probe = game
    for number, action in enumerate(actions):
        why = probe.why_not(action)
        if why is not None:
            return str(why)
        if number + 1 < len(actions):
            probe = probe.clone() if probe is game else probe
            probe.apply(action)
    return None


def describe_purchase(p: Purchase, colour: str) -> str:
    """"buy 3 red: gets 2 (porter returns 1), coin kept (ambassador)"."""
    porters = sum(1 for _sq, tile in p.acts if tile == "porter")
    governors = sum(1 for _sq, tile in p.acts if tile == "governor")
    effects = []
    if porters:
        effects.append(("porter returns" if porters == 1 else f"{porters} porters return")
                       + f" {p.to_vendor}")
    if governors:
        effects.append(("governor gives the king" if governors == 1
                        else f"{governors} governors give the king") + f" {p.to_king}")
    gets = f"gets all {p.taken}" if p.to_buyer == p.taken else f"gets {p.to_buyer}"
    if effects:
        gets += f" ({', '.join(effects)})"
    coin = "coin kept (ambassador)" if p.keeps_coin else "pays its coin"
    return f"buy {p.taken} {colour}: {gets}, {coin}"


def seat_of(rules: Any, side: str) -> int | None:
    return rules.sides.index(side) if side in rules.sides else None


def buyer_options(session: Any, seat: int, b: int) -> list[Option]:
    """Every vendor on buyer ``b`` (0-based) of ``seat``'s line, nearest first, with what a
    purchase from it would do (or why it cannot happen)."""
    game = session.game
    rules, s = game.rules, game.state
    line = rules.lines[seat][b]
    name = rules.line_names[seat][b]
    probe = rules.clone(s)
    probe.turn = seat  # "what would this buyer get": the mechanics read the buyer's seat
    deciding = game.current_player == seat and s.phase == "turn"
    out = []
    for sq in line:
        colour = s.market[sq]
        if colour not in COLOURS:
            continue
        path = tuple(between(s.market, line, sq))
        blockers = tuple(p for p in path if s.market[p] == CROWD)
        result = check_purchase(probe, line, name, b + 1, colour)
        coinless = ""
        if isinstance(result, Msg) and not probe.buyers[seat][b].coin:
            # what it would do with a coin (the mechanics ask for the coin first)
            rich = rules.clone(probe)
            rich.buyers[seat][b] = rich.buyers[seat][b]._replace(coin=True)
            again = check_purchase(rich, line, name, b + 1, colour)
            if isinstance(again, Purchase):
                result, coinless = again, ", once it has a coin"
        action = f"buy {b + 1} {colour}"
        ok = deciding and session.is_legal(action)
        purchase = result if isinstance(result, Purchase) else None
        if blockers:
            where = ", ".join(rules.geo.names[p] for p in blockers)
            crowd = "the crowd" if len(blockers) == 1 else "crowds"
            text = f"{colour}: blocked by {crowd} on {where}"
        elif purchase is not None:
            text = describe_purchase(purchase, colour) + coinless
        else:
            text = f"{colour}: {result}"
        if purchase is not None and deciding and not ok and not coinless:
            why = engine_reason(game, [action])
            if why:  # what it would buy, and why not now (the rest would not fit)
                text = f"{text.split(':')[0]}{NOT_NOW}: {why}"
        out.append(Option(colour, sq, text, ok, action if deciding else None, purchase,
                          blockers, path))
    return out


def exit_choice(session: Any) -> tuple[str, str] | None:
    """The one way out of the current decision that the E key takes, with its label."""
    s = session.game.state
    if session.is_legal("end"):
        return "end", "End the play"
    if session.is_legal("pass"):
        return "pass", "Pass (takes the moves back)" if s.undo is not None else "Pass"
    if session.is_legal("king skip"):
        return "king skip", "Leave the king"
    return None


def modes_for(state: Any) -> tuple[str, ...]:
    """The modes Tab cycles through in this phase."""
    if state.phase == "move":
        return ("shift",)
    if state.phase == "king":
        return ("king",)
    if state.phase == "turn":
        if state.paid is not None:
            return ("pay+shift",)
        return ("shift", "pay+shift", "buy")
    return ()


def compute(session: Any, t: Tooling) -> Preview:
    game = session.game
    s = game.state
    if s.phase == "over":
        return Preview(status="The game is over")
    fn = {"place": _place, "coins": _coin, "coin": _coin, "move": _move, "king": _king,
          "turn": _turn}[s.phase]
    p = fn(session, t)
    if s.phase == "king":
        p.sources = tuple(king_sources(s, game.rules.geo.cross))
    p.status = sentence(p.status)
    return p


# ---------------------------------------------------------------------------------------
# per phase
# ---------------------------------------------------------------------------------------
def _names(session: Any) -> list[str]:
    return list(session.game.rules.geo.names)


def _who(session: Any) -> str:
    return str(session.name(session.game.current_player))


def _try(session: Any, p: Preview, actions: list[str], good: str) -> Preview:
    """``p`` with ``actions`` (the first returned, the rest queued) if the engine takes
    them, else with its reason."""
    first = actions[0]
    if session.is_legal(first):
        why = engine_reason(session.game, actions) if len(actions) > 1 else None
    else:
        why = engine_reason(session.game, [first]) or "not possible now"
    if why:
        p.status, p.ok = sentence(why), False
        return p
    p.action, p.queue, p.ok, p.status = first, list(actions[1:]), True, good
    return p


def _buyer_info(session: Any, side: str, b: int) -> str:
    rules, s = session.game.rules, session.game.state
    seat = seat_of(rules, side)
    if seat is None:
        return ""
    coin, colour, tokens = s.buyers[seat][b]
    goods = f"{tokens} {colour}" if tokens else "nothing yet"
    return str(session.say("{0}'s buyer ", seat)) + \
        f"{b + 1} ({rules.line_names[seat][b]}): {goods}, {'a coin' if coin else 'no coin'}"


def _square_info(session: Any, sq: int) -> str:
    s = session.game.state
    tile = s.market[sq]
    name = _names(session)[sq]
    if tile is None:
        return f"{name} is the hole"
    return f"{ROLES.get(tile, tile)} ({name})"


def _place(session: Any, t: Tooling) -> Preview:
    s = session.game.state
    p = Preview()
    if t.target[0] != "sq":
        p.status = "Setup: lay the market tiles. Pick an empty square (Tab picks the tile)"
        return p
    sq = t.target[1]
    name = _names(session)[sq]
    if t.tile is None:
        p.status = "Every tile is laid"
        return p
    laid = sum(1 for x in s.market if x is not None)
    return _try(session, p, [f"place {name} {t.tile}"],
                f"Enter: lay the {t.tile} on {name} (tile {laid + 1} of "
                f"{len(s.market) - 1}; Tab or 1-9 picks another tile)")


def _coin(session: Any, t: Tooling) -> Preview:
    game = session.game
    s, rules = game.state, game.rules
    p = Preview()
    start = s.phase == "coins"
    if t.target[0] == "buyer":
        seat = seat_of(rules, t.target[1])
        b = t.target[2]
        p.buyer = (t.target[1], b)
        if seat != s.turn:
            p.status = (f"{_buyer_info(session, t.target[1], b)}. "
                        f"{_who(session)}, choose one of your own buyers (1-{rules.n})")
            return p
        good = (f"Enter: put your start coin on buyer {b + 1}" if start else
                f"Enter: take a coin from the supply onto buyer {b + 1}")
        return _try(session, p, [f"coin {b + 1}"], good)
    what = "your start coin" if start else "a coin from the supply"
    p.status = f"Put {what} on one of your buyers: keys 1-{rules.n} or the arrows"
    return p


def _shift_preview(session: Any, p: Preview, sq: int, pay: int | None) -> Preview:
    s = session.game.state
    names = _names(session)
    tile = s.market[sq]
    if tile is None:
        p.status = f"{names[sq]} is the hole: pick a tile to slide into it"
        return p
    hole = s.hole()
    p.slide = (sq, hole)
    move = f"move the {tile} from {names[sq]} into the hole ({names[hole]})"
    if pay is not None:
        return _try(session, p, [f"pay {pay}", f"shift {names[sq]}"],
                    f"Enter: pay buyer {pay}'s coin and {move}")
    extra = ""
    if s.phase == "turn" and s.paid is not None:
        extra = f", paid by buyer {s.paid}"
    elif s.phase == "turn" and tile == MESSENGER:
        extra = " (free)"
    return _try(session, p, [f"shift {names[sq]}"], f"Enter: {move}{extra}")


def _move(session: Any, t: Tooling) -> Preview:
    p = Preview()
    if t.target[0] != "sq":
        p.status = _buyer_info(session, t.target[1], t.target[2])
        return _with_buyer(session, p, t.target[1], t.target[2], t.option, preview_only=True)
    return _shift_preview(session, p, t.target[1], None)


def _king(session: Any, t: Tooling) -> Preview:
    game = session.game
    s = game.state
    names = _names(session)
    p = Preview()
    if t.target[0] != "sq":
        p.status = "The king: pick a vendor in his row or column, or E to leave him"
        return p
    sq = t.target[1]
    tile = s.market[sq]
    if tile in COLOURS:
        return _try(session, p, [f"king {names[sq]}"],
                    f"Enter: give the king a {tile} token from {names[sq]} "
                    f"(the king then holds {s.king[tile] + 1} {tile})")
    p.status = f"{_square_info(session, sq)}. Pick a glowing vendor, or E to leave the king"
    return p


def _turn(session: Any, t: Tooling) -> Preview:
    game = session.game
    s, rules = game.state, game.rules
    p = Preview()
    mode = t.mode
    if t.target[0] == "buyer":
        side, b = t.target[1], t.target[2]
        seat = seat_of(rules, side)
        if seat != s.turn:
            p.status = _buyer_info(session, side, b)
            return _with_buyer(session, p, side, b, t.option, preview_only=True)
        if mode == "pay+shift" and s.paid is None:
            p.buyer = (side, b)
            return _try(session, p, [f"pay {b + 1}"],
                        f"Enter: pay with buyer {b + 1}'s coin, then pick the tile to move")
        return _with_buyer(session, p, side, b, t.option)
    sq = t.target[1]
    tile = s.market[sq]
    if s.paid is not None or mode == "shift":
        return _shift_preview(session, p, sq, None)
    if mode == "pay+shift":
        if tile == MESSENGER:
            return _shift_preview(session, p, sq, None)
        if t.payer is None:
            p.status = (f"{_square_info(session, sq)}. Pay + shift: first pick the paying "
                        f"buyer (1-{rules.n})")
            return p
        return _shift_preview(session, p, sq, t.payer)
    # buy mode on a square: a vendor, bought by one of the player's buyers on its line
    if tile not in COLOURS:
        p.status = (f"{_square_info(session, sq)}. Buy: pick one of your buyers (1-{rules.n}) "
                    "or a vendor")
        return p
    side = rules.sides[s.turn]
    mine = [b for b in range(rules.n) if sq in rules.lines[s.turn][b]]
    if not mine:
        p.status = f"{_square_info(session, sq)}: none of your buyers stands on its line"
        return p
    pick = t.payer - 1 if t.payer is not None and t.payer - 1 in mine else None
    if pick is None:
        ok = [b for b in mine if session.is_legal(f"buy {b + 1} {tile}")]
        pick = ok[0] if ok else mine[0]
    options = buyer_options(session, s.turn, pick)
    index = next((i for i, o in enumerate(options) if o.vendor == sq), 0)
    return _with_buyer(session, p, side, pick, index)


def _with_buyer(session: Any, p: Preview, side: str, b: int, option: int | None,
                preview_only: bool = False) -> Preview:
    """The buyer's purchase options; the chosen one decides the action and the overlay."""
    rules = session.game.rules
    seat = seat_of(rules, side)
    p.buyer = (side, b)
    if seat is None:
        return p
    options = buyer_options(session, seat, b)
    p.options = options
    label = f"Buyer {b + 1} ({rules.line_names[seat][b]})"
    if not options:
        if not preview_only:
            p.status = f"{label}: no vendor on this line"
        return p
    if option is None:  # start on the first purchase that is possible now
        option = next((i for i, o in enumerate(options) if o.ok), 0)
    index = option % len(options)
    p.option = index
    chosen = options[index]
    p.vendor, p.path, p.blockers = chosen.vendor, chosen.path, chosen.blockers
    if chosen.purchase is not None:
        p.acts = chosen.purchase.acts
        s = session.game.state
        p.ambassador = tuple(sq for sq in chosen.path if s.market[sq] == AMBASSADOR)
    more = "; R: next vendor" if len(options) > 1 else ""
    if preview_only:
        could = f"could {chosen.text}" if chosen.purchase is not None else chosen.text
        p.status = f"{p.status} · {could}{more}"
        return p
    if chosen.ok:
        p.action, p.ok = chosen.action, True
        p.status = f"{label}: {chosen.text}. Enter buys{more}"
    else:
        p.status = f"{label}: {chosen.text}{more}"
    return p
