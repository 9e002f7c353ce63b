"""The committed kits under printouts/ match what the bundled themes print today."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.printing.kit import KitOptions, build_kit, kit_files
from deckforge.theme.loader import bundled_theme_names, load_theme

PRINTOUTS = Path(__file__).resolve().parents[2] / "printouts"


@pytest.mark.parametrize("name", bundled_theme_names())
def test_the_committed_kit_of_each_bundled_theme_is_up_to_date(name):
    theme = load_theme(name)
    folder = PRINTOUTS / theme.id
    assert folder.is_dir(), f"no kit in printouts/{theme.id}: run deckforge print {name}"
    fresh = build_kit(theme, KitOptions())
    for file in kit_files(KitOptions()):
        committed = folder / file
        assert committed.is_file(), f"printouts/{theme.id}/{file} is missing"
        assert committed.read_bytes() == fresh[file], (
            f"printouts/{theme.id}/{file} is stale: run deckforge print {name}"
        )
