"""Re-printing a kit replaces all its files or none: never new cards beside old tokens."""

from __future__ import annotations

import os

import pytest

from deckforge.printing.kit import write_kit

NEW = {"cards.pdf": b"new cards", "tokens.pdf": b"new tokens", "rules.pdf": b"new rules"}


@pytest.fixture
def old_kit(tmp_path):
    for name in NEW:
        (tmp_path / name).write_bytes(b"old " + name.encode())
    return tmp_path


def contents(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_file_that_cannot_be_replaced_leaves_the_whole_old_kit(old_kit, monkeypatch):
    before = contents(old_kit)
    real_replace = os.replace

    def locked_rules(src, dst):  # like a rules.pdf open in a viewer on Windows
        if any(os.fspath(path).endswith("rules.pdf") for path in (src, dst)):
            raise PermissionError(13, "Permission denied", os.fspath(dst))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", locked_rules)
    with pytest.raises(PermissionError):
        write_kit(NEW, old_kit)
    assert contents(old_kit) == before


def test_running_out_of_disk_space_midway_leaves_the_whole_old_kit(old_kit, monkeypatch):
    before = contents(old_kit)
    real_fdopen = os.fdopen
    opened: list[int] = []

    def full_disk(fd, *args, **kwargs):  # type: ignore[no-untyped-def]
        opened.append(fd)
        if len(opened) == 2:
            os.close(fd)
            raise OSError(28, "No space left on device")
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", full_disk)
    with pytest.raises(OSError):
        write_kit(NEW, old_kit)
    assert contents(old_kit) == before


def test_a_successful_write_replaces_every_file_and_leaves_nothing_else(old_kit):
    (old_kit / "notes.txt").write_bytes(b"mine")
    write_kit(NEW, old_kit)
    assert contents(old_kit) == {**NEW, "notes.txt": b"mine"}


def test_a_failure_while_moving_new_files_in_removes_those_already_placed(tmp_path, monkeypatch):
    (tmp_path / "cards.pdf").write_bytes(b"old cards")
    real_replace = os.replace

    def refuse_rules(src, dst):  # type: ignore[no-untyped-def]
        if os.fspath(dst).endswith("rules.pdf"):
            raise OSError(5, "Input/output error", os.fspath(dst))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse_rules)
    with pytest.raises(OSError):
        write_kit(NEW, tmp_path)
    assert contents(tmp_path) == {"cards.pdf": b"old cards"}
