"""The referee's "Print a deck" page: same PDFs as `deckforge print`, bad values refused."""

from __future__ import annotations

import io
import json
import re
import string
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from deckforge.cli import main
from deckforge.web.i18n import web_catalogue

THEME = "interfaith-festival"
TEMPLATES = Path(__file__).parents[2] / "deckforge" / "web" / "templates"


def test_the_referee_home_page_links_to_the_print_page(client: FlaskClient) -> None:
    home = client.get("/?lang=fr").get_data(as_text=True)
    assert '<a href="/print/">Imprimer un jeu</a>' in home
    page = client.get("/print/?lang=fr")
    assert page.status_code == 200
    assert "Imprimer un jeu" in page.get_data(as_text=True)


def test_the_referee_alone_has_no_print_link(tmp_path: Path) -> None:
    from deckforge.referee import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})
    assert "/print/" not in app.test_client().get("/").get_data(as_text=True)


@pytest.mark.parametrize("language", ["fr", "en", "de"])
def test_the_page_speaks_the_asked_language_and_offers_every_kit_file(
    client: FlaskClient, language: str
) -> None:
    text = client.get(f"/print/?lang={language}").get_data(as_text=True)
    assert f'lang="{language}"' in text
    assert web_catalogue(language)["print.download_zip"] in text
    for name in ("cards.pdf", "tokens.pdf", "rules.pdf", "scoresheet.pdf", "calibration.pdf"):
        assert f'value="{name}"' in text
    assert f'<option value="{THEME}" selected>' in text


def _cli_kit(tmp_path: Path, *options: str) -> Path:
    folder = tmp_path / "cli"
    result = CliRunner().invoke(main, ["print", THEME, "-o", str(folder), *options])
    assert result.exit_code == 0, result.output
    return folder


def test_a_letter_kit_with_an_offset_is_byte_identical_to_the_command(
    client: FlaskClient, tmp_path: Path
) -> None:
    folder = _cli_kit(
        tmp_path, "--paper", "letter", "--back-offset", "1.5,-0.5", "--duplex", "short"
    )
    query = f"theme={THEME}&paper=letter&duplex=short&offset_x=1,5&offset_y=-0.5"
    for name in ("cards.pdf", "calibration.pdf", "tokens.pdf"):
        response = client.get(f"/print/download?{query}&file={name}")
        assert response.status_code == 200
        assert response.mimetype == "application/pdf"
        assert f'filename="{THEME}-{name}"' in response.headers["Content-Disposition"]
        assert response.data == (folder / name).read_bytes(), name


def test_the_zip_holds_the_whole_kit_and_is_the_same_every_time(
    client: FlaskClient, tmp_path: Path
) -> None:
    folder = _cli_kit(tmp_path, "--card", "bridge", "--ink", "low")
    first = client.get(f"/print/download?theme={THEME}&card=bridge&ink=low&file=kit.zip")
    again = client.get(f"/print/download?theme={THEME}&card=bridge&ink=low&file=kit.zip")
    assert first.status_code == 200 and first.mimetype == "application/zip"
    assert first.data == again.data
    with zipfile.ZipFile(io.BytesIO(first.data)) as archive:
        names = sorted(archive.namelist())
        assert names == sorted(f"{THEME}/{p.name}" for p in folder.iterdir())
        for path in folder.iterdir():
            assert archive.read(f"{THEME}/{path.name}") == path.read_bytes()


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("offset_x=abc", "offset"),
        ("offset_y=25", "offset"),
        ("offset_x=nan", "offset"),
        ("offset_y=inf", "offset"),
        ("card_custom=10x10", "card"),
        ("card_custom=huge", "card"),
        ("card_custom=300x400", "card"),
        ("card_custom=25x30", "print"),
        ("paper=a0", "paper"),
        ("duplex=diagonal", "duplex"),
        ("ink=none", "ink"),
        ("file=../../etc/passwd", "file"),
        ("file=cards-fold.pdf", "file"),
    ],
)
def test_bad_values_are_refused_with_a_message_on_the_page(
    client: FlaskClient, query: str, field: str
) -> None:
    response = client.get(f"/print/download?theme={THEME}&lang=en&{query}")
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    alert = re.search(r'<div class="alert" role="alert" id="problem">(.*?)</div>', text, re.S)
    assert alert is not None
    lead = web_catalogue("en")[f"print.bad.{field}"].split("{")[0]
    assert lead.strip() in alert.group(1)
    assert "Traceback" not in text


def test_a_theme_the_referee_does_not_offer_is_refused(client: FlaskClient) -> None:
    for theme in ("/etc/passwd", "../themes/interfaith-festival", "no-such-theme"):
        response = client.get(f"/print/download?theme={theme}&file=rules.pdf")
        assert response.status_code == 422
        assert response.mimetype == "text/html"


def test_a_themes_folder_of_the_referee_is_offered(tmp_path: Path) -> None:
    from deckforge.web import create_app

    folder = tmp_path / "themes"
    folder.mkdir()
    (folder / "mine.yaml").write_text(
        "extends: interfaith-festival\nid: mine\ntitle: My festival deck\n", encoding="utf-8"
    )
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "THEME_FOLDERS": (folder,)}
    )
    client = app.test_client()
    assert "My festival deck" in client.get("/print/").get_data(as_text=True)
    response = client.get("/print/download?theme=mine.yaml&file=rules.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_print_page_catalogues_are_complete(language: str) -> None:
    english, other = web_catalogue("en"), web_catalogue(language)
    assert set(other) == set(english)
    for key, text in english.items():
        assert _placeholders(other[key]) == _placeholders(text), key


def test_every_key_the_print_page_uses_exists() -> None:
    english = web_catalogue("en")
    used: set[str] = set()
    for template in TEMPLATES.glob("*.html"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_.\-]+)["']""", template.read_text("utf-8")))
    dynamic = {k for k in used if k.endswith(".")}
    referee = json.loads(
        (Path(__file__).parents[2] / "deckforge/referee/catalogues/en.json").read_text("utf-8")
    )
    assert not sorted(k for k in used - dynamic if k not in english and k not in referee)
    for prefix in ("print.paper.", "print.card.", "print.duplex.", "print.file."):
        assert any(k.startswith(prefix) for k in english)


@pytest.mark.parametrize("language", ["fr", "en", "de"])
def test_the_calibration_sheet_sends_the_reader_to_this_page_or_to_the_option(language):
    from deckforge.printing.catalogue import catalogue

    title = web_catalogue(language)["print.title"]
    for key in ("calib_front_help", "calib_back_help"):
        text = catalogue(language).text(key, edge="long", x="0", y="0")
        assert title in text and "--back-offset X,Y" in text, key
