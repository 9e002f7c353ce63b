"""The leader deletes a table from its page (issue 25 point 6): folded at the bottom of the
leader's page, a page of its own that names the table and asks, the form's CSRF and the
leader's token, then a page that says the table is gone and 404 pages that say so."""

from __future__ import annotations

import re

from flask.testing import FlaskClient
from referee_helpers import Table, create_table

NBSP = "\u00a0"


def _leader(table: Table) -> str:
    return f"/t/{table.id}/lead/{table.token}"


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no CSRF field"
    return found.group(1)


def _exists(client: FlaskClient, table: Table) -> bool:
    return client.get(f"/api/tables/{table.id}").status_code == 200


def test_the_leader_page_offers_deleting_folded_at_its_bottom(
    client: FlaskClient, table: Table
) -> None:
    page = client.get(_leader(table)).get_data(as_text=True)
    folded = re.search(
        r'<details class="panel table-settings" id="table-settings">(.*?)</details>', page, re.S
    )
    assert folded, "no folded table settings"
    assert f'href="{_leader(table)}/delete"' in folded.group(1)
    assert "Delete this table…" in folded.group(1)
    assert page.index('id="table-settings"') > page.index('id="game"')  # after every other control
    assert page.count("/delete") == 1  # nothing else on the page deletes


def test_the_confirm_page_names_the_table_and_says_what_goes(client: FlaskClient) -> None:
    table = create_table(client, "interfaith-festival", ["Lions", "Aigles", "Loups", "Ours"])
    page = client.get(f"{_leader(table)}/delete").get_data(as_text=True)
    assert f"<h1>Supprimer cette table{NBSP}?</h1>" in page
    assert "Lions, Aigles, Loups, Ours" in page and table.id in page
    assert "les noms des équipes ou des joueurs, toutes les parties" in page
    assert "le journal de chaque action" in page and "C’est définitif." in page
    assert f'href="{_leader(table)}#table-settings"' in page  # the way back keeps the table
    assert _exists(client, table)  # asking deletes nothing


def test_deleting_through_the_form_removes_the_table_and_says_so(client: FlaskClient) -> None:
    table = create_table(client, "interfaith-festival", ["Lions", "Aigles", "Loups", "Ours"])
    asked = client.get(f"{_leader(table)}/delete").get_data(as_text=True)
    done = client.post(f"{_leader(table)}/delete", data={"csrf": _csrf(asked)})
    assert done.status_code == 303
    assert done.headers["Location"].endswith("/deleted?lang=fr")
    said = client.get(done.headers["Location"])
    assert said.status_code == 200 and "no-store" in said.headers["Cache-Control"]
    assert "La table est supprimée" in said.get_data(as_text=True)
    assert not _exists(client, table)
    assert client.get(f"/api/tables/{table.id}", headers=table.auth).status_code == 404
    for gone in (_leader(table), f"/t/{table.id}", f"/t/{table.id}/screen"):
        answer = client.get(gone, headers={"Accept-Language": "fr"})
        assert answer.status_code == 404 and answer.mimetype == "text/html"
        assert f"Il n’y a pas de table ici{NBSP}: elle a été supprimée" in answer.get_data(
            as_text=True
        )


def test_a_second_delete_finds_no_table_and_answers_a_404_page(
    client: FlaskClient, table: Table
) -> None:
    csrf = _csrf(client.get(f"{_leader(table)}/delete").get_data(as_text=True))
    assert client.post(f"{_leader(table)}/delete", data={"csrf": csrf}).status_code == 303
    again = client.post(f"{_leader(table)}/delete", data={"csrf": csrf})
    assert again.status_code == 404 and again.mimetype == "text/html"
    assert "it has been deleted, or the link is incomplete" in again.get_data(as_text=True)
    assert client.get(f"{_leader(table)}/delete").status_code == 404


def test_a_wrong_token_or_a_missing_or_forged_csrf_deletes_nothing(
    client: FlaskClient, table: Table
) -> None:
    csrf = _csrf(client.get(f"{_leader(table)}/delete").get_data(as_text=True))
    wrong = f"/t/{table.id}/lead/{'x' * len(table.token)}/delete"
    assert client.get(wrong).status_code == 403
    assert client.post(wrong, data={"csrf": csrf}).status_code == 403
    assert client.post(f"/t/{table.id}/lead//delete", data={"csrf": csrf}).status_code in (404, 405)
    assert client.post(f"{_leader(table)}/delete").status_code == 400
    forged = client.post(f"{_leader(table)}/delete", data={"csrf": "forged"})
    assert forged.status_code == 400 and "This form has expired" in forged.get_data(as_text=True)
    assert _exists(client, table)


def test_the_pages_speak_arabic_right_to_left(client: FlaskClient) -> None:
    table = create_table(client, "arabic-words", ["أ", "ب"])
    asked = client.get(f"{_leader(table)}/delete").get_data(as_text=True)
    assert '<html lang="ar" dir="rtl">' in asked and "حذف هذه الطاولة؟" in asked
    done = client.post(f"{_leader(table)}/delete", data={"csrf": _csrf(asked)})
    said = client.get(done.headers["Location"]).get_data(as_text=True)
    assert '<html lang="ar" dir="rtl">' in said and "حُذفت الطاولة" in said


def test_another_tables_pages_still_answer_after_a_delete(client: FlaskClient) -> None:
    kept, gone = create_table(client), create_table(client)
    csrf = _csrf(client.get(f"{_leader(gone)}/delete").get_data(as_text=True))
    client.post(f"{_leader(gone)}/delete", data={"csrf": csrf})
    assert client.get(_leader(kept)).status_code == 200 and _exists(client, kept)
    other = client.post(f"{_leader(kept)}/delete", data={"csrf": csrf}, query_string={"x": "1"})
    assert other.status_code == 303  # the session's CSRF token serves every form
