"""The docs' ``deckforge ...`` command lines use only commands, options and choices that exist.

Every command line shown in README.md and docs/*.md (fenced ``sh``, ``console`` and
``powershell`` blocks, indented code blocks and inline code spans) is compared with what
``deckforge --help`` and ``deckforge CMD --help`` print, so that a renamed or removed
option cannot stay in the docs unnoticed. The ``console`` examples of commands that need
no file of the reader's (``$ deckforge check interfaith-festival``) must also print what
they show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

INLINE = re.compile(r"`((?:\S*[/\\])?deckforge [^`]+)`")
OPTION = re.compile(r"^-{1,2}[A-Za-z][\w-]*")
# where a shell line holds several commands: &&, ||, ;, a spaced pipe, a redirection
SEPARATOR = re.compile(r"&&|\|\||;| \| | [12]?> ")


@dataclass(frozen=True)
class Example:
    where: str  # file:line
    line: str  # one command line, without its prompt


@dataclass(frozen=True)
class Help:
    options: dict[str, tuple[str, ...]]  # option name -> its choices (empty: free value)


@dataclass(frozen=True)
class Fence:
    line: int  # line number of the opening ```
    language: str
    body: list[str]


def fences(text: str) -> list[Fence]:
    """The fenced code blocks of a Markdown text."""
    found: list[Fence] = []
    opening: re.Match[str] | None = None
    start, body = 0, []
    for number, line in enumerate(text.splitlines(), start=1):
        if opening is None:
            opening = re.match(r"^[ \t]*```(\w*)", line)
            start, body = number, []
        elif re.match(r"^[ \t]*```\s*$", line):
            found.append(Fence(start, opening.group(1), body))
            opening = None
        else:
            body.append(line)
    return found


def _help_text(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--help"], prog_name="deckforge")
    assert result.exit_code == 0, f"deckforge {' '.join(args)} --help failed:\n{result.output}"
    return result.output


def parse_help(text: str) -> tuple[Help, list[str]]:
    """The options (with their choices) and the commands listed by a click --help text."""
    options: dict[str, tuple[str, ...]] = {}
    commands: list[str] = []
    section = ""
    for line in text.splitlines():
        if line and not line[0].isspace():
            section = line.rstrip(":")
            continue
        if not re.match(r"^  \S", line):
            continue  # a wrapped description
        column = re.split(r"\s{2,}", line.strip())[0]
        if section == "Options":
            choices = re.search(r"\[([\w|-]+)\]", column)
            values = tuple(choices.group(1).split("|")) if choices else ()
            for name in re.findall(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*", column):
                options[name] = values
        elif section == "Commands":
            commands.append(column)
    return Help(options), commands


@cache
def group_help() -> tuple[Help, tuple[str, ...]]:
    group, commands = parse_help(_help_text())
    return group, tuple(commands)


@cache
def command_help(*names: str) -> tuple[Help, tuple[str, ...]]:
    """A command's (or a group's sub-command's) options, and its sub-commands if a group."""
    found, commands = parse_help(_help_text(*names))
    return found, tuple(commands)


def _strip_comment(line: str) -> str:
    return re.sub(r"(^|\s)#.*$", "", line)


def examples_in(text: str, where: str) -> list[Example]:
    """Every deckforge command line of one Markdown text."""
    found: list[Example] = []

    for fence in fences(text):
        if fence.language not in ("sh", "bash", "shell", "console", "powershell"):
            continue
        for number, line in enumerate("\n".join(fence.body).replace("\\\n", " ").splitlines()):
            line = line.strip()
            if fence.language == "console":
                if not line.startswith("$ "):
                    continue
                line = line[2:]
            line = _strip_comment(line)
            if "deckforge" in line:
                found.append(Example(f"{where}:{fence.line + 1 + number}", line))
    lines = text.splitlines()
    for fence in fences(text):  # blank the fenced blocks out, keeping the line numbers
        for index in range(fence.line - 1, fence.line + len(fence.body) + 1):
            lines[index] = ""
    prose = "\n".join(lines)
    # indented code blocks: a command line, and the lines of [options] that continue it
    current: list[str] = []
    start = 0
    for number, line in enumerate([*prose.splitlines(), ""], start=1):
        stripped = line.strip()
        indented = line.startswith("    ")
        if indented and re.match(r"^(\$ )?(\S*[/\\])?deckforge ", stripped):
            if current:
                found.append(Example(f"{where}:{start}", " ".join(current)))
            current, start = [stripped.removeprefix("$ ")], number
        elif indented and current and stripped.startswith("["):
            current.append(stripped)
        elif current:
            found.append(Example(f"{where}:{start}", " ".join(current)))
            current = []
    for span in INLINE.finditer(prose):
        found.append(
            Example(
                f"{where}:{prose.count(chr(10), 0, span.start()) + 1}",
                " ".join(span.group(1).split()),
            )
        )
    return found


