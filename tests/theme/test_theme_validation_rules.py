"""Each broken theme file under data/ breaks one rule; its exact messages and positions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from deckforge.theme.loader import BUNDLED_THEMES, ThemeError, bundled_theme_names, load_theme

WriteTheme = Callable[..., Path]  # the write_theme fixture (tests/conftest.py)

DATA = Path(__file__).parent / "data"
CLASSIC = str(BUNDLED_THEMES / "hanabi-classic.yaml")
BACK = "every card shares one back, otherwise players would recognise their own cards"
BUNDLED = ", ".join(bundled_theme_names())

EXPECTED: dict[str, list[str]] = {
    # reading the file
    "yaml-syntax.yaml": [
        "yaml-syntax.yaml:3:1: YAML syntax: did not find expected ',' or ']' "
        "(while parsing a flow sequence started at line 2)",
    ],
    "duplicate-key.yaml": [
        "duplicate-key.yaml:4:1: duplicate key 'title' (first written at line 3)"
    ],
    "object-tag.yaml": [
        "object-tag.yaml:3:8: the tag !!python/object/apply:os.system is not allowed: "
        "a theme holds only text, numbers, true/false, lists and mappings",
    ],
    "alias-bomb.yaml": [
        "alias-bomb.yaml:5:8: the file holds more than 20000 values once aliases are "
        "expanded: refusing to read it",
    ],
    "unknown-alias.yaml": [
        "unknown-alias.yaml:3:8: the alias *name names no anchor written before it",
    ],
    "empty.yaml": ["empty.yaml:1:1: the file is empty: a theme needs id: and more"],
    "list-at-top.yaml": [
        "list-at-top.yaml:1:1: a theme is a mapping of keys (id: ..., title: ...), "
        "not a list or value",
    ],
    "two-documents.yaml": [
        "two-documents.yaml:3:1: a theme file holds one YAML document, found a second one",
    ],
    "latin1.yaml": ["latin1.yaml:3:11: the file is not UTF-8 text (byte 0xe9); save it as UTF-8"],
    # extends
    "extends-unknown.yaml": [
        "extends-unknown.yaml:2:10: extends: hanabi-clasic: no such theme file or bundled theme; "
        f"did you mean hanabi-classic? (bundled: {BUNDLED})",
    ],
    "cycle-a.yaml": [
        "cycle-b.yaml:2:10: extends: a cycle (cycle-a.yaml -> cycle-b.yaml -> cycle-a.yaml)",
    ],
    "same-id-as-parent.yaml": [
        "same-id-as-parent.yaml:1:5: id: 'hanabi-classic' is the id of the theme this one "
        "extends; give this theme its own id",
    ],
    "no-id.yaml": ["no-id.yaml:1:1: missing key 'id' (every theme file needs its own id)"],
    "no-id-and-more.yaml": [
        "no-id-and-more.yaml:1:1: missing key 'id' (every theme file needs its own id)",
        "no-id-and-more.yaml:3:11: language: use a two-letter language code such as fr, en "
        "or de (found 'English')",
    ],
    "add-suits-mapping.yaml": [
        "add-suits-mapping.yaml:3:12: add_suits: expected a list of suits, found a mapping",
    ],
    # structure (the JSON Schema)
    "unknown-key.yaml": ["unknown-key.yaml:3:1: titel: unknown key (did you mean 'title'?)"],
    "unknown-key-no-match.yaml": [
        "unknown-key-no-match.yaml:4:3: rules.zzz: unknown key; known keys: completion_bonus, "
        "discard_at_max_hints, empty_hints, strikeout_score",
    ],
    "card-unknown-key.yaml": [
        "card-unknown-key.yaml:10:25: suits[5].cards.1.picture: unknown key; "
        "known keys: image, source, text, title",
    ],
    "missing-keys.yaml": [
        "missing-keys.yaml:1:1: missing key 'players'",
        "missing-keys.yaml:1:1: missing key 'tokens'",
        "missing-keys.yaml:1:1: missing key 'suits'",
    ],
    "suit-missing-symbol.yaml": ["suit-missing-symbol.yaml:4:5: suits[5]: missing key 'symbol'"],
    "number-for-text.yaml": [
        "number-for-text.yaml:3:8: title: expected text, found the number 1914 "
        '(write it in quotes: "1914")',
    ],
    "bool-for-text.yaml": [
        "bool-for-text.yaml:4:10: players.first: expected text, found true "
        "(yes, no, on and off mean true or false in YAML: put text in quotes)",
    ],
    "colour-comment.yaml": [
        "colour-comment.yaml:7:12: tokens.hint.colour: expected text, found an empty value "
        '(a bare # starts a YAML comment: write the colour in quotes, e.g. "#e53e3e")',
    ],
    "bad-enum.yaml": [
        "bad-enum.yaml:4:97: suits[5].direction: must be one of up, down, not the text 'dwon' "
        "(did you mean 'down'?)",
    ],
    "bad-switch.yaml": [
        "bad-switch.yaml:4:25: rules.discard_at_max_hints: must be one of forbidden, no_gain, "
        "not the text 'allowed'",
    ],
    "bad-colour.yaml": [
        'bad-colour.yaml:4:62: suits[5].colour: write a colour as #rrggbb, e.g. "#e53e3e" '
        "(found 'black')",
    ],
    "bad-id.yaml": [
        "bad-id.yaml:1:5: id: use lowercase letters, digits and hyphens, e.g. my-festival-deck "
        "(found 'My Deck')",
    ],
    "bad-language.yaml": [
        "bad-language.yaml:3:11: language: use a two-letter language code such as fr, en or de "
        "(found 'French')",
    ],
    "bad-card-size.yaml": [
        "bad-card-size.yaml:4:9: print.card: use poker, bridge, tarot or WIDTHxHEIGHT in "
        "millimetres, e.g. 63x88 (found 'huge')",
    ],
    "font-unknown.yaml": [
        "font-unknown.yaml:4:18: print.fonts.title: use a bundled font (DejaVuSans, "
        "DejaVuSans-Bold, NotoSansArabic, NotoSansArabic-Bold, NotoSansHebrew, "
        "NotoSansHebrew-Bold) or the path of a .ttf/.ttc/.otf file (found 'Comic Sans')",
    ],
    "too-few-players.yaml": [
        "too-few-players.yaml:4:12: players.counts[0]: must be at least 2, not 1",
    ],
    "float-count.yaml": [
        "float-count.yaml:4:17: tokens.hint.count: expected a whole number, found the number 8.0",
    ],
    "zero-hand.yaml": ["zero-hand.yaml:4:30: players.hand_size.4: must be at least 1, not 0"],
    "hand-size-text.yaml": [
        "hand-size-text.yaml:4:14: players.hand_size: expected a number of cards (1 to 10), "
        "or a mapping from player count to number of cards, e.g. {2: 5, 4: 4}",
    ],
    "card-back.yaml": [
        f"card-back.yaml:10:25: suits[5].cards.1.back: a card cannot have its own back: {BACK}",
    ],
    "suit-back.yaml": [
        f"suit-back.yaml:9:5: suits[5].back: a suit cannot have its own back: {BACK}",
    ],
    "card-rank-word.yaml": [
        "card-rank-word.yaml:10:7: suits[5].cards.one: 'one' is not allowed here: "
        "use a rank such as 1 or 5 as the key",
    ],
    "image-format.yaml": [
        "image-format.yaml:10:32: suits[5].cards.1.image: use a .png or .jpg file "
        "(found 'spark.gif')",
    ],
    # meaning (semantic checks)
    "duplicate-suit-id.yaml": [
        "duplicate-suit-id.yaml:4:34: suits[5].id: 'red' is already the id of suits[1]; "
        "each suit needs its own",
    ],
    "duplicate-symbol.yaml": [
        "duplicate-symbol.yaml:4:85: suits[5].symbol: '♥' is already the symbol of suits[1]; "
        "each suit needs its own",
    ],
    "copies-length.yaml": [
        "copies-length.yaml:4:94: suits[5].copies: 4 ranks, but suits[0] has 5: "
        "every suit needs the same number of ranks",
    ],
    "card-rank-range.yaml": [
        "card-rank-range.yaml:10:7: suits[5].cards.6: there is no rank 6: "
        "this suit has ranks 1 to 5, one per number in its copies (the default "
        "[3, 2, 2, 2, 1]); for a rank 6, give every suit's copies 6 numbers",
    ],
    "image-missing.yaml": [
        "image-missing.yaml:10:32: suits[5].cards.1.image: image file 'images/missing.png' "
        "not found (looked for images/missing.png)",
    ],
    "font-missing.yaml": [
        "font-missing.yaml:4:17: print.fonts.body: font file 'fonts/missing.ttf' not found "
        "(looked for fonts/missing.ttf)",
    ],
    "missing-hand-size.yaml": [
        f"{CLASSIC}:15:14: players.hand_size: no hand size for 6 players, which players.counts "
        "allows (inherited: set it in missing-hand-size.yaml to change it)",
    ],
    "deck-too-small.yaml": [
        "deck-too-small.yaml:3:38: players.hand_size: 2 players with 4 cards each need 8 cards "
        "plus one left to draw, but the deck has 8",
        "deck-too-small.yaml:3:38: players.hand_size: 3 players with 4 cards each need 12 cards "
        "plus one left to draw, but the deck has 8",
    ],
    "rating-gap.yaml": ["rating-gap.yaml:5:12: rating[1].from: gap: scores 11 to 12 have no band"],
    "rating-overlap.yaml": [
        "rating-overlap.yaml:5:12: rating[1].from: overlap: starts at 12 but the band before "
        "ends at 12",
    ],
    "rating-start.yaml": [
        "rating-start.yaml:4:12: rating[0].from: the first band must start at 0, not 1 "
        "(scores below it take its label)",
    ],
    "rating-below-minimum.yaml": [
        "rating-below-minimum.yaml:4:12: rating[0].from: the first band must start at 0, not -3 "
        "(scores below it take its label)",
    ],
    "rating-reversed.yaml": ["rating-reversed.yaml:5:5: rating[1]: from 21 is above to 20"],
    "rating-end.yaml": [
        f"{CLASSIC}:35:20: rating[5].to: the last band must end at the maximum score 30, not 25 "
        "(inherited: set it in rating-end.yaml to change it)",
    ],
    # several at once: every problem in one run
    "everything-wrong.yaml": [
        f"{CLASSIC}:35:20: rating[5].to: the last band must end at the maximum score 28, not 25 "
        "(inherited: set it in everything-wrong.yaml to change it)",
        "everything-wrong.yaml:3:1: titel: unknown key (did you mean 'title'?)",
        "everything-wrong.yaml:4:22: rules.empty_hints: must be one of allowed, forbidden, "
        "not the text 'never'",
        "everything-wrong.yaml:6:10: suits[5].id: 'red' is already the id of suits[1]; "
        "each suit needs its own",
        "everything-wrong.yaml:6:59: suits[5].symbol: '♥' is already the symbol of suits[1]; "
        "each suit needs its own",
        "everything-wrong.yaml:6:72: suits[5].copies: 3 ranks, but suits[0] has 5: "
        "every suit needs the same number of ranks",
    ],
}


@pytest.fixture(autouse=True)
def _in_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    # messages name files relative to the working directory
    monkeypatch.chdir(DATA)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_broken_theme_is_refused_with_exact_messages_and_positions(name: str) -> None:
    with pytest.raises(ThemeError) as caught:
        load_theme(name)
    assert caught.value.problems == EXPECTED[name]


def test_every_broken_file_in_the_data_folder_has_expected_messages() -> None:
    broken = {p.name for p in DATA.glob("*.yaml")} - {"cycle-b.yaml"}
    assert broken == set(EXPECTED)


def test_the_other_half_of_a_cycle_is_reported_from_its_own_side() -> None:
    with pytest.raises(ThemeError) as caught:
        load_theme("cycle-b.yaml")
    assert caught.value.problems == [
        "cycle-a.yaml:2:10: extends: a cycle (cycle-b.yaml -> cycle-a.yaml -> cycle-b.yaml)"
    ]


# --------------------------------------------------------------------------------------
# Suits that players could not tell apart are refused: the same name; rank counts that differ.

FIVE_SUITS = """\
id: planets
extends: hanabi-classic
suits:
  - {id: mars, name: Mars, colour: "#c0392b", symbol: "♂"}
  - {id: jupiter, name: Jupiter, colour: "#d68910", symbol: "♃"}
  - {id: saturn, name: Saturn, colour: "#b7950b", symbol: "♄"}
  - {id: uranus, name: Uranus, colour: "#17a589", symbol: "⛢"}
  - {id: neptune, name: Neptune, colour: "#2e86c1", symbol: "♆"}
