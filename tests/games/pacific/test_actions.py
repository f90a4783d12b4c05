"""Typed actions: the id, the label and the message come from one definition, and ids read back exactly."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import GAME
from hulldown.games.pacific.actions import Deploy, Fire, PacificAction, all_action_ids, parse, rl_index
from hulldown.games.pacific.cards import load_cards

OPTION_SETS = [dict(opts) for opts in GAME.conformance_options]


def _legal_actions_of_random_games() -> list[PacificAction]:
    seen: dict[str, PacificAction] = {}
    for k, opts in enumerate(OPTION_SETS):
        opts = dict(opts)
        players = int(opts.pop("players", 2 + k % 3))
        for seed in range(2):
            s = GAME.new(seed=seed, players=players, options=opts)
            rng = SplitMix64(seed)
            while not s.is_over:
                legal = s.legal_actions()
                for a in legal:
                    assert isinstance(a, PacificAction), a
                    seen.setdefault(a.id, a)
                s.apply(legal[rng.below(len(legal))])
    return list(seen.values())


LEGAL = _legal_actions_of_random_games()


def test_random_games_offer_many_kinds_of_action() -> None:
    kinds = {type(a) for a in LEGAL}
    assert len(kinds) >= 30, sorted(k.__name__ for k in kinds)


def test_label_is_the_rendered_message_in_english_and_german() -> None:
    for a in LEGAL:
        assert a.label == GAME.messages.render(a.message()), a.id
        assert GAME.messages.render(a.message(), "de")


def test_parse_reads_back_every_legal_action() -> None:
    for a in LEGAL:
        b = parse(a.id)
        assert type(b) is type(a) and b.id == a.id and b.fields() == a.fields(), a.id
        assert a.payload()["kind"] == type(a).KIND


def test_every_id_of_the_action_space_parses_to_itself() -> None:
    db = load_cards()
    terrain = tuple(sorted(t.id for t in db.terrain.values() if t.kind != "natural"))
    ids = all_action_ids(terrain, tuple(sorted(db.upgrades)))
    assert len(ids) == len(set(ids))
    for aid in ids:
        assert parse(aid).id == aid


def test_fields_payload_and_message() -> None:
    a = parse("fire:1,5:main:e2")
    assert isinstance(a, Fire)
    assert (a.unit, a.weapon, a.target) == ("1,5", -1, "e2")
    assert a.label == "fire:1,5:main:e2"  # a bare id knows no names
    d = Deploy(2, 12, card="Sherman")
    assert d.id == "deploy:h3:2,5" and d.label == "Deploy Sherman on 2,5"
    assert d.payload() == {"kind": "deploy", "hand": 2, "space": "2,5", "card": "Sherman"}
    assert d.to_json()["message"] == {"key": "act.deploy", "args": {"hand": "h3", "space": "2,5", "card": "Sherman"}}


@pytest.mark.parametrize(
    "bad", ["", "fire", "fire:1,5:main", "fire:9,9:main:1,1", "bid:01", "bid:-1", "deploy:h0:1,1", "keep:1", "nope"]
)
def test_malformed_ids_raise_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        parse(bad)


def test_every_template_has_german_and_every_action_kind_has_a_template() -> None:
    data = json.loads(resources.files("hulldown.games.pacific").joinpath("messages.json").read_text("utf-8"))
    assert set(data["de"]) == set(data["en"])
    assert {a.message().key for a in LEGAL} <= set(data["en"])


def test_the_browser_renderer_reads_payloads_and_has_every_text_in_the_catalog() -> None:
    js = resources.files("hulldown.web").joinpath("games/2gm-pacific.js").read_text("utf-8")
    assert 'split(":")' not in js and "L(" not in js
    data = json.loads(resources.files("hulldown.games.pacific").joinpath("messages.json").read_text("utf-8"))
    used = set(re.findall(r"\"(ui\.[A-Za-z.]+[A-Za-z])\"", js))
    assert used and used <= set(data["en"]) and used <= set(data["de"]), sorted(used - set(data["en"]))
    kinds = {c.KIND for c in _kinds(PacificAction)}
    named = re.findall(r"case \"([a-z-]+)\"", js)
    assert named and set(named) <= kinds, sorted(set(named) - kinds)


def _kinds(cls: type[PacificAction]) -> list[type[PacificAction]]:
    out = []
    for sub in cls.__subclasses__():
        if sub.KIND:
            out.append(sub)
        out += _kinds(sub)
    return out


def test_rl_index_is_the_place_in_the_tensor_action_space() -> None:
    db = load_cards()
    terrain = tuple(sorted(t.id for t in db.terrain.values() if t.kind != "natural"))
    tokens = tuple(sorted(db.upgrades))
    space = GAME.tensors.action_ids(2, GAME.validate_options({}))  # type: ignore[union-attr]
    for a in LEGAL:
        assert space[rl_index(a, terrain, tokens)] == a.id


def test_offered_actions_survive_pickling_and_copying() -> None:
    """Worker processes receive states whose offered actions are pickled: they come back equal,
    with the same label, message and payload."""
    import copy
    import pickle

    state = GAME.new(seed=3)
    rng = SplitMix64(5)
    seen = 0
    for _ in range(120):
        legal = state.legal_actions()
        if not legal:
            break
        for a in legal:
            for b in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
                assert type(b) is type(a) and b == a
                assert b.to_json() == a.to_json()
            seen += 1
        state.apply(legal[rng.below(len(legal))])
    again = pickle.loads(pickle.dumps(state))
    assert [a.to_json() for a in again.legal_actions()] == [a.to_json() for a in state.legal_actions()]
    assert seen > 500
