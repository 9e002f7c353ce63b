"""The safe YAML reader: plain data only, positions, bounded work."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from deckforge.theme.loader import ThemeError, load_theme
from deckforge.theme.model import SourcePosition
from deckforge.theme.yaml_source import (
    MAX_DEPTH,
    MAX_VALUES,
    YamlProblems,
    index_positions,
    plain,
    read_yaml,
)

WriteTheme = Callable[..., Path]  # the write_theme fixture (tests/conftest.py)


def problems(text: str) -> list[str]:
    with pytest.raises(YamlProblems) as caught:
        read_yaml("t.yaml", text)
    return caught.value.problems


def test_values_keep_their_line_and_column() -> None:
    root = read_yaml("t.yaml", "a: 1\nb:\n  - x\n  - {c: true}\n")
    values, keys = index_positions(root)
    assert plain(root) == {"a": 1, "b": ["x", {"c": True}]}
    assert values[("b", 1, "c")] == SourcePosition("t.yaml", 4, 9)
    assert keys[("b",)] == SourcePosition("t.yaml", 2, 1)
    assert values[()] == SourcePosition("t.yaml", 1, 1)


def test_numeric_keys_are_kept_as_written_and_indexed_as_numbers() -> None:
    root = read_yaml("t.yaml", "cards:\n  1: {title: One}\n  '2': {title: Two}\n")
    values, _ = index_positions(root)
    assert list(plain(root)["cards"]) == ["1", "2"]
    assert values[("cards", 2, "title")] == SourcePosition("t.yaml", 3, 16)


def test_dates_stay_text_and_explicit_plain_tags_are_accepted() -> None:
    root = read_yaml("t.yaml", "when: 2024-05-01\ncode: !!str 007\nn: !!int '12'\n")
    assert plain(root) == {"when": "2024-05-01", "code": "007", "n": 12}


def test_merge_keys_copy_entries_that_are_not_written_in_the_mapping() -> None:
    root = read_yaml("t.yaml", "base: &b {x: 1, y: 2}\nmine:\n  <<: *b\n  y: 3\n")
    assert plain(root)["mine"] == {"y": 3, "x": 1}


@pytest.mark.parametrize(
    "text, message",
    [
        ("a: !!set {x}\n", "t.yaml:1:4: the tag !!set is not allowed"),
        ("a: !custom 1\n", "t.yaml:1:4: the tag !custom is not allowed"),
        ("a: !!binary aGk=\n", "t.yaml:1:4: the tag !!binary is not allowed"),
        ("a: !!int abc\n", "t.yaml:1:4: 'abc' is not a valid int"),
        ("? [1, 2]\n: x\n", "t.yaml:1:3: a key must be a plain word or number"),
        ("a: 1\nb: 2\na: 3\n", "t.yaml:3:1: duplicate key 'a' (first written at line 1)"),
        ("a: &x [*x]\n", "t.yaml:1:8: the alias *x names no anchor written before it"),
        ("a: \x07\n", "t.yaml:1:4: control characters are not allowed (U+0007)"),
        ("a: <<\nb: {<<: 1}\n", "t.yaml:2:9: a merge key (<<) needs a mapping"),
    ],
)
def test_anything_but_plain_data_is_refused_with_its_position(text: str, message: str) -> None:
    assert problems(text)[0].startswith(message)


def test_all_duplicate_keys_are_reported_in_one_run() -> None:
    assert problems("a: 1\na: 2\nb: {c: 1, c: 2}\n") == [
        "t.yaml:2:1: duplicate key 'a' (first written at line 1)",
        "t.yaml:3:11: duplicate key 'c' (first written at line 3)",
    ]


def test_deep_block_nesting_is_refused_quickly() -> None:
    text = "".join(" " * i + "a:\n" for i in range(MAX_DEPTH + 5))
    assert problems(text) == [
        f"t.yaml:{MAX_DEPTH + 1}:{MAX_DEPTH + 1}: lists and mappings are nested more than "
        f"{MAX_DEPTH} deep"
    ]


def test_deep_flow_nesting_is_refused_without_recursion() -> None:
    # how fast: bench/wall_clock.py
    found = problems("[" * 200_000 + "]" * 200_000)
    assert "nest" in found[0]


def test_a_billion_laughs_is_refused_unexpanded() -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    found = problems("\n".join(lines) + "\n")  # how fast: bench/wall_clock.py
    assert f"holds more than {MAX_VALUES} values once aliases are expanded" in found[0]


def test_aliases_within_the_cap_are_expanded_with_the_anchor_position() -> None:
    root = read_yaml("t.yaml", "a: &c {x: 1}\nb: *c\n")
    values, _ = index_positions(root)
    assert plain(root)["b"] == {"x": 1}
    assert values[("b", "x")] == values[("a", "x")]


# --------------------------------------------------------------------------------------
# A YAML syntax error names the usual cause in plain words: tabs, quotes, colons, indentation.

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


def _load(write_theme: WriteTheme, text: str) -> list[str]:
    write_theme(text, "planets.yaml")
    try:
        load_theme("planets.yaml")
    except ThemeError as error:
        return error.problems
    return []


def test_the_base_file_is_a_good_theme(write_theme: WriteTheme) -> None:
    assert _load(write_theme, BASE) == []


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_syntax_error_names_its_likely_cause(mistake: str, write_theme: WriteTheme) -> None:
    (written, instead), expected = MISTAKES[mistake]
    assert BASE.count(written) == 1
    assert _load(write_theme, BASE.replace(written, instead)) == [expected]


def test_a_quote_left_open_is_named_before_the_syntax_error_it_causes(
    write_theme: WriteTheme,
) -> None:
    # the text runs on to the next quote, four lines down, and takes 'suits:' in
    text = BASE.replace("first: The youngest team starts.", 'first: "The youngest team starts.')
    problems = _load(write_theme, text)
    assert problems[0] == (
        "planets.yaml:5:10: this quoted text runs on to line 9 and takes in line 6 (suits:): "
        'is its closing quote " missing?'
    )
    assert len(problems) > 1


def test_a_long_quoted_text_over_several_lines_is_not_suspected_when_all_is_well(
    write_theme: WriteTheme,
) -> None:
    text = BASE.replace(
        "first: The youngest team starts.",
        'first: "The youngest team starts.\n    Note: in teams, the youngest pupil."',
    )
    assert _load(write_theme, text) == []


def test_a_quote_left_open_is_named_before_the_keys_it_swallowed(write_theme: WriteTheme) -> None:
    # the file still reads as YAML, but 'tokens:' became part of the sentence
    text = (
        "id: x\ntitle: Grand Tour\n"
        'players:\n  counts: [2, 3]\n  hand_size: 5\n  first: "The youngest team starts.\n'
        'tokens:\n  hint: {count: 8, name: spark, colour: "#2b6cb0"}\n'
        '  error: {count: 3, name: storm, colour: "#c53030"}\n'
        'suits:\n  - {id: mars, name: Mars, colour: "#c0392b", symbol: "x"}\n'
    )
    assert _load(write_theme, text) == [
        "planets.yaml:6:10: this quoted text runs on to line 8 and takes in line 7 (tokens:): "
        'is its closing quote " missing?',
        "planets.yaml:1:1: missing key 'tokens'",
        "planets.yaml:9:3: players.error: unknown key here: error belongs under tokens "
        "(tokens.error)",
    ]


def test_curly_quotes_around_a_colour_are_named(write_theme: WriteTheme) -> None:
    text = BASE.replace('colour: "#d68910"', "colour: “#d68910”")
    assert _load(write_theme, text) == [
        'planets.yaml:14:42: suits[1].colour: write a colour as #rrggbb, e.g. "#e53e3e" '
        "(found '“#d68910”') (“ and ” are typographic quotes, part of the text for YAML: "
        'use straight quotes, "...")',
    ]


def test_curly_quotes_around_a_text_with_a_colon_are_named(write_theme: WriteTheme) -> None:
    text = BASE.replace('text: "Seven months in space."', "text: “Note: seven months”")
    assert _load(write_theme, text) == [
        "planets.yaml:13:37: YAML syntax: did not find expected ',' or '}' (while parsing a "
        "flow mapping); “ ” and ‘ ’ are typographic quotes, part of the text for YAML: "
        'quote texts with straight quotes, "..."',
    ]


@pytest.mark.parametrize("value", ['""', '"“"', '"”x"'])
def test_an_empty_or_one_quote_title_is_a_plain_problem_without_a_curly_quote_hint(
    value: str, write_theme: WriteTheme
) -> None:
    problems = _load(write_theme, BASE.replace("title: Grand Tour", f"title: {value}"))
    assert all("typographic" not in p for p in problems), problems
    assert problems == (["planets.yaml:3:8: title: must not be empty"] if value == '""' else [])
