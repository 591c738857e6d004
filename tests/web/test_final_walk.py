"""What the last walk found (issue 45's walk: a Dutch club night, a French event, at 390 px):
each page's words and figures as the rest of the page has them."""

from __future__ import annotations

import re

from test_clubs import manille_table, new_club, new_evening, seed_table


def test_the_dutch_season_for_a_spreadsheet_says_the_outcomes_as_the_page(client, app):
    """The semicolon file is for people: its outcomes in the page's words ("gewonnen 2"),
    never the file keys ("gagne:2"); "per 100 coups" with one decimal on every line, a
    member who sat only at a points table too (0 coups: "0,0", as "-1028,6")."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    manille_table(client, evening)  # Fanny, Denis, Gilles: points only, no coup at chips
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    page = client.get(f"/clubs/{club}/season").text
    anne_page = page[page.index(">Anne</th>") :].split("</tr>", 1)[0]
    words = re.findall(r"([^\W\d]+(?: [^\W\d]+)*) (\d+)", anne_page.split("<td>")[-1])
    assert words, anne_page  # the page's outcomes, e.g. [("gewonnen", "2"), …]
    lines = client.get(f"/clubs/{club}/season.csv?sep=semicolon").text.splitlines()
    rows = {line.split(";")[0]: line.split(";") for line in lines[1:]}
    outcomes = rows["Anne"][5]
    assert ":" not in outcomes
    assert outcomes == " · ".join(f"{w} {n}" for w, n in words)
    per_100 = [rows[name][9] for name in ("Anne", "Bruno", "Chloé", "Fanny", "Denis")]
    assert per_100[3:] == ["0,0", "0,0"]
    assert all(re.fullmatch(r"-?\d+,\d", p) for p in per_100), per_100
