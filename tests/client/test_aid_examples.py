"""The player aid's worked examples say what the engine does: each example's position is
built on the engine from the page's own description, played or scored there, and the
numbers the page prints are compared with the engine's (AP left, points, tokens).

The pages are headless data (``Rules.player_aid()["pages"]``), so no window is needed.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.api import new_game
from tests.aztlan import position
from tests.market import layout
from tests.market import scenario as market_scenario
from tests.mexica.scenario import scenario

NEUTRAL = -1


def figure(variant: str, players: int, kind: str) -> dict[str, Any]:
    """The figure of ``kind`` in ``variant``'s aid (with ``players`` players)."""
    aid = new_game(variant, players, seed=1).rules.player_aid()
    found = [p["figure"] for p in aid["pages"] if (p.get("figure") or {}).get("kind") == kind]
    assert len(found) == 1, f"{variant} has {len(found)} '{kind}' figures"
    return found[0]


def with_palace(rows: list[str]) -> list[str]:
    """The example's island with a start-space islet under it (the Pilli start there)."""
    width = len(rows[0])
    return [*rows, "~" * width, "SSSS" + "~" * (width - 4)]


def canals(fig: dict[str, Any]) -> list[tuple[str, ...]]:
    return [tuple(t) for t in fig["canals"]]


# -- Mexica -------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"ap_per_turn": 8}])
def test_mexica_example_turn_leaves_the_ap_the_page_says(options):
    """The rulebook's second example turn, step by step: the AP left after each action."""
    aid = new_game("mexica", 2, seed=1, options=options).rules.player_aid()
    fig = next(p["figure"] for p in aid["pages"] if p.get("figure", {}).get("kind") == "turn")
    g = scenario(with_palace(fig["board"]), 2, pilli={0: fig["start"]}, canals=canals(fig),
                 bridges=fig["bridges"], display=[5], options=options)
    assert g.state.ap == fig["ap"] == g.rules.params["ap_per_turn"]
    here = fig["start"]
    for step in fig["steps"]:
        board = g.rules.table.board
        if step["token"]:
            action = "take"
        elif board.index[step["cell"]] in g.state.bridges and board.index[here] in \
                g.state.bridges:
            action = f"boat {step['cell']}"
        else:
            action = f"move {step['cell']}"
        g.apply(action)
        here = step["cell"]
        assert g.state.ap == step["left"], f"after {action!r}"
    assert fig["steps"][-1]["left"] == fig["ap"] - 6  # the rulebook's turn spends 6 AP


@pytest.mark.parametrize(("variant", "players"), [("mexica", 3), ("mexica-festival", 3),
                                                  ("mexica-2p-neutral", 2)])
def test_mexica_founding_example_scores_as_the_engine(variant, players):
    fig = figure(variant, players, "found")
    assert len(fig["pilli"]) == players
    token = fig["token"]
    seats = {p["seat"]: p["cell"] for p in fig["pilli"]}
    g = scenario(with_palace(fig["board"]), players, pilli=seats, canals=canals(fig),
                 display=[token["size"]])
    g.apply(f"found {token['cell']}")
    assert g.scores == [p["points"] for p in sorted(fig["pilli"], key=lambda p: p["seat"])]
    assert fig["pilli"][0]["points"] == token["founder"] > 0
    assert fig["pilli"][1]["points"] == token["presence"] > 0


def district_places(events: list[Any], size: int) -> list[tuple[int, int, int, int]]:
    scored = [e for e in events if e.kind == "district_scored" and e.data["size"] == size]
    assert len(scored) == 1
    return sorted((p["owner"], p["levels"], p["place"], p["points"])
                  for p in scored[0].data["places"])


