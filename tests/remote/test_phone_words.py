"""What a phone reads: its buttons say the action to the seat holding them in the
description's own "you" sentence ("You build a 2-level temple on c2: 2 AP", as the
Market's do), never the notation, never the seat in the third person; its log speaks to
that seat ("You walk to i6: 1 AP") and about the others by name."""

from __future__ import annotations

from game.api import new_game
from tests.remote.helpers import Device, Owner


def test_mexica_buttons_and_log_are_words_for_the_seat_holding_the_phone(make_hub):
    game = new_game("mexica", 2, seed=4)
    hub = make_hub(2, names=["Ana", "Bo"])
    ana, bo = Device(hub), Device(hub)
    ana.join(seat=0)
    bo.join(seat=1)
    owner = Owner(game, hub)
    owner.start()
    try:
        for device in (ana, bo):  # both place their Pilli
            state = device.wait(lambda m: m["type"] == "state" and m["deciding"])
            first = state["actions"][0]["actions"][0]
            assert first["text"] == f"You start on {first['action'].split()[1]}"
            device.act(first["action"], state["version"])
        state = ana.wait(lambda m: m["type"] == "state" and m["deciding"]
                         and m["actions"][0]["verb"] != "start")
        items = [item for group in state["actions"] for item in group["actions"]]
        texts = {item["action"]: item["text"] for item in items}
        for action, text in texts.items():
            assert text != action and text[0].isupper(), (action, text)
            assert "Ana" not in text and "Player" not in text, text
        temple = next(a for a in texts if a.startswith("temple") and a.endswith(" 2"))
        assert texts[temple] == f"You build a 2-level temple on {temple.split()[1]}: 2 AP"
        step = next(a for a in texts if a.startswith("move"))
        assert texts[step] == f"You walk to {step.split()[1]}: 1 AP"
        assert texts["end"] == "You end the turn (6 AP left unused)"
        ana.act(step, state["version"])
        where = step.split()[1]
        mine = ana.wait(lambda m: m["type"] == "state" and m["version"] > state["version"])
        theirs = bo.wait(lambda m: m["type"] == "state" and m["version"] > state["version"])
        assert {"text": f"You walk to {where}: 1 AP", "seat": 0} in mine["log"]
        assert {"text": f"Ana walks to {where}: 1 AP", "seat": 0} in theirs["log"]
        assert not any(e["text"].startswith("Bo ") for e in theirs["log"])
    finally:
        owner.finish()
