"""Property: whatever ``deckforge check`` accepts, ``deckforge print`` prints.

Bundled themes with their texts, sizes, pictures and fonts replaced by
hypothesis: long, unbreakable, multilingual, spaced oddly, up to the schema's
limits. A theme that check refuses proves nothing here; one it accepts must
give a whole kit and exit 0. (bench/fuzz_cli.py checks the same on mutated
themes, many more of them.)
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from deckforge.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from fuzz_inputs import (
    KIT_FILES,
    PICTURES,
    bundled_documents,
    judge,
    make_files,
)

WORDS = st.sampled_from(
    [
        "a",
        "lantern",
        "W" * 60,
        "Straßenbahn",
        "naïve",
        "fire\u00adwork",
        "«\u00a0oui\u00a0»",
        "\n",
        "  ",
        "12",
        "—",
        "x" * 200,
        "Übermäßig",
        "l'été",
    ]
)


def text(most: int) -> st.SearchStrategy[str]:
    """Words, spaces and line breaks, at most ``most`` characters (the schema's limit)."""
    return st.lists(WORDS, max_size=most // 8 + 2).map(lambda ws: " ".join(ws)[:most])


def line(most: int) -> st.SearchStrategy[str]:
    return text(most).map(lambda s: s.strip() or "x")


CARD_SIZES = st.one_of(
    st.sampled_from(["poker", "bridge", "tarot"]),
    st.tuples(st.integers(20, 200), st.integers(20, 269)).map(lambda wh: f"{wh[0]}x{wh[1]}"),
)


@st.composite
def themes(draw: st.DrawFn) -> dict[str, Any]:
    documents = bundled_documents()
    name = draw(st.sampled_from(sorted(documents)))
    data: dict[str, Any] = documents[name]
    data["id"] = "agree"
    suits = data.get("suits") or data["add_suits"]
    suit = draw(st.integers(0, len(suits) - 1))
    changes = draw(
        st.lists(
            st.sampled_from(
                ["card", "picture", "suit name", "first", "notes", "title", "size", "token"]
            ),
            min_size=1,
            max_size=4,
        )
    )
    for change in changes:
        if change == "card":
            rank = draw(st.integers(1, len(suits[suit].get("copies", [1] * 5))))
            suits[suit].setdefault("cards", {})[rank] = {
                "title": draw(text(200)),
                "text": draw(text(2000)),
            }
        elif change == "picture":
            rank = draw(st.integers(1, len(suits[suit].get("copies", [1] * 5))))
            card = suits[suit].setdefault("cards", {}).setdefault(rank, {"title": "Picture"})
            card["image"] = draw(st.sampled_from(PICTURES))
        elif change == "suit name":
            suits[suit]["name"] = draw(line(40))
        elif change == "first":
            data.setdefault("players", {})["first"] = draw(text(500))
        elif change == "notes":
            data["notes"] = draw(text(20000))
        elif change == "title":
            data["title"] = draw(line(100))
        elif change == "size":
            data.setdefault("print", {})["card"] = draw(CARD_SIZES)
        else:
            kind = draw(st.sampled_from(["hint", "error"]))
            data.setdefault("tokens", {}).setdefault(kind, {})["name"] = draw(line(40))
    return data


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("agree")
    make_files(made)
    return made


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=themes())
def test_a_theme_check_accepts_is_printed(folder: Path, data: dict[str, Any]) -> None:
    path = folder / "agree.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    note(path.read_text("utf-8")[:3000])
    runner = CliRunner()
    with contextlib.chdir(folder):
        checked = runner.invoke(main, ["check", str(path)])
        assert judge(checked.exit_code, checked.stdout, checked.stderr, checked.exception) == []
        if checked.exit_code != 0:
            return
        out = folder / "kit"
        printed = runner.invoke(main, ["print", str(path), "-o", str(out)])
    assert printed.exit_code == 0, printed.output
    assert {p.name for p in out.iterdir()} >= set(KIT_FILES)
    for file in out.iterdir():
        file.unlink()