def problems_of(example: Example) -> list[str]:
    """What in one command line does not exist in deckforge's --help."""
    problems: list[str] = []
    group, commands = group_help()
    for part in SEPARATOR.split(example.line):
        words = part.replace("\\|", "|").split()
        heads = [i for i, word in enumerate(words) if re.fullmatch(r"(\S*[/\\])?deckforge", word)]
        if not heads:
            continue
        words = words[heads[0] + 1 :]
        if words and not words[0].startswith("-"):
            command, words = words[0], words[1:]
            if command not in commands:
                problems.append(
                    f"{example.where}: no command 'deckforge {command}' "
                    f"(commands: {', '.join(commands)})"
                )
                continue
            found, subcommands = command_help(command)
            if subcommands and words and words[0] in subcommands:  # deckforge decks list
                found = command_help(command, words[0])[0]
                command, words = f"{command} {words[0]}", words[1:]
            known = found.options
        else:
            command, known = "", group.options
        for index, word in enumerate(words):
            word = word.strip("[]()")
            option = OPTION.match(word)
            if not option:
                continue
            name = option.group(0)
            if name not in known:
                problems.append(
                    f"{example.where}: 'deckforge {command}' has no option {name} "
                    f"(in: {example.line})"
                )
                continue
            value = (
                word[len(name) + 1 :]
                if "=" in word
                else (words[index + 1].strip("[]()") if index + 1 < len(words) else "")
            )
            if known[name] and value and value == value.lower() and not value.startswith("-"):
                wrong = [v for v in value.split("|") if v not in known[name]]
                if wrong:
                    problems.append(
                        f"{example.where}: {name} does not take {', '.join(wrong)} "
                        f"(choices: {', '.join(known[name])})"
                    )
    return problems


def all_examples() -> list[Example]:
    return [
        example
        for path in DOCS
        for example in examples_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]


def test_the_docs_show_deckforge_commands_at_all():
    lines = [example.line for example in all_examples()]
    assert len(lines) > 30
    for command in ("check", "new", "print", "referee", "replay", "schema", "simulate"):
        assert any(re.search(rf"deckforge {command}\b", line) for line in lines), command


def test_every_command_line_in_the_docs_uses_only_existing_commands_options_and_choices():
    problems = [problem for example in all_examples() for problem in problems_of(example)]
    assert not problems, "\n".join(problems)


def test_a_misspelt_option_an_unknown_command_or_a_wrong_choice_is_caught():
    text = (
        "```sh\n"
        ".venv/bin/deckforge print my-deck --papers a4 && deckforge check x\n"
        "deckforge draw my-deck\n"
        "```\n"
        "\n"
        "    deckforge print THEME [--paper a4|a0]\n"
        "                          [--no-mark]\n"
        "\n"
        "Or run `deckforge simulate x --bots random` and `deckforge --versions`.\n"
        "Or `deckforge decks list --db x.sqlite --dbs y` (a group's sub-command).\n"
    )
    problems = [p for example in examples_in(text, "x.md") for p in problems_of(example)]
    assert any("no option --papers" in p for p in problems)
    assert any("no command 'deckforge draw'" in p for p in problems)
    assert any("--paper does not take a0" in p for p in problems)
    assert any("no option --no-mark" in p for p in problems)
    assert any("no option --bots" in p for p in problems)
    assert any("no option --versions" in p for p in problems)
    assert any("'deckforge decks list' has no option --dbs" in p for p in problems)
    assert len(problems) == 7, problems


def test_options_that_exist_are_accepted_in_every_spelling_the_docs_use():
    text = (
        "```console\n"
        "$ deckforge print x --card=63x88 -o out --no-marks --duplex short  # a comment --nope\n"
        "```\n"
        "`deckforge new NAME [--from minimal\\|complete] [--dir themes]`\n"
    )
    examples = examples_in(text, "x.md")
    assert len(examples) == 2
    assert [p for example in examples for p in problems_of(example)] == []


def console_runs() -> list[tuple[str, str, list[str]]]:
    """Console examples that need no file of the reader's: (where, command, shown output)."""
    runs = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for fence in fences(text):
            if fence.language != "console":
                continue
            where = f"{path.relative_to(ROOT)}:{fence.line}"
            command, shown = "", []
            for line in [*fence.body, "$ "]:
                if line.startswith("$ "):
                    needs_a_file = re.search(r"[/\\]|\.ya?ml", command)
                    if command.startswith("deckforge ") and not needs_a_file:
                        runs.append((where, command, shown))
                    command, shown = line[2:].strip(), []
                else:
                    shown.append(line)
    return runs


@pytest.mark.parametrize(
    ("where", "command", "shown"),
    console_runs(),
    ids=lambda value: value if isinstance(value, str) else "output",
)
def test_a_console_example_that_needs_no_file_prints_what_the_docs_show(
    where, command, shown, tmp_path, monkeypatch
):
    import shlex

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, shlex.split(command)[1:], prog_name="deckforge")

    def plain(lines: list[str]) -> list[str]:  # a no-break space reads as a space
        return [re.sub(r"[\u00a0\u202f]", " ", line).rstrip() for line in lines]

    assert plain(result.output.splitlines()) == plain(shown), f"{where}: $ {command}"
