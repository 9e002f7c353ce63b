"""``deckforge replay`` on hand-built records (tests/rules/data, see build_records.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main

DATA = Path(__file__).parent / "data"
FRENCH = str(DATA / "classique-fr.yaml")
STRICT = str(DATA / "strict.yaml")


def replay(*args: str):
    return CliRunner().invoke(main, ["replay", *args])


def outcome(*args: str) -> dict:
    result = replay(*args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def test_the_end_example_of_seed_000_scores_19_excellente():
    result = outcome(str(DATA / "seed000-end-example.json"), "--theme", FRENCH)
    assert result == {
        "score": 19,
        "end": "deck",
        "turns": result["turns"],
        "hint_tokens": result["hint_tokens"],
        "error_tokens": 0,
        "stacks": [4, 5, 3, 5, 2],
        "rating": "Excellente",
    }
    assert sum(result["stacks"]) == 4 + 5 + 3 + 5 + 2


def test_the_theme_defaults_to_hanabi_classic():
    result = outcome(str(DATA / "seed000-end-example.json"))
    assert result["score"] == 19 and result["rating"] == "Excellent"


def test_the_last_error_token_in_the_final_round_ends_the_game_with_the_themes_score():
    record = str(DATA / "strikeout-in-final-round.json")
    classic = outcome(record)
    assert classic["end"] == "strikeout" and classic["error_tokens"] == 3
    assert classic["score"] == 0 and classic["rating"] == "Laughable"
    french = outcome(record, "--theme", FRENCH)
    assert french["score"] is None and french["rating"] is None
    assert french["stacks"] == classic["stacks"] and sum(classic["stacks"]) > 0


def test_a_perfect_game_ends_as_soon_as_every_suit_is_complete():
    result = outcome(str(DATA / "perfect.json"), "--theme", FRENCH)
    assert result == {
        "score": 25,
        "end": "perfect",
        "turns": 25,
        "hint_tokens": 8,
        "error_tokens": 0,
        "stacks": [5, 5, 5, 5, 5],
        "rating": "Légendaire",
    }


def test_an_unfinished_record_is_in_progress_without_a_rating():
    result = outcome(str(DATA / "in-progress.json"))
    assert result["end"] == "in-progress" and result["turns"] == 12
    assert result["rating"] is None
    assert result["score"] == sum(result["stacks"])


@pytest.mark.parametrize(
    ("record", "theme", "index", "reason"),
    [
        ("no-hint-tokens.json", None, 8, "no-hint-tokens"),
        ("discard-at-max-hints.json", STRICT, 0, "discard-at-max-hints"),
        ("empty-colour-hint.json", STRICT, 0, "empty-hint"),
        ("card-of-another-hand.json", None, 0, "card-not-in-hand"),
    ],
)
def test_an_illegal_action_exits_1_naming_the_action_and_the_reason(record, theme, index, reason):
    args = [str(DATA / record)] + (["--theme", theme] if theme else [])
    result = replay(*args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"action {index}:" in result.stderr and f"({reason})" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("record", ["discard-at-max-hints.json", "empty-colour-hint.json"])
def test_what_the_strict_theme_refuses_hanabi_classic_allows(record):
    result = outcome(str(DATA / record))
    assert result["end"] == "in-progress" and result["turns"] == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"players": ["a", "b"], "actions": []}', "no 'deck' list"),
        ('{"players": ["a", "b"], "deck": [{"suitIndex": 0}], "actions": []}', "deck[0]"),
        ('{"players": ["a", "b"], "deck": [], "actions": []}', "the deck has 0"),
        ('{"players": ["a"], "deck": [], "actions": []}', "not 1"),
        ('{"players": "ab", "deck": [], "actions": []}', "'players' must be a list"),
    ],
)
def test_a_malformed_record_gets_a_clean_one_line_message(tmp_path, content, message):
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    result = replay(str(path))
    assert result.exit_code == 2
    assert message in result.stderr, result.stderr
    assert str(path) in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_record_with_a_bad_action_shape_names_the_action(tmp_path):
    record = json.loads((DATA / "perfect.json").read_text(encoding="utf-8"))
    record["actions"][3] = {"type": 7, "target": 0, "value": 0}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = replay(str(path))
    assert result.exit_code == 2 and "action 3: unknown type 7" in result.stderr


def test_a_missing_record_or_theme_is_reported_cleanly(tmp_path):
    missing = replay(str(tmp_path / "nowhere.json"))
    assert missing.exit_code == 2 and "cannot read the record" in missing.stderr
    theme = replay(str(DATA / "perfect.json"), "--theme", "no-such-theme")
    assert theme.exit_code == 2 and "no-such-theme" in theme.stderr
    assert "Traceback" not in missing.stderr + theme.stderr


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000, "nested too deeply"),
        (
            '{"players": ["a", "b"], "deck": [], "actions": [], "seed": ' + "9" * 5000 + "}",
            "not a game record",
        ),
    ],
)
def test_a_pathological_record_is_one_line_and_status_2(tmp_path, text, reason):
    record = tmp_path / "record.json"
    record.write_text(text, encoding="utf-8")
    result = replay(str(record))
    assert result.exit_code == 2
    assert reason in result.stderr and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
