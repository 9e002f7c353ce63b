"""The bundled decks and templates of the content area say what the issues ask."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.cli.new import TEMPLATES
from deckforge.rules import Discard, Game, IllegalAction
from deckforge.theme.loader import BUNDLED_THEMES, load_theme
from deckforge.theme.model import ClueMode, Direction, SuitScoring
from deckforge.theme.validation import schema

CONTENT_THEMES = ["interfaith-festival", "avalanche", "black-powder"]
TEMPLATE_FILES = sorted(TEMPLATES.glob("*.yaml"))


@pytest.mark.parametrize("name", CONTENT_THEMES)
def test_every_content_theme_passes_check(name):
    result = CliRunner().invoke(main, ["check", name])
    assert result.exit_code == 0, result.output
    assert f"({name}):" in result.output


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=lambda p: p.stem)
def test_every_template_passes_check(path):
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", CONTENT_THEMES)
def test_content_themes_start_with_the_schema_comment(name):
    first = (BUNDLED_THEMES / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../deckforge/theme/schema.json"


# ------------------------------------------------------ interfaith-festival --


@pytest.fixture(scope="module")
def interfaith():
    return load_theme("interfaith-festival")


def test_interfaith_is_the_seed_deck_in_french(interfaith):
    assert interfaith.language == "fr"
    assert interfaith.title == "Tous invités à la fête\u00a0!"
    assert interfaith.deck_size == 50
    assert [s.copies for s in interfaith.suits] == [(3, 2, 2, 2, 1)] * 5
    assert interfaith.max_score == 25


def test_interfaith_suits_are_five_religions_in_the_seed_colours(interfaith):
    names = [s.name for s in interfaith.suits]
    assert names == ["Bouddhisme", "Christianisme", "Judaïsme", "Islam", "Hindouisme"]
    # jaune, rouge, bleu, vert, rose: the dominant channel of each colour
    red, green, blue = zip(
        *[
            (int(s.colour[1:3], 16), int(s.colour[3:5], 16), int(s.colour[5:], 16))
            for s in interfaith.suits
        ],
        strict=True,
    )
    assert red[0] > blue[0] and green[0] > blue[0]  # jaune
    assert red[1] > 2 * green[1] and red[1] > 2 * blue[1]  # rouge
    assert blue[2] > red[2] and blue[2] > green[2]  # bleu
    assert green[3] > red[3] and green[3] > blue[3]  # vert
    assert red[4] > green[4] and blue[4] > green[4]  # rose


def test_interfaith_symbols_tell_every_suit_apart(interfaith):
    symbols = [s.symbol for s in interfaith.suits]
    assert len(set(symbols)) == 5
    assert all(len(s) == 1 for s in symbols)


def test_interfaith_players_tokens_and_rules_follow_the_seed(interfaith):
    assert interfaith.players.counts == (4, 5)
    assert dict(interfaith.players.hand_sizes) == {4: 4, 5: 4}
    assert interfaith.players.teams is True
    assert "plus âgé" in interfaith.players.first
    hint, error = interfaith.tokens.hint, interfaith.tokens.error
    assert (hint.count, hint.name, hint.plural) == (
        8,
        "moment de grâce et de vérité",
        "moments de grâce et de vérité",
    )
    assert (error.count, error.name, error.plural) == (3, "œuvre du démon", "œuvres du démon")
    rules = interfaith.rules
    assert rules.discard_at_max_hints.value == "forbidden"
    assert rules.empty_hints.value == "forbidden"
    assert rules.completion_bonus is True


def test_discarding_with_all_blue_tokens_in_is_refused_in_interfaith(interfaith):
    game = Game.deal(interfaith, players=4, seed=7)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(Discard(slot=0))
    assert refusal.value.code == "discard-at-max-hints"


def test_every_interfaith_card_has_a_title_a_short_text_and_a_source(interfaith):
    for suit in interfaith.suits:
        assert sorted(suit.cards) == [1, 2, 3, 4, 5], suit.id
        for rank, card in suit.cards.items():
            where = f"{suit.id} {rank}"
            assert 0 < len(card.title) <= 28, where
            assert 40 <= len(card.text) <= 200, where
            assert card.text.endswith("."), where
            cited = ("Wikipédia, article «\u00a0", "Wikipédia, articles «\u00a0")
            assert card.source.startswith(cited), where
    titles = [c.title for s in interfaith.suits for c in s.cards.values()]
    assert len(set(titles)) == 25


def test_interfaith_texts_follow_french_typography(interfaith):
    texts = [interfaith.title, interfaith.description, interfaith.notes, interfaith.players.first]
    texts += [b.label for b in interfaith.rating]
    texts += [c.title + "\n" + c.text for s in interfaith.suits for c in s.cards.values()]
    for text in texts:
        assert "'" not in text, text  # typographic apostrophe ’
        assert '"' not in text, text  # guillemets « »
        assert not re.search(r"(?<=\S) [:;!?»]", text), text  # non-breaking before : ; ! ? »
        assert "« " not in text, text


def test_interfaith_cites_its_sources_and_briefs_the_teacher(interfaith):
    assert len(interfaith.sources) >= 5
    assert any("Wikipédia" in s for s in interfaith.sources)
    assert len(interfaith.notes) > 400
    assert interfaith.description


def test_interfaith_rating_covers_every_score_once(interfaith):
    covered = [n for band in interfaith.rating for n in range(band.low, band.high + 1)]
    assert covered == list(range(26))


def test_interfaith_has_its_own_back(interfaith):
    back = interfaith.print_style.back
    assert back is not None
    assert back.title == interfaith.title


# ---------------------------------------------------------------- avalanche --


def test_avalanche_adds_a_multicolour_suit_touched_by_every_colour_hint():
    theme = load_theme("avalanche")
    classic = load_theme("hanabi-classic")
    assert theme.suits[:5] == classic.suits
    multicolour = theme.suits[5]
    assert multicolour.name == "Multicolour"
    assert multicolour.clue is ClueMode.EVERY_COLOUR
    assert theme.clue_colours() == (0, 1, 2, 3, 4)
    assert theme.max_score == 30
    assert theme.deck_size == 60


def test_avalanche_names_the_own_clue_alternative_in_a_comment():
    text = (BUNDLED_THEMES / "avalanche.yaml").read_text(encoding="utf-8")
    assert re.search(r"^\s*# clue: own\s*$", text, re.MULTILINE)


def test_avalanche_rating_goes_up_to_divine():
    theme = load_theme("avalanche")
    assert [(b.low, b.high) for b in theme.rating][-2:] == [(25, 29), (30, 30)]
    assert theme.rating_for(30) == "Divine"
    assert theme.rating_for(27) == "Legendary"
    assert theme.rating_for(5) == "Laughable"


# ------------------------------------------------------------- black-powder --


def test_black_powder_adds_a_black_suit_played_down_that_costs_missing_cards():
    theme = load_theme("black-powder")
    black = theme.suits[5]
    assert black.direction is Direction.DOWN
    assert black.rank_order() == (5, 4, 3, 2, 1)
    assert black.scoring is SuitScoring.MINUS_MISSING
    assert (theme.max_score, theme.min_score) == (25, -5)


def test_the_first_black_card_needed_is_not_a_single_copy():
    black = load_theme("black-powder").suits[5]
    first = black.rank_order()[0]
    assert black.copies[first - 1] > 1
    assert black.copies[black.rank_order()[-1] - 1] == 1


# ---------------------------------------------------------------- templates --


def test_the_minimal_template_changes_only_names_colours_and_texts():
    minimal = load_theme(TEMPLATES / "minimal.yaml")
    classic = load_theme("hanabi-classic")
    assert minimal.players == classic.players
    assert minimal.tokens == classic.tokens
    assert minimal.rules == classic.rules
    assert minimal.rating == classic.rating
    assert minimal.print_style == classic.print_style
    for suit, base in zip(minimal.suits, classic.suits, strict=True):
        assert (suit.direction, suit.copies, suit.clue, suit.scoring) == (
            base.direction,
            base.copies,
            base.clue,
            base.scoring,
        )


def test_every_key_line_of_the_minimal_template_has_a_comment():
    lines = (TEMPLATES / "minimal.yaml").read_text(encoding="utf-8").splitlines()
    keyed = [line for line in lines if re.match(r"^\s*(- )?[\w-]+:", line)]
    assert keyed
    assert [line for line in keyed if "#" not in line] == []


def _schema_keys(node: dict, defs: dict) -> set[str]:
    if "$ref" in node:
        node = defs[node["$ref"].rsplit("/", 1)[-1]]
    keys: set[str] = set()
    for option in node.get("oneOf", []):
        keys |= _schema_keys(option, defs)
    for name, child in node.get("properties", {}).items():
        if child.get("not") == {}:  # a key that exists only to be refused (a per-card back)
            continue
        keys.add(name)
        keys |= _schema_keys(child, defs)
    for child in (node.get("items"), node.get("additionalProperties")):
        if isinstance(child, dict):
            keys |= _schema_keys(child, defs)
    return keys


def test_the_complete_template_shows_every_field_of_the_format():
    format_schema = schema()
    keys = _schema_keys(format_schema, format_schema["$defs"])
    assert {"extends", "add_suits", "direction", "copies", "image", "fonts"} <= keys
    text = (TEMPLATES / "complete.yaml").read_text(encoding="utf-8")
    written = re.compile(r"(?:^[\s#-]*|[{,]\s*)([\w-]+):", re.MULTILINE)
    missing = sorted(keys - set(written.findall(text)))
    assert missing == []


def test_templates_are_in_the_templates_directory_at_the_top_level():
    assert Path(__file__).resolve().parents[2] / "templates" == TEMPLATES
