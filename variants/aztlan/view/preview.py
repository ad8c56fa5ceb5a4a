"""What a click or Enter would do on Aztlán's board, and why not: the status line.

Functions of the board view they serve, read as a
:class:`~variants.aztlan.view.ports.Planner` (its model, its decision, its cursor and
selection); nothing here changes the game or draws. A refusal's
reason is the engine's own (``Game.why_not``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import say as say_text
from variants.aztlan.text import _, named
from variants.aztlan.view.model import Decision, Option
from variants.aztlan.view.ports import Planner

#: decisions where Enter acts on the map cursor (else on the focused option)
MAP_KINDS = ("place", "move", "wait", "over")


@dataclass
class Plan:
    """What a click on a territory would do: an action, a selection change, and why."""

    action: str | None = None
    effect: tuple[str, Any] | None = None
    status: str = ""
    #: the status only describes the territory (nothing to do there now)
    describes: bool = False


def why(v: Planner, action: str) -> str:
    """The engine's reason for refusing ``action`` (its ``why_not``)."""
    if v.model is None or v.model.decider is None:
        return say_text(_("not your decision"))
    return say_text(v.session.game.why_not(action) or "", v.session.names)


def plan(v: Planner, t: int) -> Plan:
    m, d = v.model, v.decision
    assert m is not None
    ids = m.island.ids
    here = m.label(t)
    legal = v.session.is_legal
    if d.kind == "place":
        a = f"place {ids[t]}"
        if legal(a):
            left = m.supply[m.army(d.seat)] if d.seat is not None else 0
            return Plan(a, None, say_text(_("Click or Enter: place a pawn in {territory} "
                                            "({type}) · {n} left", territory=here,
                                            type=m.type_name(m.island.types[t]), n=left)))
        return Plan(None, None, why(v, a))
    if d.kind == "move":
        army = m.army(d.seat) if d.seat is not None else 0
        if v.mode == "eagle":
            a = f"eagle {ids[t]}"
            if legal(a):
                return Plan(a, None, say_text(_("Click: Eagle & Jaguar warriors, an extra "
                                                "pawn in {territory}", territory=here)))
            return Plan(None, None, why(v, a))
        if v.source is None:
            if m.board[t][army]:
                return Plan(None, ("source", t), say_text(_(
                    "Click: move a pawn from {territory}, then pick a neighbour · E: no move",
                    territory=here)))
            return Plan(None, None, say_text(_("No pawn of yours in {territory}: pick one of "
                                               "your territories, or E for no move",
                                               territory=here)))
        src = v.source
        if t == src:
            return Plan(None, ("source", None), say_text(_(
                "Click: keep the pawn in {territory} (cancel the move)", territory=here)))
        a = f"move {ids[src]} {ids[t]}"
        if legal(a):
            return Plan(a, None, say_text(_("Click: move a pawn from {source} to {target}",
                                            source=ids[src], target=here)))
        if m.board[t][army]:
            return Plan(None, ("source", t), say_text(_("Click: move from {territory} "
                                                        "instead", territory=here)))
        return Plan(None, None, why(v, a))
    if d.kind == "conflict":
        if t in d.targets:
            if t == d.territory:
                return Plan(None, None, say_text(_("{powers}: 1 Battle, 2 Coexist",
                                                   powers=powers(v, t))))
            return Plan(None, ("conflict", t), say_text(_(
                "Click: decide the conflict in {territory}", territory=here)))
        return Plan(None, None, info(v, t), describes=True)
    if d.kind == "score" and any(o.action and o.action.startswith("rafts ")
                                 for o in d.options):
        return raft_plan(v, t)
    return Plan(None, None, info(v, t), describes=True)


def raft_plan(v: Planner, t: int) -> Plan:
    m = v.model
    assert m is not None
    ids = m.island.ids
    here = m.label(t)
    if v.raft is None:
        if any(o.action and ids[t] in o.action.split()[1:] for o in v.decision.options
               if o.action and o.action.startswith("rafts ")):
            return Plan(None, ("raft", t), say_text(_(
                "Click: Rafts and Canoes from {territory}, then the other shore",
                territory=here)))
        return Plan(None, None, info(v, t), describes=True)
    if t == v.raft:
        return Plan(None, ("raft", None), say_text(_("Click: cancel the Rafts and Canoes "
                                                     "pick")))
    a = " ".join(["rafts", *sorted((ids[v.raft], ids[t]),
                                   key=lambda x: m.island.index[x])])
    if v.session.is_legal(a):
        return Plan(a, None, say_text(_("Click: Rafts and Canoes join {first} and {second}",
                                        first=ids[v.raft], second=here)))
    return Plan(None, None, why(v, a))


