"""Edits written into a theme's text: one value changes, comments, order and quoting stay."""

from __future__ import annotations

import difflib

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deckforge.bundled import bundled_folder
from deckforge.studio.round_trip import Edit, EditError, apply_edits

THEMES = sorted(bundled_folder("themes").glob("*.yaml")) + sorted(
    bundled_folder("templates").glob("*.yaml")
)
FESTIVAL = (bundled_folder("themes") / "interfaith-festival.yaml").read_text("utf-8")


def _changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0, lineterm="")
        if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ]


@pytest.mark.parametrize("path", THEMES, ids=lambda p: p.stem)
def test_a_theme_without_edits_is_written_back_byte_for_byte(path: object) -> None:
    text = path.read_text("utf-8")  # type: ignore[attr-defined]
    assert apply_edits(text, []) == text
    # the slow path too (a removal of a key the file does not write goes through ruamel)
    assert apply_edits(text, [Edit(("no-such-key",), remove=True)]) == text


def test_a_value_changes_in_place_keeping_its_quotes_and_its_comment_column() -> None:
    after = apply_edits(
        FESTIVAL,
        [
            Edit(("players", "teams"), False),
            Edit(("suits", 0, "cards", "1", "text"), "Une fête: courte # sans commentaire"),
        ],
    )
    assert _changed_lines(FESTIVAL, after) == [
        "-  teams: true             # each seat may be a team of pupils",
        "+  teams: false            # each seat may be a team of pupils",
        '-        text: "À la pleine lune de février ou de mars, des bouddhistes rappellent le '
        "jour où 1\xa0250\xa0disciples sont venus écouter le Bouddha. Le soir, on fait trois fois "
        'le tour du temple, bougie en main."',
        '+        text: "Une fête: courte # sans commentaire"',
    ]


def test_a_text_that_would_change_meaning_unquoted_is_quoted() -> None:
    for value in ("yes", "12", "null", "a: b", "# not a comment", " padded", "[list]", ""):
        after = apply_edits(FESTIVAL, [Edit(("title",), value)])
        assert yaml.safe_load(after)["title"] == value, value


def test_a_flow_mapping_value_with_a_comma_is_quoted() -> None:
    after = apply_edits(FESTIVAL, [Edit(("rating", 0, "label"), "Oups, encore")])
    assert '  - {from: 0, to: 5, label: "Oups, encore"}' in after.splitlines()
    assert yaml.safe_load(after)["rating"][0]["label"] == "Oups, encore"


def test_a_folded_description_stays_folded_and_new_keys_are_added() -> None:
    after = apply_edits(
        FESTIVAL,
        [
            Edit(("description",), "Un jeu court pour une classe de CM1. " * 4),
            Edit(("suits", 0, "cards", "1", "image"), "pictures/moon.png"),
            Edit(("tokens", "hint", "plural"), remove=True),
        ],
    )
    data = yaml.safe_load(after)
    assert data["description"] == "Un jeu court pour une classe de CM1. " * 4
    assert after.count("description: >-\n") == 1
    assert data["suits"][0]["cards"][1]["image"] == "pictures/moon.png"
    assert "plural" not in data["tokens"]["hint"]
    comments = [line for line in FESTIVAL.splitlines() if line.lstrip().startswith("#")]
    assert all(line in after for line in comments)


def test_an_edit_through_a_text_is_refused() -> None:
    with pytest.raises(EditError, match=r"there is no title\.x"):
        apply_edits(FESTIVAL, [Edit(("title", "x", "y"), 1)])


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40))
def test_any_text_reads_back_as_written(value: str) -> None:
    after = apply_edits(FESTIVAL, [Edit(("suits", 1, "cards", "2", "title"), value)])
    assert yaml.safe_load(after)["suits"][1]["cards"][2]["title"] == value
    assert len(after.splitlines()) >= len(FESTIVAL.splitlines()) - 1


def test_a_list_changed_in_the_form_keeps_its_flow_style_and_its_comment() -> None:
    after = apply_edits(FESTIVAL, [Edit(("players", "counts"), [3, 4, 5])])
    assert _changed_lines(FESTIVAL, after) == [
        "-  counts: [4, 5]          # 4 or 5 players, or 4 or 5 teams",
        "+  counts: [3, 4, 5]       # 4 or 5 players, or 4 or 5 teams",
    ]


def test_a_card_typed_into_a_suit_without_texts_is_written_under_it() -> None:
    minimal = (bundled_folder("templates") / "minimal.yaml").read_text("utf-8")
    after = apply_edits(minimal, [Edit(("suits", 0, "cards", "1", "title"), "Bouton")])
    lines = after.splitlines()
    at = lines.index(
        '    symbol: "♥"            # one character that tells the suit apart in black and white'
    )
    assert lines[at + 1 : at + 4] == ["    cards:", "      1:", "        title: Bouton"]
    assert yaml.safe_load(after)["suits"][0]["cards"] == {1: {"title": "Bouton"}}
