"""The rules-help overlay shows each game's own player aid (the shell knows no game)."""

import pytest

from game.api import list_variants, new_game
from game.ui.scenes.help import HelpScene


@pytest.mark.parametrize("variant", [v["id"] for v in list_variants()])
def test_every_variant_has_its_own_player_aid(variant):
    spec = next(v for v in list_variants() if v["id"] == variant)
    game = new_game(variant, spec["min_players"], seed=1)
    scene = HelpScene.for_game(game)
    assert scene.cost_rows, f"{variant} shows no actions in its player aid"
    assert scene.scoring, f"{variant} shows no scoring summary"


def test_the_aids_use_the_variants_numbers():
    festival = HelpScene.for_game(new_game("mexica-festival", 2))
    assert "8 action points" in festival.intro
    market = HelpScene.for_game(new_game("tlatelolco-market", 4))
    assert not any("Temple" in label for label, _ in market.cost_rows)
    assert any("partner" in line for line in market.scoring)
