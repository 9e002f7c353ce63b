"""The game's curve as SVG, drawn on the server: score above, tokens below.

Made for the projector: thick lines on its dark ground, every colour at AAA
contrast (7:1, ``colours.on_dark``), a dash pattern per line so that colour is
never the only cue, labels written at the end of each line instead of a legend,
and big type. The caller passes the points it may show (at step k of a replay:
steps 0 to k only, so the chart never runs ahead of the table) and the words in
the page's language; the SVG's ``<title>`` and ``<desc>`` are its text
alternative, and the page gives the figures as a table too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from deckforge.referee.colours import PROJECTOR_GROUND, on_dark
from deckforge.rules.debrief import Point

WIDTH, HEIGHT = 1200, 640
LEFT, RIGHT = 76, 350  # room for the axis figures and for the lines' labels
TOP_PANEL = (40, 330)  # y of the score panel's top and bottom
BOTTOM_PANEL = (400, 580)  # the tokens' panel
FONT = 34  # about 30 px on a 1920-pixel projector: read from the back of a classroom
AXIS_INK = "#c8ccd6"  # 10:1 on the projector's ground
GRID_INK = "#3a4050"  # faint guides, not information


@dataclass(frozen=True, slots=True)
class ChartWords:
    """The chart's words, in the page's language."""

    title: str
    description: str  # the text alternative: what the curve says, in a sentence or two
    score: str
    best: str  # the best score still possible
    hints: str
    errors: str
    steps: str  # the horizontal axis


@dataclass(frozen=True, slots=True)
class _Line:
    values: tuple[int, ...]
    top: int  # the panel's highest value
    panel: tuple[int, int]
    colour: str
    dash: str  # "" for a solid line
    label: str


def game_chart(
    points: Sequence[Point],
    words: ChartWords,
    *,
    max_score: int,
    max_hints: int,
    max_errors: int,
    hint_colour: str,
    error_colour: str,
) -> Markup:
    """The SVG of ``points`` (at least one: step 0), ready to put in a page."""
    tokens_top = max(max_hints, max_errors, 1)
    lines = (
        _Line(tuple(p.max_reachable for p in points), max_score, TOP_PANEL, "#b4bccb", "4 14",
              words.best),
        _Line(tuple(p.score for p in points), max_score, TOP_PANEL, "#ffffff", "", words.score),
        _Line(tuple(p.hint_tokens for p in points), tokens_top, BOTTOM_PANEL, on_dark(hint_colour),
              "", words.hints),
        _Line(tuple(p.error_tokens for p in points), tokens_top, BOTTOM_PANEL,
              on_dark(error_colour), "22 12", words.errors),
    )  # fmt: skip
    last_step = max(points[-1].step, 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        ' aria-labelledby="chart-title chart-desc" class="game-chart" direction="ltr">',
        f'<title id="chart-title">{escape(words.title)}</title>',
        f'<desc id="chart-desc">{escape(words.description)}</desc>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PROJECTOR_GROUND}"/>',
        *_panel_axes(TOP_PANEL, max_score),
        *_panel_axes(BOTTOM_PANEL, tokens_top),
        _text(LEFT, HEIGHT - 8, f"{words.steps} 0–{points[-1].step}", "start", AXIS_INK),
    ]
    steps = [p.step for p in points]
    for line in lines:
        parts.extend(_draw(line, steps, last_step))
    parts.extend(_labels(lines))
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_words_description(points: Sequence[Point], template: str) -> str:
    """``template`` filled with the last point's figures ({step}, {score}, {best},
    {hints}, {errors}): the chart's sentence for a screen reader."""
    last = points[-1]
    return template.format(
        step=last.step,
        score=last.score,
        best=last.max_reachable,
        hints=last.hint_tokens,
        errors=last.error_tokens,
    )


def _x(step: int, last_step: int) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * step / last_step


def _y(value: int, top: int, panel: tuple[int, int]) -> float:
    high, low = panel
    share = 0.0 if top <= 0 else max(0.0, min(1.0, value / top))
    return low - (low - high) * share


def _panel_axes(panel: tuple[int, int], top: int) -> list[str]:
    high, low = panel
    right = WIDTH - RIGHT
    return [
        f'<line x1="{LEFT}" y1="{high}" x2="{right}" y2="{high}" stroke="{GRID_INK}"'
        ' stroke-width="2"/>',
        f'<line x1="{LEFT}" y1="{low}" x2="{right}" y2="{low}" stroke="{AXIS_INK}"'
        ' stroke-width="3"/>',
        _text(LEFT - 12, high + 10, str(top), "end", AXIS_INK),
        _text(LEFT - 12, low + 10, "0", "end", AXIS_INK),
    ]


def _draw(line: _Line, steps: list[int], last_step: int) -> list[str]:
    coords = " ".join(
        f"{_x(step, last_step):.1f},{_y(value, line.top, line.panel):.1f}"
        for step, value in zip(steps, line.values, strict=True)
    )
    dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
    end_x = _x(steps[-1], last_step)
    end_y = _y(line.values[-1], line.top, line.panel)
    return [
        f'<polyline points="{coords}" fill="none" stroke="{line.colour}" stroke-width="7"'
        f' stroke-linejoin="round" stroke-linecap="round"{dash}/>',
        f'<circle cx="{end_x:.1f}" cy="{end_y:.1f}" r="9" fill="{line.colour}"/>',
    ]


def _labels(lines: Sequence[_Line]) -> list[str]:
    """Each line's name and last value beside its end, pushed apart where they meet."""
    placed: list[tuple[float, _Line]] = sorted(
        ((_y(line.values[-1], line.top, line.panel) + 10, line) for line in lines),
        key=lambda pair: pair[0],
    )
    texts = []
    previous = -1e9
    for y, line in placed:
        y = max(y, previous + FONT + 6)
        previous = y
        texts.append(
            _text(WIDTH - RIGHT + 16, y, f"{line.label} {line.values[-1]}", "start", line.colour)
        )
    return texts


def _text(x: float, y: float, text: str, anchor: str, colour: str) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{FONT}" font-weight="bold"'
        f' text-anchor="{anchor}" fill="{colour}">{escape(text)}</text>'
    )
