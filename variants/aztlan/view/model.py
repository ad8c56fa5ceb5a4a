"""What Aztlán's board view knows: built from ``game.view(viewer)``, never the live state.

The hotseat hides secrets: the other players' chosen power cards (until the reveal) and
their prosperity cards (only their counts are public). ``Model`` is made from the engine's
``view`` for one seat (the deciding seat, when a person sits there) or for a spectator
(``None``), plus the static rules data (map, card tables) and, for the deciding seat, the
legal actions. ``decide`` turns that into the decision on screen: a title, a prompt, and
the options (engine actions or modes) the player can pick. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.i18n import Msg, Seat, Text, say
from game.modkit import roman
from variants.aztlan.cards import SECRET_PLAYS
from variants.aztlan.conflicts import Outcome, outcome
from variants.aztlan.scoring import Domain, score_domains
from variants.aztlan.text import SACRED_GAMES, TLATOANI, _, named

HIDDEN = "?"  # a chosen power card the viewer may not see
#: the verbs that play a prosperity card from the decider's hidden hand (the rules'
#: ``secret_play``): offered only while the decider's own secrets show (the peek key
#: held, or the only person here), or once the holder has begun such a play (the card is
#: then shown to all)
CARD_PLAYS = SECRET_PLAYS
PHASE_NAMES: dict[str, Text] = {
    "choose": _("Choosing", context="phase"), "develop": _("Development", context="phase"),
    "conflict": _("Conflicts", context="phase"), "score": _("Scoring", context="phase"),
    "over": _("Game over", context="phase")}


@dataclass(frozen=True)
class Option:
    """One choice on screen: an engine action, or a mode the map clicks then use."""

    key: str
    label: str
    detail: str = ""
    action: str | None = None
    mode: str | None = None
    cells: tuple[int, ...] = ()
    points: int | None = None
    kind: str | None = None  # the territory type a scoring option uses
    links: tuple[tuple[int, int], ...] = ()  # extra Rafts links a scoring option adds


@dataclass
class Decision:
    kind: str  # choose, place, move, conflict, sacred, tlatoani, score, wait, over
    seat: int | None
    title: str
    prompt: str = ""
    options: list[Option] = field(default_factory=list)
    targets: tuple[int, ...] = ()  # territories Tab cycles through
    territory: int | None = None  # the territory a conflict decision is about


class Model:
    """The public game plus the viewer's own secrets, by territory index."""

    def __init__(self, game: Any, viewer: int | None, version: int,
                 decider: int | None = None) -> None:
        rules = game.rules
        data = game.view(viewer)
        self.version = version
        #: whose secrets are in the model (None: nobody's)
        self.viewer = viewer
        #: the deciding seat, if a person here decides (its decision is offered)
        self.decider = decider
        self.players: int = game.players
        self.current: int | None = game.current_player
        self.rules = rules
        isl = rules.table.island
        self.island = isl
        self.cards = rules.table.cards
        index = isl.index
        self.phase: str = data["phase"]
        self.age: int = data["age"]
        self.ages: int = rules.table.ages
        self.order: list[int] = list(data["order"])
        self.turn: int = data["turn"]
        self.ranking: list[int] = list(data["ranking"])
        self.scores: list[int] = list(data["scores"])
        self.control: list[int] = list(data["control"])
        self.armies: int = rules.table.armies
        self.board: list[list[int]] = [[0] * self.armies for _ in range(isl.size)]
        for t, counts in data["board"].items():
            self.board[index[t]] = list(counts)
        self.supply: list[int] = list(data["supply"])
        self.reserve: list[int] = list(data["reserve"])
        self.removed: list[int] = list(data["removed"])
        self.revealed: bool = bool(data["revealed"])
        self.chosen: list[int | str | None] = [
            HIDDEN if isinstance(c, dict) else c for c in data["chosen"]]
        self.used: list[list[int]] = [list(u) for u in data["used"]]
        hands = data["hands"]
        self.hand: list[int] = sorted(hands[viewer]) if viewer is not None else []
        pros = data["prosperity"]
        self.prosperity_count: list[int] = [
            p["hidden"] if isinstance(p, dict) else len(p) for p in pros]
        self.prosperity: list[str] = list(pros[viewer]) if viewer is not None else []
        self.deck_count: int = data["deck"]["hidden"] if isinstance(data["deck"], dict) \
            else len(data["deck"])
        self.step: str | None = data["step"]
        self.eagle: bool = bool(data["eagle"])
        self.resolved: set[int] = {index[t] for t in data["resolved"]}
        p = data["pending"]
        self.pending: dict[str, Any] | None = None if p is None else {
            **p, "territory": index[p["territory"]]}
        sc = data["scoring"]
        self.scoring: dict[str, Any] | None = None if sc is None else {
            "bonus": sc["bonus"], "links": [(index[a], index[b]) for a, b in sc["links"]]}
        self.final: list[dict[str, int]] | None = data["final"]
        self.winners: list[int] = list(data["winners"])

    # -- queries --------------------------------------------------------------------
    def army(self, seat: int) -> int:
        return self.control[seat]

    def commander(self, army: int) -> int:
        return self.control.index(army)

    def cells_of(self, army: int) -> set[int]:
        return {t for t, counts in enumerate(self.board) if counts[army]}

    def strengths(self) -> list[int] | None:
        """Every army's card, once all are known to the viewer (after the reveal)."""
        out = [0] * self.armies
        for seat, army in enumerate(self.control):
            card = self.chosen[seat]
            if not isinstance(card, int):
                return None
            out[army] = card
        return out

    def outcome(self, t: int) -> Outcome | None:
        strength = self.strengths()
        if strength is None or sum(1 for n in self.board[t] if n) < 2:
            return None
        return outcome(self.board[t], strength)

    def contested(self) -> list[int]:
        return [t for t, c in enumerate(self.board) if sum(1 for n in c if n) >= 2]

    def type_name(self, kind: str) -> str:
        if kind == "wild":
            return say(_("Wild", context="type"))
        return say(named(str(self.rules.table.type_names.get(kind, kind))))

    def label(self, t: int) -> str:
        return f"{self.island.ids[t]} {say(named(self.island.names[t]))}"

    def card_type(self, card: int) -> str:
        return str(self.cards.power_type[card])

    def domains(self, seat: int, kind: str, links: Sequence[tuple[int, int]] = ()
                ) -> list[Domain]:
        base = list(self.scoring["links"]) if self.scoring else []
        return score_domains(self.island, self.cells_of(self.army(seat)), kind,
                             self.rules.table.bonus, base + list(links))

    def score_total(self, seat: int, kind: str, links: Sequence[tuple[int, int]] = ()) -> int:
        bonus = self.scoring["bonus"] if self.scoring else 0
        return sum(d.points for d in self.domains(seat, kind, links)) + bonus


