"""Where the studio opens themes from and saves them to, and which names it accepts.

Opening: a bundled theme (always as a copy), a starter template, or a theme
file inside one of the referee's themes folders. Saving: only into those
folders, only under a plain name (the theme's id), never over a bundled
theme, and only after the text passes every check; the file is written
through a temporary file and a rename, so it is never half-written.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from deckforge.atomic import write_atomic
from deckforge.bundled import bundled_folder
from deckforge.theme.library import ThemeLibrary
from deckforge.theme.loader import BUNDLED_THEMES, THEME_SUFFIXES, bundled_theme_names
from deckforge.theme.validation import schema
from deckforge.theme.yaml_source import YamlProblems, read_yaml

TEMPLATES = bundled_folder("templates")
MAX_LISTED = 500  # theme files listed per folder


class PlaceError(ValueError):
    """A name or place the studio refuses; the message says why, in one line, and
    ``code`` names the refusal for the page's catalogues."""

    def __init__(self, message: str, code: str = "place") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Source:
    """A theme the studio can open: ``key`` is what the page sends back."""

    key: str  # bundled:NAME, template:NAME or folder:N:RELATIVE/PATH.yaml
    label: str  # the file's name (a template's is translated by the page)
    kind: str  # bundled | template | folder
    title: str = ""  # the deck's title, as a teacher knows it ("" when it has none)


_titles: dict[tuple[str, int], str] = {}
_titles_lock = threading.Lock()


def deck_title(path: Path) -> str:
    """The ``title`` written in a theme file ("" if none or unreadable; a theme that
    extends another without its own title shows its file name), kept per modification."""
    try:
        stamp = (str(path), path.stat().st_mtime_ns)
    except OSError:
        return ""
    with _titles_lock:
        if stamp in _titles:
            return _titles[stamp]
    title = ""
    try:
        root = read_yaml(path.name, path.read_text(encoding="utf-8"))
        node = root.value.get("title") if isinstance(root.value, dict) else None
        if node is not None and isinstance(node.value, str):
            title = " ".join(node.value.split())[:120]
    except (OSError, UnicodeDecodeError, YamlProblems):
        pass
    with _titles_lock:
        if len(_titles) > 4 * MAX_LISTED:
            _titles.clear()
        _titles[stamp] = title
    return title


