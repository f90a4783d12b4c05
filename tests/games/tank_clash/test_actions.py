"""Typed actions: the id, the label, the message and the RL index come from one definition, and ids read back."""

from __future__ import annotations

import json
import pickle
import re
from importlib import resources

import pytest

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.actions import ALL, ATTACK, MOVE, Attack, Morale, Tactical, TankClashAction, parse
from hulldown.games.tank_clash.tensor import all_action_ids


def _legal_actions_of_random_games() -> list[TankClashAction]:
    seen: dict[str, TankClashAction] = {}
    for seed, options in enumerate(({}, {"fog_of_war": True, "victory_points": True, "ace_reroll": True})):
        s = GAME.new(seed=seed, options=options)
        rng = SplitMix64(seed)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                assert isinstance(a, TankClashAction), a
                seen.setdefault(a.id, a)
            s.apply(legal[rng.below(len(legal))])
    return list(seen.values())


LEGAL = _legal_actions_of_random_games()


def test_every_action_is_its_own_place_in_the_action_space() -> None:
    assert all_action_ids() == [a.id for a in ALL]
    assert [a.index for a in ALL] == list(range(len(ALL)))
    for a in LEGAL:
        assert ALL[a.index] is a, a.id


def test_label_is_the_rendered_message_in_english_and_german() -> None:
    for a in ALL:
        assert a.label == GAME.messages.render(a.message()), a.id
        assert GAME.messages.render(a.message(), "de"), a.id


def test_parse_reads_back_every_action() -> None:
    for a in ALL:
        assert parse(a.id) is a
        assert a.payload()["kind"] == a.id.partition(":")[0]
    with pytest.raises(ValueError):
        parse("attack:a1:a2")  # no tank attacks its own side
    with pytest.raises(ValueError):
        parse("move:a1:Z99")


def test_payload_says_what_the_action_is() -> None:
    a = parse("attack:a2:b4")
    assert isinstance(a, Attack) and a.KIND == ATTACK and (a.tank, a.target) == (1, 8)
    assert a.payload() == {"kind": "attack", "tank": "a2", "target": "b4"}
    assert a.label == "a2 attacks b4"
    m = parse("move:b1:E7")
    assert m.KIND == MOVE and m.payload() == {"kind": "move", "tank": "b1", "hex": "E7"}
    assert parse("tactical:artillery:E7").payload() == {"kind": "tactical", "card": "artillery", "hex": "E7"}
    t = parse("morale:Transport:a3")
    assert isinstance(t, Morale) and t.label == "Play Transport on a3"
    assert t.payload() == {"kind": "morale", "card": "Transport", "tank": "a3"}
    assert isinstance(parse("tactical:smoke"), Tactical) and parse("tactical:smoke").label == "Play smoke"
    assert parse("place:heavy:C2").label == "Place a heavy tank on C2"
    assert parse("reroll:4").payload() == {"kind": "reroll", "value": 4}


def test_every_template_has_german() -> None:
    data = json.loads(resources.files("hulldown.games.tank_clash").joinpath("messages.json").read_text("utf-8"))
    assert set(data["de"]) == set(data["en"])


def test_the_browser_renderer_reads_payloads_and_has_every_text_in_the_catalog() -> None:
    js = resources.files("hulldown.web").joinpath("games/tank-clash.js").read_text("utf-8")
    assert 'split(":")' not in js and "idsMatching" not in js and "L(" not in js
    data = json.loads(resources.files("hulldown.games.tank_clash").joinpath("messages.json").read_text("utf-8"))
    used = set(re.findall(r"\"(ui\.[a-z0-9.-]*[a-z0-9])\"", js))
    assert used and used <= set(data["en"]) and used <= set(data["de"]), sorted(used - set(data["en"]))
    words = {type(a).WORD for a in ALL}
    named = re.findall(r"\bp\.kind === \"([a-z-]+)\"", js) + re.findall(r"case \"([a-z-]+)\"", js)
    assert named and set(named) <= words, sorted(set(named) - words)


def test_a_pickled_action_comes_back_as_the_shared_object() -> None:
    for a in LEGAL[:50]:
        assert pickle.loads(pickle.dumps(a)) is a
