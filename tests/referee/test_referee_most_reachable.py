"""The most still reachable on the state and the projector: the turns left cap it.

Five teams on the classic deck play the five 1s, then discard 25 cards of which a copy
remains (a hint before each, so that discarding is allowed): the deck is empty, the final
round has 5 turns, and 5 points are on the piles. No card was lost, yet at most 10 points
are still possible, not 25; a hint takes one more turn and one more point away.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from referee_helpers import Table, act, create_table, discard, play, rank_hint


def _state(client: FlaskClient, table: Table) -> dict[str, Any]:
    state: dict[str, Any] = client.get(f"/api/tables/{table.id}").get_json()
    return state


def _final_round(client: FlaskClient, language: str = "en") -> Table:
    theme = "hanabi-classic"
    table = create_table(client, theme=theme, players=["Ann", "Bob", "Cy", "Dee", "Eve"])
    version = 0
    actions = [play(suit, 1) for suit in range(5)]
    for suit in range(5):  # one copy of each 1 (of 3), 2, 3 and 4 (of 2)
        actions += [discard(suit, rank) for rank in (1, 1, 2, 3, 4)]
    for action in actions:
        if action["type"] == "discard" and _state(client, table)["hint_tokens"]["available"] == 8:
            target = (_state(client, table)["current_player"] + 1) % 5
            assert act(client, table, version, rank_hint(target, 1)).status_code == 200
            version += 1
        answer = act(client, table, version, action)
        assert answer.status_code == 200, answer.get_json()
        version += 1
    return table


def test_in_the_final_round_the_state_caps_the_most_reachable_by_the_turns_left(
    client: FlaskClient,
) -> None:
    table = _final_round(client)
    state = _state(client, table)
    assert (state["deck_left"], state["final_turns_left"], state["score"]) == (0, 5, 5)
    assert state["max_reachable_score"] == 10  # was 25: no card is lost
    version = state["version"]
    target = (state["current_player"] + 1) % 5
    assert act(client, table, version, rank_hint(target, 2)).status_code == 200
    state = _state(client, table)
    assert state["final_turns_left"] == 4 and state["max_reachable_score"] == 9
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert "at most 9 still reachable" in screen.replace("\u00a0", " ")
