"""Whether the Market takes an action now, and if not why, for a person: one check per
phase (:data:`CHECKS`) and, in a turn, one per verb (:data:`TURN_CHECKS`).

The checks ask the same predicates that build ``legal_actions`` (``check_purchase``,
``king_sources``, the tiles left), so the two cannot disagree; a check returns the
reason for a refusal, or None (a ``Purchase`` for a purchase: what it will do, decided
before anything moves) when ``apply`` may go ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import Msg
from variants.market.legal import check_buy, tiles_left
from variants.market.mechanics import Purchase, king_sources
from variants.market.params import MESSENGER
from variants.market.state import MarketState
from variants.market.table import MarketTable
from variants.market.text import _, tile_of

Verdict = Msg | Purchase | None
Check = Callable[[MarketTable, MarketState, str, tuple[Any, ...]], Verdict]

#: what a pass waits for, in a player's words (a refusal is read on the screen; the
#: notation is in NOTATION.md and the command line's own help)
_PASS_HINT = {
    "move": _("you are in the middle of a pass: move a market tile into the hole"),
    "coin": _("you are in the middle of a pass: take a coin onto an empty buyer"),
    "king": _("you are in the middle of a pass: move a token from a vendor in the king's "
              "row or column to him, or leave him"),
}
#: the verb each decision of a pass waits for
_PASS_VERB = {"move": "shift", "coin": "coin", "king": "king"}
#: when the verbs of setup and of a pass are possible, for a refusal during a turn
_ONLY = {"place": _("place is only possible at setup; now pass or play"),
         "coin": _("coin is only possible at setup and during a pass; now pass or play"),
         "king": _("king is only possible during a pass; now pass or play")}


def verdict(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    """Why ``verb args`` is refused now (a message), or None / the purchase if allowed."""
    return CHECKS[s.phase](t, s, verb, args)


def _over(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    return _("the game is over")


def _placing(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    if verb != "place":
        return _("setup: lay the market tiles first, one each in turn")
    sq, tile = args
    if s.market[sq] is not None:
        return _("{square} already holds the {tile}; choose an empty square",
                 square=t.geo.names[sq], tile=tile_of(s.market[sq]))
    if not tiles_left(t, s)[tile]:
        return _("no {tile} tile is left to place", tile=tile_of(tile))
    return None


def _start_coins(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    if verb != "coin":
        return _("setup: put your first coin on one of your buyers")
    return _coin(s, args[0])


def _coin(s: MarketState, b: int) -> Msg | None:
    if s.buyers[s.turn][b - 1][0]:
        return _("your buyer {buyer} already has a coin; a buyer holds at most one", buyer=b)
    return None


def _passing(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    """The decisions of a pass, after the draw: tile moves, a coin, the king."""
    if verb != _PASS_VERB[s.phase]:
        return _PASS_HINT[s.phase]
    if s.phase == "coin":
        return _coin(s, args[0])
    sq = args[0]
    names = t.geo.names
    if s.phase == "move":
        if s.market[sq] is None:
            return _("{square} is the hole; shift a square that holds a tile",
                     square=names[sq])
        if sq == s.last_moved:
            return _("moving the {tile} straight back would undo your last move; a pass "
                     "moves different tiles", tile=tile_of(s.market[sq]))
        return None
    if sq is not None and sq not in king_sources(s, t.geo.cross):
        return _("{square} is not a vendor with commodities in the king's row or column",
                 square=names[sq])
    return None


def _turn(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    """A turn: pass, or play (purchases, paid tile moves, the messenger), then end."""
    if verb in _ONLY:
        return _ONLY[verb]
    if s.paid is not None and verb != "shift":
        return _("buyer {buyer}'s coin is paid: now shift a tile into the hole",
                 buyer=s.paid)
    return TURN_CHECKS[verb](t, s, verb, args)


def _shift(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    sq = args[0]
    tile = s.market[sq]
    if tile is None:
        return _("{square} is the hole; shift a square that holds a tile",
                 square=t.geo.names[sq])
    if s.paid is not None:
        if tile == MESSENGER:
            return _("the messenger moves free; use buyer {buyer}'s coin to move another "
                     "tile", buyer=s.paid)
        return None
    if tile != MESSENGER:
        return _("moving the {tile} costs a coin: first choose the buyer who pays (only "
                 "the messenger moves free)", tile=tile_of(tile))
    return None


def _pay(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    b = args[0]
    if not s.buyers[s.turn][b - 1][0]:
        return _("your buyer {buyer} has no coin to pay with", buyer=b)
    return None


def _buy(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    return check_buy(t, s, *args)


def _pass(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    if s.purchases:
        return _("you have bought this turn, so this is a play: finish it with end")
    return None


def _end(t: MarketTable, s: MarketState, verb: str, args: tuple[Any, ...]) -> Verdict:
    if not s.purchases:
        return _("a play needs at least one purchase before end; buy something or pass")
    return None


#: phase -> the check of an action in it
CHECKS: dict[str, Check] = {
    "place": _placing, "coins": _start_coins, "move": _passing, "coin": _passing,
    "king": _passing, "turn": _turn, "over": _over,
}
#: verb -> its check during a turn (the verbs of setup and of a pass are refused before)
TURN_CHECKS: dict[str, Check] = {
    "shift": _shift, "pay": _pay, "buy": _buy, "pass": _pass, "end": _end,
}