"""


def _problems(write_theme: WriteTheme, text: str) -> list[str]:
    write_theme(text, "planets.yaml")
    with pytest.raises(ThemeError) as caught:
        load_theme("planets.yaml")
    return caught.value.problems


def test_the_five_different_suits_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("planets.yaml").write_text(FIVE_SUITS, encoding="utf-8")
    assert [s.name for s in load_theme("planets.yaml").suits][:2] == ["Mars", "Jupiter"]


def test_two_suits_with_the_same_name_are_refused(write_theme: WriteTheme) -> None:
    text = FIVE_SUITS.replace("name: Jupiter", "name: Mars")
    assert _problems(write_theme, text) == [
        "planets.yaml:5:25: suits[1].name: 'Mars' is already the name of suits[0]; "
        "each suit needs its own",
    ]


def test_suit_names_that_differ_only_in_case_or_spacing_are_the_same_name(
    write_theme: WriteTheme,
) -> None:
    text = FIVE_SUITS.replace("name: Neptune", 'name: "MARS "')
    assert _problems(write_theme, text) == [
        "planets.yaml:8:25: suits[4].name: 'MARS ' is already the name of suits[0]; "
        "each suit needs its own",
    ]


def test_an_added_suit_that_repeats_an_inherited_name_is_reported_in_the_child(
    write_theme: WriteTheme,
) -> None:
    text = (
        "id: six\nextends: hanabi-classic\n"
        'add_suits:\n  - {id: rouge, name: Red, colour: "#7b341e", symbol: "✚"}\n'
    )
    problems = _problems(write_theme, text)
    assert any(
        p.startswith("planets.yaml:4:23: suits[5].name: 'Red' is already the name of suits[1]")
        for p in problems
    ), problems


def test_a_copies_list_of_the_wrong_length_is_reported_on_the_odd_suit_out(
    write_theme: WriteTheme,
) -> None:
    # the first suit is the odd one: the four others have the usual 5 ranks
    text = FIVE_SUITS.replace('symbol: "♂"}', 'symbol: "♂", copies: [3, 2, 2, 1]}')
    problems = _problems(write_theme, text)
    assert (
        "planets.yaml:4:68: suits[0].copies: 4 ranks, but suits[1] has 5: "
        "every suit needs the same number of ranks"
    ) in problems
    assert not any("suits[1]: " in p or "suits[4]: " in p for p in problems), problems
