"""The HTML pages: creation form, leader forms (CSRF, token, versions), escaping, languages."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from referee_helpers import DATA, Table, act, colour_hint, create_table, play, rank_hint

from deckforge.contrast import contrast
from deckforge.referee.colours import PROJECTOR_GROUND, ink, on_dark, on_light
from deckforge.referee.rendering import qr_svg
from deckforge.referee.service import shareable
from deckforge.theme.loader import load_theme


def _csrf(client: FlaskClient, path: str) -> str:
    page = client.get(path).get_data(as_text=True)
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no CSRF field"
    return found.group(1)


def _leader(table: Table) -> str:
    return f"/t/{table.id}/lead/{table.token}"


def test_the_creation_form_makes_a_table_and_opens_the_leader_page(client: FlaskClient) -> None:
    csrf = _csrf(client, "/")
    response = client.post(
        "/tables",
        data={
            "csrf": csrf,
            "theme": "interfaith-festival",
            "player0": "Lions",
            "player1": "Aigles",
            "player2": "",
            "player3": "Loups",
            "player4": "Ours",
            "first": "3",
        },
    )
    assert response.status_code == 303
    leader = response.headers["Location"]
    assert "/lead/" in leader and "welcome=1" in leader
    page = client.get(leader).get_data(as_text=True)
    assert "La table est prête" in page and "<svg" in page  # QR code made locally
    assert "À jouer\u00a0: <strong>Loups</strong>" in page  # seat 3 starts, empty seats dropped


def test_the_creation_form_shows_the_themes_who_starts_sentence(client: FlaskClient) -> None:
    page = client.get("/?lang=en").get_data(as_text=True)
    assert "Le joueur le plus âgé commence" in page  # the festival deck is the default
    assert 'data-first="The player wearing the most colourful clothes starts."' in page


def test_a_form_without_its_csrf_token_is_refused(client: FlaskClient, table: Table) -> None:
    refused = client.post(
        "/tables", data={"theme": "hanabi-classic", "player0": "A", "player1": "B"}
    )
    assert refused.status_code == 400
    forged = client.post(
        f"{_leader(table)}/act",
        data={"csrf": "forged", "version": "0", "type": "play", "card": "1:1"},
    )
    assert forged.status_code == 400
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


def test_a_wrong_player_count_is_explained_in_the_form(client: FlaskClient) -> None:
    csrf = _csrf(client, "/?lang=en")
    response = client.post(
        "/tables?lang=en", data={"csrf": csrf, "theme": "hanabi-classic", "player0": "Solo"}
    )
    assert response.status_code == 422
    assert "played by 2, 3, 4, 5 players or teams, not 1" in response.get_data(as_text=True)


def test_the_leader_plays_a_card_through_the_form(client: FlaskClient, table: Table) -> None:
    csrf = _csrf(client, _leader(table))
    response = client.post(
        f"{_leader(table)}/act", data={"csrf": csrf, "version": "0", "type": "play", "card": "1:1"}
    )
    assert response.status_code == 303
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["suits"][1]["stack"] == [1] and state["version"] == 1


def test_the_leader_gives_a_hint_with_the_cards_shown(client: FlaskClient, table: Table) -> None:
    csrf = _csrf(client, _leader(table))
    client.post(
        f"{_leader(table)}/act",
        data={
            "csrf": csrf,
            "version": "0",
            "type": "hint",
            "target": "2",
            "touched": "2",
            "hint": "colour:3",
        },
    )
    last = client.get(f"/api/tables/{table.id}").get_json()["last"]
    assert last == {"type": "colour-hint", "player": 0, "target": 2, "suit": 3, "touched": 2}


def test_a_double_tap_is_refused_with_409_and_applied_once(
    client: FlaskClient, table: Table
) -> None:
    csrf = _csrf(client, _leader(table))
    form = {"csrf": csrf, "version": "0", "type": "hint", "target": "1", "hint": "rank:1"}
    assert client.post(f"{_leader(table)}/act", data=form).status_code == 303
    again = client.post(f"{_leader(table)}/act", data=form)
    assert again.status_code == 409
    assert "Nothing was changed" in again.get_data(as_text=True)
    assert client.get(f"/api/tables/{table.id}").get_json()["hint_tokens"]["available"] == 7


def test_an_illegal_action_shows_the_reason_in_the_themes_language(client: FlaskClient) -> None:
    table = create_table(client, theme="interfaith-festival", players=["A", "B", "C", "D"])
    csrf = _csrf(client, _leader(table))
    response = client.post(
        f"{_leader(table)}/act",
        data={"csrf": csrf, "version": "0", "type": "discard", "card": "0:1"},
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "ce jeu interdit de défausser maintenant" in page
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


def test_cards_with_no_copy_left_are_disabled_on_the_leader_page(
    client: FlaskClient, table: Table
) -> None:
    act(client, table, 0, rank_hint(1, 1))
    act(client, table, 1, {"type": "discard", "card": {"suit": 2, "rank": 5}})
    page = client.get(_leader(table)).get_data(as_text=True)
    disabled = re.findall(r'value="(\d+:\d+)" id="[^"]+" class="card-btn" [^>]*disabled', page)
    assert set(disabled) == {"2:5"}


def test_undo_from_the_history_withdraws_several_steps(client: FlaskClient, table: Table) -> None:
    for version, action in enumerate([play(1, 1), play(1, 2), rank_hint(0, 1)]):
        act(client, table, version, action)
    csrf = _csrf(client, _leader(table))
    response = client.post(
        f"{_leader(table)}/undo", data={"csrf": csrf, "version": "3", "steps": "3"}
    )
    assert response.status_code == 303
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["turn"] == 0 and state["version"] == 4


def test_a_new_game_from_the_leader_page(client: FlaskClient, table: Table) -> None:
    act(client, table, 0, play(1, 1))
    csrf = _csrf(client, _leader(table))
    client.post(f"{_leader(table)}/new-game", data={"csrf": csrf, "version": "1", "confirm": "yes"})
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["game"] == 2 and state["turn"] == 0


def test_a_wrong_leader_token_gets_403_and_no_change(client: FlaskClient, table: Table) -> None:
    assert client.get(f"/t/{table.id}/lead/wrong").status_code == 403
    csrf = _csrf(client, _leader(table))
    refused = client.post(
        f"/t/{table.id}/lead/wrong/act",
        data={"csrf": csrf, "version": "0", "type": "play", "card": "1:1"},
    )
    assert refused.status_code == 403
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


def test_the_projector_is_read_only(client: FlaskClient, table: Table) -> None:
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "<form" not in page and table.token not in page
    assert client.post(f"/t/{table.id}").status_code == 405


def test_every_theme_text_is_escaped(client: FlaskClient) -> None:
    table = create_table(client, theme=str(DATA / "script-theme.yaml"), players=["<b>A</b>", "B"])
    act(client, table, 0, play(0, 1))
    pages = [
        client.get(path).get_data(as_text=True)
        for path in (f"/t/{table.id}", f"/t/{table.id}/screen", _leader(table), "/")
    ]
    for page in pages:
        assert "<script>alert" not in page
        assert "<img src=x" not in page and "<b>A</b>" not in page and "</div><b>" not in page
        assert "<b onmouseover" not in page
    assert "&lt;script&gt;alert(&#39;suit&#39;)&lt;/script&gt;" in pages[0]
    assert "&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;" in pages[0]
    assert "&lt;i&gt;Hostile&lt;/i&gt; &amp; co" in pages[3]


def test_pages_speak_the_themes_language(client: FlaskClient) -> None:
    french = create_table(client, theme="interfaith-festival", players=["A", "B", "C", "D"])
    english = create_table(client, theme="hanabi-classic", players=["A", "B"])
    assert "À jouer\u00a0:" in client.get(f"/t/{french.id}").get_data(as_text=True)
    assert "Now playing:" in client.get(f"/t/{english.id}").get_data(as_text=True)
    assert '<html lang="fr">' in client.get(_leader(french)).get_data(as_text=True)


def test_the_home_page_follows_the_browser_language(client: FlaskClient) -> None:
    german = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert "Tisch anlegen" in german.get_data(as_text=True)
    assert "Créer la table" in client.get("/?lang=fr").get_data(as_text=True)


def test_pages_load_nothing_from_another_host(client: FlaskClient, table: Table) -> None:
    for path in ("/", f"/t/{table.id}", _leader(table)):
        response = client.get(path)
        page = response.get_data(as_text=True)
        assert not re.search(r'src="(https?:)?//', page), path
        for link in re.findall(r'href="((?:https?:)?//[^"]*)"', page):
            assert link.startswith("http://localhost/"), link  # this server only
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert response.headers["Referrer-Policy"] == "no-referrer"


def test_unknown_pages_are_404(client: FlaskClient) -> None:
    assert client.get("/t/nope").status_code == 404
    assert client.get("/t/nope/lead/x").status_code == 404


def test_links_for_the_phone_name_the_network_address_not_loopback(app: Flask) -> None:
    app.config["PUBLIC_URL"] = "http://192.168.1.20:5000/"
    with app.test_request_context("/", base_url="http://localhost:5000"):
        assert shareable("http://localhost:5000/t/abc/lead/xyz?welcome=1") == (
            "http://192.168.1.20:5000/t/abc/lead/xyz?welcome=1"
        )
        assert shareable("http://10.0.0.5:5000/t/abc") == "http://10.0.0.5:5000/t/abc"


def test_seat_links_and_their_qr_codes_name_the_network_address_too(
    app: Flask, client: FlaskClient
) -> None:
    """The leader opens the page at 127.0.0.1 while the referee serves the network: every
    seat link, its QR code and the API's seat links name the address phones reach."""
    app.config["PUBLIC_URL"] = "http://192.168.1.20:5000/"
    local = "http://127.0.0.1:5000"
    created = client.post(
        "/api/tables",
        json={"theme": "hanabi-classic", "players": ["Ann", "Bob"], "kind": "digital"},
        base_url=local,
    ).get_json()
    seats = [row["url"] for row in created["seats"]]
    assert all(url.startswith("http://192.168.1.20:5000/t/") for url in seats), seats
    token = created["leader_token"]
    page = client.get(f"/t/{created['id']}/lead/{token}", base_url=local).get_data(as_text=True)
    assert "127.0.0.1" not in page.split("seat-links", 1)[1].split("</ul>", 1)[0]
    for url in seats:
        assert f"<code>{url}</code>" in page
        assert str(qr_svg(url)) in page  # the QR code of the network address
    app.config["PUBLIC_URL"] = None  # a loopback-only referee: the links stay as opened
    again = client.post(
        "/api/tables",
        json={"theme": "hanabi-classic", "players": ["Ann", "Bob"], "kind": "digital"},
        base_url=local,
    ).get_json()
    assert again["seats"][0]["url"].startswith(local + "/t/")


