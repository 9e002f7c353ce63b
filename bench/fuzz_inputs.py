"""Hostile inputs for deckforge's command line: mutated bundled themes, records and options.

Used by ``bench/fuzz_cli.py`` (the long run) and by ``tests/cli/test_cli_fuzz.py``
(a short hypothesis run in CI). Every mutation is drawn from a ``random.Random``,
so a seed gives the same input again.

A careless or hostile user: values of the wrong type, out of range, far too long,
with line breaks or control characters, files that are pipes, devices, loops,
decompression bombs or damaged pictures, names over 255 bytes, YAML and JSON
broken at the byte level, records nested deeply or padded to megabytes.
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import struct
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from PIL import Image

from deckforge.rules import Game
from deckforge.rules.records import to_hanab_live
from deckforge.theme.loader import BUNDLED_THEMES, bundled_theme_names, load_theme

LONG_NAME = "n" * 300
HOSTILE_TEXTS = [
    "",
    " ",
    "\n",
    "   \n ",
    "2\n",
    "9\n",
    "x" * 1000,
    " ".join(["word"] * 2000),
    "W" * 5000,
    "\u202e\u0645\u0631\u062d\u0628\u0627 \u05e9\u05dc\u05d5\u05dd",
    "😀" * 50,
    "\x00",
    "\x1b[31mred",
    "\t",
    "a: b",
    "{",
    "'",
    '"',
    "&a",
    "*a",
    "!!python/object:os.system",
    "nan",
    ".inf",
    "1e999",
    "yes",
    "~",
    "\u00ad",
    "\u00a0!",
    "ü" * 300,
    "../" * 50,
    "/dev/zero",
    "/",
    f"{LONG_NAME}.png",
    f"{LONG_NAME}.ttf",
    f"{LONG_NAME}/x.png",
    "d/" * 2000 + "x.png",
    "poker",
    "tarot",
    "100000x100000",
    "0x0",
    "20x20",
    "200x269",
    "201x269",
    "63.0000001x88",
    "1e3x1e3",
    "#zzzzzz",
    "#FFFFFF",
    "red",
    "en",
    "zz",
    "fr",
]
HOSTILE_NUMBERS: list[Any] = [
    0,
    -1,
    1,
    2,
    5,
    9,
    10,
    11,
    21,
    2**31,
    2**63,
    10**100,
    -(10**100),
    1.5,
    float("nan"),
    float("inf"),
    True,
    None,
]
HOSTILE_KEYS = ["9\n", "2\n", "0", "-1", "10", "cards", "back", "extends", "id", "x" * 300, ""]
PICTURES = [
    "ok.png",
    "ok.jpg",
    "grey16.png",
    "palette.png",
    "cmyk.jpg",
    "bomb.png",
    "big.png",
    "corrupt.png",
    "truncated.jpg",
    "text.png",
    "pipe.png",
    "folder.png",
    "loop.png",
    "missing.png",
]
FONTS = ["fake.ttf", "truncated.ttf", "real.ttf", "pipe.ttf", "missing.ttf", "DejaVuSans"]


def _png(path: Path, width: int, height: int, data: bytes) -> None:
    def chunk(kind: bytes, payload: bytes) -> bytes:
        crc = zlib.crc32(kind + payload) & 0xFFFFFFFF
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def make_files(folder: Path) -> None:
    """The pictures and fonts a mutated theme may name, good and bad, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (120, 160), "navy").save(folder / "ok.png")
    Image.new("RGB", (120, 160), "teal").save(folder / "ok.jpg")
    Image.new("I;16", (40, 40)).save(folder / "grey16.png")
    Image.new("P", (40, 40)).save(folder / "palette.png")
    Image.new("CMYK", (40, 40), (0, 50, 100, 0)).save(folder / "cmyk.jpg")
    _png(folder / "bomb.png", 50_000, 50_000, zlib.compress(b"\0" * 50_001 * 64, 9))
    _png(folder / "big.png", 10_000, 10_000, zlib.compress(b"\0" * 10_001 * 64, 9))
    _png(folder / "corrupt.png", 100, 100, b"\x78\x9c" + b"\xff" * 64)
    jpeg = (folder / "ok.jpg").read_bytes()
    (folder / "truncated.jpg").write_bytes(jpeg[: len(jpeg) // 2])
    (folder / "text.png").write_text("not a picture", "utf-8")
    for name in ("pipe.png", "pipe.ttf", "pipe.yaml", "pipe.json"):
        if not (folder / name).exists():
            os.mkfifo(folder / name)
    (folder / "folder.png").mkdir(exist_ok=True)
    if not (folder / "loop.png").is_symlink():
        os.symlink("loop.png", folder / "loop.png")
    real = Path(__file__).resolve().parents[1] / "deckforge" / "printing" / "fonts"
    font = real / "DejaVuSans.ttf" if (real / "DejaVuSans.ttf").is_file() else None
    if font is not None:
        shutil.copy(font, folder / "real.ttf")
        (folder / "truncated.ttf").write_bytes(font.read_bytes()[:2000])
    (folder / "fake.ttf").write_text("not a font", "utf-8")


def bundled_documents() -> dict[str, dict[str, Any]]:
    """Each bundled theme as plain data (the mutations' starting points; a fresh copy)."""
    return copy.deepcopy(_bundled_documents())


@cache
def _bundled_documents() -> dict[str, dict[str, Any]]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return {
        name: yaml.load((BUNDLED_THEMES / f"{name}.yaml").read_text("utf-8"), Loader=loader)
        for name in bundled_theme_names()
    }


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _hostile_value(rng: random.Random, original: Any) -> Any:
    roll = rng.random()
    if roll < 0.4:
        return rng.choice(HOSTILE_TEXTS)
    if roll < 0.7:
        return rng.choice(HOSTILE_NUMBERS)
    if roll < 0.8:
        return [] if rng.random() < 0.5 else {}
    if roll < 0.85:
        nested: Any = "deep"
        for _ in range(rng.choice([10, 100, 400])):
            nested = [nested]
        return nested
    if roll < 0.9:
        return [copy.deepcopy(original)] * rng.choice([2, 50])
    if roll < 0.95 and isinstance(original, str):
        return original * rng.choice([10, 200])
    return {rng.choice(HOSTILE_KEYS): rng.choice(HOSTILE_TEXTS)}


def mutate_data(rng: random.Random, data: Any, extras: dict[str, list[Any]]) -> Any:
    """One structural mutation of parsed YAML or JSON (a copy)."""
    data = copy.deepcopy(data)
    paths = _paths(data)
    path = rng.choice(paths)
    if not path:
        return data
    parent, key = _get(data, path[:-1]), path[-1]
    original = parent[key]
    roll = rng.random()
    if roll < 0.15 and isinstance(parent, dict):
        del parent[key]
    elif roll < 0.25 and isinstance(parent, dict):
        parent[rng.choice(HOSTILE_KEYS)] = copy.deepcopy(original)
    elif roll < 0.35 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(original))
    elif roll < 0.45 and str(key) in extras:
        parent[key] = rng.choice(extras[str(key)])
    else:
        parent[key] = _hostile_value(rng, original)
    return data


def mutate_text(rng: random.Random, text: str) -> bytes:
    """One mutation of a file's text at the character or byte level."""
    data = text.encode("utf-8")
    roll = rng.random()
    where = rng.randrange(len(data) + 1)
    if roll < 0.2:
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if flipped:
                flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        return bytes(flipped)
    if roll < 0.35:
        return data[:where]
    if roll < 0.5:
        return data[:where] + rng.choice(HOSTILE_TEXTS).encode("utf-8") + data[where:]
    if roll < 0.6:
        end = min(len(data), where + rng.randint(1, 200))
        return data[:where] + data[end:]
    if roll < 0.7:
        lines = text.splitlines(keepends=True)
        if lines:
            line = rng.randrange(len(lines))
            lines.insert(line, lines[line] * rng.choice([1, 2, 100]))
        return "".join(lines).encode("utf-8")
    if roll < 0.78:
        return text.replace("\n", "\r\n").encode("utf-8")
    if roll < 0.85:
        return b"\xef\xbb\xbf" + data if rng.random() < 0.5 else text.encode("utf-16")
    if roll < 0.92:
        return text.replace("  ", "\t", rng.randint(1, 5)).encode("utf-8")
    return data + data[: rng.randint(0, len(data))]


THEME_EXTRAS: dict[str, list[Any]] = {
    "image": PICTURES,
    "title": FONTS,
    "body": FONTS,
    "card": ["poker", "tarot", "100000x100000", "20x20", "200x269", "19x19", "1e2x1e2"],
    "extends": [
        "hanabi-classic",
        "self.yaml",
        "pipe.yaml",
        "/dev/zero",
        f"{LONG_NAME}.yaml",
        "d/" * 2000 + "x.yaml",
        "folder.png",
        "",
    ],
    "copies": [[1] * 9, [10] * 9, [3, 2, 2, 2, 1], [], [0], [1] * 50],
    "counts": [[2], [10], [2, 3, 4, 5], [1], [11], []],
    "hand_size": [1, 10, {"2\n": 5}, {"2": 5, "3": 5, "4": 4, "5": 4}, 0],
}


def theme_input(rng: random.Random, folder: Path, mutations: int | None = None) -> Path:
    """A mutated bundled theme written to ``folder``; it may name the files of make_files."""
    documents = bundled_documents()
    name = rng.choice(sorted(documents))
    data: Any = documents[name]
    data["id"] = f"fuzz-{rng.randrange(10**6)}"
    if rng.random() < 0.3 and isinstance(data.get("suits"), list) and data["suits"]:
        suit = rng.choice(data["suits"])
        suit.setdefault("cards", {})[rng.randint(1, 5)] = {
            "title": "Picture",
            "image": rng.choice(PICTURES),
        }
    if rng.random() < 0.15:
        data.setdefault("print", {})["fonts"] = {
            "title": rng.choice(FONTS),
            "body": rng.choice(FONTS),
        }
    count = mutations if mutations is not None else rng.choice([1, 1, 2, 3])
    text_level = False
    for _ in range(count):
        if rng.random() < 0.25:
            text_level = True
            break
        data = mutate_data(rng, data, THEME_EXTRAS)
    try:
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        text = yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False, width=10**9)
    except (yaml.YAMLError, RecursionError, ValueError):
        text = "id: broken\n"
    content = mutate_text(rng, text) if text_level else text.encode("utf-8")
    path = folder / f"theme-{rng.randrange(10**9)}.yaml"
    path.write_bytes(content)
    return path


