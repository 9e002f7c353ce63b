"""Rebuild the game records in this folder (run from the repository root):

    .venv/bin/python tests/rules/data/build_records.py

Each record is played by a small scripted table on a stacked deck, so that it
shows one rule; the tests assert the outcomes written in their own code.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from rules_fixtures import CLASSIC, cards, stacked  # noqa: E402

from deckforge.rules import Discard, Game, Play, RankHint  # noqa: E402
from deckforge.rules.records import to_hanab_live  # noqa: E402


def scripted(game: Game, targets: tuple[int, ...], misplays: int = 0, stop: int = 10**6) -> Game:
    """Play a card that is playable and wanted (pile below its target), else throw a
    dead card away, else hint, else discard the oldest card. The first ``misplays``
    plays are deliberate errors once the final round starts."""
    while not game.is_over and game.turn < stop:
        hand = [h.card for h in game.hand(game.current_player)]
        tops = game.top_ranks()
        if misplays and game.final_turns_left is not None:
            wrong = [i for i, c in enumerate(hand) if not game.is_playable(c)]
            if wrong:
                game.apply(Play(wrong[0]))
                misplays -= 1
                continue
        wanted = [
            i for i, c in enumerate(hand) if game.is_playable(c) and c.rank <= targets[c.suit]
        ]
        if wanted:
            game.apply(Play(wanted[0]))
            continue
        dead = [i for i, c in enumerate(hand) if c.rank <= tops[c.suit] or c.rank > targets[c.suit]]
        if dead:
            game.apply(Discard(dead[0]))
            continue
        if game.hint_tokens:
            other = (game.current_player + 1) % game.players
            game.apply(RankHint(other, game.hand(other)[0].card.rank))
            continue
        game.apply(Discard(0))
    return game


def write(name: str, game: Game) -> None:
    record = to_hanab_live(game, names=["Alice", "Bob", "Cleo", "Dan", "Eve"][: game.players])
    (HERE / name).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(name, game.end, game.score, game.top_ranks(), game.turn, game.error_tokens)


def main() -> None:
    # seed 000's end example: white 4, red 5, blue 3, yellow 5, green 2 = 19
    needed = "W1 W2 W3 W4 R1  R2 R3 R4 R5 B1  B2 B3 Y1 Y2 Y3 Y4 Y5 G1 G2"
    game = Game.from_deck(CLASSIC, 2, stacked(CLASSIC, cards(needed)))
    write("seed000-end-example.json", scripted(game, (4, 5, 3, 5, 2)))

    # the third error token placed during the final round
    game = Game.from_deck(CLASSIC, 3, stacked(CLASSIC, cards(needed)))
    write("strikeout-in-final-round.json", scripted(game, (5, 5, 5, 5, 5), misplays=3))

    # every suit complete: the game ends at once, with all hint tokens in
    order = " ".join(f"{s}{r}" for s in "WRBYG" for r in range(1, 6))
    game = Game.from_deck(CLASSIC, 2, stacked(CLASSIC, cards(order)))
    write("perfect.json", scripted(game, (5, 5, 5, 5, 5)))

    # hand-written action lists on the same deck (player 0: white 1-5, player 1: red 1-5)
    deck = to_hanab_live(game)["deck"]
    hints = [{"type": 3, "target": 1 - i % 2, "value": 1} for i in range(9)]
    raw = {
        "no-hint-tokens.json": hints,  # action 8: the ninth hint, no token left
        "discard-at-max-hints.json": [{"type": 1, "target": 0, "value": 0}],
        "empty-colour-hint.json": [{"type": 2, "target": 1, "value": 0}],  # white, to red 1-5
        "card-of-another-hand.json": [{"type": 0, "target": 7, "value": 0}],
    }
    for name, actions in raw.items():
        record = {"players": ["Alice", "Bob"], "deck": deck, "actions": actions}
        (HERE / name).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(name)

    # unfinished: stopped after 12 actions
    game = Game.deal(CLASSIC, 4, seed=2026)
    write("in-progress.json", scripted(game, (5, 5, 5, 5, 5), stop=12))


if __name__ == "__main__":
    main()
