"""Print-kit benchmark: whole-process time and file sizes.

Run from the project root:  .venv/bin/python bench/print.py [--runs N]

1. `python -m deckforge print interfaith-festival -o TMP` as a separate process
   (interpreter start, imports, loading and checking the theme, every PDF of
   the kit, writing them): median and best of N runs; target under 1 s, with
   cards.pdf under 300 KB.
2. Synthetic decks of 250, 500 and 1,000 cards: 10 suits of 9 ranks, every
   (suit, rank) with its own title and text (90 faces to draw, as many
   copies as the size needs, as in a real deck). The theme format caps a deck at 900
   cards (10 suits, 9 ranks, 10 copies), so these decks are built as models
   in a child process (`bench/print.py --synthetic N OUT`), which then builds
   and writes the whole kit exactly as `deckforge print` does; timed as a
   whole process too. Target: 1,000 cards under 3 s, growing linearly.
3. The bundled right-to-left kits, arabic-words and hebrew-words, whole
   process: what the bidi algorithm and HarfBuzz shaping cost (a Latin kit
   never calls them).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckforge.theme.model import Theme

ROOT = Path(__file__).resolve().parent.parent
SYMBOLS = "♥◆★♣♠●▲■✿☀"
COLOURS = [
    "#e53e3e",
    "#3182ce",
    "#ecc94b",
    "#38a169",
    "#805ad5",
    "#dd6b20",
    "#319795",
    "#d53f8c",
    "#718096",
    "#2c5282",
]


def synthetic_theme(cards: int) -> Theme:
    """A ``cards``-card deck as a model: 10 suits of 9 ranks, copies spread evenly."""
    import dataclasses

    from deckforge.theme.loader import load_theme
    from deckforge.theme.model import CardText, Suit

    base = load_theme("hanabi-classic")
    per_suit = cards // 10
    copies = tuple(per_suit // 9 + (1 if r < per_suit % 9 else 0) for r in range(9))
    suits = tuple(
        Suit(
            id=f"suit{s}",
            name=f"Suit {s}",
            colour=COLOURS[s],
            symbol=SYMBOLS[s],
            copies=copies,
            cards={
                r: CardText(
                    f"Card {s}-{r}",
                    f"This is card {r} of suit {s}; its text is a "
                    f"couple of lines long, like a real one.",
                )
                for r in range(1, 10)
            },
        )
        for s in range(10)
    )
    return dataclasses.replace(
        base, id=f"synthetic-{cards}", title=f"{cards} cards", suits=suits, positions={}
    )


def synthetic_kit(cards: int, out: Path) -> None:
    """Build and write the whole kit of a ``cards``-card deck, as `deckforge print` does."""
    from deckforge.printing.kit import build_kit, write_kit

    write_kit(build_kit(synthetic_theme(cards)), out)


def card_sheets_seconds(cards: int) -> float:
    """In this process: seconds to draw cards.pdf alone (fronts and backs) for ``cards``."""
    from deckforge.printing.cards import CardSheets, back_face, deck_order, front_faces
    from deckforge.printing.catalogue import catalogue
    from deckforge.printing.fonts import theme_fonts
    from deckforge.printing.geometry import SheetLayout
    from deckforge.printing.pdf import PrintCanvas

    theme = synthetic_theme(cards)
    fonts = theme_fonts("DejaVuSans-Bold", "DejaVuSans")
    words = catalogue("en")
    start = time.perf_counter()
    faces = front_faces(theme.suits, fonts, (63, 88), words)
    layout = SheetLayout()
    sheets = CardSheets(faces, back_face(theme), fonts, (63, 88), 0, words)
    sheets.render(
        PrintCanvas(layout.paper, "bench", layout.duplex),
        layout,
        deck_order(theme.suits),
        fronts=True,
        backs=True,
    )
    return time.perf_counter() - start


def timed(command: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (user + system) seconds of each run of ``command``."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def summary(walls: list[float], cpus: list[float]) -> str:
    return (
        f"wall median {statistics.median(walls):.2f} s (best {min(walls):.2f} s), "
        f"CPU median {statistics.median(cpus):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--synthetic", nargs=2, metavar=("CARDS", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.synthetic:
        synthetic_kit(int(args.synthetic[0]), Path(args.synthetic[1]))
        return
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp) / "kit"
        walls, cpus = timed(
            [sys.executable, "-m", "deckforge", "print", "interfaith-festival", "-o", str(out)],
            args.runs,
        )
        sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())}
        print(f"interfaith-festival kit, whole process, {args.runs} runs: {summary(walls, cpus)}")
        print("  " + ", ".join(f"{name} {size / 1024:.0f} KB" for name, size in sizes.items()))
        # right to left and shaped (Arabic joins its letters): the cost of bidi and HarfBuzz
        for name in ("arabic-words", "hebrew-words"):
            walls, cpus = timed(
                [sys.executable, "-m", "deckforge", "print", name, "-o", str(out / name)],
                args.runs,
            )
            print(f"{name} kit, whole process, {args.runs} runs: {summary(walls, cpus)}")
        print("synthetic decks, whole process:")
        for cards in (250, 500, 1000):
            kit = Path(temp) / f"kit-{cards}"
            walls, cpus = timed(
                [sys.executable, __file__, "--synthetic", str(cards), str(kit)],
                max(1, (args.runs + 1) // 2),
            )
            size = (kit / "cards.pdf").stat().st_size
            print(f"  {cards:5d} cards: {summary(walls, cpus)}, cards.pdf {size / 1024:.0f} KB")
    print("cards.pdf alone, in process (best of 3):")
    card_sheets_seconds(90)  # fonts loaded, code warm
    for cards in (1000, 2000, 4000):
        best = min(card_sheets_seconds(cards) for _ in range(3))
        print(f"  {cards:5d} cards: {best:.3f} s, {best / cards * 1000:.3f} ms a card")


if __name__ == "__main__":
    main()
