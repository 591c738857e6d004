"""The reader's language, properly (issue 35, point 10): collation, dates, typography,
elision, one minus sign, the spreadsheet's headers, no internal key on a page.
"""

from __future__ import annotations

import html
import re

import pytest
from test_clubs import club_version, new_club, new_evening, seed_table
from test_events import hombre_deal, new_event, open_table, post, ranking, seated, tables

PEOPLE = ["Zoé", "Élise", "Anne", "Åse", "Bruno"]


def add_members(client, app, club: int, names: list[str]) -> None:
    for name in names:
        data = {"name": name, "version": club_version(app), "submit": "1"}
        response = client.post(f"/clubs/{club}/members", data=data)
        assert response.status_code == 302, response.data.decode()[-800:]


def shown_members(page: str) -> list[str]:
    block = page.split('id="members"')[1].split("</ul>")[0]
    return re.findall(r'class="statement"[^>]*>([^<]*)<', block)


@pytest.mark.parametrize(
    ("language", "order"),
    [
        # French (and English, Dutch): accents second, Å with A, É with E
        ("fr", ["Anne", "Åse", "Bruno", "Élise", "Zoé"]),
        ("nl", ["Anne", "Åse", "Bruno", "Élise", "Zoé"]),
        # Danish: Å is the alphabet's last letter, after Z
        ("da", ["Anne", "Bruno", "Élise", "Zoé", "Åse"]),
    ],
)
def test_members_in_the_readers_collation(client, app, language, order):
    club = new_club(client)
    add_members(client, app, club, PEOPLE)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/clubs/{club}").data.decode()
    assert shown_members(page) == order  # the code points' order put Élise and Åse after Zoé


@pytest.mark.parametrize(
    ("language", "title", "day"),
    [
        ("fr", "Soirée du 27 novembre 2026", "27 novembre 2026"),
        ("en", "Evening of November 27, 2026", "November 27, 2026"),
        ("nl", "27 november 2026", "27 november 2026"),
        ("da", "27. november 2026", "27. november 2026"),
    ],
)
def test_an_evenings_date_in_the_readers_words(client, app, language, title, day):
    club = new_club(client)
    data = {"date": "2026-11-27", "title": "", "version": club_version(app)}
    evening = client.post(f"/clubs/{club}/evenings", data=data).headers["Location"]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    for page in (evening, evening + "/settlement"):
        text = client.get(page).data.decode()
        assert title in text and "2026-11-27<" not in text, page
    assert day in client.get(f"/clubs/{club}").data.decode()


@pytest.mark.parametrize(
    ("language", "day"),
    [
        ("fr", "Soirée du 1er novembre 2026"),  # French writes the first of a month "1er"
        ("en", "Evening of November 1, 2026"),
        ("nl", "1 november 2026"),
        ("da", "1. november 2026"),
    ],
)
def test_the_first_of_the_month_in_the_readers_words(client, app, language, day):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    assert day in client.get(f"/evenings/{evening}").data.decode()
    if language == "fr":  # and only the day: "11 novembre" stays as it is
        other = new_evening(client, app, club, "2026-11-11")
        assert "Soirée du 11 novembre 2026" in client.get(f"/evenings/{other}").data.decode()


@pytest.mark.parametrize(("language", "debt"), [("fr", "−3,60\u00a0€"), ("en", "−€3.60")])
def test_the_room_settlement_has_one_minus_sign(client, app, language, debt):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # Anne −72, Bruno −9, Chloé +81
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    members = page.split('id="members"')[1].split("</table>")[0]
    # Anne's net: −72 chips × 0.05 € = −3.60 €, written with the true minus like the chips
    assert debt in members
    text = re.sub(r"<[^>]*>", " ", members)  # the words shown, not ids like member-3
    assert not re.search(r"-\s?[0-9€]", text)  # no hyphen-minus before a figure


def one_deal_event(client, app) -> tuple[str, str]:
    """An event of three players, one table, one deal (the first seat's demande won with 5
    tricks to 2 and 2): its read token and its table's game."""
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    token = ranking(app)[1].event.read_token
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))
    return token, game


@pytest.mark.parametrize(
    ("language", "header"),
    [
        # round 1 drawn of 2: a column for the round drawn, as results.json lists it
        ("nl", "Plaats;Speler;Ronde 1;Correctie;Totaal"),
        ("fr", "Place;Joueur;Tour 1;Correction;Total"),
    ],
)
def test_the_results_file_for_a_spreadsheet_speaks_the_readers_language(
    client, app, language, header
):
    token, _game = one_deal_event(client, app)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    text = client.get(f"/events/{token}/results.csv?sep=semicolon").text
    assert text.lstrip("\ufeff").splitlines()[0] == header
    # the comma file keeps its keys for tools, whatever the reader's language
    keys = client.get(f"/events/{token}/results.csv").text.splitlines()[0]
    assert keys == "place,player,round 1,penalty,figure"
    page = client.get(f"/events/{token}/results").text
    assert "results.csv?sep=semicolon" in page


