"""The one theme library: listing, access policy, and decks cached by content."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckforge.theme.library import (
    DeckRefused,
    ThemeLibrary,
    deck_hash,
    from_this_computer,
    loopback_host,
    resolved_text,
    theme_from_text,
)
from deckforge.theme.loader import BUNDLED_THEMES, bundled_theme_names, load_theme

CLASSIC = (BUNDLED_THEMES / "hanabi-classic.yaml").read_text("utf-8")


def _child(folder: Path, hand: int = 4) -> Path:
    """A deck that extends the bundled classic and changes its hand size."""
    path = folder / "child.yaml"
    path.write_text(
        "id: child\nextends: hanabi-classic\ntitle: Child\n"
        f"players: {{counts: [2, 3, 4], hand_size: {hand}}}\n",
        "utf-8",
    )
    return path


def test_the_resolved_text_includes_what_the_deck_extends(tmp_path: Path) -> None:
    deck = ThemeLibrary().deck(str(_child(tmp_path)))
    theme = theme_from_text(deck.text)
    assert theme.title == "Child" and theme.players.hand_sizes == {2: 4, 3: 4, 4: 4}
    assert [s.id for s in theme.suits] == [s.id for s in load_theme("hanabi-classic").suits]
    assert deck.hash == deck_hash(deck.text) and len(deck.hash) == 64


def test_the_same_deck_gives_the_same_text_whatever_its_comments(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text(CLASSIC, "utf-8")
    commented = tmp_path / "commented.yaml"
    commented.write_text("# my copy\n" + CLASSIC + "\n# the end\n", "utf-8")
    library = ThemeLibrary()
    assert library.deck(str(plain)).hash == library.deck(str(commented)).hash
    assert resolved_text({"b": {2: 1}, "a": 1}) == '{"a":1,"b":{"2":1}}'


def test_an_edited_file_is_read_again_an_unchanged_one_is_not(tmp_path: Path) -> None:
    path = _child(tmp_path)
    library = ThemeLibrary()
    first = library.deck(str(path))
    assert library.deck(str(path)) is first  # unchanged: the same deck object
    stamp = path.stat().st_mtime_ns
    _child(tmp_path, hand=5)
    os.utime(path, ns=(stamp, stamp))  # an edit within the same clock tick is still seen
    second = library.deck(str(path))
    assert second.hash != first.hash and second.theme.players.hand_sizes[2] == 5


def test_an_edited_parent_changes_the_child(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text(CLASSIC, "utf-8")
    child = tmp_path / "kid.yaml"
    child.write_text("id: kid\nextends: parent.yaml\ntitle: Kid\n", "utf-8")
    library = ThemeLibrary()
    before = library.deck(str(child))
    parent.write_text(CLASSIC.replace("count: 8", "count: 6", 1), "utf-8")
    after = library.deck(str(child))
    assert before.theme.tokens.hint.count == 8 and after.theme.tokens.hint.count == 6


def test_a_stored_text_needs_no_file(tmp_path: Path) -> None:
    path = _child(tmp_path)
    library = ThemeLibrary()
    deck = library.deck(str(path))
    path.unlink()
    theme = ThemeLibrary().stored(deck.text, deck.hash)
    assert theme.title == "Child" and theme.path is None
    assert library.stored(deck.text) is library.stored(deck.text, deck.hash)


def test_the_listing_has_the_bundled_decks_then_the_folders(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "mine.yml").write_text(CLASSIC, "utf-8")
    (tmp_path / "notes.txt").write_text("no deck", "utf-8")
    names = [name for name, _ in ThemeLibrary((tmp_path,)).choices()]
    assert names[: len(bundled_theme_names())] == bundled_theme_names()
    assert names[-1] == "sub/mine.yml" and "notes.txt" not in names


def test_a_foreign_request_cannot_name_a_file_outside_the_folders(tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(CLASSIC, "utf-8")
    folder = tmp_path / "themes"
    folder.mkdir()
    library = ThemeLibrary((folder,))
    answers = set()
    for name in (str(outside), str(tmp_path / "missing.yaml"), "../outside.yaml"):
        with pytest.raises(DeckRefused) as refused:
            library.find(name, this_computer=False)
        answers.add((refused.value.code, refused.value.message.split(":", 1)[1]))
    assert len(answers) == 1  # one answer, whether the file exists or not
    assert next(iter(answers))[0] == "theme-not-allowed"
    assert library.find(str(outside), this_computer=True) == str(outside.resolve())


@pytest.mark.parametrize(
    ("address", "host", "local"),
    [
        ("127.0.0.1", "localhost:5000", True),
        ("::1", "[::1]:5000", True),
        ("127.0.0.1", "127.0.0.1", True),
        ("127.0.0.1", "attacker.example:5000", False),  # DNS rebinding
        ("127.0.0.1", "localhost.attacker.example", False),
        ("192.168.1.23", "localhost:5000", False),
    ],
)
def test_this_computer_is_a_loopback_address_under_a_loopback_name(
    address: str, host: str, local: bool
) -> None:
    assert from_this_computer(address, host) is local


def test_a_host_name_is_not_taken_for_an_address() -> None:
    assert loopback_host("LOCALHOST") and not loopback_host("127.0.0.1.nip.io")
