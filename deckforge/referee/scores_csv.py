"""The score-sheet CSV export: one line per finished game, ready for a spreadsheet.

Spreadsheets are the readers, so the file starts with a UTF-8 byte order mark
(without it, Excel on Windows reads « Zoé » as « ZoÃ© »), separates cells with
the list separator of the theme's language (";" where the decimal mark is a
comma, as Excel expects there), and never lets a cell start like a formula:
team names come from anybody on the classroom network, and a name such as
``=HYPERLINK(...)`` would otherwise run when the file is opened (CSV injection).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from deckforge.languages import base_language

COLUMNS = (
    "table",
    "game",
    "theme",
    "players",
    "started_at",
    "finished_at",
    "turns",
    "end",
    "score",
    "max_score",
    "rating",
)

# languages whose spreadsheets use a decimal comma, hence ";" between cells
SEMICOLON_LANGUAGES = frozenset(
    {
        "cs",
        "da",
        "de",
        "es",
        "fi",
        "fr",
        "it",
        "nb",
        "nl",
        "pl",
        "pt",
        "ru",
        "sv",
        "tr",
    }
)

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def delimiter(language: str) -> str:
    """The cell separator a spreadsheet in ``language`` (e.g. "fr", "de-CH") expects."""
    return ";" if base_language(language) in SEMICOLON_LANGUAGES else ","


def as_text(value: Any) -> str:
    """A cell's text; one that a spreadsheet would read as a formula is quoted with "'"."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def local_time(stored: str | None) -> str | None:
    """A stored UTC time as the laptop's local time with its offset, to the second:
    ``2026-12-04T21:05:09.123+00:00`` -> ``2026-12-04 22:05:09+01:00`` in Paris."""
    if not stored:
        return None
    return datetime.fromisoformat(stored).astimezone().isoformat(sep=" ", timespec="seconds")


def score_lines(language: str, rows: Iterable[Sequence[Any]]) -> str:
    """The CSV text (byte order mark, header line, then ``rows`` in :data:`COLUMNS` order)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=delimiter(language), lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([as_text(value) for value in row])
    return out.getvalue()
