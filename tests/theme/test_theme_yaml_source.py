"""The safe YAML reader: plain data only, positions, bounded work."""

from __future__ import annotations

import time

import pytest

from deckforge.theme.model import SourcePosition
from deckforge.theme.yaml_source import (
    MAX_DEPTH,
    MAX_VALUES,
    YamlProblems,
    index_positions,
    plain,
    read_yaml,
)


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
    started = time.perf_counter()
    found = problems("[" * 200_000 + "]" * 200_000)
    assert time.perf_counter() - started < 2
    assert "nest" in found[0]


def test_a_billion_laughs_fails_fast() -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    started = time.perf_counter()
    found = problems("\n".join(lines) + "\n")
    assert time.perf_counter() - started < 1
    assert f"holds more than {MAX_VALUES} values once aliases are expanded" in found[0]


def test_aliases_within_the_cap_are_expanded_with_the_anchor_position() -> None:
    root = read_yaml("t.yaml", "a: &c {x: 1}\nb: *c\n")
    values, _ = index_positions(root)
    assert plain(root)["b"] == {"x": 1}
    assert values[("b", "x")] == values[("a", "x")]