@pytest.mark.parametrize(
    ("language", "games"),
    [
        (
            "fr",
            [
                "l’Hombre (1709)",
                "l’Hombre (jetons)",
                "l’Hombre (danois)",
                "l’Homme de Brou",
                "la Manille (classique)",
                "manillen (belge)",
            ],
        ),
        (
            "nl",
            [
                "l'Hombre (1709)",
                "l'Hombre (jetons)",
                "l'Hombre (Deens)",
                "l'Homme de Brou",
                "manille (klassiek)",  # the Flemish clubs' word (docs/translations.md)
                "manillen (Belgisch)",
            ],
        ),
    ],
)
def test_the_event_form_names_the_games_in_words_only(client, language, games):
    # main showed the key beside each title: "manillen (manille)", "manillen (manillen)",
    # "l'Hombre (jetons) (jetons)"
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get("/events/new").data.decode()
    select = page.split('name="kind"')[1].split("</select>")[0]
    assert [html.unescape(o) for o in re.findall(r">([^<]+)</option>", select)] == games


@pytest.mark.parametrize(
    ("language", "title"),
    [("fr", "Relevé d’Anne"), ("en", "Statement of Anne"), ("nl", "Anne")],
)
def test_a_statement_elides_de_before_a_vowel_in_french(client, app, language, title):
    club = new_club(client)
    add_members(client, app, club, ["Anne", "Bruno"])
    ids = dict(re.findall(r'/members/(\d+)/statement">([^<]+)<', client.get(f"/clubs/{club}").text))
    anne = {name: n for n, name in ids.items()}["Anne"]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(f"/clubs/{club}/members/{anne}/statement").text
    heading = re.search(r"<h1>([^<]*)</h1>", page).group(1)
    assert title in heading and "de Anne" not in heading
    bruno = {name: n for n, name in ids.items()}["Bruno"]
    if language == "fr":  # a consonant keeps its "de"
        page = client.get(f"/clubs/{club}/members/{bruno}/statement").text
        assert "<h1>Relevé de Bruno</h1>" in page


def test_elision_only_before_the_names_given(app):
    from scorekeeper.web.formats.words import elide

    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert elide("levées de Émile, de Anne", "Émile") == "levées d’Émile, de Anne"
        assert elide("Que Ida joue", "Ida") == "Qu’Ida joue"
        assert elide("le Yves et le Yvesse", "Yves") == "l’Yves et le Yvesse"
        # a name's h is mute, as French writes first names; the h was left as typed, and a
        # line read "levées d’Anne" and "levées de Hélène Vasseur"
        assert elide("de Hugo", "Hugo") == "d’Hugo"
        assert elide("levées de Hélène Vasseur", "Hélène Vasseur") == "levées d’Hélène Vasseur"
        assert elide("le Henri", "Henri") == "l’Henri"
        assert elide("de Hjalmar, de H", "Hjalmar", "H") == "de Hjalmar, de H"  # no vowel
    with app.test_request_context(headers={"Accept-Language": "nl"}):
        assert elide("de Anne", "Anne") == "de Anne"  # Dutch "de" is no French "de"


def test_a_penalty_reads_as_the_page_shows_it_in_the_spreadsheets_file(client, app):
    # One deal (the first seat's demande, 5 tricks to 2 and 2): the hombre wins, the others
    # lose alike. A penalty of 5 to the hombre: the page shows "−5" beside their round and their
    # total is their round less 5. The spreadsheet's file said 5 beside the same total, so its
    # row did not add up; it says −5 now. The comma file keeps its key: 5, the points off.
    token, game = one_deal_event(client, app)
    hombre = seated(client, game)["players"][0]
    post(client, app, "penalty", player=hombre, points="5", reason="slow")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    people = client.get(f"/events/{token}/results.csv?sep=semicolon").text.lstrip("\ufeff")
    row = next(line.split(";") for line in people.splitlines() if hombre in line)
    round_1, penalty, total = int(row[2]), int(row[3]), int(row[4])  # round 1 drawn of 2
    assert penalty == -5 and round_1 + penalty == total
    tools = client.get(f"/events/{token}/results.csv").text
    row = next(line.split(",") for line in tools.splitlines() if hombre in line)
    assert int(row[3]) == 5 and int(row[2]) - 5 == int(row[4])
    page = client.get(f"/events/{token}/results").text
    assert "<td>−5</td>" in page
    # a player withdrawn: the page says so after their name, and so does the spreadsheet's
    # file (the comma file keeps the name; results.json says "withdrawn": true)
    quitter = seated(client, game)["players"][1]
    assert post(client, app, "withdraw", name=quitter).status_code == 302
    people = client.get(f"/events/{token}/results.csv?sep=semicolon").text
    assert f";{quitter} (withdrawn);" in people
    assert f",{quitter}," in client.get(f"/events/{token}/results.csv").text