# ---------------------------------------------------------------------------------------
# the decision on screen
# ---------------------------------------------------------------------------------------
def decide(m: Model, legal: list[str], say: Any, focus_t: int | None = None,
           begun: frozenset[str] = frozenset()) -> Decision:
    """The decision the viewer faces, its words said by ``say`` (a message in the
    television's language with the players' names: "You win" for the learner of a
    lesson, whose seat is spoken to).

    Unless a person here decides (``m.decider``), it is a "wait". A prosperity card's
    play (:data:`CARD_PLAYS`) is among the options only while the model holds the
    decider's secrets, or when its verb is in ``begun`` (the holder asked for it: it is
    no secret any more); so a decision over the board never tells which cards are held."""
    seat = m.current
    if m.phase == "over" or seat is None:
        best = m.winners[0] if m.winners else None
        title = say(_("{player} wins", you="You win", player=Seat(best)) if best is not None
                    else _("The game is over"))
        return Decision("over", None, title, say(_("Final scores are in the bar above")))
    who = say(Seat(seat))
    if seat != m.decider:
        return Decision("wait", seat, say(_("{player} decides", you="You decide",
                                            player=Seat(seat))), say(_waiting(m)))
    if m.viewer != seat:
        legal = [a for a in legal if a.split(" ", 1)[0] not in CARD_PLAYS
                 or a.split(" ", 1)[0] in begun]
    if m.phase == "choose":
        opts = [Option(f"card {c}", say(_("Power {card}", card=c)), action=f"choose {c}")
                for c in m.hand if f"choose {c}" in legal]
        return Decision("choose", seat, say(_("{player}: choose a power card", player=who)),
                        say(_("Secret until every pawn is placed")), opts)
    if m.phase == "develop":
        return _developing(m, seat, who, legal, say, "eagle" in begun)
    if m.phase == "conflict":
        if m.pending is not None and m.pending["kind"] in ("sacred", "tlatoani"):
            return _card_asked(m, seat, who, say)
        return _conflicts(m, seat, say, legal, focus_t)
    opts = _score_options(m, seat, legal, say)
    prompt = _cards_prompt(m, seat) or (_("Play cards first, then score") if any(
        o.action and o.action.split()[0] in CARD_PLAYS for o in opts) else
        _("Pick the type your domains score") if any(o.action and o.action.startswith("wild ")
                                                     for o in opts) else "")
    return Decision("score", seat, say(_("{player}: score age {age}", player=who,
                                         age=roman(m.age))), say(prompt), opts)


