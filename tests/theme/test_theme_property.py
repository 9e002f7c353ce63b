"""Whatever a file holds, the loader answers with a Theme or a ThemeError, nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckforge.theme.loader import BUNDLED_THEMES, ThemeError, load_document, load_theme
from deckforge.theme.model import Theme
from deckforge.theme.yaml_source import plain

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KEYS = [
    "id", "title", "extends", "add_suits", "suits", "players", "counts", "hand_size",
    "tokens", "hint", "error", "count", "name", "plural", "colour", "rules", "rating",
    "from", "to", "label", "print", "back", "fonts", "cards", "copies", "direction",
    "clue", "scoring", "symbol", "image", "text", "1", "2", "5",
]  # fmt: skip
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-5, max_value=60)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["hanabi-classic", "#e53e3e", "up", "down", "every-colour", "x.png"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=6)
    ),
    max_leaves=30,
)
CLASSIC = plain(load_document(BUNDLED_THEMES / "hanabi-classic.yaml")[0])

pytestmark = pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("theme-property")


def outcome(folder: Path, text: str | bytes) -> Theme | ThemeError:
    path = folder / "theme.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        return load_theme(path)
    except ThemeError as error:
        assert error.problems and all(isinstance(p, str) and p for p in error.problems)
        return error


@SETTINGS
@given(st.text(max_size=400))
def test_arbitrary_text_gives_a_theme_or_a_theme_error(folder: Path, text: str) -> None:
    assert isinstance(outcome(folder, text.encode("utf-8", "surrogatepass")), Theme | ThemeError)


@SETTINGS
@given(st.binary(max_size=200))
def test_arbitrary_bytes_give_a_theme_or_a_theme_error(folder: Path, data: bytes) -> None:
    assert isinstance(outcome(folder, data), Theme | ThemeError)


@SETTINGS
@given(VALUES)
def test_arbitrary_mappings_give_a_theme_or_a_theme_error(folder: Path, value: Any) -> None:
    assert isinstance(
        outcome(folder, yaml.safe_dump(value, allow_unicode=True)), Theme | ThemeError
    )


def _mutate(data: Any, draw: Any) -> Any:
    """``data`` with one value somewhere inside replaced by an arbitrary one."""
    if isinstance(data, dict) and data and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(data)))
        return {**data, key: _mutate(data[key], draw)}
    if isinstance(data, list) and data and draw(st.booleans()):
        i = draw(st.integers(min_value=0, max_value=len(data) - 1))
        return [*data[:i], _mutate(data[i], draw), *data[i + 1 :]]
    return draw(VALUES)


@SETTINGS
@given(st.data())
def test_a_valid_theme_with_one_value_changed_gives_a_theme_or_a_theme_error(
    folder: Path, data: st.DataObject
) -> None:
    mutated = _mutate(CLASSIC, data.draw)
    result = outcome(folder, yaml.safe_dump(mutated, allow_unicode=True))
    assert isinstance(result, Theme | ThemeError)
    if isinstance(result, Theme):
        assert result.rating_for(result.max_score) is not None
        assert result.position("suits", 0) is not None
