"""A table's game file imported into an evening from the evening's own page (play19: the
evening page had no way to it; the import took ``?evening=`` only by hand).

The import (``/games/import``) takes the evening as the new-table forms do (``evening_arg``:
its club's managers only, 404 to anyone else; 409 once the evening is closed, asked before
the form is shown). The evening page links to it beside its new tables, for its managers,
while it is open. The file is the seed (docs/rules/hombre.md §10) played by Anne, Bruno and
Chloé, uploaded as a file through the form: the room's nets are the seed's, Anne −72,
Bruno −9, Chloé +81 (sum 0).
"""

from __future__ import annotations

import io
import json
import re
import sqlite3

from test_clubs import club_version, new_club, new_evening
from test_imported_newcomer import seed_played

IMPORT = re.compile(r'<a class="button" href="(/games/import\?evening=\d+)" id="import-table">')


def seed_file() -> bytes:
    """The seed played by Anne, Bruno and Chloé, as a file's bytes."""
    return json.dumps(seed_played(), ensure_ascii=False).encode()


def room_nets(client, evening: int) -> dict[str, str]:
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    rows = re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>', page)
    return dict(rows)


def test_a_file_imported_from_the_evening_page_is_its_next_table(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    page = client.get(f"/evenings/{evening}").data.decode()
    found = IMPORT.search(page)
    assert found is not None and found.group(1) == f"/games/import?evening={evening}"
    form = client.get(found.group(1)).data.decode()
    assert f'href="/evenings/{evening}" id="for-evening"' in form  # it says where it goes
    upload = {"file": (io.BytesIO(seed_file()), "table.json")}
    answer = client.post(found.group(1), data=upload, content_type="multipart/form-data")
    assert answer.status_code == 302, answer.data.decode()[-1500:]
    page = client.get(f"/evenings/{evening}").data.decode()
    assert "Table 1</a>" in page
    assert room_nets(client, evening) == {"Chloé": "+81", "Bruno": "−9", "Anne": "−72"}


def test_only_a_manager_of_an_open_evening_is_offered_the_import(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        token = conn.execute("select read_token from clubs where id = ?", [club]).fetchone()[0]
    conn.close()
    reader = app.test_client()
    assert reader.get(f"/clubs/{club}?key={token}").status_code == 200
    assert IMPORT.search(reader.get(f"/evenings/{evening}").data.decode()) is None
    assert reader.get(f"/games/import?evening={evening}").status_code == 404
    stranger = app.test_client()
    assert stranger.get(f"/games/import?evening={evening}").status_code == 404
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    assert IMPORT.search(client.get(f"/evenings/{evening}").data.decode()) is None
    answer = client.get(f"/games/import?evening={evening}")
    assert answer.status_code == 409  # refused before the form, saying why
    assert "This evening is closed: it takes no new table. Reopen it first." in answer.data.decode()
    upload = {"file": (io.BytesIO(seed_file()), "table.json")}
    answer = client.post(
        f"/games/import?evening={evening}", data=upload, content_type="multipart/form-data"
    )
    assert answer.status_code == 409
    assert "Table 1" not in client.get(f"/evenings/{evening}").data.decode()


def test_the_import_names_its_evening_as_the_evening_page_does(client, app):
    """Two evenings of one day, "Afternoon" and "Night": the import's way back names the one
    it goes to by its day and its title (``evening_label``), as the evening's page does; by
    its day alone, both read "Evening of 27 November 2026"."""
    club = new_club(client)
    made = []
    for title in ("Afternoon", "Night"):
        data = {"date": "2026-11-27", "title": title, "version": club_version(app)}
        answer = client.post(f"/clubs/{club}/evenings", data=data)
        assert answer.status_code == 302
        made.append(int(answer.headers["Location"].rsplit("/", 1)[1]))
    for evening, title in zip(made, ("Afternoon", "Night"), strict=True):
        form = client.get(f"/games/import?evening={evening}").data.decode()
        back = re.search(r'id="for-evening">← ([^<]+)</a>', form)
        assert back is not None
        assert back.group(1) == f"Evening of November 27, 2026 — {title}"
