"""The score-sheet CSV opens cleanly in a spreadsheet: encoding, separator, no formulas."""

from __future__ import annotations

import csv
import io
import re
import time
from datetime import datetime

import pytest
from flask.testing import FlaskClient
from referee_helpers import Table, act, create_table, play

from deckforge.referee.scores_csv import as_text, delimiter


def _finish_by_errors(client: FlaskClient, table: Table) -> None:
    for version, rank in enumerate((3, 4, 5)):
        assert act(client, table, version, play(0, rank)).status_code == 200


def _rows(client: FlaskClient, table: Table, separator: str) -> list[dict[str, str]]:
    raw = client.get(f"/api/tables/{table.id}/export.csv").get_data()
    assert raw.startswith("\ufeff".encode())  # Excel then reads the file as UTF-8
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=separator))


def test_a_french_table_uses_semicolons_and_keeps_accents(client: FlaskClient) -> None:
    table = create_table(
        client, theme="interfaith-festival", players=["Zoé", "Loïc", "Ñandú", "Çà"]
    )
    _finish_by_errors(client, table)
    rows = _rows(client, table, ";")
    assert rows[0]["players"] == "Zoé / Loïc / Ñandú / Çà"
    assert rows[0]["theme"] == "interfaith-festival" and rows[0]["score"] == "0"


def test_an_english_table_uses_commas(client: FlaskClient, table: Table) -> None:
    _finish_by_errors(client, table)
    assert _rows(client, table, ",")[0]["players"] == "Ann / Bob / Cy"


def test_a_team_name_that_looks_like_a_formula_is_exported_as_text(
    client: FlaskClient,
) -> None:
    table = create_table(client, players=['=HYPERLINK("http://x","clic")', "Bob", "Cy"])
    _finish_by_errors(client, table)
    assert _rows(client, table, ",")[0]["players"].startswith("'=HYPERLINK(")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("=1+1", "'=1+1"),
        ("+33 6", "'+33 6"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("Zoé", "Zoé"),
        (25, "25"),
        (None, ""),
        ("a=b", "a=b"),
    ],
)
def test_cells_that_would_start_a_formula_get_a_quote(value: object, text: str) -> None:
    assert as_text(value) == text


@pytest.mark.parametrize(
    ("language", "separator"),
    [
        ("fr", ";"),
        ("de", ";"),
        ("de-CH", ";"),
        ("pt_BR", ";"),
        ("en", ","),
        ("ja", ","),
    ],
)
def test_the_separator_follows_the_theme_language(language: str, separator: str) -> None:
    assert delimiter(language) == separator


def test_the_end_is_in_the_deck_s_words_and_times_are_local_with_their_offset(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        table = create_table(
            client, theme="interfaith-festival", players=["Zoé", "Loïc", "Ñandú", "Çà"]
        )
        _finish_by_errors(client, table)
        row = _rows(client, table, ";")[0]
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    assert row["end"] == "perdue (œuvres du démon)"  # was the code "strikeout"
    for column in ("started_at", "finished_at"):
        stamp = datetime.fromisoformat(row[column])
        offset = stamp.utcoffset()
        assert offset is not None and offset.total_seconds() in (3600, 7200), row[column]
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0[12]:00", row[column])
    english = create_table(client)
    _finish_by_errors(client, english)
    assert _rows(client, english, ",")[0]["end"] == "lost (error tokens)"