def base_records() -> list[tuple[str, dict[str, Any]]]:
    """(theme name, record) pairs of real games: random legal play, some unfinished."""
    records = []
    for index, name in enumerate(bundled_theme_names()):
        theme = load_theme(name)
        for players in theme.players.counts[:2]:
            game = Game.deal(theme, players, seed=index * 10 + players)
            rng = random.Random(players + index)
            while not game.is_over and game.turn < rng.choice([5, 40, 400]):
                game.apply(rng.choice(game.legal_actions()))
            records.append((name, to_hanab_live(game)))
    return records


RECORD_EXTRAS: dict[str, list[Any]] = {
    "type": [0, 1, 2, 3, 4, 5, -1, "0", None],
    "target": [0, 1, 5, 49, 50, -1, 10**20, "1", 1.0],
    "value": [0, 1, 5, 6, 10, -1, None, 2**64],
    "suitIndex": [0, 4, 5, 6, -1, "0"],
    "rank": [0, 1, 5, 6, -1, 1.5],
    "startingPlayer": [0, 1, -1],
}


def record_input(
    rng: random.Random, folder: Path, records: list[tuple[str, dict[str, Any]]]
) -> tuple[Path, str]:
    """A mutated record written to ``folder``, and the theme to replay it with."""
    name, data = rng.choice(records)
    theme = name if rng.random() < 0.9 else rng.choice(bundled_theme_names())
    roll = rng.random()
    path = folder / f"record-{rng.randrange(10**9)}.json"
    if roll < 0.04:
        special = rng.choice(["deep", "padded", "number", "nan", "pipe", "dev", "folder"])
        if special == "deep":
            path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
        elif special == "padded":
            path.write_bytes(json.dumps(data).encode() + b" " * (5 * 2**20))
        elif special == "number":
            path.write_text('{"deck": [' + "9" * 100_000 + "]}", "utf-8")
        elif special == "nan":
            path.write_text(json.dumps(data).replace("0", "NaN", 3), "utf-8")
        elif special == "pipe":
            return folder / "pipe.json", theme
        elif special == "dev":
            return Path("/dev/zero"), theme
        else:
            return folder, theme
        return path, theme
    mutated: Any = copy.deepcopy(data)
    actions = mutated.get("actions") or []
    if roll < 0.6 and actions:  # a plausible action in a wrong place: mostly illegal moves
        action = rng.choice(actions)
        field_name = rng.choice(["type", "target", "value"])
        action[field_name] = rng.choice(RECORD_EXTRAS[field_name])
    else:
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutated = mutate_data(rng, mutated, RECORD_EXTRAS)
    text = json.dumps(mutated, allow_nan=True)
    path.write_bytes(mutate_text(rng, text) if roll < 0.3 else text.encode("utf-8"))
    return path, theme


