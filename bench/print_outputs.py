"""Print-kit outputs benchmark: kit time (full and low ink), images, the print page, ink.

Run from the project root:  .venv/bin/python bench/print_outputs.py [--runs N]

1. `deckforge print interfaith-festival` and the same with `--ink low`, each a
   new process (as a teacher runs it): wall and CPU, median of N. Target: within
   1.2x of the kit time before issue 14 (0.46-0.52 s).
2. `deckforge images interfaith-festival` (25 face PNGs at 300 dpi, the back,
   a 10 x 6 Tabletop Simulator sheet and its hidden card), a new process each
   run. Target: under 5 s.
3. The referee's "Print a deck" page: one ZIP of the whole kit through the Flask
   test client, first request (builds the kit) and a repeat (served from the
   page's cache of recent kits).
4. Ink: mean darkness (1 - mean lightness of the pages rendered in grey at
   36 dpi) of the low-ink files against the full-colour ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from print import summary, timed  # bench/print.py


def darkness(pdf: bytes, dpi: int = 36) -> tuple[float, int]:
    """Mean darkness of the pages and their number."""
    import pypdfium2 as pdfium

    values = []
    document = pdfium.PdfDocument(pdf)
    for page in document:
        histogram = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L").histogram()
        values.append(1 - sum(i * n for i, n in enumerate(histogram)) / sum(histogram) / 255)
    return sum(values) / len(values), len(values)


def ink_figures() -> None:
    from deckforge.printing.kit import Ink, KitOptions, build_kit
    from deckforge.theme.loader import load_theme

    theme = load_theme("interfaith-festival")
    full = build_kit(theme, KitOptions())
    low = build_kit(theme, KitOptions(ink=Ink.LOW))
    print("ink, low / full mean darkness (36 dpi):")
    totals = [0.0, 0.0]
    for name in full:
        (a, pages), (b, _) = darkness(full[name]), darkness(low[name])
        totals[0] += a * pages
        totals[1] += b * pages
        print(f"  {name:18s} {a:.3f} -> {b:.3f}  ({b / a:.0%})")
    print(f"  whole kit (page-weighted): {totals[1] / totals[0]:.0%}")


def page_figures(runs: int) -> None:
    from deckforge.web import create_app

    with tempfile.TemporaryDirectory() as temp:
        app = create_app({"TESTING": True, "DATABASE": str(Path(temp) / "db.sqlite3")})
        client = app.test_client()
        firsts, repeats = [], []
        for run in range(runs):
            query = f"/print/download?theme=interfaith-festival&offset_x={run / 10}&file=kit.zip"
            start = time.perf_counter()
            assert client.get(query).status_code == 200
            firsts.append(time.perf_counter() - start)
            start = time.perf_counter()
            response = client.get(query.replace("kit.zip", "cards.pdf"))
            assert response.status_code == 200
            repeats.append(time.perf_counter() - start)
    print(
        f"print page, kit.zip: first request median {statistics.median(firsts):.2f} s; "
        f"a file of the same kit again: median {statistics.median(repeats) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        for label, extra in (("full colour", []), ("--ink low", ["--ink", "low"])):
            walls, cpus = timed(
                [
                    sys.executable,
                    "-m",
                    "deckforge",
                    "print",
                    "interfaith-festival",
                    "-o",
                    str(Path(temp) / "kit"),
                    *extra,
                ],
                args.runs,
            )
            print(f"kit, {label}, whole process: {summary(walls, cpus)}")
        images = Path(temp) / "images"
        walls, cpus = timed(
            [sys.executable, "-m", "deckforge", "images", "interfaith-festival", "-o", str(images)],
            args.runs,
        )
        size = sum(p.stat().st_size for p in images.iterdir()) / 1024
        print(
            f"images, whole process: {summary(walls, cpus)}; "
            f"{len(list(images.iterdir()))} PNG files, {size:.0f} KB"
        )
    page_figures(args.runs)
    ink_figures()


if __name__ == "__main__":
    main()
