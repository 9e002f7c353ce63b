"""Simulations from the studio: each browser its own runs, several at once (bounded, then
in line), an estimate before, a cancel button, and a verdict for a class."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from studio_helpers import FESTIVAL, Studio, studio_app

from deckforge.rules.game import End
from deckforge.rules.simulation import GameResult, Summary
from deckforge.studio.simulations import verdict
from deckforge.theme.loader import load_theme

HANABI = load_theme("hanabi-classic")
pytestmark = pytest.mark.server  # the runs play in worker processes


def _text(counts: str = "[2, 3]") -> str:
    text = Path(HANABI.path or "").read_text("utf-8")
    return text.replace("counts: [2, 3, 4, 5]", f"counts: {counts}", 1)


def _start(studio: Studio, games: int = 10, profile: str = "class") -> dict[str, Any]:
    body = {"text": _text(), "name": "essai", "games": games, "profile": profile}
    answer = studio.post("simulate", body)
    assert answer.status_code == 200, answer.get_json()
    started: dict[str, Any] = answer.get_json()
    return started


def _finish(studio: Studio, status: str, seen: list[dict[str, Any]] | None = None) -> Any:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        run = studio.get(status).get_json()
        if seen is not None:
            seen.append(run)
        if run["finished"]:
            return run
        time.sleep(0.05)
    raise AssertionError("the simulation did not finish")


def test_two_browsers_simulate_at_once_and_each_sees_its_own_run(folder: Path) -> None:
    app = studio_app(folder, STUDIO_SIMULATION_WORKERS=1)  # one process: the second waits
    first, second = Studio(app.test_client()), Studio(app.test_client())
    one = _start(first, games=30)
    two = _start(second, games=10, profile="experts")
    # another browser's run is not found, nor cancelled
    assert second.get(one["status"]).status_code == 404
    assert second.post(one["cancel"].removeprefix("/studio/api/"), {}).status_code == 404
    seen: list[dict[str, Any]] = []
    finished_two = _finish(second, two["status"], seen)
    finished_one = _finish(first, one["status"])
    assert any(run["waiting"] == 1 for run in seen)  # in line behind the first teacher's
    assert finished_one["error"] == finished_two["error"] == ""
    assert finished_one["profile"] == "class" and finished_two["profile"] == "experts"
    assert [r["games"] for r in finished_one["results"]] == [30, 30]
    assert [r["games"] for r in finished_two["results"]] == [10, 10]
    assert all(r["verdict"] in ("easy", "fair", "hard") for r in finished_one["results"])
    assert all(r["verdict"] == "" for r in finished_two["results"])  # experts: no verdict


def test_a_run_can_be_cancelled_and_a_new_one_replaces_the_browsers_last(app: Flask) -> None:
    studio = Studio(app.test_client())
    first = _start(studio, games=1000)
    second = _start(studio, games=1000)
    assert _finish(studio, first["status"])["error"] == "stopped"  # replaced
    assert studio.post(second["cancel"].removeprefix("/studio/api/"), {}).status_code == 200
    cancelled = _finish(studio, second["status"])
    assert cancelled["error"] == "stopped" and cancelled["done"] < cancelled["total"]


def test_the_estimate_comes_before_and_is_near_the_time_taken(app: Flask) -> None:
    studio = Studio(app.test_client())
    body = {"text": _text(), "name": "essai", "games": 40, "profile": "class"}
    estimate = studio.post("simulate/estimate", body).get_json()
    assert estimate["play"] > 0 and estimate["wait"] == 0
    double = studio.post("simulate/estimate", body | {"games": 80}).get_json()
    assert (
        double["play"] == round(estimate["play"] * 2, 1)
        or abs(double["play"] - 2 * estimate["play"]) <= 0.2
    )
    _finish(studio, _start(studio, games=10)["status"])  # the worker process is started
    began = time.monotonic()
    _finish(studio, _start(studio, games=40)["status"])
    taken = time.monotonic() - began
    # one game per player count, timed here, against 80 played in the worker process:
    # the same order of magnitude, whatever else the machine is doing
    assert taken / 10 <= estimate["play"] <= taken * 10, (estimate, taken)


def test_a_bad_profile_is_refused(studio: Studio) -> None:
    answer = studio.post("simulate", {"text": _text(), "name": "x", "profile": "pros"})
    assert answer.status_code == 400 and "profile" in answer.get_json()["error"]


def _summary(scores: list[int]) -> Summary:
    results = tuple(GameResult(i, score, End.DECK, 1) for i, score in enumerate(scores))
    return Summary("x", 2, "beginner", 0, 25, results)


def test_the_verdict_is_the_share_of_the_best_score_a_class_reaches() -> None:
    assert verdict(_summary([15, 16])) == "easy"  # 62 %
    assert verdict(_summary([10, 12])) == "fair"  # 44 %
    assert verdict(_summary([5, 9])) == "hard"  # 28 %


def test_festival_for_a_class_is_told_in_words(studio: Studio) -> None:
    body = {"text": FESTIVAL.read_text("utf-8"), "name": "essai", "games": 20}
    started = studio.post("simulate", body).get_json()
    run = _finish(studio, started["status"])
    assert [r["players"] for r in run["results"]] == [4, 5]
    assert all(r["verdict"] in ("fair", "easy") for r in run["results"]), run["results"]
