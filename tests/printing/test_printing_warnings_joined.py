"""The theme's warnings and the print kit's legibility warnings are joined by the
caller, explicitly: nothing registers itself when a module is imported (issue 15)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.printing import preflight
from deckforge.theme import advice
from deckforge.theme.loader import load_theme

LONG_TITLE = (
    "The very old and very tall apple tree that stands alone at the far end of "
    "the orchard, near the river, where the children of the village like to play "
    "all summer long"
)
DECK = f"""\
id: orchard
extends: hanabi-classic
title: Orchard
print: {{back: {{title: Orchard}}}}
suits:
  - id: apple
    name: Apple
    colour: "#c0392b"
    symbol: "♥"
    cards:
      1: {{title: "{LONG_TITLE}", text: "Roots grow deep."}}
      2: {{title: Blossom, text: "Bees visit in spring."}}
      3: {{title: Fruit}}
  - {{id: pear, name: Pear, colour: "#d68910", symbol: "◆"}}
  - {{id: plum, name: Plum, colour: "#8e44ad", symbol: "♣"}}
  - {{id: cherry, name: Cherry, colour: "#17a589", symbol: "♠"}}
  - {{id: quince, name: Quince, colour: "#2e86c1", symbol: "★"}}
"""


@pytest.fixture
def orchard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "orchard.yaml"
    path.write_text(DECK, encoding="utf-8")
    return path


def test_the_theme_warnings_alone_do_not_depend_on_what_was_imported(orchard: Path) -> None:
    assert "deckforge.printing.preflight" in sys.modules  # imported above, and yet:
    found = advice.warnings(load_theme(orchard))
    assert found and not [w for w in found if "title prints on" in w]
    assert not hasattr(advice, "add_warnings")


def test_the_caller_joins_the_legibility_warnings_in_file_order(orchard: Path) -> None:
    theme = load_theme(orchard)
    joined = advice.warnings(theme, preflight.legibility_warnings(theme))
    title = [w for w in joined if "title prints on" in w]
    assert len(title) == 1 and title[0].startswith("orchard.yaml:")
    text_missing = [w for w in joined if "cards.3" in w]
    assert text_missing  # the theme's own warning about rank 3's missing text
    lines = [int(w.split(":")[1]) for w in joined if w.startswith("orchard.yaml:")]
    assert lines == sorted(lines)
    assert set(advice.warnings(theme)) | set(title) == set(joined)


@pytest.mark.parametrize("command", [["check"], ["print", "--output", "kit"]])
def test_check_and_print_show_both_kinds_of_warning(orchard: Path, command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "orchard.yaml"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert [w for w in warnings if "title prints on" in w]
    assert [w for w in warnings if "cards.3" in w]
