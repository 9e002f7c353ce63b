"""The studio's form offers the rule switches the theme model has, with its defaults:
studio.js repeats no rule."""

from __future__ import annotations

import json
import re
from pathlib import Path

from studio_helpers import Studio

import deckforge.studio
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints, Rules, StrikeoutScore


def page_data(studio: Studio) -> dict:
    page = studio.get("/studio/").get_data(as_text=True)
    found = re.search(
        r'<script type="application/json" id="studio-data">(.*?)</script>', page, re.S
    )
    assert found is not None
    return json.loads(found.group(1))


def test_the_page_gives_every_switch_of_the_model_with_its_default_first(studio: Studio) -> None:
    rules = {rule.pop("name"): rule for rule in page_data(studio)["rules"]}
    assert list(rules) == [
        "discard_at_max_hints",
        "empty_hints",
        "strikeout_score",
        "completion_bonus",
    ]
    assert rules["discard_at_max_hints"] == {
        "kind": "choice",
        "choices": ["no_gain", "forbidden"],
        "default": Rules().discard_at_max_hints.value,
    }
    assert set(rules["empty_hints"]["choices"]) == {e.value for e in EmptyHints}
    assert set(rules["strikeout_score"]["choices"]) == {e.value for e in StrikeoutScore}
    assert rules["completion_bonus"] == {"kind": "bool", "default": True}


def test_studio_js_names_no_rule_value() -> None:
    script = (Path(deckforge.studio.__file__).parent / "static" / "studio.js").read_text("utf-8")
    values = {e.value for kind in (DiscardAtMaxHints, EmptyHints, StrikeoutScore) for e in kind}
    assert [v for v in sorted(values) if f'"{v}"' in script] == []
