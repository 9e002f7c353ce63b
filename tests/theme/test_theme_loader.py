"""Loading themes: extends, defaults, positions and the model that comes out."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.theme.loader import (
    BUNDLED_THEMES,
    ThemeError,
    bundled_theme_names,
    load_theme,
    resolve_theme_path,
)
from deckforge.theme.model import (
    ClueMode,
    Direction,
    DiscardAtMaxHints,
    EmptyHints,
    SourcePosition,
    StrikeoutScore,
    SuitScoring,
)
from deckforge.theme.yaml_source import MAX_FILE_BYTES

MINIMAL = """\
id: tiny
title: Tiny deck
players: {counts: [2, 3], hand_size: {2: 4, 3: 3}}
tokens:
  hint: {count: 6, name: spark, colour: "#2B6CB0"}
  error: {count: 2, name: storm, plural: storms, colour: "#c53030"}
suits:
  - id: sun
    name: Sun
    colour: "#F2C94C"
    symbol: "☀"
    cards:
      2: {title: Dawn, text: The sun rises., image: pictures/dawn.png}
  - {id: moon, name: Moon, colour: "#4a5568", symbol: "☾", direction: down, copies: [1, 1, 1, 1, 1]}
rating:
  - {from: 0, to: 9, label: Dim}
  - {from: 10, to: 10, label: Bright}
