"""Typed actions: the id, the label and the message come from one definition, and ids read back exactly."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter import actions
from hulldown.games.tank_hunter.actions import Attack, Fire, TankHunterAction, parse
from tests.games.tank_hunter.golden import OPTION_SETS
from tests.games.tank_hunter.helpers import GAME


def _legal_actions_of_random_games() -> list[TankHunterAction]:
    seen: dict[str, TankHunterAction] = {}
    for k, opts in enumerate(OPTION_SETS):
        for seed in range(3):
            s = GAME.new(seed=seed, players=2 + (seed + k) % 5, options=opts)
            rng = SplitMix64(seed)
            while not s.is_over:
                legal = s.legal_actions()
                for a in legal:
                    assert isinstance(a, TankHunterAction), a
                    seen.setdefault(a.id, a)
                s.apply(legal[rng.below(len(legal))])
    return list(seen.values())


LEGAL = _legal_actions_of_random_games()


def test_random_games_offer_every_kind_of_action() -> None:
    kinds = {type(a) for a in LEGAL}
    assert len(kinds) >= 30, sorted(k.__name__ for k in kinds)


def test_label_is_the_rendered_message_in_english() -> None:
    for a in LEGAL:
        assert a.label == GAME.messages.render(a.message()), a.id
        assert GAME.messages.render(a.message(), "de")


def test_parse_reads_back_every_legal_action() -> None:
    for a in LEGAL:
        b = parse(a.id)
        assert b == a and type(b) is type(a), a.id
        assert b.payload() == a.payload()
        assert a.payload()["kind"] == type(a).KIND


def test_payload_says_what_the_action_is_and_to_json_is_what_the_web_sends() -> None:
    a = parse("attack:f:2:1:r:0:aa")
    assert isinstance(a, Attack)
    assert (a.line, a.pos, a.seat, a.tline, a.tpos, a.atype) == ("f", 2, 1, "r", 0, "aa")
    assert a.payload() == {"kind": "attack", "line": "f", "pos": 2, "seat": 1, "tline": "r", "tpos": 0, "atype": "aa"}
    assert a.label == "Attack with front #2 -> seat 1 rear #0 (anti-armour)"
    assert a.to_json()["message"] == {
        "key": "act.attack",
        "args": {"line": "front", "pos": 2, "seat": 1, "tline": "rear", "tpos": 0, "type": "anti-armour"},
    }
    assert parse("fire:3:lead:charge") == Fire(3, True, True)


@pytest.mark.parametrize(
    "bad",
    ["", "attack", "attack:x:0:1:f:0:aa", "attack:f:0:1:f:0:zz", "pick:-1", "pick:01", "fire:2:charge:lead",
     "counter:1:charge", "evade:maybe", "put:middle", "swap:f:1", "cmd:1:2", "wait:1", "tgt:0:f", "nonsense"],
)  # fmt: skip
def test_malformed_ids_raise_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        parse(bad)


def test_every_template_has_german_and_every_action_kind_has_a_template() -> None:
    data = json.loads(resources.files("hulldown.games.tank_hunter").joinpath("messages.json").read_text("utf-8"))
    assert set(data["de"]) == set(data["en"])
    keys = {a.message().key for a in LEGAL}
    assert keys <= set(data["en"])


def test_actions_are_interned_once_per_process() -> None:
    s = GAME.new(seed=5, players=3)
    first = s.legal_actions()
    assert all(actions.intern(parse(a.id)) is a for a in first)


def test_the_browser_renderer_reads_payloads_and_has_every_text_in_the_catalog() -> None:
    js = (resources.files("hulldown.web").joinpath("games/tank-hunter.js")).read_text("utf-8")
    assert 'split(":")' not in js and "idsMatching" not in js
    data = json.loads(resources.files("hulldown.games.tank_hunter").joinpath("messages.json").read_text("utf-8"))
    used = set(re.findall(r"\"(ui\.[A-Za-z.]+[A-Za-z])\"", js))
    used |= {f"ui.line.{code}" for code in actions.LINE_CODES} | {f"ui.type.{t}" for t in actions.ATTACK_TYPES}
    assert used <= set(data["en"]) and used <= set(data["de"]), sorted(used - set(data["en"]))
    kinds = {c.KIND for c in _kinds(TankHunterAction)}
    named = re.findall(r"\b[pa]\.kind === \"([a-z-]+)\"", js) + re.findall(r"case \"([a-z-]+)\"", js)
    assert named and set(named) <= kinds, sorted(set(named) - kinds)


def _kinds(cls: type[TankHunterAction]) -> list[type[TankHunterAction]]:
    out = []
    for sub in cls.__subclasses__():
        if sub.KIND:
            out.append(sub)
        out += _kinds(sub)
    return out