def powers(v: Planner, t: int) -> str:
    m = v.model
    assert m is not None
    o = m.outcome(t)
    parts = []
    for army, n in enumerate(m.board[t]):
        if not n:
            continue
        seat = m.commander(army)
        card = m.chosen[seat]
        power = (f"{card}×{n}={o.power[army]}" if o is not None
                 else say_text(_.n("{n} pawn", "{n} pawns", n=n)))
        parts.append(f"{v.session.name(seat)} {power}")
    return say_text(_("{territory}: {powers}", territory=m.island.ids[t],
                      powers=" vs ".join(parts)))


def info(v: Planner, t: int) -> str:
    m = v.model
    assert m is not None
    text = f"{m.label(t)} · {m.type_name(m.island.types[t])}"
    present = [(a, n) for a, n in enumerate(m.board[t]) if n]
    if len(present) >= 2 and m.outcome(t) is not None:
        text = powers(v, t) + f" · {say_text(named(m.island.names[t]))}"
        if t in m.resolved:
            text += " " + say_text(_("(settled)"))
    elif present:
        text += " · " + ", ".join(f"{v.army_name(a)} {n}" for a, n in present)
    else:
        text += " · " + say_text(_("empty", context="territory"))
    if v.decision.kind == "score" and v.decision.seat is not None:
        opt = v.focused_option()
        if opt is not None and opt.kind:
            for dm in m.domains(v.decision.seat, opt.kind, opt.links):
                if t in dm.cells:
                    text += " · " + say_text(_("domain of {n}: {n} + {matching}² = {points}",
                                               n=len(dm.cells), matching=dm.matching,
                                               points=dm.points))
    return text


def status(v: Planner) -> str:
    m, d = v.model, v.decision
    if m is None:
        return ""
    if d.kind == "choose":
        i = v.hover_card if v.hover_card is not None else v.focus
        if 0 <= i < len(d.options):
            card = int(d.options[i].action.split()[1])  # type: ignore[union-attr]
            kind = m.card_type(card)
            what = _("wild: pick the type at scoring") if kind == "wild" else \
                _("{type} scores extra", type=m.type_name(kind))
            said = _.n("choose power card {card} ({what}; {n} pt if never played)",
                       "choose power card {card} ({what}; {n} pts if never played)",
                       n=m.cards.power_value[card], card=card, what=what)
            return say_text(_("Click: {what}", what=said) if v.hover_card is not None
                            else _("Enter: {what}", what=said))
        return d.title
    if v.hover_button is not None and v.hover_button < len(d.options):
        return say_text(_("Click: {what}", what=say(v, d.options[v.hover_button])))
    t = v.hover_t if v.hover_t is not None else None
    if t is not None:
        hovered = plan(v, t)
        # a territory with nothing to do says what is being decided (the pointer resting
        # on the map must not hide the question; the panel describes the territory)
        return deciding(d) if hovered.describes else hovered.status
    if d.kind in MAP_KINDS:
        if d.kind in ("place", "move"):
            return plan(v, v.cursor).status
        return deciding(d)
    opt = v.focused_option()
    if opt is not None:
        return say_text(_("Enter: {what}", what=say(v, opt)))
    return d.title


def deciding(d: Decision) -> str:
    """What is being decided now, in the decision's own words."""
    return say_text(_("{title}: {prompt}", title=d.title, prompt=d.prompt)) if d.prompt \
        else d.title


def say(v: Planner, opt: Option) -> str:
    if opt.mode == "eagle":
        if v.mode == "eagle":
            return say_text(_("stop placing the Eagle & Jaguar pawn"))
        return say_text(_("play Eagle & Jaguar Warriors, then click where the extra pawn "
                          "goes"))
    text = opt.label
    if opt.detail:
        text += f" ({opt.detail})"
    return text
