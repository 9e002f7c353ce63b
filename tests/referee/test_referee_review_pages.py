"""A youth leader's review of the pages: colours, keyboard help and the end of a game."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from referee_helpers import DATA, Table, act, colour_hint, create_table, play

from deckforge.referee.colours import PROJECTOR_GROUND, contrast, on_dark
from deckforge.theme.loader import load_theme

TEAMS = ["Les Éléphants", "<b>x</b>", "Équipe Ñandú & Çà", "Les Loups"]


def _leader(table: Table) -> str:
    return f"/t/{table.id}/lead/{table.token}"


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))


def test_a_colour_hint_shows_the_suit_in_its_colour_on_the_projector_and_the_phone(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    assert act(client, table, 0, colour_hint(2, 2, 2)).status_code == 200  # Judaïsme, blue
    chip = re.compile(
        r'<span class="chip named" style="--suit: #1f5fbf;[^"]*">'
        r'<span class="sym">■</span> Judaïsme</span>'
    )
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    leader = client.get(_leader(table)).get_data(as_text=True)
    for page in (screen, leader):
        assert chip.search(page)
        assert "Les Éléphants → Équipe Ñandú &amp; Çà\u00a0: indice" in page
        assert "<b>x</b>" not in page  # a team's name stays text


@pytest.mark.parametrize(
    "theme", ["interfaith-festival", "hanabi-classic", "avalanche", "black-powder"]
)
def test_every_bundled_suit_colour_reads_on_the_projectors_dark_ground(theme: str) -> None:
    for suit in load_theme(theme).suits:
        shown = on_dark(suit.colour)
        assert contrast(shown, PROJECTOR_GROUND) >= 4.5, (suit.name, suit.colour, shown)


def test_a_dark_blue_is_lightened_but_stays_blue_and_bright_colours_are_kept() -> None:
    assert contrast("#1f5fbf", PROJECTOR_GROUND) < 4.5  # the festival deck's Judaïsme
    lighter = on_dark("#1f5fbf")
    red, green, blue = (int(lighter[i : i + 2], 16) for i in (1, 3, 5))
    assert blue > green > red and lighter != "#1f5fbf"
    assert on_dark("#e8b923") == "#e8b923" and on_dark("#ecc94b") == "#ecc94b"


def test_the_projector_uses_the_lightened_colour_for_a_dark_suits_name(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert f"--suit: #1f5fbf; --ink: #fff; --line: {on_dark('#1f5fbf')}" in screen


def test_the_leader_page_numbers_what_the_keyboard_shortcuts_pick(client: FlaskClient) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    page = client.get(_leader(table)).get_data(as_text=True)
    hint = page[page.index('id="hint"') : page.index('id="play"')]
    # Targets in the order the digits pick them: the next team first.
    targets = re.findall(
        r'name="target" value="(\d)"[^>]*> <span><kbd class="key" aria-hidden="true">(\d)</kbd> '
        r"([^<]+)</span>",
        hint,
    )
    assert [(int(v), int(k)) for v, k, _ in targets] == [(1, 1), (2, 2), (3, 3)]
    assert [name for *_, name in targets] == [
        "&lt;b&gt;x&lt;/b&gt;",
        "Équipe Ñandú &amp; Çà",
        "Les Loups",
    ]
    colours = re.findall(
        r'value="colour:(\d)"[^>]*><kbd class="key" aria-hidden="true">(\d)</kbd>', hint
    )
    assert [(int(c) + 1, int(k)) for c, k in colours] == [(i, i) for i in range(1, 6)]
    play_panel = page[page.index('id="play"') : page.index('id="discard"')]
    rows = re.findall(
        r'<div class="grid-suit"[^>]*><kbd class="key" aria-hidden="true">(\d)</kbd>', play_panel
    )
    assert rows == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("language", "colour", "rank"), [("fr", "C", "V"), ("en", "C", "R"), ("de", "F", "Z")]
)
def test_the_keyboard_help_names_the_keys_the_leader_script_accepts(
    language: str, colour: str, rank: str
) -> None:
    folder = resources.files("deckforge.referee")
    help_text = json.loads(folder.joinpath("catalogues", f"{language}.json").read_text("utf-8"))[
        "leader.keys"
    ]
    assert f" {colour} " in help_text and f" {rank} " in help_text
    script = folder.joinpath("static", "leader.js").read_text("utf-8")
    accepted = re.search(r'"([a-z]+)"\.indexOf\(key\) >= 0 && key\.length === 1', script)
    assert accepted and {colour.lower(), rank.lower()} <= set(accepted.group(1))
    colour_keys = re.search(r'"([a-z]+)"\.indexOf\(key\) >= 0 \? "C" : "R"', script)
    assert colour_keys and colour.lower() in colour_keys.group(1)
    assert rank.lower() not in colour_keys.group(1)


def test_a_finished_game_shows_no_next_turn_on_the_projector(client: FlaskClient) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    for version, rank in enumerate((3, 4, 5)):
        act(client, table, version, play(0, rank))  # three misplays: the game is lost
    screen = _text(client.get(f"/t/{table.id}/screen").get_data(as_text=True))
    assert "Partie 1" in screen and "3 tours joués" in screen
    assert "tour 4" not in screen


def test_a_long_team_name_is_set_smaller_on_the_projector_and_kept_whole_in_its_title(
    client: FlaskClient,
) -> None:
    long_name = "Les Éléphants roses de la vallée <du> Nil"[:40]
    table = create_table(
        client,
        theme="interfaith-festival",
        players=[long_name, "Les Loups", "Équipe Ñandú & Çà", "Les Ours"],
    )
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    escaped = long_name.replace("<", "&lt;").replace(">", "&gt;")
    assert f'<div class="turn-name longer">{escaped}</div>' in screen
    assert f'title="{escaped}">{escaped}</li>' in screen
    assert act(client, table, 0, play(0, 1)).status_code == 200
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert '<div class="turn-name">Les Loups</div>' in screen
    assert act(client, table, 1, play(1, 1)).status_code == 200
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert '<div class="turn-name long">Équipe Ñandú &amp; Çà</div>' in screen


def test_undoing_three_actions_or_more_from_the_history_asks_first(client: FlaskClient) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    for version in range(4):
        assert act(client, table, version, colour_hint((version + 1) % 4, 0)).status_code == 200
    page = client.get(_leader(table)).get_data(as_text=True)
    history = page[page.index('class="history"') :]
    buttons = re.findall(r'name="steps" value="(\d)"><button [^>]*>', history)
    assert len(buttons) == 4
    asks = {
        int(steps): 'data-confirm="' in button
        for steps, button in re.findall(r'name="steps" value="(\d)">(<button [^>]*>)', history)
    }
    assert asks == {1: False, 2: False, 3: True, 4: True}
    assert (
        'data-confirm="Annuler les 4 dernières actions\u202f? Elles seront retirées de la partie."'
        in history
    )


def test_a_hostile_suit_name_in_a_colour_hint_chip_is_shown_as_text(
    client: FlaskClient, tmp_path: Path
) -> None:
    hostile = (DATA / "script-theme.yaml").read_text("utf-8")
    hostile = hostile.replace(
        'name: "<script>alert(\'suit\')</script>"\n    colour: "#e53e3e"',
        'name: "<script>alert(\'suit\')</script>"\n    colour: "#111111"',
    )
    assert "#111111" in hostile  # every suit its own colour
    theme = tmp_path / "hostile.yaml"
    theme.write_text(hostile, "utf-8")
    table = create_table(client, theme=str(theme), players=["<b>A</b>", "B"])
    assert act(client, table, 0, colour_hint(1, 0, 1)).status_code == 200
    for path in (f"/t/{table.id}/screen", _leader(table)):
        page = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in page and "<b>A</b>" not in page
        assert (
            '<span class="sym">&lt;</span> &lt;script&gt;alert(&#39;suit&#39;)'
            "&lt;/script&gt;</span>"
        ) in page


def test_the_leader_page_says_beforehand_what_the_rules_refuse_right_now(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    page = client.get(_leader(table)).get_data(as_text=True)
    discard = page[page.index('id="discard"') : page.index('id="undo"')]
    assert 'id="discard-refused"' in discard and "ce jeu interdit de défausser" in discard
    assert 'id="hint-refused"' not in page
    for version in range(8):  # every hint token spent
        assert (
            act(client, table, version, colour_hint((version + 1) % 4, version % 5)).status_code
            == 200
        )
    page = client.get(_leader(table)).get_data(as_text=True)
    hint = page[page.index('id="hint"') : page.index('id="play"')]
    assert 'id="hint-refused"' in hint and "Il n’y a plus de moments de grâce et de vérité" in hint
    assert 'id="discard-refused"' not in page
    english = create_table(client, theme="hanabi-classic")  # discarding at 8 tokens: allowed
    assert 'id="discard-refused"' not in client.get(_leader(english)).get_data(as_text=True)
