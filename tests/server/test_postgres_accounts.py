"""The account, seating and rating tests that touch the database, again on PostgreSQL."""

from __future__ import annotations

import pytest

from tests.server import test_accounts, test_ratings, test_seating

pytestmark = pytest.mark.postgres

for _test in (
    test_accounts.test_register_login_me_logout,
    test_accounts.test_names_are_unique_ignoring_case,
    test_accounts.test_a_stolen_session_cookie_without_the_csrf_token_changes_nothing,
    test_accounts.test_sessions_are_listed_and_revoked,
    test_accounts.test_no_secret_reaches_an_answer_a_log_or_the_database_in_clear,
    test_seating.test_the_cookie_opens_the_accounts_seat_and_only_it,
    test_seating.test_joining_open_seats,
    test_seating.test_my_games_lists_your_turn_first,
    test_seating.test_a_guest_claims_a_seat_by_its_token,
    test_seating.test_a_rematch_seats_the_same_accounts,
    test_ratings.test_a_game_between_accounts_is_rated_once,
    test_ratings.test_bots_are_players_of_their_own_and_guests_are_not_rated,
):
    globals()[_test.__name__] = _test


@pytest.fixture
def db_url(postgres_url: str) -> str:
    return postgres_url