"""


@pytest.fixture(autouse=True)
def _from_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    # messages name files relative to the working directory when inside it;
    # from the repository, the temporary theme files below are named in full
    monkeypatch.chdir(BUNDLED_THEMES.parent)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    write(tmp_path, "pictures/dawn.png", "not really a png, but a file")
    return write(tmp_path, "tiny.yaml", MINIMAL)


def test_a_minimal_theme_gets_every_default(tiny: Path) -> None:
    theme = load_theme(tiny)
    assert theme.language == "en"
    assert theme.rules.discard_at_max_hints is DiscardAtMaxHints.NO_GAIN
    assert theme.rules.empty_hints is EmptyHints.ALLOWED
    assert theme.rules.strikeout_score is StrikeoutScore.ZERO
    assert theme.rules.completion_bonus is True
    assert theme.print_style.card == "poker"
    assert theme.print_style.back is None
    assert (theme.print_style.title_font, theme.print_style.body_font) == (
        "DejaVuSans-Bold",
        "DejaVuSans",
    )
    sun, moon = theme.suits
    assert sun.copies == (3, 2, 2, 2, 1)
    assert sun.direction is Direction.UP and sun.clue is ClueMode.OWN
    assert sun.scoring is SuitScoring.TOP_CARD
    assert moon.direction is Direction.DOWN and moon.rank_order() == (5, 4, 3, 2, 1)
    assert theme.tokens.hint.plural == "spark"  # the plural defaults to the name
    assert theme.players.hand_sizes == {2: 4, 3: 3}
    assert (theme.deck_size, theme.max_score) == (15, 10)


def test_colours_are_normalised_to_lowercase(tiny: Path) -> None:
    theme = load_theme(tiny)
    assert theme.suits[0].colour == "#f2c94c"
    assert theme.tokens.hint.colour == "#2b6cb0"


def test_card_images_are_found_next_to_the_theme_file(tiny: Path) -> None:
    card = load_theme(tiny).suits[0].text_for(2)
    assert card.image == (tiny.parent / "pictures" / "dawn.png").resolve()
    assert (card.title, card.text) == ("Dawn", "The sun rises.")


def test_positions_name_the_file_line_and_column_of_card_texts(tiny: Path) -> None:
    theme = load_theme(tiny)
    assert theme.position("suits", 0, "cards", 2, "text") == SourcePosition(str(tiny), 13, 30)
    assert theme.position("suits", 1, "symbol") == SourcePosition(str(tiny), 14, 55)
    # a value that was not written falls back to its nearest written parent
    assert theme.position("suits", 1, "cards", 3, "title") == theme.position("suits", 1)


def test_a_bundled_theme_loads_by_name_and_by_path() -> None:
    by_name = load_theme("hanabi-classic")
    by_path = load_theme(BUNDLED_THEMES / "hanabi-classic.yaml")
    assert by_name == by_path
    assert by_name.path == BUNDLED_THEMES / "hanabi-classic.yaml"


def test_extends_merges_mappings_and_replaces_lists(tmp_path: Path) -> None:
    child = write(
        tmp_path,
        "child.yaml",
        "id: child\nextends: hanabi-classic\nplayers: {counts: [4, 5], hand_size: 4}\n"
        "rules: {discard_at_max_hints: forbidden}\n"
        "tokens: {hint: {name: spark, plural: sparks}}\n",
    )
    theme = load_theme(child)
    classic = load_theme("hanabi-classic")
    assert theme.id == "child" and theme.title == classic.title
    assert theme.players.counts == (4, 5) and theme.players.hand_sizes == {4: 4, 5: 4}
    assert theme.players.first == classic.players.first  # players merged key by key
    assert theme.rules.discard_at_max_hints is DiscardAtMaxHints.FORBIDDEN
    assert theme.rules.empty_hints is classic.rules.empty_hints
    assert theme.tokens.hint.name == "spark" and theme.tokens.hint.count == 8
    assert theme.suits == classic.suits


def test_inherited_values_are_positioned_in_the_parent_file(tmp_path: Path) -> None:
    child = write(
        tmp_path,
        "child.yaml",
        "id: child\nextends: hanabi-classic\ntitle: Mine\nadd_suits:\n"
        '  - {id: black, name: Black, colour: "#1a202c", symbol: "●", scoring: minus-missing}\n',
    )
    theme = load_theme(child)
    parent = BUNDLED_THEMES / "hanabi-classic.yaml"

    def file_of(*key: str | int) -> Path:
        where = theme.position(*key)
        assert where is not None
        return Path(where.file).resolve()

    assert file_of("title") == child.resolve()
    assert file_of("suits", 0, "name") == parent
    assert file_of("rating", 0, "label") == parent
    assert theme.position("suits", 5, "name") == SourcePosition(str(child), 5, 23)


def test_add_suits_appends_after_the_parents_suits_and_lowers_the_minimum(tmp_path: Path) -> None:
    child = write(
        tmp_path,
        "child.yaml",
        "id: child\nextends: hanabi-classic\nadd_suits:\n"
        '  - {id: black, name: Black, colour: "#1a202c", symbol: "●", direction: down,\n'
        "     scoring: minus-missing}\n",
    )
    theme = load_theme(child)
    assert [s.id for s in theme.suits] == ["white", "red", "blue", "yellow", "green", "black"]
    assert (theme.min_score, theme.max_score, theme.deck_size) == (-5, 25, 60)
    assert theme.rating_for(-3) == theme.rating[0].label  # below 0: the lowest band


def test_a_relative_extends_is_read_next_to_the_file_that_names_it(tmp_path: Path, tiny: Path):
    write(tmp_path, "sub/child.yaml", "id: child\nextends: ../tiny.yaml\ntitle: Child\n")
    theme = load_theme(tmp_path / "sub" / "child.yaml")
    assert theme.title == "Child" and len(theme.suits) == 2
    assert theme.suits[0].text_for(2).image == (tmp_path / "pictures" / "dawn.png").resolve()


def test_a_theme_font_file_is_resolved_next_to_the_file_that_names_it(tmp_path: Path) -> None:
    write(tmp_path, "fonts/Mine.ttf", "font bytes")
    child = write(
        tmp_path,
        "child.yaml",
        "id: child\nextends: hanabi-classic\nprint:\n  fonts: {body: fonts/Mine.ttf}\n",
    )
    style = load_theme(child).print_style
    assert style.body_font == str((tmp_path / "fonts" / "Mine.ttf").resolve())
    assert style.title_font == "DejaVuSans-Bold"


def test_every_bundled_theme_loads() -> None:
    names = bundled_theme_names()
    assert "hanabi-classic" in names
    for name in names:
        theme = load_theme(name)
        assert theme.rating[0].low <= 0 and theme.rating[-1].high == theme.max_score


def test_hanabi_classic_follows_the_rule_booklet() -> None:
    theme = load_theme("hanabi-classic")
    assert theme.deck_size == 50 and theme.max_score == 25
    assert theme.players.hand_sizes == {2: 5, 3: 5, 4: 4, 5: 4}
    assert (theme.tokens.hint.count, theme.tokens.error.count) == (8, 3)
    assert theme.rating_for(5) == "Laughable" and theme.rating_for(25) == "Legendary"


@pytest.mark.parametrize(
    "name, message",
    [
        ("nowhere.yaml", "nowhere.yaml: no such file"),
        ("no-such-theme", "no-such-theme: no such theme file or bundled theme"),
        (
            "hanabi-classic.yaml",
            "hanabi-classic.yaml: no such file (for the bundled theme, write hanabi-classic "
            "without .yaml)",
        ),
    ],
)
def test_an_unknown_theme_is_named_in_the_error(name: str, message: str) -> None:
    with pytest.raises(ThemeError) as caught:
        resolve_theme_path(name)
    assert caught.value.problems[0].startswith(message)


@pytest.mark.parametrize(
    ("name", "meant"),
    [
        ("interfaith-festivl", "interfaith-festival"),
        ("hanabi", "hanabi-classic"),
        ("Avalanche", "avalanche"),
        ("my-dek", "my-deck"),
    ],
)
def test_a_misspelt_theme_name_suggests_the_closest_one(
    name: str, meant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "themes").mkdir()
    (tmp_path / "themes" / "my-deck.yaml").write_text("id: my-deck\n", encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        resolve_theme_path(name)
    assert f"; did you mean {meant}? (bundled: " in caught.value.problems[0]


def test_a_name_like_no_theme_gets_no_suggestion() -> None:
    with pytest.raises(ThemeError) as caught:
        resolve_theme_path("zzz")
    assert "did you mean" not in caught.value.problems[0]


def test_a_directory_is_not_a_theme(tmp_path: Path) -> None:
    with pytest.raises(ThemeError) as caught:
        load_theme(tmp_path)
    assert caught.value.problems == [f"{tmp_path}: is a directory, not a theme file"]


def test_an_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("id: big\n" + "# padding\n" * (MAX_FILE_BYTES // 10 + 1), encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme(big)
    assert caught.value.problems == [
        f"{big}:1:1: the file is larger than {MAX_FILE_BYTES // 1024} KiB: is it a theme?"
    ]


def test_a_byte_order_mark_is_accepted(tmp_path: Path, tiny: Path) -> None:
    with_bom = tmp_path / "bom.yaml"
    with_bom.write_bytes("\ufeff".encode() + tiny.read_bytes())
    assert load_theme(with_bom).title == "Tiny deck"


def test_a_pipe_or_device_is_refused_without_reading_it() -> None:
    device = Path("/dev/zero")
    if not device.exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(ThemeError) as caught:
        load_theme(device)
    assert caught.value.problems == ["/dev/zero: is not a regular file"]
