"""The Aztlán player aid: the rules as pages, every number read from the variant's
parameters, and the rulebook's examples as positions the board view draws
(``variants.aztlan.view.aid_pages``).

The examples are the rulebook's: a conflict (two pawns with a 5 against one with a 9)
and the scoring of an age with the 9 (city): domains of 4 territories with 1 city, 3 with
2, 1 city alone and 1 territory without one, 5 + 7 + 2 + 0 = 14. The domains are found on
the variant's own map, and scored with the engine's functions;
``tests/client/test_aid_examples.py`` plays them on the engine and compares.
"""

from __future__ import annotations

from typing import Any

from game.core.words import roman
from game.i18n import Listing, Msg
from game.i18n.message import Value
from game.kit.aidrows import aid_row
from variants.aztlan.conflicts import outcome
from variants.aztlan.map import Island
from variants.aztlan.scoring import domain_points
from variants.aztlan.text import _, named

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
#: the rulebook's scoring example: (territories, of them matching the card) per domain
RULEBOOK_DOMAINS = ((4, 1), (3, 2), (1, 1), (1, 0))
#: what each kind of prosperity card does, said for the aid (the numbers are added)
EFFECTS: dict[str, Msg] = {
    "sacred-games": _("conflicts: a winner who chose battle must coexist with you"),
    "rafts": _("scoring: two territories on one lake count as neighbours"),
    "tlatoani": _("conflicts: win a tie for the most power"),
    "eagle": _("development: place one more pawn with yours"),
}


def player_aid(params: dict[str, Any], players: int) -> dict[str, Any]:
    cards = ", ".join(f"{c['strength']} {c['type']}" for c in params["power_cards"])
    bonus = "/".join(map(str, params["domain_bonus"][:4]))
    out: dict[str, Any] = {
        "intro": _("{n} ages. Each age: choose, develop, conflicts, scoring.",
                   n=params["ages"]),
        "actions": [
            (_("Choosing", context="aid"), _("one power card, in secret")),
            (_("Development", context="aid"), _("place a pawn, then you may move one pawn a "
                                                "step")),
            (_("Conflict", context="aid"), _("power = card x pawns; the strongest chooses")),
            (_("Battle", context="aid"), _("remove every opponent there")),
            (_("Coexistence", context="aid"), _("everyone stays; you draw a prosperity card")),
            (_("Power cards", context="aid"), cards),
        ],
        "scoring": [
            _("A domain is a group of adjacent territories where you have pawns (lakes "
              "separate territories)."),
            _("It scores its territories + a bonus for those matching your card: {bonus}... "
              "(the count squared); with no match it scores 0. The 4 is wild: pick one type "
              "for all your domains.", bonus=bonus),
            _("Blessings: +{points} per territory of their type you control. Rafts and "
              "Canoes join two territories across a lake.", points=params["blessing_points"]),
            _("At the end: your unused power card's value, +1 per prosperity card in hand, "
              "and the Offerings squared."),
            _("Score counters stack: higher scores play first; at the end a tie goes to the "
              "lower counter."),
        ],
    }
    pages = [age_page(params), cards_page(params), turn_page(params),
             conflict_page(params), scoring_page(params), prosperity_page(params),
             end_page(params)]
    if params.get("factions"):
        pages.insert(1, gods_page(params))
    out["pages"] = pages
    return out


def _type_name(params: dict[str, Any], kind: str) -> Value:
    """A territory type as the aid names it in a sentence (its name in the reader's
    language: German keeps a noun's capital, so no case is changed here)."""
    return named(str(params["territory_types"].get(kind, kind)))


def age_page(params: dict[str, Any]) -> dict[str, Any]:
    ages = int(params["ages"])
    rows = [{"players": int(r["players"]), "pawns": list(r["pawns"])}
            for r in params["pawns_per_age"]]
    return {
        "title": _("The goal and an age"),
        "lead": _("Spread your tribe over the island and score big domains rich in your "
                  "card's territory: the most points after age {age} wins.",
                  age=roman(ages)),
        "text": [_("Every age has four phases. Higher scores play first; on one score, the "
                   "counter on top.")],
        "figure": {"kind": "age", "ages": ages, "pawns": rows},
        "figure_at": "below",
    }


def cards_page(params: dict[str, Any]) -> dict[str, Any]:
    cards = [{"strength": int(c["strength"]), "type": str(c["type"]),
              "value": int(c["value"]),
              "name": _("any one") if c["type"] == "wild" else
              named(str(params["territory_types"].get(c["type"], c["type"])))}
             for c in params["power_cards"]]
    wild = next((c for c in cards if c["type"] == "wild"), None)
    text = [_("Your power in a territory: its number × your pawns there. Its territory "
              "type brings your bonus at the scoring.")]
    if wild is not None:
        text.append(_("The {card} is wild: you pick the type at the scoring.",
                      card=wild["strength"]))
    text.append(_("A card never played scores its points at the end."))
    return {"title": _("The power cards"), "lead": _("Each age you play one card, in "
                                                     "secret: it is then used up."),
            "text": text,
            "figure": {"kind": "cards", "cards": cards}, "figure_at": "below"}