PRINT_OPTIONS: list[Callable[[random.Random], list[str]]] = [
    lambda r: ["--paper", r.choice(["a4", "letter", "a3", "legal", "A4", "a0"])],
    lambda r: ["--card", r.choice(["poker", "tarot", "20x20", "200x269", "201x269", "0x0", "abc"])],
    lambda r: ["--bleed", r.choice(["0", "3", "10", "nan", "inf", "-1", "11", "1e999"])],
    lambda r: ["--gap", r.choice(["0", "2", "20", "nan", "-inf", "21"])],
    lambda r: ["--duplex", r.choice(["long", "short", "sideways"])],
    lambda r: ["--back-offset", r.choice(["0,0", "1.5,-0.5", "1,5,-0,5", "nan,0", "100,0", "a"])],
    lambda r: [r.choice(["--marks", "--no-marks"])],
    lambda r: ["--ink", r.choice(["full", "low", "none"])],
    lambda r: ["--fold"],
    lambda r: ["--shop"],
]


def print_options(rng: random.Random) -> list[str]:
    """A few of print's options with plausible and hostile values."""
    chosen = rng.sample(PRINT_OPTIONS, rng.choice([0, 0, 1, 2, 3]))
    return [part for option in chosen for part in option(rng)]


KIT_FILES = ("cards.pdf", "tokens.pdf", "rules.pdf", "scoresheet.pdf", "calibration.pdf")
CHECK_SPECIAL_ARGUMENTS = [
    f"{LONG_NAME}.yaml",
    "pipe.yaml",
    "/dev/zero",
    ".",
    "d/" * 2000 + "x.yaml",
    "loop.png",
    "text.png",
    "no-such-theme",
    "",
]