def test_a_loopback_only_referee_says_how_to_reach_it_from_a_phone(client: FlaskClient) -> None:
    table = create_table(client)
    page = client.get(f"{_leader(table)}?welcome=1", base_url="http://127.0.0.1:5000")
    assert "--host 0.0.0.0" in page.get_data(as_text=True)


def test_a_finished_game_offers_a_new_game_first(client: FlaskClient, table: Table) -> None:
    for version, rank in enumerate((3, 4, 5)):
        act(client, table, version, play(0, rank))  # three misplays: the game is lost
    page = client.get(_leader(table)).get_data(as_text=True)
    over = page[page.index('class="panel over"') :]
    assert over.index("/new-game") < over.index('id="undo"')
    assert 'data-tab="play"' not in page  # no action tabs once the game is over


def test_suit_colours_stay_legible_on_both_grounds() -> None:
    assert ink("#ffffff") == "#111" and ink("#000") == "#fff"
    assert on_dark("#1a1a1a") != "#1a1a1a" and on_dark("#e8b923") == "#e8b923"
    assert on_light("#f4f4f4") != "#f4f4f4" and on_light("#1f5fbf") == "#1f5fbf"


def test_an_unexpected_error_is_a_clear_500_in_json_and_in_html(
    app: Flask, client: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as when served, not as in tests

    def broken(*_args: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(app.extensions["deckforge.tables"], "load", broken)
    api = client.get(f"/api/tables/{table.id}")
    assert api.status_code == 500
    assert api.get_json()["error"]["code"] == "internal-error"
    page = client.get(f"/t/{table.id}?lang=en")
    assert page.status_code == 500
    assert "every accepted action is safe" in page.get_data(as_text=True)
    assert "disk on fire" not in page.get_data(as_text=True)


def test_announcements_read_well_with_plural_team_names(client: FlaskClient) -> None:
    teams = ["Les Aigles", "Les Lions", "Les Dauphins", "Les Loups"]
    table = create_table(client, theme="interfaith-festival", players=teams)
    projector = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "À jouer en premier : Les Aigles" in _text(projector)
    assert act(client, table, 0, rank_hint(1, 1, 1)).status_code == 200
    screen = _text(client.get(f"/t/{table.id}/screen").get_data(as_text=True))
    assert "Les Aigles → Les Lions : indice « 1 » (1 carte)" in screen
    assert act(client, table, 1, play(0, 1)).status_code == 200
    leader = _text(client.get(_leader(table)).get_data(as_text=True))
    assert "Les Lions — pose :" in leader
    assert "Les Dauphins — donner un indice" in leader
    for wrong in (" à Les ", " de Les ", "Les Lions a ", "Les Dauphins donne"):
        assert wrong not in screen + leader


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))


