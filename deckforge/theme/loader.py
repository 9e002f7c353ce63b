"""Load a theme file into a :class:`~deckforge.theme.model.Theme`.

First version: safe YAML, ``extends``, defaults. Positions and the full set of
checks arrive with the validator (see docs/theme-format.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from deckforge.theme.model import (
    BackDesign,
    CardText,
    ClueMode,
    DiscardAtMaxHints,
    Direction,
    EmptyHints,
    Players,
    PrintStyle,
    RatingBand,
    Rules,
    StrikeoutScore,
    Suit,
    SuitScoring,
    Theme,
    TokenKind,
    Tokens,
)

BUNDLED_THEMES = Path(__file__).resolve().parent.parent.parent / "themes"


class ThemeError(Exception):
    """A theme file is wrong; ``problems`` holds one ``path:line:col: message`` each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def bundled_theme_names() -> list[str]:
    return sorted(p.stem for p in BUNDLED_THEMES.glob("*.yaml"))


def resolve_theme_path(name_or_path: str | Path, relative_to: Path | None = None) -> Path:
    """A theme given as a file path, or as the name of a bundled theme."""
    candidate = Path(name_or_path)
    if relative_to is not None and not candidate.is_absolute():
        sibling = relative_to.parent / candidate
        if sibling.suffix in (".yaml", ".yml") and sibling.is_file():
            return sibling
    if candidate.suffix in (".yaml", ".yml") and candidate.is_file():
        return candidate
    bundled = BUNDLED_THEMES / f"{name_or_path}.yaml"
    if bundled.is_file():
        return bundled
    raise ThemeError([f"{name_or_path}: no such theme file or bundled theme"])


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _raw(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    parent = data.pop("extends", None)
    if parent is None:
        return data
    parent_path = resolve_theme_path(parent, relative_to=path)
    if parent_path.resolve() in seen:
        raise ThemeError([f"{path}:1:1: extends forms a cycle"])
    base = _raw(parent_path, (*seen, path.resolve()))
    extra = data.pop("add_suits", None)
    merged = _merge(base, data)
    if extra:
        merged["suits"] = list(merged.get("suits", [])) + list(extra)
    return merged


def _suit(raw: dict[str, Any]) -> Suit:
    cards = {
        int(rank): CardText(
            title=str(c.get("title", "")),
            text=str(c.get("text", "")),
            image=Path(c["image"]) if c.get("image") else None,
            source=str(c.get("source", "")),
        )
        for rank, c in (raw.get("cards") or {}).items()
    }
    return Suit(
        id=str(raw["id"]),
        name=str(raw["name"]),
        colour=str(raw["colour"]),
        symbol=str(raw["symbol"]),
        direction=Direction(raw.get("direction", "up")),
        copies=tuple(raw.get("copies", (3, 2, 2, 2, 1))),
        clue=ClueMode(raw.get("clue", "own")),
        scoring=SuitScoring(raw.get("scoring", "top-card")),
        cards=cards,
    )


def _token(raw: dict[str, Any]) -> TokenKind:
    return TokenKind(
        count=int(raw["count"]),
        name=str(raw["name"]),
        plural=str(raw.get("plural", raw["name"])),
        colour=str(raw["colour"]),
    )


def build_theme(data: dict[str, Any], path: Path | None = None) -> Theme:
    """Build the model from an already merged mapping (no checks beyond types)."""
    players = data["players"]
    counts = tuple(sorted(int(n) for n in players["counts"]))
    hand = players["hand_size"]
    hand_sizes = {n: int(hand) for n in counts} if isinstance(hand, int) else {
        int(n): int(s) for n, s in hand.items()
    }
    rules = data.get("rules") or {}
    style = data.get("print") or {}
    back = style.get("back")
    fonts = style.get("fonts") or {}
    return Theme(
        id=str(data["id"]),
        title=str(data["title"]),
        language=str(data.get("language", "en")),
        description=str(data.get("description", "")),
        authors=tuple(data.get("authors", ())),
        licence=str(data.get("licence", "")),
        notes=str(data.get("notes", "")),
        sources=tuple(data.get("sources", ())),
        suits=tuple(_suit(s) for s in data["suits"]),
        tokens=Tokens(hint=_token(data["tokens"]["hint"]), error=_token(data["tokens"]["error"])),
        players=Players(
            counts=counts,
            hand_sizes=hand_sizes,
            teams=bool(players.get("teams", False)),
            first=str(players.get("first", "")),
        ),
        rules=Rules(
            discard_at_max_hints=DiscardAtMaxHints(rules.get("discard_at_max_hints", "no_gain")),
            empty_hints=EmptyHints(rules.get("empty_hints", "allowed")),
            strikeout_score=StrikeoutScore(rules.get("strikeout_score", "zero")),
            completion_bonus=bool(rules.get("completion_bonus", True)),
        ),
        rating=tuple(
            RatingBand(low=int(b["from"]), high=int(b["to"]), label=str(b["label"]))
            for b in data.get("rating", ())
        ),
        print_style=PrintStyle(
            card=str(style.get("card", "poker")),
            back=BackDesign(
                title=str(back["title"]),
                colour=str(back["colour"]),
                accent=str(back["accent"]),
                pattern=str(back.get("pattern", "stars")),
            )
            if back
            else None,
            title_font=str(fonts.get("title", "DejaVuSans-Bold")),
            body_font=str(fonts.get("body", "DejaVuSans")),
        ),
        path=path,
    )


def load_theme(name_or_path: str | Path) -> Theme:
    """Load a theme file, or a bundled theme by name."""
    path = resolve_theme_path(name_or_path)
    return build_theme(_raw(path), path=path)
