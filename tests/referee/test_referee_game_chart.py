"""The game's curve as SVG: only the steps it is given, AAA colours, a text alternative."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise

from deckforge.contrast import AAA_TEXT, contrast
from deckforge.referee.colours import PROJECTOR_GROUND
from deckforge.referee.game_chart import (
    FONT,
    RIGHT,
    WIDTH,
    ChartWords,
    chart_words_description,
    game_chart,
)
from deckforge.rules import Game
from deckforge.rules.debrief import Point, debrief
from deckforge.theme.loader import load_theme

SVG = "{http://www.w3.org/2000/svg}"
LABEL_X = WIDTH - RIGHT + 16
WORDS = ChartWords(
    title="The game, step by step",
    description="After step {step}: score {score}, best possible {best}.",
    score="Score",
    best="Best possible",
    hints="Sparks <8>",
    errors="Storms",
    steps="Steps",
)


def chart(points, **colours):
    options = {"hint_colour": "#2b6cb0", "error_colour": "#c53030", **colours}
    return game_chart(points, WORDS, max_score=25, max_hints=8, max_errors=3, **options)


def bot_points():
    theme = load_theme("hanabi-classic")
    game = Game.deal(theme, 3, 5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return debrief(theme, 3, game.deck, game.history).points


def test_the_chart_is_well_formed_svg_with_a_title_and_a_description():
    svg = ET.fromstring(str(chart(bot_points())))
    assert svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == WORDS.title
    assert svg.find(f"{SVG}desc").text == WORDS.description
    assert svg.get("aria-labelledby") == "chart-title chart-desc"


def test_the_words_are_escaped():
    assert "Sparks &lt;8&gt;" in chart(bot_points())


def test_each_line_has_as_many_points_as_steps_given_and_no_more():
    points = bot_points()
    for shown in (1, 5, len(points)):
        svg = ET.fromstring(str(chart(points[:shown])))
        lines = svg.findall(f"{SVG}polyline")
        assert len(lines) == 4
        for line in lines:
            assert len(line.get("points").split()) == shown


def test_a_later_step_changes_nothing_drawn_before_it_is_given():
    points = bot_points()
    assert chart(points[:6]) == chart(points[:6])
    assert chart(points[:6]) != chart(points[:7])


def test_every_line_and_label_reads_at_aaa_contrast_on_the_projector_ground():
    # a pale yellow hint token and a dark red error token are both lifted to 7:1
    svg = str(chart(bot_points(), hint_colour="#f2c94c", error_colour="#5a0000"))
    colours = set(re.findall(r'(?:stroke|fill)="(#[0-9a-f]{6})"', svg))
    colours.discard(PROJECTOR_GROUND)
    colours.discard("#3a4050")  # the faint grid guides carry no information
    assert colours and all(contrast(c, PROJECTOR_GROUND) >= AAA_TEXT for c in colours)


def test_lines_differ_by_dash_pattern_not_only_by_colour():
    svg = ET.fromstring(str(chart(bot_points())))
    dashes = [line.get("stroke-dasharray") for line in svg.findall(f"{SVG}polyline")]
    assert len(set(dashes)) >= 3


def test_labels_that_end_at_the_same_height_are_pushed_apart():
    flat = [Point(step, 0, 0, 0, 0) for step in range(3)]
    svg = ET.fromstring(str(chart(flat)))
    ys = sorted(
        float(t.get("y")) for t in svg.findall(f"{SVG}text") if t.get("x") == f"{LABEL_X:.1f}"
    )
    assert len(ys) == 4 and all(b - a >= FONT for a, b in pairwise(ys))


def test_the_description_is_filled_from_the_last_point_shown():
    points = [Point(0, 0, 8, 0, 25), Point(1, 1, 8, 0, 25), Point(2, 1, 7, 1, 24)]
    text = chart_words_description(points[:2], "After step {step}: {score}/{best}, {errors}")
    assert text == "After step 1: 1/25, 0"
