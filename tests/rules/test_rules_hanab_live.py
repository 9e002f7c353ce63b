"""Records hanab.live accepts: the options it needs, what it would refuse, its early end
(issue 15). hanab.live's rules are read from its server (options.go, command_action.go,
game.go)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.rules import Card, ColourHint, Discard, Game, Play, RankHint
from deckforge.rules.hanab_live import (
    EARLY_END,
    ended_early,
    is_hanab_live_record,
    move_refusals,
    refusals,
    theme_refusals,
    variant,
)
from deckforge.rules.records import from_hanab_live, to_hanab_live
from deckforge.rules.rulebook import Rulebook
from deckforge.theme.loader import load_theme

CLASSIC = load_theme("hanabi-classic")


def _empty_colour_hint(game: Game) -> ColourHint:
    """A colour hint that touches no card of the next player (the deal must allow one)."""
    target = (game.current_player + 1) % game.players
    held = {card.suit for card in (h.card for h in game.hand(target)) if card is not None}
    colours = Rulebook.of(game.theme).clue_colours
    return next(ColourHint(target, c) for c, suit in enumerate(colours) if suit not in held)


def test_a_hanabi_classic_game_with_an_empty_hint_exports_with_empty_clues() -> None:
    game = Game.deal(CLASSIC, 3, 5)
    hint = _empty_colour_hint(game)
    event = game.apply(hint)
    assert event.touched_count == 0
    record = to_hanab_live(game)
    assert record["options"] == {"emptyClues": True}
    assert from_hanab_live(CLASSIC, record).history == game.history


def test_a_theme_that_forbids_empty_hints_exports_without_the_option() -> None:
    festival = load_theme("interfaith-festival")
    game = Game.deal(festival, 4, 3)
    game.apply(game.legal_actions()[-1])
    assert "options" not in to_hanab_live(game)


def test_a_printed_game_whose_filled_deck_makes_a_hint_empty_sets_empty_clues() -> None:
    festival = load_theme("interfaith-festival")  # empty hints forbidden
    game = Game.printed(festival, 4)
    # the receiver showed one card, but the filled deck deals player 1 the
    # lowest cards of the first suit only: a hint on the last suit's colour is empty there
    last_colour = len(festival.clue_colours()) - 1
    game.apply(ColourHint(1, last_colour, touched=1))
    record = to_hanab_live(game)
    hand = record["deck"][4:8]
    assert all(card["suitIndex"] != festival.clue_colours()[last_colour] for card in hand)
    assert record["options"] == {"emptyClues": True}


@pytest.mark.parametrize(
    ("theme", "name"),
    [
        ("hanabi-classic", "No Variant"),
        ("interfaith-festival", "No Variant"),
        ("avalanche", "Rainbow (6 Suits)"),
        ("black-powder", None),
    ],
)
def test_each_bundled_theme_maps_to_its_hanab_live_variant(theme: str, name: str | None) -> None:
    assert variant(load_theme(theme)) == name


def test_the_avalanche_export_names_hanab_lives_rainbow_variant() -> None:
    game = Game.deal(load_theme("avalanche"), 2, 1)
    assert to_hanab_live(game)["options"] == {"variant": "Rainbow (6 Suits)", "emptyClues": True}


def test_black_powder_is_no_hanab_live_game() -> None:
    codes = [r.code for r in theme_refusals(load_theme("black-powder"), 3)]
    assert codes == ["no-variant"]
    assert theme_refusals(CLASSIC, 3) == []


def test_a_discard_at_eight_hint_tokens_is_listed_with_its_action() -> None:
    game = Game.deal(CLASSIC, 2, 9)
    game.apply(Discard(0))  # all 8 hint tokens in: hanabi-classic allows it (no gain)
    game.apply(RankHint(0, game.hand(0)[0].card.rank))  # type: ignore[union-attr]
    game.apply(Discard(1))  # at 7 tokens: hanab.live allows it
    game.apply(Discard(2))  # back at 8
    found = move_refusals(game)
    assert [(r.code, r.action) for r in found] == [
        ("discard-at-max-hints", 0),
        ("discard-at-max-hints", 3),
    ]
    assert "action 0 discards with all 8 hint tokens available" in found[0].message
    assert refusals(game) == found


def test_replay_warns_on_stderr_of_a_discard_hanab_live_refuses(tmp_path: Path) -> None:
    game = Game.deal(CLASSIC, 2, 9)
    game.apply(Discard(0))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_hanab_live(game)), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.stderr == (
        f"{path}: warning: hanab.live would refuse this record: action 0 discards with all "
        "8 hint tokens available, which hanab.live forbids\n"
    )
    assert json.loads(result.stdout)["end"] == "in-progress"


def _early_end_game() -> Game:
    """Red 1 played, both red 2s and every other 1 discarded: nothing more can be
    scored (1 point), with most of the deck still to draw."""
    ones = [Card(suit, 1) for suit in range(1, 5) for _ in range(3)]
    top = [Card(0, 1), Card(0, 2), Card(0, 2), *ones]
    rest = Rulebook.of(CLASSIC).full_deck()
    for card in top:
        rest.remove(card)
    game = Game.from_deck(CLASSIC, 2, top + rest)
    game.apply(Play(0))
    dead = {Card(0, 2), *ones}
    while not ended_early(game):
        hand = game.hand(game.current_player)
        slot = next((i for i, h in enumerate(hand) if h.card in dead), None)
        if slot is None or game.hint_tokens == 8:  # never a discard hanab.live refuses
            other = (game.current_player + 1) % 2
            game.apply(RankHint(other, game.hand(other)[0].card.rank))  # type: ignore[union-attr]
        else:
            game.apply(Discard(slot))
    return game


def test_a_hanab_live_record_that_stops_at_its_early_end_replays_as_ended(
    tmp_path: Path,
) -> None:
    game = _early_end_game()
    assert (game.score, game.max_reachable_score, game.is_over) == (1, 1, False)
    assert game.deck_left > 20 and move_refusals(game) == []
    record = {"id": 1234, **to_hanab_live(game), "seed": "p2v0s1"}
    path = tmp_path / "hanab-live.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    outcome = json.loads(result.stdout)
    assert outcome["end"] == EARLY_END == "max-reachable"
    assert outcome["score"] == 1
    assert outcome["rating"] == CLASSIC.rating_for(1) is not None
    assert outcome["turns"] == game.turn


def test_the_same_record_from_deckforge_is_still_in_progress(tmp_path: Path) -> None:
    game = _early_end_game()
    record = to_hanab_live(game)
    assert not is_hanab_live_record(record)
    path = tmp_path / "deckforge.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    outcome = json.loads(CliRunner().invoke(main, ["replay", str(path)]).stdout)
    assert (outcome["end"], outcome["rating"]) == ("in-progress", None)


def test_a_game_at_its_start_has_not_ended_early() -> None:
    assert not ended_early(Game.deal(CLASSIC, 3, 1))
    over = Game.deal(CLASSIC, 2, 2)
    while not over.is_over:
        over.apply(Play(0))
    assert not ended_early(over)