def development_example(params: dict[str, Any]) -> dict[str, Any] | None:
    """The rulebook's development turn: a pawn placed on a city (A), then another moved
    from a desert to a neighbouring terraced fields (B); three territories close together
    on the variant's map, or None if it has no such place."""
    island = Island(params["map"])
    types = island.types
    for d in range(island.size):
        if types[d] != "desert":
            continue
        for f in island.nbrs[d]:
            if types[f] != "fields":
                continue
            near = sorted(set(island.nbrs[d]) | set(island.nbrs[f]))
            city = next((c for c in near if types[c] == "city"), None)
            if city is not None:
                return {"kind": "develop", "seat": 0, "place": island.ids[city],
                        "from": island.ids[d], "to": island.ids[f],
                        "words": [_("place a pawn on: {type}",
                                    type=_type_name(params, "city")),
                                  _("then move one: {source} to {target}",
                                    source=_type_name(params, "desert"),
                                    target=_type_name(params, "fields"))]}
    return None


def turn_page(params: dict[str, Any]) -> dict[str, Any]:
    row = aid_row

    return {
        "title": _("Your turn, and the conflicts"),
        "groups": [
            {"heading": _("Development: in turn, until all are placed"), "rows": [
                row(_("Place a pawn"), _("on any territory, not a lake"), "place"),
                row(_("Then move a pawn (you may)"), _("one of yours, to a neighbouring "
                                                      "territory"), "move")]},
            {"heading": _("Conflicts: where tribes meet, the strongest decides"), "rows": [
                row(_("Battle", context="aid"), _("every other tribe there is removed"),
                    "battle"),
                row(_("Coexist", context="aid"), _("all stay, and you draw a prosperity card"),
                    "coexist"),
                row(_("A tie for the strongest"), _("they coexist, no card; the weaker are "
                                                   "removed"), "tie")]},
        ],
        "figure": development_example(params),
        "figure_share": 0.44,
    }


