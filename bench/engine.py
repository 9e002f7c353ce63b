"""Engine speed: random legal self-play, in actions per second on one core.

    .venv/bin/python bench/engine.py [--games N] [--theme NAME] [--policy uniform|steady]

``uniform`` picks a uniformly random legal action each turn (``legal_actions()``
then ``apply()``, every rule checked); such games usually end early on the last
error token. ``steady`` plays a playable card when it holds one (it peeks: this
measures the engine, not a bot), else a random legal hint or discard, so games
run to the end of the deck and through the final round. The time includes
dealing (shuffle) and every check; the policy draws from one random generator
for the whole run; the figure is the median of three runs,
in actions per second of CPU time (``time.process_time``, so that other work on
the machine does not distort it) and of wall-clock time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from deckforge.rules import Action, Game, Play
from deckforge.theme.loader import load_theme
from deckforge.theme.model import Theme


def self_play(theme_name: str, games: int, policy: str) -> tuple[int, float, float, float]:
    """Play ``games`` games; return (actions applied, CPU seconds, wall seconds, mean score)."""
    theme = load_theme(theme_name)
    return play_games(theme, games, policy, theme.players.counts)


def play_games(
    theme: Theme, games: int, policy: str, counts: Sequence[int], one_deal_generator: bool = False
) -> tuple[int, float, float, float]:
    """``self_play`` of a theme already loaded, with the player counts ``counts``. Game
    ``i`` is ``Game.deal(theme, players, i)`` (a generator seeded for each game), or
    with ``one_deal_generator`` every deal comes from one generator seeded once for the
    run (``Game.shuffled``), as HLE's games deal from their game's one generator."""
    actions = 0
    total_score = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    choice = random.Random(0).choice  # one generator for the run, as HLE's driver has
    deals = random.Random(1) if one_deal_generator else None
    for seed in range(games):
        players = counts[seed % len(counts)]
        if deals is None:
            game = Game.deal(theme, players, seed)
        else:
            game = Game.shuffled(theme, players, deals)
        if policy == "steady":
            actions += _play_steady(game, choice)
        else:  # uniform: the driver's loop as bare as HLE's (no branch, methods bound once)
            legal_actions, apply = game.legal_actions, game.apply
            while game.end is None:
                apply(choice(legal_actions()))
            actions += game.turn
        total_score += game.score or 0
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - start
    return actions, cpu, wall, total_score / games


def _play_steady(game: Game, choice: Callable[[list[Action]], Action]) -> int:
    """Play ``game`` to its end with the steady policy; the actions taken."""
    while game.end is None:
        legal = game.legal_actions()
        move: Action | None = None
        for slot, held in enumerate(game.hand(game.current_player)):
            if game.is_playable(held.card):  # type: ignore[arg-type]
                move = Play(slot)
                break
        if move is None:
            safe = [a for a in legal if not isinstance(a, Play)]
            move = choice(safe or legal)
        elif not game.is_legal(move):
            move = choice(legal)
        game.apply(move)
    return game.turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--theme", default="hanabi-classic")
    parser.add_argument("--policy", choices=["uniform", "steady"], default="uniform")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cpu_rates, wall_rates = [], []
    for _ in range(args.runs):
        actions, cpu, wall, mean_score = self_play(args.theme, args.games, args.policy)
        cpu_rates.append(actions / cpu)
        wall_rates.append(actions / wall)
    print(
        f"{args.theme} {args.policy}: {args.games} games, {actions} actions "
        f"({actions / args.games:.1f} per game, mean score {mean_score:.2f}); median over "
        f"{args.runs} runs: {statistics.median(cpu_rates):,.0f} actions per CPU second "
        f"(min {min(cpu_rates):,.0f}), {statistics.median(wall_rates):,.0f} per wall second"
    )


if __name__ == "__main__":
    main()
