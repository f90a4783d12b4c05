"""The tutorial API: a lesson lives in the server, takes only the step's move, trusts nothing else."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from hulldown.server.learn import Lessons
from hulldown.tutorials import tutorial


def _start(client: TestClient, game: str = "tank-killers") -> dict[str, Any]:
    r = client.post(f"/api/learn/{game}")
    assert r.status_code == 201, r.text
    return r.json()


def test_a_lesson_walks_its_steps_and_cites_the_rules(client: TestClient) -> None:
    v = _start(client)
    tut = tutorial("tank-killers")
    assert v["step"] == 1 and v["steps"] == len(tut.steps) and v["seat"] == tut.seat
    assert v["instruction"]["clause_url"] == f"/rules/tank-killers#clause-{tut.steps[0].clause}"
    assert set(v["instruction"]["do"]) == {"en", "de"} and v["cards"]
    assert client.get(v["instruction"]["clause_url"]).status_code == 200
    for n, step in enumerate(tut.steps, 1):
        assert step.action in [a["id"] for a in v["legal_actions"]]
        r = client.post(f"/api/learn/{v['id']}/move", json={"action": step.action})
        assert r.status_code == 200, r.text
        v = r.json()
        assert v["wrong"] is None and v["version"] == n
    assert v["done"] and v["finish"]["de"] and v["legal_actions"] == [] and v["instruction"] is None
    assert client.get(f"/api/learn/{v['id']}/view").json()["done"]


def test_a_wrong_move_is_explained_and_nothing_changes(client: TestClient) -> None:
    v = _start(client)
    step = tutorial("tank-killers").steps[0]
    wrong = next(iter(step.wrong))
    r = client.post(f"/api/learn/{v['id']}/move", json={"action": wrong})
    assert r.status_code == 200
    after = r.json()
    assert after["wrong"] == step.wrong[wrong].to_json()
    assert (after["observation"], after["version"], after["step"], after["log"]) == (
        v["observation"],
        v["version"],
        v["step"],
        v["log"],
    )


def test_bad_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    v = _start(client)
    lid = v["id"]
    for body in ({"action": "target:nowhere"}, {"action": 3}, {"action": "pass", "extra": 1}, {}, {"action": ""}):
        assert client.post(f"/api/learn/{lid}/move", json=body).status_code == 422, body
    assert client.get(f"/api/learn/{lid}/view").json()["observation"] == v["observation"]
    assert client.post("/api/learn/no-such-game").status_code == 404
    assert client.post("/api/learn/AAAAAAAAAAAAAAAAAAAAAAAA/move", json={"action": "pass"}).status_code == 404
    assert client.get("/api/learn/short/view").status_code == 422
    assert client.get("/learn/tank-killers").status_code == 200
    listed = client.get("/api/learn").json()["tutorials"]
    assert "tank-killers" in [t["game"] for t in listed]
    catalog = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    assert catalog["tank-killers"]["learn_url"] == "/learn/tank-killers"


def test_the_oldest_lessons_make_room() -> None:
    lessons = Lessons(limit=2)
    first, _ = lessons.start("tank-killers")
    second, _ = lessons.start("tank-killers")
    lessons.get(first)  # used: now the second is the oldest
    lessons.start("tank-killers")
    assert first in lessons.open and second not in lessons.open and len(lessons.open) == 2
