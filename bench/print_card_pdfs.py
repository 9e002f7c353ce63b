"""The three card PDFs of a kit (cards, fronts, backs): this checkout against another.

Run from the project root:

    .venv/bin/python bench/print_card_pdfs.py --against /path/to/other/checkout --rounds 8

Each round runs, one after the other (order alternating between rounds), a child
process with this checkout's ``deckforge`` and one with the other checkout's
(``PYTHONPATH``); each child loads the theme and its faces, draws the three card
PDFs once to warm up, then ``--repeats`` times, and prints the median CPU time of
drawing them (the ``CardSheets`` and its three renders, as ``build_kit`` does).
The figure is the median over the rounds of the ratio within a round. The load
average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def three_card_pdfs_seconds(theme_name: str, repeats: int) -> float:
    """In this process: median CPU seconds to draw cards.pdf, cards-fronts.pdf and
    cards-backs.pdf of ``theme_name`` (faces already fitted)."""
    from deckforge.printing.cards import CardSheets, back_face, deck_order
    from deckforge.printing.geometry import PAPERS, Duplex, SheetLayout, parse_card_size
    from deckforge.printing.kit import deck_faces
    from deckforge.printing.pdf import PrintCanvas
    from deckforge.theme.loader import load_theme

    theme = load_theme(theme_name)
    card = parse_card_size(theme.print_style.card)
    layout = SheetLayout(paper=PAPERS["a4"], card=card)
    fonts, words, faces = deck_faces(theme, card)
    deck = deck_order(theme.suits)

    def draw() -> None:
        sheets = CardSheets(faces, back_face(theme), fonts, card, 0.0, words)
        paper = layout.paper
        sheets.render(PrintCanvas(paper, "cards", Duplex.LONG), layout, deck, True, True)
        sheets.render(PrintCanvas(paper, "fronts", None), layout, deck, True, False)
        sheets.render(PrintCanvas(paper, "backs", None), layout, deck, False, True)

    draw()
    times = []
    for _ in range(repeats):
        start = time.process_time()
        draw()
        times.append(time.process_time() - start)
    return statistics.median(times)


def child(checkout: Path, theme: str, repeats: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, __file__, "--measure", theme, "--repeats", str(repeats)]
    return float(subprocess.run(command, env=env, check=True, capture_output=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="the other checkout (the anchor)")
    parser.add_argument("--theme", default="interfaith-festival")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(three_card_pdfs_seconds(args.measure, args.repeats))
        return
    if args.against is None:
        parser.error("--against CHECKOUT is needed")
    print(f"load average before: {os.getloadavg()}")
    ours, theirs, ratios = [], [], []
    for round_ in range(args.rounds):
        sides = [HERE, args.against] if round_ % 2 == 0 else [args.against, HERE]
        got = {side: child(side, args.theme, args.repeats) for side in sides}
        ours.append(got[HERE])
        theirs.append(got[args.against])
        ratios.append(got[HERE] / got[args.against])
    print(f"load average after: {os.getloadavg()}")
    print(f"{args.theme}: three card PDFs, CPU median of {args.repeats} per round")
    print(f"  this checkout: {statistics.median(ours) * 1000:.1f} ms")
    print(f"  {args.against}: {statistics.median(theirs) * 1000:.1f} ms")
    print(
        f"  ratio: {statistics.median(ratios):.3f} "
        f"({min(ratios):.3f}-{max(ratios):.3f}, {args.rounds} rounds)"
    )


if __name__ == "__main__":
    main()