def _cards_prompt(m: Model, seat: int) -> Text:
    """How the decider gets at their prosperity cards while the screen hides them: from
    public facts only (how many they hold), so it tells nobody which they are."""
    held = m.prosperity_count[seat]
    if not held or m.viewer == seat:
        return ""
    return _.n("Hold P to see your {n} prosperity card: play it by its number",
               "Hold P to see your {n} prosperity cards: play one by its number", n=held)


def _developing(m: Model, seat: int, who: str, legal: list[str], say: Any,
                eagle: bool = False) -> Decision:
    """Placing a pawn, or moving one after (``eagle``: the holder is placing the extra
    pawn of Eagle & Jaguar Warriors)."""
    army = m.army(seat)
    left = m.supply[army]
    if m.step == "place":
        # (the age's supply still holds the pawn about to be placed)
        prompt = _("Your last pawn of this age") if left <= 1 else \
            _("{n} pawns to place this age, this one included", n=left)
        return Decision("place", seat, say(_("{player}: place a pawn", player=who)),
                        say(prompt), targets=tuple(range(m.island.size)))
    opts = [Option("stay", say(_("No move")), say(_("end the turn")), action="stay")]
    if any(a.startswith("eagle ") for a in legal):
        opts.append(Option("eagle", say(_("Eagle & Jaguar")), say(_("an extra pawn")),
                           mode="eagle"))
    own = tuple(sorted(m.cells_of(army)))
    if eagle and len(opts) > 1:
        return Decision("move", seat, say(_("{player}: Eagle & Jaguar Warriors", player=who)),
                        say(_("Click where the extra pawn goes: any territory. R: put the "
                              "card back")), opts, targets=own)
    cards = _cards_prompt(m, seat) if not m.eagle else ""
    prompt = (_("Pick your territory, then a neighbour. {cards}", cards=cards) if cards
              else _("Pick your territory, then a neighbour"))
    return Decision("move", seat, say(_("{player}: move a pawn?", player=who)), say(prompt),
                    opts, targets=own)


def _card_asked(m: Model, seat: int, who: str, say: Any) -> Decision:
    """A seat asked out of turn: Sacred Games against a battle, Great Tlatoani in a tie."""
    p = m.pending
    assert p is not None
    t = p["territory"]
    ids = m.island.ids
    if p["kind"] == "sacred":
        winner = Seat(p["winner"])
        opts = [Option("sacred", say(SACRED_GAMES),
                       say(_("{player} must coexist", you="You must coexist", player=winner)),
                       action=f"sacred {ids[t]}", cells=(t,)),
                Option("decline", say(_("Decline")), say(_("your pawns are removed")),
                       action="decline", cells=(t,))]
        return Decision("sacred", seat, say(_("{player}: play Sacred Games?", player=who)),
                        say(_("{player} declares battle in {territory}",
                              you="You declare battle in {territory}", player=winner,
                              territory=m.label(t))), opts, (t,), t)
    opts = [Option("tlatoani", say(TLATOANI), say(_("win the tie")),
                   action=f"tlatoani {ids[t]}", cells=(t,)),
            Option("decline", say(_("Decline")), say(_("the tied coexist, no card")),
                   action="decline", cells=(t,))]
    return Decision("tlatoani", seat, say(_("{player}: play Great Tlatoani?", player=who)),
                    say(_("A tie at the top in {territory}", territory=m.label(t))), opts,
                    (t,), t)


def _conflicts(m: Model, seat: int, say: Any, legal: list[str],
               focus_t: int | None) -> Decision:
    """The conflicts the seat won: battle or coexist in the focused one."""
    ids = m.island.ids
    won = []
    for a in legal:
        verb, _sep, tid = a.partition(" ")
        if verb == "battle":
            won.append(m.island.index[tid])
    if not won:
        return Decision("wait", seat, say(_("{player} decides", you="You decide",
                                            player=Seat(seat))), "")
    t = focus_t if focus_t in won else won[0]
    assert t is not None
    opts = [Option("battle", say(_("Battle", context="option")),
                   say(_("remove every opponent")), action=f"battle {ids[t]}", cells=(t,)),
            Option("coexist", say(_("Coexist", context="option")),
                   say(_("draw a prosperity card")), action=f"coexist {ids[t]}", cells=(t,))]
    prompt = (_("Battle or coexist in {territory} (Tab: next of {n})", territory=m.label(t),
                n=len(won)) if len(won) > 1  # fits 3 lines
              else _("Battle or coexist in {territory}", territory=m.label(t)))
    return Decision("conflict", seat, say(_("{player} wins in {territory}",
                                            you="You win in {territory}", player=Seat(seat),
                                            territory=ids[t])),
                    say(prompt), opts, tuple(won), t)


