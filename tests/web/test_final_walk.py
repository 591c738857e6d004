"""What the last walk found (issue 45's walk: a Dutch club night, a French event, at 390 px):
each page's words and figures as the rest of the page has them."""

from __future__ import annotations

import re

from test_clubs import manille_table, new_club, new_evening, seed_table


def test_the_dutch_season_for_a_spreadsheet_says_the_outcomes_as_the_page(client, app):
    """The semicolon file is for people: its outcomes in the page's words ("gewonnen 2"),
    never the file keys ("gagne:2"); "per 100 coups" with one decimal on every line of a
    member who sat at chips ("-1028,6"); one who sat only at a points table has no chips:
    their cell is empty, not "0,0" (test_season_file_cells)."""
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
    assert per_100[3:] == ["", ""]
    assert all(re.fullmatch(r"-?\d+,\d", p) for p in per_100[:3]), per_100


def test_a_vole_made_at_a_jetons_table_counts_on_the_members_page(client, app):
    """The jetons record a vole as a win of the vole contract (docs/rules/jetons.md §4), the
    1709 poule as an outcome of its own: the member's count asks what each recorded, so
    "voles made" agrees with the contracts' table ("vole 1 1") — it said 0."""
    from test_seat_pages_who_sat_when import enter as enter_coup
    from test_web_systems import JETONS

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    response = client.post(f"/games/new?evening={evening}", data={**JETONS, "create": "1"})
    assert response.status_code == 302, response.text[-1500:]
    game = response.headers["Location"].rstrip("/")
    assert enter_coup(client, game, 1, "vole", (0, 9, 0)).status_code == 302  # Bruno: all 9
    assert enter_coup(client, game, 2, "simple", (2, 2, 5)).status_code == 302  # Chloé wins
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    listed = client.get(f"/clubs/{club}").text
    ids = {name: n for n, name in re.findall(r'/members/(\d+)/statement">([^<]+)<', listed)}
    bruno = client.get(f"/clubs/{club}/members/{ids['Bruno']}").text
    said = bruno[bruno.index('id="voles">') :].split("</li>", 1)[0]
    assert "1 vole made" in said, said
    contracts = bruno[bruno.index('id="contracts"') :].split("</table>", 1)[0]
    assert re.search(r">vole</th><td class=\"num\">1</td><td class=\"num\">1 ", contracts)
    chloe = client.get(f"/clubs/{club}/members/{ids['Chloé']}").text
    said = chloe[chloe.index('id="voles">') :].split("</li>", 1)[0]
    assert "0 voles made" in said, said  # a simple won with five tricks is no vole


def page_text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_dutch_club_table_says_what_one_jeton_is_worth(client, app):
    """The club's chip is l'Hombre's jeton ("Eén jeton is waard" on the club's form); a
    fiche is ten of them: the settlement said "één fiche = € 0,025", ten times off."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    said = page_text(client.get(game.rstrip("/") + "/settlement").text)
    assert "één jeton = " in said and "één fiche" not in said


def test_dutch_says_spel_spellen_for_coups_never_spelletjes():
    from test_clubs_words import catalog, holds

    coups = [(i, s) for i, s in catalog("nl") if holds(i, "coup") or holds(i, "coups")]
    assert len(coups) > 20
    assert [s for _, s in coups if "spelletje" in s.lower()] == []
    assert [s for _, s in catalog("nl") if "spelletje" in s.lower()] == []


def test_the_dutch_manillen_form_names_the_classique_in_dutch(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    said = page_text(client.get("/games/new/manille").text)
    assert "Klassiek" in said and "klassiek (stil of sprekend)" in said
    assert not re.search(r"classique|muette|parlée", said, re.I), said


def test_a_french_event_says_coups_for_the_rounds_deals_in_one_sentence(client):
    """ "3-2, …, 4 coups, partage à la fin. Les 4 donnes du tour…": one word, the coups."""
    from test_events import new_event

    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    where = new_event(client, kind="hombre", seating="3", method="total", deals="4")
    page = client.get(where).text
    rules = page_text(page[page.index('id="event-rules"') :].split("</p>", 1)[0])
    assert "4\u202fcoups, partage à la fin" in rules or "4 coups, partage à la fin" in rules
    assert "coups du tour finissent la partie" in rules and "donne" not in rules, rules