# --------------------------------------------------------------------------------------
# A youth leader's review of the pages: colours, keyboard help and the end of a game.

TEAMS = ["Les Éléphants", "<b>x</b>", "Équipe Ñandú & Çà", "Les Loups"]


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


def test_the_leader_and_seat_pages_share_one_retry_module_loaded_before_them(
    client: FlaskClient,
) -> None:
    """once.js sends each tap once (its key, its retries, the band); leader.js and seat.js
    keep no copy of it (the lost-reply browser tests drive both pages)."""
    folder = resources.files("deckforge.referee").joinpath("static")
    scripts = {
        name: folder.joinpath(name).read_text("utf-8")
        for name in ("once.js", "leader.js", "seat.js")
    }
    for marker in ("getRandomValues", "AbortController", "idempotency_key", '"online"'):
        assert [name for name, text in scripts.items() if marker in text] == ["once.js"], marker
    from digital_helpers import create_digital

    table = create_digital(client, players=["Ann", "Bob"])
    for page, own in (
        (f"/t/{table.id}/lead/{table.token}", "leader.js"),
        (table.seat_page(0), "seat.js"),
    ):
        loaded = re.findall(
            r'<script src="/static/([\w.-]+)', client.get(page).get_data(as_text=True)
        )
        assert "once.js" in loaded and loaded.index("once.js") < loaded.index(own), loaded
