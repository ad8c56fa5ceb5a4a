"""The rules of Patolli, a small race game after the Aztec bean game.

Each player has a few stones waiting before a track of ``track`` spaces. On your turn
you ``throw`` the beans: each bean lands marked side up or not, and the marked ones are
how far you move. Then ``move a`` (or ``move b``, ...) moves one of your stones that far.
A stone passing the last space comes home and scores a point. Landing on a rival's stone
sends it back to the start; landing on a temple space earns another throw. A throw of no
marks, or one that no stone can use (``pass``), ends the turn. The first player with
every stone home wins.

Notation: ``throw``, ``move a`` .. ``move d`` (stones are lettered from a), ``pass``.
"""

from __future__ import annotations

from typing import Any

from game.modkit import (
    AssetPath,
    Context,
    Event,
    Field,
    GameType,
    IllegalAction,
    Int,
    List,
    Nullable,
    Obj,
    Rng,
    Rules,
    mix_seed,
    quote,
)

LETTERS = "abcd"
START = 0


class PatolliRules(Rules):
    engine_id = "patolli"
    parameters = Obj({
        "track": Field(Int(min=4, max=30), "Spaces on the track; a stone comes home by "
                       "passing the last one.", default=16),
        "stones": Field(Int(min=1, max=len(LETTERS)), "Stones per player.", default=2),
        "beans": Field(Int(min=1, max=9), "Beans thrown; each marked one is one space.",
                       default=5),
        "temples": Field(List(Int(min=1, max=30)), "Spaces that earn another throw.",
                         default=[]),
        "bean_image": Field(Nullable(AssetPath(suffixes=(".png",))), "Picture of a marked "
                            "bean for the board view, next to the variant file.",
                            default=None),
    })
    playout_limit = 20_000
    #: everything is on the mat, but the beans fall at random (from the game's seed)
    game_type = GameType(information="perfect", chance="seeded")

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        for i, space in enumerate(params["temples"]):
            if space >= params["track"]:
                ctx.error(("temples", i), f"space {space} is not on a track of "
                          f"{params['track']} spaces (temples go on 1..{params['track'] - 1})")
        if len(set(params["temples"])) != len(params["temples"]):
            ctx.error(("temples",), "names a space twice")

    # -- the state -------------------------------------------------------------------
    # pos[seat][stone]: 0 waiting at the start, 1..track on the track, track + 1 home.
    def new_state(self, seed: int) -> dict[str, Any]:
        return {"pos": [[START] * self.params["stones"] for _ in range(self.players)],
                "turn": 0, "roll": None, "winner": None,
                "rng": mix_seed(seed, "patolli")}

    def to_dict(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"pos": [list(p) for p in state["pos"]], "turn": state["turn"],
                "roll": state["roll"], "winner": state["winner"], "rng": state["rng"]}

    def from_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        home = self.home
        pos = [[int(v) for v in seat] for seat in data["pos"]]
        if len(pos) != self.players or any(len(p) != self.params["stones"] for p in pos):
            raise ValueError("wrong number of players or stones")
        if any(not START <= v <= home for p in pos for v in p):
            raise ValueError("a stone is off the track")
        turn, roll, winner = int(data["turn"]), data["roll"], data["winner"]
        if not 0 <= turn < self.players:
            raise ValueError("turn out of range")
        if roll is not None and not 1 <= int(roll) <= self.params["beans"]:
            raise ValueError("roll out of range")
        if winner is not None and winner not in range(self.players):
            raise ValueError("winner out of range")
        return {"pos": pos, "turn": turn, "roll": None if roll is None else int(roll),
                "winner": winner, "rng": int(data["rng"])}

    @property
    def home(self) -> int:
        return self.params["track"] + 1

    # -- queries ---------------------------------------------------------------------
    def current_player(self, state: dict[str, Any]) -> int | None:
        return None if state["winner"] is not None else state["turn"]

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["winner"] is not None

    def scores(self, state: dict[str, Any]) -> list[int]:
        return [sum(1 for v in seat if v == self.home) for seat in state["pos"]]

    def winners(self, state: dict[str, Any]) -> list[int]:
        return [] if state["winner"] is None else [state["winner"]]

    def target(self, state: dict[str, Any], stone: int) -> int | None:
        """Where ``stone`` of the seat to play would land with the current roll."""
        seat, roll = state["turn"], state["roll"]
        start = state["pos"][seat][stone]
        if roll is None or start == self.home:
            return None
        end = min(start + roll, self.home)
        mine = state["pos"][seat]
        if end != self.home and any(v == end for i, v in enumerate(mine) if i != stone):
            return None  # your own stones never share a space
        return end

    def movable(self, state: dict[str, Any]) -> list[int]:
        return [i for i in range(self.params["stones"]) if self.target(state, i) is not None]

    def legal_actions(self, state: dict[str, Any]) -> list[str]:
        if state["winner"] is not None:
            return []
        if state["roll"] is None:
            return ["throw"]
        movable = self.movable(state)
        return [f"move {LETTERS[i]}" for i in movable] if movable else ["pass"]

    def describe_action(self, state: dict[str, Any], action: str) -> str:
        if action == "throw":
            return f"Throw the {self.params['beans']} beans"
        if action == "pass":
            return "No stone can move: pass"
        stone = LETTERS.index(action[-1])
        end = self.target(state, stone)
        where = "home" if end == self.home else f"to space {end}"
        return f"Move stone {action[-1]} {where}"

    # -- actions ---------------------------------------------------------------------
    def apply(self, state: dict[str, Any], action: str) -> tuple[str, list[Event]]:
        if action not in self.legal_actions(state):
            raise IllegalAction(self._refusal(state, action))
        seat = state["turn"]
        if action == "throw":
            return action, self._throw(state, seat)
        if action == "pass":
            state["roll"] = None
            self._next(state)
            return action, [Event("pass", f"Player {seat + 1} cannot use the throw", seat)]
        return action, self._move(state, seat, LETTERS.index(action[-1]))

    def _throw(self, state: dict[str, Any], seat: int) -> list[Event]:
        rng = Rng(state["rng"])
        marks = sum(rng.randbelow(2) for _ in range(self.params["beans"]))
        state["rng"] = rng.state
        text = f"Player {seat + 1} throws {marks} mark{'s' if marks != 1 else ''}"
        event = Event("throw", text, seat, data={"marks": marks}, barrier=True)
        if marks == 0:
            self._next(state)
            return [event, Event("turn", "No marks: the turn passes", seat)]
        state["roll"] = marks
        return [event]

    def _move(self, state: dict[str, Any], seat: int, stone: int) -> list[Event]:
        end = self.target(state, stone)
        assert end is not None  # listed by legal_actions
        state["pos"][seat][stone] = end
        state["roll"] = None
        letter = LETTERS[stone]
        if end == self.home:
            events = [Event("home", f"Player {seat + 1}'s stone {letter} comes home", seat,
                            points=1)]
            if all(v == self.home for v in state["pos"][seat]):
                state["winner"] = seat
                events.append(Event("game_over", f"Player {seat + 1} has every stone home "
                                    "and wins", seat))
                return events
            self._next(state)
            return events
        events = [Event("move", f"Player {seat + 1} moves stone {letter} to space {end}",
                        seat)]
        for other, stones in enumerate(state["pos"]):
            for i, v in enumerate(stones):
                if other != seat and v == end:
                    stones[i] = START
                    events.append(Event("capture", f"Player {other + 1}'s stone "
                                        f"{LETTERS[i]} is sent back to the start", other))
        if end in self.params["temples"]:
            events.append(Event("temple", f"A temple: Player {seat + 1} throws again", seat))
        else:
            self._next(state)
        return events

    def _next(self, state: dict[str, Any]) -> None:
        state["turn"] = (state["turn"] + 1) % self.players

    def _refusal(self, state: dict[str, Any], action: str) -> str:
        """Why ``action`` is not legal now, in words for the player."""
        if state["winner"] is not None:
            return "the game is over"
        word, _, rest = action.partition(" ")
        if action == "throw":
            return "you have thrown already: move a stone (or pass)"
        if action == "pass":
            if state["roll"] is None:
                return "throw the beans first"
            return "a stone can move, so you may not pass"
        if word == "move" and len(rest) == 1 and rest in LETTERS:
            if state["roll"] is None:
                return "throw the beans first"
            stone = LETTERS.index(rest)
            if stone >= self.params["stones"]:
                return f"there is no stone {rest}: you have stones " \
                       f"{', '.join(LETTERS[:self.params['stones']])}"
            if state["pos"][state["turn"]][stone] == self.home:
                return f"stone {rest} is home already"
            return f"stone {rest} would land on your own stone"
        return f"{quote(action)} is not an action of Patolli; write throw, move a or pass"
