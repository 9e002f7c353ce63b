"""The keys of a hosted referee's library (deckforge.referee.deck_keys): the organisation
key (a file or the environment, never the command line), edit keys kept hashed, and wrong
tries limited per real client address in the database (every process counts the same)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from deckforge.cli.referee import _echo_studio
from deckforge.cli.referee_options import organisation_key as _organisation_key
from deckforge.referee import deck_keys, store
from deckforge.web import create_app

ORG_KEY = "the-diocese-youth-key"
PHONE = "192.0.2.10"
OTHER = "192.0.2.11"


def test_the_organisation_key_comes_from_its_file_else_the_environment(tmp_path: Path) -> None:
    key_file = tmp_path / "org-key"
    key_file.write_text(f"  {ORG_KEY}  \nsecond line ignored\n", encoding="utf-8")
    environ = {deck_keys.ORG_KEY_ENV: "from-the-environment"}
    assert deck_keys.organisation_key(key_file, environ) == ORG_KEY  # the file wins
    assert deck_keys.organisation_key(None, environ) == "from-the-environment"
    assert deck_keys.organisation_key(None, {}) is None
    assert deck_keys.organisation_key(None, {deck_keys.ORG_KEY_ENV: "  "}) is None


def test_an_unusable_organisation_key_is_refused_saying_where(tmp_path: Path) -> None:
    short = tmp_path / "short"
    short.write_text("abc\n", encoding="utf-8")
    with pytest.raises(deck_keys.KeyProblem, match=f"{short}: .* 12 to 1000 characters"):
        deck_keys.organisation_key(short, {})
    with pytest.raises(deck_keys.KeyProblem, match="missing: cannot read"):
        deck_keys.organisation_key(tmp_path / "missing", {})
    with pytest.raises(deck_keys.KeyProblem, match=r"DECKFORGE_ORG_KEY: .* characters"):
        deck_keys.organisation_key(None, {deck_keys.ORG_KEY_ENV: "short"})


def test_the_cli_reads_the_key_for_a_hosted_referee_only(tmp_path: Path) -> None:
    from click import ClickException

    short = tmp_path / "short"
    short.write_text("abc", encoding="utf-8")
    assert _organisation_key(short, hosted=False) == {}  # SQLite: its studio key, as always
    with pytest.raises(ClickException, match="12 to 1000 characters") as refused:
        _organisation_key(short, hosted=True)
    assert refused.value.exit_code == 2
    key_file = tmp_path / "key"
    key_file.write_text(ORG_KEY, encoding="utf-8")
    assert _organisation_key(key_file, hosted=True) == {"ORG_KEY": ORG_KEY}


def test_a_hosted_referee_without_the_key_says_its_studio_is_closed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _echo_studio({"HOSTED": True, "ORG_KEY": None}, "http://h/studio/", network=True)
    assert "Theme studio: closed" in capsys.readouterr().out
    _echo_studio({"HOSTED": True, "ORG_KEY": ORG_KEY}, "http://h/studio/", network=True)
    said = capsys.readouterr().out
    assert "http://h/studio/" in said and ORG_KEY not in said


def test_edit_keys_are_long_random_and_kept_only_hashed() -> None:
    keys = {deck_keys.new_edit_key() for _ in range(50)}
    assert len(keys) == 50 and all(len(key) == 24 for key in keys)
    key = keys.pop()
    kept = deck_keys.edit_key_hash(key)
    assert key not in kept and len(kept) == 64
    assert deck_keys.same_hash(kept, deck_keys.edit_key_hash(key))
    assert not deck_keys.same_hash(kept, deck_keys.edit_key_hash(key + "x"))
    assert not deck_keys.same_hash(None, kept)
    assert kept != deck_keys.key_hash("organisation", key)


def test_ten_wrong_tries_in_ten_minutes_stop_one_address_until_the_first_ages_out(
    tmp_path: Path,
) -> None:
    conn = store.connect(tmp_path / "s.sqlite3")
    store.init_schema(conn)
    start = datetime(2026, 12, 5, 3, 0, tzinfo=UTC)
    for minute in range(deck_keys.WRONG_TRIES):
        deck_keys.refuse_if_too_many(conn, PHONE, start + timedelta(minutes=minute / 2))
        deck_keys.note_wrong(conn, PHONE, start + timedelta(minutes=minute / 2))
    later = start + timedelta(minutes=6)
    with pytest.raises(deck_keys.TooManyTries) as limited:
        deck_keys.refuse_if_too_many(conn, PHONE, later)
    assert limited.value.retry_after == 4 * 60  # the first try stops counting at 03:10
    deck_keys.refuse_if_too_many(conn, OTHER, later)  # another address is not limited
    deck_keys.refuse_if_too_many(conn, PHONE, start + timedelta(minutes=10, seconds=1))
    conn.close()


@pytest.fixture
def hosted(tmp_path: Path) -> Any:
    """``hosted(**config)``: a web app forced into hosted mode on one SQLite file (as two
    processes on one database, each call makes another app on the same store)."""

    def make(**config: Any) -> Flask:
        return create_app(
            {
                "TESTING": True,
                "HOSTED": True,
                "DATABASE": str(tmp_path / "referee.sqlite3"),
                "DATA_FOLDER": str(tmp_path / "data"),
                "ORG_KEY": ORG_KEY,
                **config,
            }
        )

    return make


def _unlock(app: Flask, key: str, address: str = PHONE) -> Any:
    return app.test_client().post(
        "/studio/unlock", data={"key": key}, environ_base={"REMOTE_ADDR": address}
    )


def test_the_organisation_key_unlocks_a_hosted_studio_and_the_studio_key_does_not(
    hosted: Any,
) -> None:
    app = hosted()
    client = app.test_client()
    address = {"REMOTE_ADDR": PHONE}
    assert client.get("/studio/", environ_base=address).status_code == 403
    studio_key = app.config["STUDIO_SECRET"]
    assert client.get(f"/studio/?key={studio_key}", environ_base=address).status_code == 403
    local = client.get("/studio/", environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert local.status_code == 403  # a hosted referee's own computer has no rights either
    right = client.post("/studio/unlock", data={"key": ORG_KEY}, environ_base=address)
    assert right.status_code == 302
    assert client.get("/studio/", environ_base=address).status_code == 200


def test_a_hosted_studio_without_an_organisation_key_stays_closed(hosted: Any) -> None:
    app = hosted(ORG_KEY=None)
    assert _unlock(app, ORG_KEY).status_code == 403
    assert _unlock(app, app.config["STUDIO_SECRET"]).status_code == 403


def test_wrong_organisation_keys_are_limited_per_address_across_processes(hosted: Any) -> None:
    first, second = hosted(), hosted()  # two referees on one store
    for number in range(deck_keys.WRONG_TRIES):
        assert _unlock((first, second)[number % 2], f"guess-{number}").status_code == 403
    limited = _unlock(second, ORG_KEY)  # even the right key, once limited
    assert limited.status_code == 429
    assert 590 <= int(limited.headers["Retry-After"]) <= 600
    assert _unlock(first, ORG_KEY, OTHER).status_code == 302
