"""``deckforge --help`` lists the commands without importing them (issue 26)."""

from __future__ import annotations

import subprocess
import sys

import click
from click.testing import CliRunner

from deckforge.cli import COMMANDS, SUMMARIES, main


def _first_paragraph(command: click.Command) -> str:
    return " ".join((command.help or "").partition("\n\n")[0].split())


def test_every_summary_is_the_first_paragraph_of_its_command() -> None:
    assert set(SUMMARIES) == set(COMMANDS)
    context = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(context, name)
        assert command is not None
        assert SUMMARIES[name] == _first_paragraph(command), name


def test_the_lazy_list_reads_as_clicks_own() -> None:
    eager = click.Group("deckforge", help=main.help, params=main.params)
    context = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(context, name)
        assert command is not None
        eager.add_command(command, name)
    eager.context_settings = main.context_settings
    runner = CliRunner()
    lazy_help = runner.invoke(main, ["--help"], prog_name="deckforge", terminal_width=80).output
    eager_help = runner.invoke(eager, ["--help"], prog_name="deckforge", terminal_width=80).output
    assert lazy_help == eager_help
    assert "simulate  Play THEME" in lazy_help


def test_help_imports_no_command_module() -> None:
    code = (
        "import sys\n"
        "from deckforge.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('deckforge', 'reportlab',"
        " 'flask', 'jsonschema', 'yaml', 'ruamel', 'PIL')))), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "Commands:" in done.stdout
    assert done.stderr.split() == ["deckforge", "deckforge.cli", "deckforge.cli.boundary"]


def test_schema_and_replay_leave_the_print_stack_alone() -> None:
    for command in ("schema", "replay"):
        code = (
            "import sys\n"
            "from deckforge.cli import main\n"
            "try:\n"
            f"    main(['{command}', '--help'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('reportlab', 'uharfbuzz',"
            " 'PIL', 'flask'))), file=sys.stderr)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
        )
        assert done.stderr.strip() == "[]", (command, done.stderr)
