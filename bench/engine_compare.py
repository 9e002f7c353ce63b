"""Engine speed against an older ``game.py``, in one process: is a change slower?

    git show REV:deckforge/rules/game.py > /tmp/game_before.py
    .venv/bin/python bench/engine_compare.py /tmp/game_before.py [--theme NAME]
        [--policy uniform|steady] [--apply-only]

Records 200 games once (the policies of bench/engine.py), then replays them with
both engines in turn, 25 rounds, and keeps each engine's best round (CPU time):
both run in the same interpreter, interleaved, so the load of a shared machine
shifts them alike. Replaying asks ``legal_actions()`` before each ``apply()``,
as bench/engine.py does, unless ``--apply-only``. The older file must import
only modules that still exist (``deckforge.rules.actions``, ``cards`` ...).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from deckforge.rules import Play
from deckforge.rules import game as current
from deckforge.theme.loader import load_theme


def load_engine(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("deckforge_game_before", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def record(theme: Any, policy: str, games: int) -> list[tuple[int, int, tuple[Any, ...]]]:
    """(players, seed, actions) of ``games`` games played with the current engine."""
    found = []
    counts = theme.players.counts
    for seed in range(games):
        rng = random.Random(seed)
        game = current.Game.deal(theme, counts[seed % len(counts)], seed)
        while game.end is None:
            legal = game.legal_actions()
            move = None
            if policy == "steady":
                for slot, held in enumerate(game.hand(game.current_player)):
                    if held.card is not None and game.is_playable(held.card):
                        move = Play(slot)
                        break
                if move is None:
                    move = rng.choice([a for a in legal if not isinstance(a, Play)] or legal)
            else:
                move = rng.choice(legal)
            game.apply(move)
        found.append((game.players, seed, game.history))
    return found


def replay_time(engine: ModuleType, theme: Any, games: list, legal: bool) -> float:
    start = time.process_time()
    for players, seed, actions in games:
        game = engine.Game.deal(theme, players, seed)
        for action in actions:
            if legal:
                game.legal_actions()
            game.apply(action)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path, help="the older deckforge/rules/game.py")
    parser.add_argument("--theme", default="hanabi-classic")
    parser.add_argument("--policy", choices=["uniform", "steady"], default="uniform")
    parser.add_argument("--apply-only", action="store_true")
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    theme = load_theme(args.theme)
    before = load_engine(args.baseline)
    games = record(theme, args.policy, 200)
    actions = sum(len(history) for _, _, history in games)
    best = {"before": float("inf"), "now": float("inf")}
    for _ in range(args.rounds):
        for name, engine in (("before", before), ("now", current)):
            seconds = replay_time(engine, theme, games, not args.apply_only)
            best[name] = min(best[name], seconds)
    print(
        f"{args.theme} {args.policy}{' apply only' if args.apply_only else ''}: "
        f"before {actions / best['before']:,.0f}, now {actions / best['now']:,.0f} actions per "
        f"CPU second (best of {args.rounds}); now/before {best['before'] / best['now']:.3f}"
    )


if __name__ == "__main__":
    main()