def judge(status: int, stdout: str, stderr: str, crashed: BaseException | None) -> list[str]:
    """What is wrong with how a command ended (empty when it ended as documented).

    Exit 0, 1 or 2; no traceback and no Python warning; a failure says so on
    stderr (exit 2: exactly one ``Error:`` line, after click's usage lines if any).
    """
    wrong = []
    if crashed is not None and not isinstance(crashed, SystemExit):
        wrong.append(f"traceback: {type(crashed).__name__}: {crashed}"[:300])
    if "Traceback" in stdout + stderr:
        wrong.append("traceback printed")
    if "Warning:" in stderr and "warning:" not in stderr:
        wrong.append("a Python warning was printed")
    if status not in (0, 1, 2):
        wrong.append(f"exit status {status}")
    if status == 2 and sum(line.startswith("Error:") for line in stderr.splitlines()) != 1:
        wrong.append("exit 2 without exactly one 'Error:' line")
    if status == 1 and not stderr.strip():
        wrong.append("exit 1 without a message")
    return wrong


def partial_output(status: int, folder: Path) -> bool:
    """A kit half written: some PDFs after a failure, or a success missing one of them."""
    pdfs = {p.name for p in folder.rglob("*.pdf")} if folder.is_dir() else set()
    if status != 0:
        return bool(pdfs)
    return not set(KIT_FILES) <= pdfs
