"""The engine against DeepMind's Hanabi Learning Environment (HLE), side by side.

    .venv/bin/python bench/engine_hle.py HLE [--games N] [--runs R] [--build DIR]

``HLE`` is a clone of github.com/deepmind/hanabi-learning-environment (its
work tree, or its ``.git`` directory: the sources are then taken from HEAD
with ``git archive``). The bench copies HLE's C++ game library into a
temporary folder, compiles it there with HLE's own flags (``g++ -O2``) with a
small driver written below, and removes the folder at the end (``--build DIR``
keeps the build in DIR and reuses it). Nothing of HLE enters the project.

Both engines play the same kind of games: uniformly random legal actions
until the game ends, player counts cycling 2, 3, 4, 5 (hand sizes 5, 5, 4, 4),
dealing included. HLE's rules forbid hints that touch no card and discards
with every hint token in, so our side plays hanabi-classic with those two
switches set the same way (the interfaith deck's rules), and plain
hanabi-classic too (empty hints allowed). The driver counts player actions,
not HLE's chance moves (its deals). Each side deals every game from one
generator seeded once: HLE's games draw their cards from their ``HanabiGame``'s
one ``mt19937``, ours are ``Game.shuffled`` from one ``random.Random``
(``--seed-each-game`` seeds a generator per game on our side, as
``Game.deal(theme, players, seed)`` does: about 5 us a game that HLE's side
does not spend). Rounds alternate C++ and Python, so the
load of a shared machine falls on both alike; speeds are in actions per
second of CPU time (``std::clock`` and ``time.process_time``), and the ratio
to HLE is taken within each round (the median of the rounds is the figure;
the ratio of the best rounds is printed too).
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from engine import play_games  # bench/engine.py

from deckforge.theme.loader import load_theme
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints, Theme

LIBRARY = "hanabi_learning_environment/hanabi_lib"

DRIVER = r"""
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "hanabi_game.h"
#include "hanabi_state.h"

namespace hle = hanabi_learning_env;

int main(int argc, char** argv) {
  int games = std::atoi(argv[1]);
  std::vector<hle::HanabiGame*> tables;
  for (int players = 2; players <= 5; ++players) {
    std::unordered_map<std::string, std::string> params = {
        {"players", std::to_string(players)},
        {"random_start_player", "false"},
        {"seed", "1"}};
    tables.push_back(new hle::HanabiGame(params));
  }
  std::mt19937 rng(1);
  long actions = 0, score = 0;
  std::clock_t start = std::clock();
  for (int game = 0; game < games; ++game) {
    hle::HanabiState state(tables[game % 4]);
    while (!state.IsTerminal()) {
      if (state.CurPlayer() == hle::kChancePlayerId) {
        state.ApplyRandomChance();
        continue;
      }
      auto legal = state.LegalMoves(state.CurPlayer());
      std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
      state.ApplyMove(legal[pick(rng)]);
      ++actions;
    }
    score += state.Score();
  }
  double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  std::printf("%ld %.6f %.4f\n", actions, seconds, double(score) / games);
  return 0;
}
"""


def hle_sources(hle: Path, into: Path) -> Path:
    """Copy HLE's game library into ``into``; return the folder with its sources."""
    if (hle / LIBRARY).is_dir():
        shutil.copytree(hle / LIBRARY, into / "hanabi_lib")
        return into / "hanabi_lib"
    archive = subprocess.run(
        ["git", f"--git-dir={hle}", "archive", "--format=tar", "HEAD", LIBRARY],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / LIBRARY


def build_driver(hle: Path, folder: Path) -> Path:
    """Compile HLE's library and the driver in ``folder`` (once); the executable."""
    program = folder / "hle_random_games"
    if program.exists():
        return program
    sources = hle_sources(hle, folder)
    (folder / "driver.cc").write_text(DRIVER)
    files = [*sorted(str(path) for path in sources.glob("*.cc")), str(folder / "driver.cc")]
    subprocess.run(
        ["g++", "-O2", "-std=c++11", f"-I{sources}", *files, "-o", str(program)], check=True
    )
    return program


def run_hle(program: Path, games: int) -> tuple[int, float, float]:
    """(actions, CPU seconds, mean score) of ``games`` random HLE games."""
    out = subprocess.run([str(program), str(games)], check=True, capture_output=True, text=True)
    actions, seconds, score = out.stdout.split()
    return int(actions), float(seconds), float(score)


def hle_rules(theme: Theme) -> Theme:
    """``theme`` with HLE's switches: no empty hints, no discard with every token in."""
    rules = dataclasses.replace(
        theme.rules,
        empty_hints=EmptyHints.FORBIDDEN,
        discard_at_max_hints=DiscardAtMaxHints.FORBIDDEN,
    )
    return dataclasses.replace(theme, id=f"{theme.id}-hle-rules", rules=rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hle", type=Path, help="HLE's work tree or its .git directory")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--build", type=Path, help="build (and keep) HLE here")
    parser.add_argument(
        "--seed-each-game",
        action="store_true",
        help="our side seeds a generator for each game's deal (Game.deal) instead of one",
    )
    args = parser.parse_args()
    classic = load_theme("hanabi-classic")
    themes = {"hle rules": hle_rules(classic), "classic rules": classic}
    folder = args.build or Path(tempfile.mkdtemp(prefix="deckforge-hle-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        program = build_driver(args.hle.resolve(), folder)
        rates: dict[str, list[float]] = {"hle": [], **{name: [] for name in themes}}
        notes: dict[str, str] = {}
        for _ in range(args.runs):
            actions, seconds, score = run_hle(program, args.games)
            rates["hle"].append(actions / seconds)
            notes["hle"] = f"{actions / args.games:.1f} actions a game, mean score {score:.2f}"
            for name, theme in themes.items():
                actions, cpu, _, score = play_games(
                    theme, args.games, "uniform", (2, 3, 4, 5), not args.seed_each_game
                )
                rates[name].append(actions / cpu)
                notes[name] = f"{actions / args.games:.1f} actions a game, mean score {score:.2f}"
    finally:
        if args.build is None:
            shutil.rmtree(folder, ignore_errors=True)
    with open("/proc/loadavg") as load:
        loadavg = load.read().split()[:3]
    print(
        f"{args.games} uniform random games per round, players 2-5, {args.runs} rounds, "
        f"deals {'seeded per game' if args.seed_each_game else 'from one generator'}; "
        f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}, "
        f"Python {sys.version.split()[0]}; load average {' '.join(loadavg)}"
    )
    anchor = rates["hle"]
    for name, found in rates.items():
        label = "HLE C++ (g++ -O2)" if name == "hle" else f"deckforge, {name}"
        ratios = [rate / hle for rate, hle in zip(found, anchor, strict=True)]
        print(
            f"  {label:<28} median {statistics.median(found):>9,.0f}, best {max(found):>9,.0f} "
            f"actions per CPU second; {statistics.median(ratios):.3f}x HLE (median of the "
            f"rounds' ratios, {min(ratios):.3f}-{max(ratios):.3f}; best/best "
            f"{max(found) / max(anchor):.3f}); {notes[name]}"
        )


if __name__ == "__main__":
    main()
