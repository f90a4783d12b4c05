"""The API tests of test_api.py and test_fast_path.py that touch the database, again on PostgreSQL.

Overriding ``db_url`` here hands the ``client`` fixture (and the restart-with-undo test) a fresh
PostgreSQL database, so error codes, undo, clocks, rematches and websockets are held to the very
assertions they meet on SQLite. The tests that never reach the database are not repeated.
"""

from __future__ import annotations

import pytest

from tests.server import test_api, test_fast_path

pytestmark = pytest.mark.postgres

for _test in (
    test_api.test_create_returns_unique_tokens_and_spectator_url,
    test_api.test_create_rejects_bad_requests,
    test_api.test_seat_sees_own_hand_spectator_sees_none,
    test_api.test_action_error_codes_leave_game_unchanged,
    test_api.test_unknown_game_is_404,
    test_api.test_game_against_bot_to_the_end_then_record_and_replay,
    test_api.test_lists_open_running_finished,
    test_api.test_undo_own_decision_only_until_chance_or_other_seat,
    test_api.test_undo_survives_restart_and_reveals_block_it,
    test_api.test_clock_runs_out_and_a_bot_takes_over,
    test_api.test_leave_and_come_back,
    test_api.test_rematch_gives_each_seat_its_own_new_token,
    test_api.test_websocket_pushes_views_and_hides_other_hands,
    test_fast_path.test_the_incremental_log_matches_a_fresh_one_after_moves_and_undo,
):
    globals()[_test.__name__] = _test


@pytest.fixture
def db_url(postgres_url: str) -> str:
    return postgres_url
