"""A lesson's step marks the panel's option that plays it (``view.model.plays_target``):
the learner sees which button or card to press, and only that one."""

from variants.aztlan.view.model import plays_target


def test_the_step_marks_the_option_that_plays_it_and_no_other() -> None:
    assert plays_target("battle t5", None, "battle t5")
    assert not plays_target("battle t5", None, "coexist t5")
    assert not plays_target(None, None, "battle t5")


def test_an_eagle_step_marks_the_eagle_button_until_its_mode_is_on() -> None:
    assert plays_target("eagle t3", None, None, "eagle")
    assert not plays_target("eagle t3", "eagle", None, "eagle")
    assert not plays_target("place t3", None, None, "eagle")
