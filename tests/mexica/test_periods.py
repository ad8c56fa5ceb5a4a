"""The end of a period, the second period and removing calpulli tokens (rulebook ch. 3,
5B, 5C; Spielregel "Die erste Wertung", "Der zweite Durchgang"; RULINGS Periods)."""

from tests.mexica.scenario import P2_HAND, PALACE, assert_illegal, end_round, play, scenario

CORNER = [("d2",), ("c3",), ("b4",)]   # closes {b2, c2, b3}


def kinds(events):
    return [e.kind for e in events]


def trigger_setup(players=2, **kw):
    """Seat 0 at b2 can found the corner (last display token) and build its last temple."""
    kw.setdefault("pilli", {0: "b2", 1: "e5", 2: "e3"} if players == 3 else {0: "b2", 1: "e5"})
    kw.setdefault("hands", {0: [1]} | {i: [1, 2] for i in range(1, players)})
    return scenario(PALACE, players, canals=CORNER, display=[3], hidden=[4, 5], **kw)


def test_period_end_needs_empty_display_and_a_player_without_temples():
    g = trigger_setup()
    events = g.apply("found c2")                       # display now empty
    assert "period_end_triggered" not in kinds(events)
    events = g.apply("temple b3 1")                    # seat 0's hand now empty
    assert "period_end_triggered" in kinds(events)


def test_the_round_is_finished_before_the_scoring():
    """The trigger comes in seat 0's turn: seat 1 still plays, then the period is scored
    and period 2 begins with the same first player."""
    g = trigger_setup()
    play(g, "found c2", "temple b3 1")
    assert g.scores == [2, 0]
    g.apply("end")
    assert g.current_player == 1 and g.state.period == 1   # the round goes on
    assert g.scores == [2, 0]
    assert play(g, "temple h6 2") == [4]                   # seat 1 still acts normally
    g.apply("end")
    # period-1 scoring: seat 0 is 1st in the founded 3-district (+3); seat 1's temple
    # stands in an unfounded district (ignored in period 1); seat 1 is on start space e5
    assert g.scores == [2 + 3, 0 + 5]
    s = g.state
    assert s.period == 2 and s.round == 1
    assert g.current_player == 0 and s.ap == 6
    assert s.display == [4, 5] and s.hidden == []
    assert s.hands[0] == sorted(P2_HAND)                   # the 9 new temples
    assert s.hands[1] == sorted([1] + P2_HAND)             # plus what was left


def test_three_players_the_last_seat_finishes_the_round():
    g = trigger_setup(3, pilli={0: "e5", 1: "b2", 2: "e3"},
                      hands={0: [1, 2], 1: [1], 2: [1, 2]}, turn=1)
    play(g, "found c2", "temple b3 1")                     # seat 1 triggers
    g.apply("end")
    assert g.current_player == 2 and g.state.period == 1   # seat 2 still plays
    assert g.scores == [0, 2, 0]
    g.apply("end")
    assert g.state.period == 2 and g.current_player == 0
    # seat 1: founder 2 + first place 3; seat 0 stands on e5, seat 2 on e3: +5 each
    assert g.scores == [5, 5, 5]


def test_trigger_by_the_last_seat_scores_at_the_end_of_its_turn():
    g = trigger_setup(pilli={0: "e5", 1: "b2"}, hands={0: [1, 2], 1: [1]}, turn=1)
    play(g, "found c2", "temple b3 1")
    g.apply("end")
    assert g.state.period == 2 and g.current_player == 0
    assert g.scores == [5, 5]


def test_no_scoring_while_a_token_is_still_on_display():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, display=[3], hidden=[4],
                 hands={0: [], 1: [1]})
    for _ in range(3):
        g.apply("move c2")
        g.apply("end")
        g.apply("take")
        g.apply("end")
        g.apply("move b2")
        g.apply("end")
        g.apply("spend")
        g.apply("end")
    assert g.state.period == 1 and g.state.round == 8


def test_no_scoring_while_every_player_still_has_temples():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, display=[], hidden=[4],
                 hands={0: [1], 1: [1]})
    play(g, "move c2", "end", "move h5", "end")
    assert g.state.period == 1 and g.state.round == 3


