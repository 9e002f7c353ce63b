"""A YAML syntax error names the usual cause in plain words: tabs, quotes, colons, indentation."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.theme.loader import ThemeError, load_theme

BASE = """\
id: planets
extends: hanabi-classic
title: Grand Tour
players:
  first: The youngest team starts.
suits:
  - id: mars
    name: Mars
    colour: "#c0392b"
    symbol: "♂"
    cards:
      1: {title: Launch, text: "The rocket leaves Earth."}
      2: {title: Cruise, text: "Seven months in space."}
  - {id: jupiter, name: Jupiter, colour: "#d68910", symbol: "♃"}
  - {id: saturn, name: Saturn, colour: "#b7950b", symbol: "♄"}
  - {id: uranus, name: Uranus, colour: "#17a589", symbol: "⛢"}
  - {id: neptune, name: Neptune, colour: "#2e86c1", symbol: "♆"}
"""

# (what the designer wrote instead, the one line check prints)
MISTAKES = {
    "a tab before a key": (
        ("  first:", "\tfirst:"),
        "planets.yaml:5:1: YAML syntax: found character that cannot start any token "
        "(while scanning for the next token); this line is indented with a tab: "
        "indent with spaces only",
    ),
    "a key indented too far": (
        ('    colour: "#c0392b"', '      colour: "#c0392b"'),
        "planets.yaml:9:13: YAML syntax: mapping values are not allowed in this context; "
        "this line is indented more than the line above: line up keys of one mapping",
    ),
    "a key not indented far enough": (
        ('    symbol: "♂"', '   symbol: "♂"'),
        "planets.yaml:10:4: YAML syntax: did not find expected '-' indicator (while parsing "
        "a block collection started at line 7); check the indentation: the keys of one "
        "mapping, and the - of one list, line up",
    ),
    "a quote never closed": (
        ('symbol: "♆"}', 'symbol: "♆}'),
        'planets.yaml:17:61: YAML syntax: this text never ends: its closing quote " is '
        "missing (the file ended at line 18 still inside it)",
    ),
    "a quote closed only on a later line": (
        ('text: "The rocket leaves Earth."}', 'text: "The rocket leaves Earth.}'),
        "planets.yaml:13:33: YAML syntax: did not find expected ',' or '}' (while parsing a "
        'flow mapping started at line 12); line 12 opens a quote " that it does not close',
    ),
    "a colon inside an unquoted text in braces": (
        ('text: "Seven months in space."', "text: Note: seven months"),
        "planets.yaml:13:36: YAML syntax: did not find expected ',' or '}' (while parsing a "
        "flow mapping); a colon followed by a space inside a text: put the whole text in "
        "double quotes",
    ),
    "a colon inside an unquoted text": (
        ("    name: Mars", "    name: Mars: the red one"),
        "planets.yaml:8:15: YAML syntax: mapping values are not allowed in this context; "
        "a colon followed by a space inside a text: put the whole text in double quotes",
    ),
    "an apostrophe inside single quotes": (
        ("first: The youngest team starts.", "first: 'The youngest team's turn'"),
        "planets.yaml:5:29: YAML syntax: did not find expected key (while parsing a block "
        "mapping); an apostrophe ends a text written in '...': put the text in double quotes "
        "or write the apostrophe twice ('')",
    ),
    "a brace never closed (no misleading hint)": (
        ('symbol: "♃"}', 'symbol: "♃"'),
        "planets.yaml:15:3: YAML syntax: did not find expected ',' or '}' "
        "(while parsing a flow mapping started at line 14)",
    ),
}


def _load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> list[str]:
    monkeypatch.chdir(tmp_path)
    Path("planets.yaml").write_text(text, encoding="utf-8")
    try:
        load_theme("planets.yaml")
    except ThemeError as error:
        return error.problems
    return []


def test_the_base_file_is_a_good_theme(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _load(tmp_path, monkeypatch, BASE) == []


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_syntax_error_names_its_likely_cause(
    mistake: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (written, instead), expected = MISTAKES[mistake]
    assert BASE.count(written) == 1
    assert _load(tmp_path, monkeypatch, BASE.replace(written, instead)) == [expected]


def test_a_quote_left_open_is_named_before_the_syntax_error_it_causes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the text runs on to the next quote, four lines down, and takes 'suits:' in
    text = BASE.replace("first: The youngest team starts.", 'first: "The youngest team starts.')
    problems = _load(tmp_path, monkeypatch, text)
    assert problems[0] == (
        "planets.yaml:5:10: this quoted text runs on to line 9 and takes in line 6 (suits:): "
        'is its closing quote " missing?'
    )
    assert len(problems) > 1


def test_a_long_quoted_text_over_several_lines_is_not_suspected_when_all_is_well(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = BASE.replace(
        "first: The youngest team starts.",
        'first: "The youngest team starts.\n    Note: in teams, the youngest pupil."',
    )
    assert _load(tmp_path, monkeypatch, text) == []


def test_a_quote_left_open_is_named_before_the_keys_it_swallowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the file still reads as YAML, but 'tokens:' became part of the sentence
    text = (
        "id: x\ntitle: Grand Tour\n"
        'players:\n  counts: [2, 3]\n  hand_size: 5\n  first: "The youngest team starts.\n'
        'tokens:\n  hint: {count: 8, name: spark, colour: "#2b6cb0"}\n'
        '  error: {count: 3, name: storm, colour: "#c53030"}\n'
        'suits:\n  - {id: mars, name: Mars, colour: "#c0392b", symbol: "x"}\n'
    )
    assert _load(tmp_path, monkeypatch, text) == [
        "planets.yaml:6:10: this quoted text runs on to line 8 and takes in line 7 (tokens:): "
        'is its closing quote " missing?',
        "planets.yaml:1:1: missing key 'tokens'",
        "planets.yaml:9:3: players.error: unknown key here: error belongs under tokens "
        "(tokens.error)",
    ]


def test_curly_quotes_around_a_colour_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = BASE.replace('colour: "#d68910"', "colour: “#d68910”")
    assert _load(tmp_path, monkeypatch, text) == [
        'planets.yaml:14:42: suits[1].colour: write a colour as #rrggbb, e.g. "#e53e3e" '
        "(found '“#d68910”') (“ and ” are typographic quotes, part of the text for YAML: "
        'use straight quotes, "...")',
    ]


def test_curly_quotes_around_a_text_with_a_colon_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = BASE.replace('text: "Seven months in space."', "text: “Note: seven months”")
    assert _load(tmp_path, monkeypatch, text) == [
        "planets.yaml:13:37: YAML syntax: did not find expected ',' or '}' (while parsing a "
        "flow mapping); “ ” and ‘ ’ are typographic quotes, part of the text for YAML: "
        'quote texts with straight quotes, "..."',
    ]


@pytest.mark.parametrize("value", ['""', '"“"', '"”x"'])
def test_an_empty_or_one_quote_title_is_a_plain_problem_without_a_curly_quote_hint(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    problems = _load(tmp_path, monkeypatch, BASE.replace("title: Grand Tour", f"title: {value}"))
    assert all("typographic" not in p for p in problems), problems
    assert problems == (["planets.yaml:3:8: title: must not be empty"] if value == '""' else [])
