"""The ray backend on a real cluster of two nodes, each with resources of its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hulldown.sim import simulate

ray = pytest.importorskip("ray")


@pytest.fixture
def two_nodes() -> Iterator[Any]:
    """A head and a worker node started as separate raylets, as ``ray start`` does on two machines."""
    from ray.cluster_utils import Cluster

    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "include_dashboard": False, "resources": {"head": 1}},
    )
    cluster.add_node(num_cpus=1, resources={"worker_node": 1})
    try:
        yield cluster
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


def test_a_two_node_cluster_plays_the_same_games_as_this_process(two_nodes: Any) -> None:
    local = simulate("tank-killers", ["random"], 24, seed=6)
    remote = simulate("tank-killers", ["random"], 24, seed=6, backend="ray", address=two_nodes.address, workers=2)
    assert remote.backend == "ray" and not remote.interrupted
    assert remote.summary()["wins"] == local.summary()["wins"]
    assert [r.steps for r in remote.results] == [r.steps for r in local.results]
    assert not ray.is_initialized()  # the driver let go of the cluster it joined ...
    ray.init(address=two_nodes.address)
    assert len([n for n in ray.nodes() if n["Alive"]]) == 2  # ... which still runs, both nodes in it
    assert ray.cluster_resources().get("CPU") == 2


def test_without_an_address_a_private_cluster_starts_beside_a_running_one(two_nodes: Any) -> None:
    """A cluster already running on the machine is left alone: no address means a private one."""
    local = simulate("tank-killers", ["random"], 6, seed=8)
    private = simulate("tank-killers", ["random"], 6, seed=8, backend="ray", workers=1)
    assert private.backend == "ray" and not private.interrupted
    assert [r.steps for r in private.results] == [r.steps for r in local.results]
    assert not ray.is_initialized()
    ray.init(address=two_nodes.address)
    assert ray.cluster_resources().get("CPU") == 2  # the running cluster was not joined or resized