def test_a_full_round_without_any_action_triggers_the_scoring():
    """Spielregel: 'Möchte kein Spieler mehr seinen Zug ausführen, wird ebenfalls die
    Wertung ausgelöst.'"""
    g = scenario(PALACE, pilli={0: "e3", 1: "e5"}, display=[3, 5], hidden=[4])
    events = []
    events += g.apply("end")
    assert g.state.period == 1
    events += g.apply("end")
    assert "scoring" in kinds(events)
    assert g.state.period == 2 and g.current_player == 0
    assert g.scores == [5, 5]                         # both stand on start spaces
    assert 4 in g.state.display                       # the period-2 token arrives


def test_a_round_with_any_action_does_not_count_as_all_passing():
    g = scenario(PALACE, pilli={0: "e3", 1: "e5"}, display=[3], hidden=[4])
    play(g, "end", "take", "end")                     # seat 1 acted
    assert g.state.period == 1 and g.state.round == 3
    play(g, "take", "end", "end")                     # seat 0 acted
    assert g.state.period == 1
    play(g, "end", "end")                             # now nobody acted
    assert g.state.period == 2


def test_the_game_ends_after_the_second_scoring():
    g = scenario(PALACE, pilli={0: "e3", 1: "b2"}, period=2, display=[4])
    end_round(g)
    assert g.is_over
    assert g.current_player is None
    assert g.legal_actions() == []
    assert g.scores == [5, 0]
    assert g.winners == [0]
    assert_illegal(g, "end", match="over")


def test_period_two_ends_once_display_empty_and_a_player_built_everything():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, period=2, canals=CORNER, display=[3],
                 hands={0: [1], 1: [1, 2]})
    play(g, "found c2", "temple b3 1", "end")
    assert not g.is_over
    g.apply("end")
    assert g.is_over
    # period 2 scores the founded corner (+3) and seat 1's palace bonus
    assert g.scores == [2 + 3, 5]


# =========================================================================================
# removing calpulli tokens in period 2
# =========================================================================================

def vote_setup(**kw):
    return scenario(PALACE, 3, pilli={0: "b2", 1: "h6", 2: "h2"}, period=2, display=[4, 6],
                    **kw)


def test_removal_when_every_other_seat_agrees_in_turn():
    g = vote_setup()
    g.apply("remove 6")
    assert g.current_player == 1
    assert sorted(g.legal_actions()) == ["agree", "refuse"]
    assert_illegal(g, "move g6")                      # only an answer now
    assert_illegal(g, "end")
    g.apply("agree")
    assert g.current_player == 2
    g.apply("agree")
    assert g.state.display == [4]
    assert g.current_player == 0 and g.state.ap == 6  # seat 0's turn goes on, free
    assert play(g, "move c2") == [5]


def test_one_refusal_keeps_the_token():
    g = vote_setup()
    g.apply("remove 6")
    g.apply("refuse")
    assert g.state.display == [4, 6]
    assert g.current_player == 0
    g = vote_setup()
    g.apply("remove 6")
    g.apply("agree")
    g.apply("refuse")                                 # the last voter refuses
    assert g.state.display == [4, 6]
    assert g.current_player == 0


def test_removal_only_in_period_two_and_only_of_displayed_tokens():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, display=[4, 6])
    assert_illegal(g, "remove 6", match="second period")
    assert not any(a.startswith("remove") for a in g.legal_actions())
    g = vote_setup()
    assert_illegal(g, "remove 9", match="no size-9")


def test_removal_of_the_last_token_can_end_the_period():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, period=2, display=[6],
                 hands={0: [], 1: [1]})
    g.apply("remove 6")
    events = g.apply("agree")
    assert "period_end_triggered" in kinds(events)
    assert g.state.display == []


def test_automatic_removal_when_no_canal_tiles_are_left():
    """RULINGS: removed without a vote once no canal tiles are left and no unfounded
    district of its size exists."""
    g = scenario(PALACE, pilli={0: "h6", 1: "e5"}, period=2, canals=CORNER[:2],
                 display=[3, 5], supply={"single": 1, "double": 0})
    g.apply("canal b4")                               # the last tile closes a 3-district
    assert g.state.supply["single"] == 0
    assert g.state.display == [3]                     # a 3-district exists, 5 is hopeless
    assert g.state.removed == [5]


def test_no_automatic_removal_while_canal_tiles_remain():
    g = scenario(PALACE, pilli={0: "h6", 1: "e5"}, period=2, canals=CORNER[:2],
                 display=[3, 5], supply={"single": 2, "double": 0})
    g.apply("canal b4")
    assert g.state.display == [3, 5]
