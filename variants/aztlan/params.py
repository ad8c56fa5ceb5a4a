"""The schema of Aztlán's YAML parameters, and the checks across fields.

Every number of the game (the map, the cards, the pawns per age, the bonus tables) is
YAML data; this module only says what shape the data must have and which cross-field
facts must hold (symmetric neighbours, known types and lakes, tables long enough).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.errors import ConfigIssue
from game.core.schema import (
    Context,
    Field,
    Int,
    List,
    Map,
    Nullable,
    Number,
    Obj,
    Str,
    level_weights_field,
    search_settings_field,
)

#: Ids of territories, lakes, types, tribes and cards: one lower-case word each, so that
#: an action such as ``move t3 t4`` splits into words unambiguously.
ID_PATTERN = r"[a-z][a-z0-9_-]*"
ID = Str(pattern=ID_PATTERN, hint="lower case letters, digits, _ or -; a letter first",
         max_len=32)
#: Display names.
NAME = Str(max_len=100)

#: Limits: what the game can use, far above the published island (30 territories, 3
#: lakes, 4 tribes, 30 prosperity cards). Legal moves grow with territories times
#: neighbours, and Rafts and Canoes with the square of a lake's shore, so the island's
#: size is what bounds the engine's work.
MAX_TERRITORIES = 200
MAX_LAKES = 50
MAX_TYPES = 50
MAX_TRIBES = 8
MAX_AGES = 20
MAX_SPACE = 10_000       # drawing-space width and height
MAX_POLYGON = 1_000      # points of one outline
MAX_PAWNS = 1_000        # pawns of one tribe, or taken in one age
MAX_CARD_COUNT = 100     # copies of one prosperity card
MAX_CARDS = 100          # kinds of prosperity card
MAX_POINTS = 100_000

#: The card meaning "any type, chosen at scoring" (the power card 4).
WILD = "wild"

#: What a prosperity card does; the engine implements these mechanisms.
EFFECTS = ("blessing", "offering", "sacred-games", "rafts", "tlatoani", "eagle")

_POINT = List(Int(min=0, max=MAX_SPACE), min_len=2, max_len=2)
_POLYGON = List(_POINT, min_len=3, max_len=MAX_POLYGON)

TERRITORY = Obj({
    "name": Field(NAME, "Display name.", required=True),
    "type": Field(ID, "One of territory_types.", required=True),
    "neighbours": Field(List(ID, max_len=MAX_TERRITORIES), "Ids of the territories sharing "
                        "a land border (a lake between two territories is no border). Must "
                        "be symmetric.", required=True),
    "lakes": Field(List(ID, max_len=MAX_LAKES), "Ids of the lakes this territory borders "
                   "(Rafts and Canoes).", default=[]),
    "polygon": Field(_POLYGON, "Outline for drawing, [x, y] points inside the map's "
                     "width x height.", required=True),
})

LAKE = Obj({
    "name": Field(NAME, "Display name.", required=True),
    "polygon": Field(_POLYGON, "Outline for drawing.", required=True),
})

MAP = Obj({
    "width": Field(Int(min=1, max=MAX_SPACE), "Width of the drawing space.", default=1000),
    "height": Field(Int(min=1, max=MAX_SPACE), "Height of the drawing space.", default=700),
    "lakes": Field(Map(ID, LAKE, max_len=MAX_LAKES), "Named lakes (not territories: no pawn "
                   "goes there).", default={}),
    "territories": Field(Map(ID, TERRITORY, max_len=MAX_TERRITORIES), "The territories, by "
                         "id.", required=True),
})

TRIBE = Obj({
    "id": Field(ID, required=True),
    "name": Field(NAME, "Display name.", required=True),
    "colour": Field(Str(max_len=32), "Pawn colour, for the client.", required=True),
})

FACTION = Obj({
    "id": Field(ID, required=True),
    "name": Field(NAME, "Display name.", required=True),
    "tribes": Field(List(ID, min_len=1, max_len=MAX_TRIBES), "Tribe ids whose pawns form "
                    "this faction.", required=True),
})

PAWNS_PER_AGE = Obj({
    "players": Field(Int(min=1, max=8), "Player count this row is for.", required=True),
    "pawns": Field(List(Int(min=0, max=MAX_PAWNS), min_len=1, max_len=MAX_AGES),
                   "Pawns each player (faction) takes in age 1, 2, ...", required=True),
})

POWER_CARD = Obj({
    "strength": Field(Int(min=1, max=99), "The power number (unique in the set).",
                      required=True),
    "type": Field(ID, f"Territory type it scores, or '{WILD}' (chosen at scoring).",
                  required=True),
    "value": Field(Int(min=0, max=MAX_POINTS), "Points at the end of the game if never "
                   "played.", required=True),
})

PROSPERITY_CARD = Obj({
    "id": Field(ID, required=True),
    "name": Field(NAME, "Display name.", required=True),
    "effect": Field(Str(choices=EFFECTS), "What the card does.", required=True),
    "type": Field(Nullable(ID), "Territory type a blessing rewards.", default=None),
    "count": Field(Int(min=0, max=MAX_CARD_COUNT), "Copies in the deck.", required=True),
})


#: A weight of the computer players' evaluation (points, or a share of them).
_WEIGHT = Number(min=0.0, max=100.0)
#: What the computer players' evaluation weighs (``variants.aztlan.bot``): the defaults
#: are the hand-set values the levels were first measured with.
WEIGHTS = Obj({
    "pawn_to_place": Field(_WEIGHT, "Points a pawn still to place this age is worth.",
                           default=0.5),
    "prosperity_card": Field(_WEIGHT, "Points a prosperity card in hand is worth, besides "
                             "its end-game points.", default=1.0),
    "tactical_card": Field(_WEIGHT, "Points more for a card that wins a conflict, joins "
                           "domains or adds a pawn.", default=2.5),
    "blessing_share": Field(_WEIGHT, "Share of a blessing's worth on the current board "
                            "counted while it waits in hand.", default=0.7),
    "age_choose": Field(_WEIGHT, "Share of this age's domain scoring (as the board stands) "
                        "counted while the power cards are chosen...", default=0.6),
    "age_develop": Field(_WEIGHT, "...while the tribes develop...", default=0.8),
    "age_conflict": Field(_WEIGHT, "...and during the conflicts (the scoring itself: all "
                          "of it).", default=0.9),
    "rival_mean": Field(Number(min=0.0, max=1.0), "With three or more seats, whom a seat "
                        "measures itself against: 0 the best rival, 1 the rivals' mean, "
                        "between a blend.", default=0.0),
})

PARAMETERS = Obj(
    {
        "territory_types": Field(Map(ID, NAME, max_len=MAX_TYPES), "Territory type ids and "
                                 "display names.", required=True),
        "map": Field(MAP, "The island: territories, lakes, borders and outlines.",
                     required=True),
        "ages": Field(Int(min=1, max=MAX_AGES), "Number of ages.", default=5),
        "tribes": Field(List(TRIBE, min_len=1, max_len=MAX_TRIBES), "Tribes in seat order "
                        "(seat 1 first).", required=True),
        "pawns_per_tribe": Field(Int(min=0, max=MAX_PAWNS), "Pawns in each tribe's reserve.",
                                 default=30),
        "factions": Field(Nullable(List(FACTION, min_len=2, max_len=MAX_TRIBES)),
                          "Aztec Gods: factions of tribes whose control the players swap "
                          "every age (one player per faction). null: one tribe per player.",
                          default=None),
        "pawns_per_age": Field(List(PAWNS_PER_AGE, min_len=1, max_len=MAX_TRIBES),
                               "Pawns taken from the reserve each age, per player count.",
                               required=True),
        "power_cards": Field(List(POWER_CARD, min_len=1, max_len=99), "Each player's set of "
                             "power cards.", required=True),
        "domain_bonus": Field(List(Int(min=0, max=MAX_POINTS), min_len=1,
                                   max_len=MAX_TERRITORIES),
                              "Bonus of a domain with 1, 2, 3... matching territories.",
                              required=True),
        "prosperity_cards": Field(List(PROSPERITY_CARD, min_len=1, max_len=MAX_CARDS),
                                  "The prosperity deck.", required=True),
        "blessing_points": Field(Int(min=0, max=MAX_POINTS), "Per controlled territory of "
                                 "the blessing's type.", default=2),
        "offering_points": Field(List(Int(min=0, max=MAX_POINTS), min_len=1,
                                      max_len=MAX_CARDS * MAX_CARD_COUNT),
                                 "End-game points for holding 1, 2, 3... Offerings.",
                                 required=True),
        "unused_prosperity_points": Field(Int(min=0, max=MAX_POINTS), "End-game points per "
                                          "prosperity card still in hand.", default=1),
        "playout_move_chance": Field(Int(min=0, max=100),
                                     "Random-playout policy only (bots, benchmarks): percent "
                                     "chance to move a pawn after placing; not a rule.",
                                     default=25),
        "playout_greedy_chance": Field(Int(min=0, max=100),
                                       "Greedy-playout policy only (Hard's rollouts under "
                                       "`rollout_policy: greedy`): percent chance to place "
                                       "where the seat's domains gain most; not a rule.",
                                       default=75),
        "bot_weights": level_weights_field(WEIGHTS, "The computer players' evaluation of a "
                                           "position, per level (not a rule; tuned with "
                                           "`aztec-arcade balance --sweep "
                                           "bot_weights.hard.NAME=...`)."),
        "bot_search": search_settings_field("Hard's search, where it differs from the "
                                            "defaults (not a rule; tuned with `aztec-arcade "
                                            "balance --sweep bot_search.hard.NAME=...`)."),
    },
)


# ---------------------------------------------------------------------------------------
# cross-field checks
# ---------------------------------------------------------------------------------------
def check_aztlan_params(params: dict[str, Any], ctx: Context) -> None:
    types = params["territory_types"]
    if not types:
        ctx.error(("territory_types",), "needs at least one territory type")
    if WILD in types:
        ctx.error(("territory_types", WILD), f"'{WILD}' is reserved for the wild power card")
    check_map(params["map"], types, ctx, ("map",))
    _check_cards(params, types, ctx)
    _check_people(params, ctx)


def check_map(m: dict[str, Any], types: dict[str, str], ctx: Context,
              path: tuple[Any, ...]) -> None:
    terr = m["territories"]
    lakes = m["lakes"]
    if not terr:
        ctx.error(path + ("territories",), "needs at least one territory")
    for lake, info in lakes.items():
        _check_polygon(info["polygon"], m, ctx, path + ("lakes", lake, "polygon"))
    for tid, info in terr.items():
        here = path + ("territories", tid)
        if tid in lakes:
            ctx.error(here, f"'{tid}' is also the id of a lake")
        if info["type"] not in types:
            ctx.error(here + ("type",), f"unknown territory type {info['type']!r} (known: "
                      f"{', '.join(types)})")
        seen: set[str] = set()
        for i, other in enumerate(info["neighbours"]):
            where = here + ("neighbours", i)
            if other == tid:
                ctx.error(where, f"{tid} cannot be its own neighbour")
            elif other not in terr:
                ctx.error(where, f"unknown territory {other!r}")
            elif other in seen:
                ctx.error(where, f"{other} is listed twice")
            elif tid not in terr[other]["neighbours"]:
                ctx.error(where, f"neighbours must be symmetric: {tid} lists {other}, but "
                          f"{other} does not list {tid}")
            seen.add(other)
        for i, lake in enumerate(info["lakes"]):
            if lake not in lakes:
                ctx.error(here + ("lakes", i), f"unknown lake {lake!r} (known: "
                          f"{', '.join(lakes) or 'none'})")
            elif lake in info["lakes"][:i]:
                ctx.error(here + ("lakes", i), f"lake {lake} is listed twice")
        _check_polygon(info["polygon"], m, ctx, here + ("polygon",))


def _check_polygon(points: list[list[int]], m: dict[str, Any], ctx: Context,
                   path: tuple[Any, ...]) -> None:
    for i, (x, y) in enumerate(points):
        if not (0 <= x <= m["width"] and 0 <= y <= m["height"]):
            ctx.error(path + (i,), f"point ({x}, {y}) lies outside the map's "
                      f"{m['width']} x {m['height']} space")


def _check_cards(params: dict[str, Any], types: dict[str, str], ctx: Context) -> None:
    strengths: set[int] = set()
    for i, card in enumerate(params["power_cards"]):
        if card["strength"] in strengths:
            ctx.error(("power_cards", i, "strength"),
                      f"two power cards have strength {card['strength']}")
        strengths.add(card["strength"])
        if card["type"] != WILD and card["type"] not in types:
            ctx.error(("power_cards", i, "type"), f"unknown territory type {card['type']!r} "
                      f"(known: {', '.join(types)}, or {WILD})")
    if params["ages"] > len(params["power_cards"]):
        ctx.error(("ages",), f"{params['ages']} ages need at least {params['ages']} power "
                  f"cards per player; there are {len(params['power_cards'])}")
    counts = Counter(t["type"] for t in params["map"]["territories"].values())
    most = max(counts.values(), default=0)
    if len(params["domain_bonus"]) < most:
        ctx.error(("domain_bonus",), f"lists {len(params['domain_bonus'])} bonuses but a "
                  f"domain can hold {most} territories of one type")
    ids: set[str] = set()
    offerings = 0
    for i, card in enumerate(params["prosperity_cards"]):
        if card["id"] in ids:
            ctx.error(("prosperity_cards", i, "id"), f"duplicate card id {card['id']!r}")
        ids.add(card["id"])
        if card["effect"] == "blessing":
            if card["type"] not in types:
                ctx.error(("prosperity_cards", i, "type"), "a blessing needs a territory "
                          f"type (known: {', '.join(types)})")
        elif card["type"] is not None:
            ctx.error(("prosperity_cards", i, "type"), "only a blessing has a type")
        if card["effect"] == "offering":
            offerings += card["count"]
    if len(params["offering_points"]) < offerings:
        ctx.error(("offering_points",), f"lists points for {len(params['offering_points'])}"
                  f" Offerings but the deck holds {offerings}")


def _check_people(params: dict[str, Any], ctx: Context) -> None:
    tribe_ids = [t["id"] for t in params["tribes"]]
    for i, tid in enumerate(tribe_ids):
        if tid in tribe_ids[:i]:
            ctx.error(("tribes", i, "id"), f"duplicate tribe id {tid!r}")
    used: set[str] = set()
    for i, faction in enumerate(params["factions"] or []):
        for j, tid in enumerate(faction["tribes"]):
            if tid not in tribe_ids:
                ctx.error(("factions", i, "tribes", j), f"unknown tribe {tid!r}")
            elif tid in used:
                ctx.error(("factions", i, "tribes", j), f"tribe {tid} is in two factions")
            used.add(tid)
    counts: set[int] = set()
    for i, row in enumerate(params["pawns_per_age"]):
        if row["players"] in counts:
            ctx.error(("pawns_per_age", i, "players"),
                      f"two rows for {row['players']} players")
        counts.add(row["players"])
        if len(row["pawns"]) != params["ages"]:
            ctx.error(("pawns_per_age", i, "pawns"), f"needs one entry per age "
                      f"({params['ages']}), got {len(row['pawns'])}")


def check_aztlan_players(params: dict[str, Any], players: int) -> list[ConfigIssue]:
    issues = []
    if not any(row["players"] == players for row in params["pawns_per_age"]):
        issues.append(ConfigIssue(None, "pawns_per_age", f"has no row for {players} players"))
    factions = params["factions"]
    if factions is not None:
        if players != len(factions):
            issues.append(ConfigIssue(None, "factions", f"{len(factions)} factions need "
                                      f"{len(factions)} players, not {players}"))
    elif players > len(params["tribes"]):
        issues.append(ConfigIssue(None, "tribes", f"{players} players need {players} tribes; "
                                  f"there are {len(params['tribes'])}"))
    return issues
