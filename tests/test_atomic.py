"""One atomic-write helper: the print kit, the studio's saves and the studio key use it."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

import deckforge
from deckforge.atomic import stage, write_atomic

SOURCE = Path(deckforge.__file__).parent


def test_a_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "folder" / "deck.yaml"
    write_atomic(target, "première\n".encode())
    write_atomic(target, b"second\n", mode=0o600)
    assert target.read_bytes() == b"second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in target.parent.iterdir()] == ["deck.yaml"]


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "deck.yaml"
    target.write_bytes(b"old")

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.yaml"]


def test_a_staged_file_is_readable_by_others_as_a_new_file_would_be(tmp_path: Path) -> None:
    staged = stage(tmp_path / "cards.pdf", b"%PDF")
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(staged.stat().st_mode) == 0o666 & ~mask


def test_no_other_module_renames_a_temporary_file_by_itself() -> None:
    found = [
        str(path.relative_to(SOURCE))
        for path in sorted(SOURCE.rglob("*.py"))
        if path.name != "atomic.py" and re.search(r"mkstemp|os\.fdopen", path.read_text("utf-8"))
    ]
    assert found == ["printing/kit.py"]  # _free_name: an empty file holding a name, no content