def _score_options(m: Model, seat: int, legal: list[str], say: Any) -> list[Option]:
    """Scoring's options, the public ones first (the wild card's types, or Score), then
    the prosperity cards the seat may play: the numbers of the first stay the same
    whether the cards show or not."""
    card = m.chosen[seat]
    wild = isinstance(card, int) and m.cards.is_wild(card)
    base_kind = None if wild or not isinstance(card, int) else m.card_type(card)
    kinds = [a.split()[1] for a in legal if a.startswith("wild ")]
    best_kind = base_kind
    if kinds:
        best_kind = max(kinds, key=lambda k: (m.score_total(seat, k), -kinds.index(k)))
    opts: list[Option] = []
    for k in kinds:
        pts = m.score_total(seat, k)
        opts.append(Option(f"wild {k}", say(_("Wild: {type}", type=m.type_name(k))),
                           say(_("+{points} (best)", points=pts)) if k == best_kind
                           else f"+{pts}", action=f"wild {k}", points=pts, kind=k))
    if "score" in legal and base_kind is not None:
        pts = m.score_total(seat, base_kind)
        opts.append(Option("score", say(_("Score", context="option")),
                           say(_("+{points} with {type}", points=pts,
                                 type=m.type_name(base_kind))),
                           action="score", points=pts, kind=base_kind))
    return opts + _card_options(m, seat, legal, best_kind, say)


def _card_options(m: Model, seat: int, legal: list[str], best_kind: str | None,
                  say: Any) -> list[Option]:
    """The blessings and Rafts and Canoes links the seat may play at its scoring."""
    index = m.island.index
    army = m.army(seat)
    opts: list[Option] = []
    for a in legal:
        words = a.split()
        if words[0] == "bless":
            k = words[1]
            count = sum(1 for t in m.cells_of(army) if m.island.types[t] == k)
            pts = count * m.cards.blessing_points
            opts.append(Option(a, say(_("Bless {type}", type=m.type_name(k))),
                               f"+{pts}: {count} × {m.cards.blessing_points}", action=a,
                               points=pts,
                               kind=best_kind,
                               cells=tuple(t for t in m.cells_of(army)
                                           if m.island.types[t] == k)))
        elif words[0] == "rafts":
            x, y = index[words[1]], index[words[2]]
            k = best_kind or "city"
            gain = m.score_total(seat, k, ((x, y),)) - m.score_total(seat, k)
            opts.append(Option(a, say(_("Rafts {first}+{second}", first=words[1],
                                        second=words[2])),
                               say(_("+{points} with {type}", points=gain,
                                     type=m.type_name(k))), action=a, points=gain, kind=k,
                               cells=(x, y), links=((x, y),)))
    return opts


def _waiting(m: Model) -> Msg:
    p = m.pending
    if m.phase == "choose":
        return _("chooses a power card in secret")
    if m.phase == "develop":
        return _("places a pawn") if m.step == "place" else _("may move a pawn")
    if p is not None:
        t = m.label(p["territory"])
        if p["kind"] == "sacred":
            return _("may play Sacred Games in {territory}", territory=t)
        if p["kind"] == "tlatoani":
            return _("may play Great Tlatoani in {territory}", territory=t)
        return _("battles or coexists in {territory}", territory=t)
    if m.phase == "conflict":
        return _("resolves conflicts")
    return _("scores the age")


def plays_target(target: str | None, current_mode: str | None, action: str | None,
                 mode: str | None = None) -> bool:
    """Whether an option of the panel (its action, or the mode it starts) plays the step
    marked on the board (``target``, a lesson's hint): the step points at the button or
    card to press. ``current_mode`` is the mode the view is in (a started Eagle & Jaguar
    play is not offered again)."""
    if target is None:
        return False
    if action is not None:
        return action == target
    return mode == "eagle" and target.startswith("eagle ") and current_mode != "eagle"