def name_from_title(title: str) -> str:
    """A file name made from a deck's title: "Tous invités à la fête !" gives
    ``tous-invites-a-la-fete`` ("" when the title has no Latin letter or digit)."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    name = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return name[:48].rstrip("-")


def template_names() -> list[str]:
    return sorted(p.stem for p in TEMPLATES.glob("*.yaml"))


def name_problem(name: str) -> tuple[str, str] | None:
    """Why ``name`` cannot be the file name (and id) of a saved theme, as (code,
    message), or None."""
    rule = schema()["properties"]["id"]
    if not name:
        return "name-empty", "give the theme a name"
    if "/" in name or "\\" in name or name.startswith(".") or os.path.isabs(name):
        return "name-path", f"{name!r}: a name, not a path: lowercase letters, digits and hyphens"
    if name.endswith(THEME_SUFFIXES):
        return "name-suffix", f"{name!r}: give the name without .yaml"
    if not re.fullmatch(rule["pattern"], name) or len(name) > rule["maxLength"]:
        return (
            "name-pattern",
            f"{name!r}: {rule['patternErrorMessage']} (at most {rule['maxLength']} characters)",
        )
    if name in bundled_theme_names():
        return "name-bundled", f"{name!r} is a bundled theme: save your version under another name"
    return None


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _bundled(path: Path) -> bool:
    """A bundled theme's own file (in a clone, themes/ holds them among the designer's)."""
    return path.parent.resolve() == BUNDLED_THEMES.resolve() and path.stem in bundled_theme_names()


class Places:
    """The folders a studio reads and writes (resolved once)."""

    def __init__(self, folders: tuple[Path, ...]) -> None:
        # in a clone, themes/ holds the bundled themes and the designer's own (where
        # `deckforge new` writes): the bundled ones are listed once, and never saved over
        self.folders = tuple(f.resolve() for f in folders)

    def sources(self) -> list[Source]:
        found = [
            Source(f"bundled:{name}", name, "bundled", deck_title(BUNDLED_THEMES / f"{name}.yaml"))
            for name in bundled_theme_names()
        ]
        found += [Source(f"template:{name}", name, "template") for name in template_names()]
        listed: dict[int, int] = {}
        # the theme library's listing of the folders, as the referee and the print page see it
        for index, relative, path in ThemeLibrary(self.folders).folder_entries():
            if _bundled(path) or listed.get(index, 0) >= MAX_LISTED:
                continue
            listed[index] = listed.get(index, 0) + 1
            folder = self.folders[index]
            label = relative if len(self.folders) == 1 else f"{folder.name}/{relative}"
            found.append(Source(f"folder:{index}:{relative}", label, "folder", deck_title(path)))
        return found

    def wanted_source(self, deck: str) -> str:
        """The source a link ``/studio/?deck=NAME`` opens: the theme of the themes folders
        saved under that name, else the bundled theme, else a template ("" if none)."""
        if deck.endswith(THEME_SUFFIXES):  # as the referee names a theme of its folders
            for index, folder in enumerate(self.folders):
                path = (folder / deck).resolve()
                if _inside(path, folder) and path.is_file() and not _bundled(path):
                    return f"folder:{index}:{path.relative_to(folder).as_posix()}"
            return ""
        problem = name_problem(deck)
        if problem is not None and problem[0] != "name-bundled":
            return ""  # not a plain name: no file is looked for
        for index, folder in enumerate(self.folders):
            for suffix in THEME_SUFFIXES:
                path = folder / f"{deck}{suffix}"
                if path.is_file() and not _bundled(path):
                    return f"folder:{index}:{deck}{suffix}"
        if deck in bundled_theme_names():
            return f"bundled:{deck}"
        if deck in template_names():
            return f"template:{deck}"
        return ""

    def folder(self, index: int) -> Path:
        if not 0 <= index < len(self.folders):
            raise PlaceError("no such themes folder")
        return self.folders[index]

    def source_path(self, key: str) -> tuple[Path, str]:
        """The file behind a source key, and its kind; refuses anything else."""
        kind, _, rest = key.partition(":")
        if kind in ("bundled", "template"):
            names = bundled_theme_names() if kind == "bundled" else template_names()
            if rest not in names:
                raise PlaceError(f"{rest!r}: no such {kind} theme")
            folder = BUNDLED_THEMES if kind == "bundled" else TEMPLATES
            return folder / f"{rest}.yaml", kind
        if kind == "folder":
            number, _, relative = rest.partition(":")
            if not number.isdigit():
                raise PlaceError("no such themes folder")
            folder = self.folder(int(number))
            path = (folder / relative).resolve()
            if not _inside(path, folder) or path.suffix not in THEME_SUFFIXES:
                raise PlaceError(f"{relative!r}: not a theme file of the themes folder")
            if not path.is_file():
                raise PlaceError(f"{relative!r}: no such theme file")
            return path, kind
        raise PlaceError("choose a bundled theme, a template or a theme of the themes folders")

    def target(self, folder: int, name: str) -> Path:
        """Where a theme called ``name`` is saved in folder number ``folder``."""
        problem = name_problem(name)
        if problem:
            raise PlaceError(problem[1], problem[0])
        root = self.folder(folder)
        path = (root / f"{name}.yaml").resolve()
        if not _inside(path, root):  # a symbolic link out of the folder
            raise PlaceError(f"{name!r}: this name leads outside the themes folder", "name-outside")
        return path

    def free_name(self, base: str, folder: int = 0) -> str:
        """``base``, or ``base-2``, ``base-3``...: a name no file in the folder has yet."""
        root = self.folders[folder] if self.folders else None
        stem = base[:56]
        for number in range(1, 1000):
            name = stem if number == 1 else f"{stem}-{number}"
            taken = name in bundled_theme_names() or (
                root is not None and any((root / f"{name}{s}").exists() for s in THEME_SUFFIXES)
            )
            if not taken:
                return name
        return f"{stem}-{os.getpid()}"


def save_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    write_atomic(path, text.encode("utf-8"), mode=0o644)