def page_places(fig: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    return sorted((r["owner"], r["levels"], r["place"], r["points"]) for r in fig["ranking"])


def test_mexica_scoring_example_is_the_german_rulebook_and_the_engine_agrees():
    fig = figure("mexica", 4, "scoring")
    assert [(r["owner"], r["levels"], r["points"]) for r in fig["ranking"]] == [
        (1, 10, 13), (0, 7, 7), (2, 6, 4), (3, 1, 0)]
    temples = {t["cell"]: (t["owner"], t["level"]) for t in fig["temples"]}
    g = scenario(with_palace(fig["board"]), 4, canals=canals(fig), temples=temples,
                 tokens={fig["token"]["cell"]: fig["token"]["size"]},
                 hands={s: [1] for s in range(4)}, display=[5], hidden=[6])
    events = [e for _ in range(g.players) for e in g.apply("end")]  # a round of passes
    assert district_places(events, fig["token"]["size"]) == page_places(fig)


def neutral_game(fig: dict[str, Any]) -> Any:
    """Mexica for two on the example's island, its neutral temples where the page puts
    them, the players' temples and the token laid, both Pilli on the start islet."""
    neutral = {t["cell"]: t["level"] for t in fig["temples"] if t["owner"] == NEUTRAL}
    rows = with_palace(fig["board"])
    g = new_game("mexica-2p-neutral", 2, seed=0, options={
        "board": rows, "neutral_temples": neutral,
        "calpulli": {"period1": [5], "period2": [6]}})
    g.apply("start " + f"a{len(rows)}")
    g.apply("start " + f"b{len(rows)}")
    s, idx = g.state, g.rules.table.board.index
    for tile in canals(fig):
        s.tiles.append(tuple(sorted(idx[n] for n in tile)))
    for t in fig["temples"]:
        if t["owner"] != NEUTRAL:
            s.temples[idx[t["cell"]]] = (t["owner"], t["level"])
    s.tokens[idx[fig["token"]["cell"]]] = fig["token"]["size"]
    s.hands = [[1], [1]]
    s.rebuild(g.rules.table.board)
    return g


@pytest.mark.parametrize("variant", ["mexica-2p-neutral", "mexica-2p-harder"])
def test_mexica_for_two_scoring_example_ranks_the_neutral_temples(variant):
    fig = figure(variant, 2, "scoring")
    owners = {r["owner"]: r for r in fig["ranking"]}
    assert owners[NEUTRAL]["place"] == 1 and owners[NEUTRAL]["points"] == 0
    g = neutral_game(fig)
    events = g.apply("end") + g.apply("end")
    assert district_places(events, fig["token"]["size"]) == page_places(fig)


# -- the Market ---------------------------------------------------------------------------
def test_market_purchase_example_is_what_the_engine_buys():
    fig = figure("tlatelolco-market", 2, "purchase")
    column = fig["column"]  # from the vendor down to the buyer: a1 is the far end
    g = market_scenario(layout({f"a{i + 1}": tile for i, tile in enumerate(column)}),
                        vendors={fig["colour"]: fig["tokens"]})
    g.apply(f"buy 1 {fig['colour']}")
    buyer = g.view(None)["buyers"][0][0]
    assert buyer["tokens"] == fig["buyer"] and buyer["colour"] == fig["colour"]
    assert g.state.vendors[fig["colour"]] == fig["vendor"]
    assert g.state.king[fig["colour"]] == fig["king"]
    assert buyer["coin"] == fig["coin_kept"] is True


def holding(cells: list[dict[str, Any]]) -> dict[int, tuple[str, int]]:
    """One buyer per colour held."""
    held = [(c["colour"], c["tokens"]) for c in cells if c["tokens"]]
    return {i + 1: h for i, h in enumerate(held)}


@pytest.mark.parametrize("players", [4, 3, 2])
def test_market_final_count_is_the_engines(players):
    fig = figure("tlatelolco-market", players, "count")
    empty = dict.fromkeys(("black", "blue", "red", "green"), 0)
    g = market_scenario(players=players, king=fig["king"], bag=empty,
                        held={r["seat"]: holding(r["cells"]) for r in fig["rows"]})
    by_team = {m: t["points"] for t in fig["teams"] for m in t["team"]}
    assert g.scores == [by_team[s] for s in range(players)]
    for row in fig["rows"]:
        assert row["points"] == sum(c["points"] for c in row["cells"])
    if players == 4:  # the rulebook's table: Yolanda and Victor 53, Laura and Raquel 60
        assert sorted(t["points"] for t in fig["teams"]) == [53, 60]
        assert [r["points"] for r in fig["rows"]] == [24, 30, 29, 30]


# -- Aztlán -------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "players"), [("aztlan", 3), ("aztlan", 4),
                                                  ("aztlan-2p", 2)])
def test_aztlan_scoring_example_scores_as_the_engine(variant, players):
    fig = figure(variant, players, "domains")
    assert [d["points"] for d in fig["domains"]] == [5, 7, 2, 0] and fig["total"] == 14
    board = {t: {fig["seat"]: 1} for d in fig["domains"] for t in d["territories"]}
    cards = [fig["card"]] + [c for c in (8, 7, 6) if c != fig["card"]]
    g = position(players, variant=variant, board=board,
                 chosen={s: cards[s] for s in range(players)})
    events = g.apply("stay")
    score = next(e for e in events if e.kind == "score" and e.seat == fig["seat"])
    engine = {tuple(sorted(x["territories"])): x["points"] for x in score.data["domains"]}
    page = {tuple(sorted(d["territories"])): d["points"] for d in fig["domains"]}
    assert engine == page
    assert score.points == fig["total"]


def test_aztlan_conflict_example_is_won_as_the_page_says():
    fig = figure("aztlan", 3, "conflict")
    strong, weak = fig["armies"]
    assert (strong["pawns"], strong["card"], strong["power"]) == (2, 5, 10)
    assert (weak["pawns"], weak["card"], weak["power"]) == (1, 9, 9)
    g = position(3, board={"t13": {0: strong["pawns"], 1: weak["pawns"]}},
                 chosen={0: strong["card"], 1: weak["card"], 2: 8})
    g.apply("stay")
    assert g.current_player == fig["winner"] == 0
    assert {"battle t13", "coexist t13"} <= set(g.legal_actions())