def _non_wild(params: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted((c for c in params["power_cards"] if c["type"] != "wild"),
                  key=lambda c: int(c["strength"]))


def conflict_example(params: dict[str, Any]) -> dict[str, Any]:
    """The rulebook's conflict: several pawns with a weak card against one with the
    strongest (2 x 5 = 10 against 1 x 9 = 9), the engine's outcome."""
    cards = _non_wild(params)
    weak, strong = int(cards[0]["strength"]), int(cards[-1]["strength"])
    many = strong // weak + 1
    result = outcome([many, 1], [weak, strong])
    armies = []
    for seat, (card, pawns) in enumerate(((cards[0], many), (cards[-1], 1))):
        armies.append({"seat": seat, "pawns": pawns, "card": int(card["strength"]),
                       "type": str(card["type"]), "value": int(card["value"]),
                       "name": named(str(params["territory_types"].get(card["type"], ""))),
                       "power": result.power[seat]})
    return {"kind": "conflict", "armies": armies, "winner": result.winner}


def conflict_page(params: dict[str, Any]) -> dict[str, Any]:
    ex = conflict_example(params)
    a, b = ex["armies"]
    return {
        "title": _("A conflict"),
        "lead": _("Power in a territory = your card's number × your pawns there."),
        "text": [
            _("{n} pawns with a {card}: {power}. One pawn with a {other}: {other_power}. The "
              "{n} pawns win, and their player chooses: battle or coexistence.",
              n=a["pawns"], card=a["card"], power=a["power"], other=b["card"],
              other_power=b["power"]),
            _("With several tribes there, the winner removes them all or coexists with all."),
            _("The conflicts are settled in turn order, each player in any order."),
        ],
        "figure": ex,
        "figure_share": 0.5,
    }


def _groups(island: Island, size: int) -> list[frozenset[int]]:
    """Every connected group of ``size`` territories, in a fixed order."""
    level = {frozenset({c}) for c in range(island.size)}
    for _step in range(size - 1):
        level = {g | {n} for g in level for c in g for n in island.nbrs[c] if n not in g}
    return sorted(level, key=sorted)


def find_domains(island: Island, kind: str,
                 wanted: tuple[tuple[int, int], ...] = RULEBOOK_DOMAINS
                 ) -> list[list[int]] | None:
    """Territories for the rulebook's domains on ``island``: for each (size, matching)
    a connected group with that many of ``kind``, no two groups touching; None if the
    map has no such place."""
    options: list[list[frozenset[int]]] = []
    for size, matching in wanted:
        options.append([g for g in _groups(island, size)
                        if sum(1 for c in g if island.types[c] == kind) == matching])

    def place(i: int, taken: frozenset[int], near: frozenset[int]) -> list[list[int]] | None:
        if i == len(wanted):
            return []
        for g in options[i]:
            if g & near:
                continue
            rest = place(i + 1, taken | g, near | g | {n for c in g for n in island.nbrs[c]})
            if rest is not None:
                return [sorted(g), *rest]
        return None

    return place(0, frozenset(), frozenset())


def scoring_example(params: dict[str, Any]) -> dict[str, Any]:
    card = _non_wild(params)[-1]
    kind = str(card["type"])
    island = Island(params["map"])
    bonus = list(params["domain_bonus"])
    cells = find_domains(island, kind) or []
    domains = []
    for letter, group, (size, matching) in zip("ABCD", cells, RULEBOOK_DOMAINS, strict=False):
        domains.append({"name": letter, "territories": [island.ids[c] for c in group],
                        "size": size, "matching": matching,
                        "points": domain_points(size, matching, bonus)})
    return {"kind": "domains", "card": int(card["strength"]), "type": kind,
            "seat": 0, "domains": domains,
            "total": sum(d["points"] for d in domains)}


def scoring_page(params: dict[str, Any]) -> dict[str, Any]:
    ex = scoring_example(params)
    kind = _type_name(params, ex["type"])
    bonus = params["domain_bonus"]
    text: list[Any] = [
        _("A domain: neighbouring territories with your pawns (a lake parts them). It "
          "scores 1 a territory, plus {bonus}... for 1, 2, 3, 4 of your card's type; none of "
          "it: 0.", bonus=", ".join(map(str, bonus[:4]))),
    ]
    if ex["domains"]:
        text.append(_("Ana's card is the {card} ({type}). Territories + bonus:",
                      card=ex["card"], type=kind))
        for d in ex["domains"]:
            if d["matching"]:
                text.append(f"• {d['name']}: {d['size']} + {d['points'] - d['size']} = "
                            f"{d['points']}")
            else:
                text.append(_("• {name}: no {type}: 0", name=d["name"], type=kind))
        sums = " + ".join(str(d["points"]) for d in ex["domains"])
        text.append(_("Ana scores {sums} = {total}.", sums=sums, total=ex["total"]))
    return {"title": _("Scoring an age"), "text": text, "figure": ex, "figure_share": 0.6}


def prosperity_page(params: dict[str, Any]) -> dict[str, Any]:
    offerings = ", ".join(map(str, params["offering_points"][:4]))
    rows = []
    for card in params["prosperity_cards"]:
        effect = str(card["effect"])
        note: Value
        if effect == "blessing":
            note = _("scoring: +{points} per territory you hold: {type}",
                     points=params["blessing_points"], type=_type_name(params, card["type"]))
        elif effect == "offering":
            note = _("keep it: at the end {offerings}... for 1, 2, 3, 4...",
                     offerings=offerings)
        else:
            note = EFFECTS.get(effect, "")
        rows.append({"label": named(str(card["name"])), "cost": f"×{card['count']}",
                     "note": note,
                     "icon": {"kind": "prosperity", "effect": effect,
                              "type": card.get("type")}})
    return {"title": _("Prosperity cards"),
            "lead": _("You draw one each time you win a conflict and coexist. Keep them "
                      "secret; play one on your turn, when it says."),
            "groups": [{"heading": "", "rows": rows}]}


def end_page(params: dict[str, Any]) -> dict[str, Any]:
    ages = int(params["ages"])
    values = {int(c["strength"]): int(c["value"]) for c in params["power_cards"]}
    unused = int(params["unused_prosperity_points"])
    offerings = ", ".join(map(str, params["offering_points"][:4]))
    return {
        "title": _("The end"),
        "lead": _("After the scoring of age {age}, add:", age=roman(ages)),
        "text": [
            _("• the points of the power card you never played: {values};",
              values=Listing(tuple(_("{points} for the {card}", points=v, card=s)
                                   for s, v in values.items()), "comma")),
            _.n("• {n} point per prosperity card still in your hand;",
                "• {n} points per prosperity card still in your hand;", n=unused),
            _("• your Offerings: {offerings}... for 1, 2, 3, 4 of them.", offerings=offerings),
            _("The most points wins. On a tie, the counter lower in the stack wins."),
        ],
        "figure": {"kind": "stack"},
        "figure_share": 0.36,
    }


def gods_page(params: dict[str, Any]) -> dict[str, Any]:
    factions = [{"name": named(str(f["name"])), "tribes": list(f["tribes"])}
                for f in params["factions"]]
    row = next((r for r in params["pawns_per_age"] if int(r["players"]) == 2), None)
    pawns = list(row["pawns"]) if row else []
    text: list[Any] = [
        _("Each of you commands a faction of two tribes; its pawns count as one people."),
        _("After every age's scoring, the factions change hands."),
        _("Your power cards, prosperity cards and score stay yours."),
    ]
    if pawns:
        text.append(_("A faction's new pawns each age: {pawns}.",
                      pawns=", ".join(map(str, pawns))))
    return {"title": _("Aztec Gods: two players"), "text": text,
            "figure": {"kind": "gods", "factions": factions, "ages": int(params["ages"])},
            "figure_share": 0.5}
