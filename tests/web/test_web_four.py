"""Four at a l'Hombre table through the pages: each money system gives the hand-computed nets.

The coups and their arithmetic are those of tests/rules/test_hombre_four.py.
"""

import json
import re

import pytest
from test_web_systems import DANOIS, JETONS
from web import NEW_GAME

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.rules.errors import GameError, SeatName
from scorekeeper.rules.hombre.engine import check_seating
from scorekeeper.web.table.seat_words import deletion_refused

SEATS = {"A": "0", "B": "1", "C": "2", "D": "3"}
POULE = {**NEW_GAME, "preset": "recommended", "poule_system": "3-1", "end": "continue"}
DANISH_TEXTE = {**DANOIS, "preset": "danois", "rates": "texte", "nolo_ouvert_bonus": "y"}

CASES = {
    "poule": (
        POULE,
        [
            "B demande B5 C2 D2",
            "C demande C4 D4 A1",
            "D sans_prendre D6 A2 B1 matadors=3",
            "A vole A8 B1 C0",
        ],
        {"Anne": -72, "Bruno": 19, "Chloé": -37, "Denis": 90},
    ),
    "jetons": (
        JETONS,
        [
            "pass",
            "C simple C5 D2 A2 bonus=3:charivari",
            "D sans_prendre D4 A3 B2",
            "A vole A9 B0 C0",
        ],
        {"Anne": 45, "Bruno": -18, "Chloé": -8, "Denis": -19},
    ),
    "danois": (
        DANISH_TEXTE,
        [
            "B jeu_simple B5 C2 D2",
            "C solo C4 D4 A1",
            "D nolo_ouvert D3 A4 B2",
            "pass",
        ],
        {"Anne": 12, "Bruno": 2, "Chloé": -10, "Denis": -4},
    ),
}


def coup_data(text):
    if text == "pass":
        return {"passed": "1"}
    hombre, contract, *rest = text.split()
    data = {"hombre": SEATS[hombre], "contract": contract, "save": "1"}
    bonuses = []
    for part in rest:
        if part.startswith("matadors="):
            data["matadors"] = part.split("=")[1]
        elif part.startswith("bonus="):
            bonuses.append(part.split("=")[1])
        else:
            data["t" + SEATS[part[0]]] = part[1:]
    if bonuses:
        data["bonus"] = bonuses
    return data


def hombre_choices(page):
    section = page.split('id="f-hombre"')[1].split("</fieldset>")[0]
    return re.findall(r'name="hombre" value="(\d)"', section)


@pytest.mark.parametrize("system", list(CASES))
def test_a_four_seat_game_through_the_pages_gives_the_hand_computed_nets(client, system):
    form, coups, nets = CASES[system]
    response = client.post("/games/new", data={**form, "player3": "Denis"})
    assert response.status_code == 302, re.findall(r'class="error"[^>]*>([^<]*)<', response.text)
    game = response.headers["Location"]
    for n, text in enumerate(coups, 1):
        page = client.get(game).data.decode()
        dealer = ["Anne", "Bruno", "Chloé", "Denis"][(n - 1) % 4]
        assert f"{dealer} deals and sits out" in page
        offered = hombre_choices(page)
        assert len(offered) == 3 and str((n - 1) % 4) not in offered
        assert f'name="t{(n - 1) % 4}"' not in page
        response = client.post(game + "/coups", data=coup_data(text))
        assert response.status_code == 302, re.findall(
            r'class="error"[^>]*>([^<]*)<', response.text
        )
    report = json.loads(client.get(game + "/report.json").data)
    assert report["net"] == nets
    assert [c["sits_out"] for c in report["coups"]] == ["Anne", "Bruno", "Chloé", "Denis"]
    for page in ("", "/coups", "/settlement", "/story", "/journal.csv", "/standings.csv"):
        response = client.get(game + page)
        assert response.status_code == 200, page
        assert "Denis" in response.get_data(as_text=True), page
    if system == "poule":
        assert client.get(game + "/fiche").status_code == 200
    # correcting coup 2 offers its own three players: Bruno sits out
    page = client.get(game + "/coups/2/edit").data.decode()
    assert "Bruno deals and sits out" in page and sorted(hombre_choices(page)) == ["0", "2", "3"]


def test_the_settlement_pdf_of_four(client):
    response = client.post("/games/new", data={**POULE, "player3": "Denis"})
    game = response.headers["Location"]
    client.post(game + "/coups", data=coup_data("B demande B5 C2 D2"))
    response = client.get(game + "/settlement.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


def test_a_first_dealer_without_a_fourth_player_is_refused(client):
    response = client.post("/games/new", data={**POULE, "first_dealer": "3"})
    assert response.status_code == 422


def fiche_rows(page: str) -> list[list[str]]:
    """The fiche's rows: each cell's text after the token's (a bête's amount, or empty)."""
    table = page.split('<table tabindex="0" class="fiche">')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td class=\"token\">.*?</tr>", table)
    return [re.findall(r"<td>(.*?)</td>", row) for row in rows]


def test_the_fiche_has_a_column_for_each_of_the_four_seats(client):
    response = client.post("/games/new", data={**POULE, "player3": "Denis"})
    game = response.headers["Location"]
    page = client.get(game).text
    enjeu = re.search(r'class="enjeu">Enjeu <b>(\d+)</b>', page).group(1)
    # Anne deals and sits out; Denis plays and ties Bruno at four tricks: a remise, they
    # owe the bête encourue, the enjeu (docs/rules.md), and it is theirs on the fiche
    assert client.post(game + "/coups", data=coup_data("D demande D4 B4 C1")).status_code == 302
    for path in ("", "/fiche"):
        rows = fiche_rows(client.get(game + path).text)
        assert len(rows) == 1 and len(rows[0]) == 4, (path, rows)
        assert rows[0][:3] == ["", "", ""] and f">{enjeu}</span>" in rows[0][3], (path, rows)


def _deletion_refused(client, game: str, n: int):
    """The page of coup ``n``'s deletion, refused (409), and its refusal's words."""
    response = client.get(f"{game}/coups/{n}/delete")
    assert response.status_code == 409
    return response, re.search(r'<p class="error" role="alert">([^<]*)</p>', response.text).group(1)


def test_deleting_the_last_coup_does_not_speak_of_later_coups(client):
    """The play-through of 2026-11-30: a coup entered twice by mistake, the second one the
    last; its deletion page said "The later coups are replayed: the dealers move up by one."
    with no coup after it (the refusal of an earlier coup's deletion says it: the test below)."""
    response = client.post("/games/new", data={**POULE, "player3": "Denis"})
    game = response.headers["Location"]
    for text in ("B demande B5 C2 D2", "C demande C5 D2 A2", "D demande D5 A2 B2"):
        assert client.post(game + "/coups", data=coup_data(text)).status_code == 302
    said = "The later coups are replayed: the dealers move up by one."
    last = client.get(game + "/coups/3/delete")
    assert last.status_code == 200 and said not in last.text
    assert "Delete coup 3" in last.text  # the page and its button are there


def test_a_deletion_refused_by_a_later_coup_names_that_coup_by_its_number_now(client):
    """At four, deleting coup 1 moves the deal back one seat for every coup after it: coup 2,
    dealt by Bruno and played by Chloé, Denis and Anne, would become coup 1, dealt by Anne
    (the first dealer), who sits out — and its tricks name her. The refusal is about coup 2 as
    the page numbers it (a play-through read "Coup 1: Anne deals and sits out this coup" on
    the page of coup 1, whose tricks do not name her), and says the dealers move up."""
    response = client.post("/games/new", data={**POULE, "player3": "Denis"})
    game = response.headers["Location"]
    for text in ("B demande B5 C2 D2", "C demande C5 D2 A2", "D demande D5 A2 B2"):
        assert client.post(game + "/coups", data=coup_data(text)).status_code == 302
    response, error = _deletion_refused(client, game, 1)
    assert error == (
        "Coup 2, which would become coup 1: "
        "Anne deals and sits out this coup: tricks name the three others"
    )
    assert "The later coups are replayed: the dealers move up by one." in response.text
    # nothing was deleted: the three coups stand
    assert client.post(game + "/coups/1/delete").status_code == 409
    assert len(json.loads(client.get(game + "/report.json").data)["coups"]) == 3


def test_a_deletion_refused_by_a_later_coup_names_who_sits_there_in_that_coup(client):
    """Émile took Denis's seat over from coup 2. Deleting coup 4 moves coup 5 (dealt by
    Anne, played by Bruno, Chloé and the seat where Émile sits) to coup 4, dealt by that
    seat: Émile would sit out, and the refusal names them, as every page of the game does
    from coup 2 on, not Denis, who left."""
    response = client.post("/games/new", data={**POULE, "player3": "Denis", "take_over": "y"})
    game = response.headers["Location"]
    assert client.post(game + "/coups", data=coup_data("B demande B5 C2 D2")).status_code == 302
    taken = {"seat": "3", "player": "Émile", "way": "takes_over"}
    assert client.post(game + "/seat", data=taken).status_code == 302
    for text in ("C demande C5 D2 A2", "D demande D5 A2 B2", "A demande A5 B2 C2"):
        assert client.post(game + "/coups", data=coup_data(text)).status_code == 302
    assert client.post(game + "/coups", data=coup_data("B demande B5 C2 D2")).status_code == 302
    _, error = _deletion_refused(client, game, 4)
    assert error == (
        "Coup 5, which would become coup 4: "
        "Émile deals and sits out this coup: tricks name the three others"
    )


def test_a_correction_refused_names_who_dealt_in_that_coup_not_who_sits_now(client):
    """Émile took Denis's seat over after coup 4. At four the dealer sits out: coup 1 dealt
    by Anne, 2 by Bruno, 3 by Chloé, 4 by Denis's seat, where Denis still sat. Correcting
    coup 4 with that seat as the hombre is refused naming Denis, as the correction's page
    names the players of coup 4 (its refusal named Émile, who sits there now)."""
    response = client.post("/games/new", data={**POULE, "player3": "Denis", "take_over": "y"})
    game = response.headers["Location"]
    for text in ("B demande B5 C2 D2", "C demande C5 D2 A2", "D demande D5 A2 B2"):
        assert client.post(game + "/coups", data=coup_data(text)).status_code == 302
    assert client.post(game + "/coups", data=coup_data("A demande A5 B2 C2")).status_code == 302
    taken = {"seat": "3", "player": "Émile", "way": "takes_over"}
    assert client.post(game + "/seat", data=taken).status_code == 302
    page = client.get(game + "/coups/4/edit").text
    version = re.search(r'name="version"[^>]*value="(\d+)"', page).group(1)
    data = {**coup_data("D demande D5 A2 B2"), "version": version}
    response = client.post(game + "/coups/4/edit", data=data)
    assert response.status_code == 422
    errors = re.findall(r'class="error"[^>]*>([^<]*)<', response.text)
    assert errors == ["Denis deals and sits out this coup, so cannot be the hombre"]


def test_a_refused_deletion_names_the_sitter_only_where_the_refusal_names_a_seat(app, client):
    """The engine marks a parameter that names a seat (``SeatName``: "Denis deals and sits
    out"); the deletion's words put who sits there in that coup in its place (Émile, from
    coup 2) and leave any other text as it is, even one that spells a player's name."""
    response = client.post("/games/new", data={**POULE, "player3": "Denis", "take_over": "y"})
    game = response.headers["Location"]
    assert client.post(game + "/coups", data=coup_data("B demande B5 C2 D2")).status_code == 302
    taken = {"seat": "3", "player": "Émile", "way": "takes_over"}
    assert client.post(game + "/seat", data=taken).status_code == 302
    for text in ("C demande C5 D2 A2", "D demande D5 A2 B2"):
        assert client.post(game + "/coups", data=coup_data(text)).status_code == 302
    game_id = int(game.rstrip("/").split("/")[-1])
    with app.test_request_context(headers={"Accept-Language": "en"}):
        stored = store.load(get_db(), game_id)
        refused = GameError("x", "{name} / {value}", 2, name=SeatName("Denis"), value="Denis")
        assert deletion_refused(stored, refused, 1) == (
            "Coup 3, which would become coup 2: Émile / Denis"
        )
    # the engine's own: the seat that deals and sits out, named as a seat
    with pytest.raises(GameError) as raised:
        check_seating(3, None, 3, ("Anne", "Bruno", "Chloé", "Denis"))
    assert type(raised.value.params["name"]) is SeatName


def seats_ahead(page: str) -> list[str] | None:
    """Who sits out the coup being entered and the next ones, as the page carries them for
    the form after coups kept offline (static/outbox.js); None: not carried."""
    found = re.search(r'<template class="seats-ahead" data-out="([0-9 ]*)"', page)
    return found.group(1).split() if found else None


def test_the_page_says_who_sits_out_the_next_coups_until_the_last(client):
    """The deal passes a seat each coup whatever the outcome (first dealer Chloé, seat 2):
    coup 1 Chloé, 2 Denis, 3 Anne, ...; a game of 3 coups says no fourth."""
    response = client.post(
        "/games/new", data={**DANISH_TEXTE, "player3": "Denis", "first_dealer": "2"}
    )
    game = response.headers["Location"].split("#")[0]
    # 8 coups ahead from coup 1: seats 2 3 0 1 2 3 0 1
    assert seats_ahead(client.get(game).text) == ["2", "3", "0", "1", "2", "3", "0", "1"]
    assert client.post(game + "/coups", data=coup_data("A jeu_simple A5 B2 D2")).status_code == 302
    # coup 2 (Denis deals) to 9: one seat on
    assert seats_ahead(client.get(game).text) == ["3", "0", "1", "2", "3", "0", "1", "2"]
    short = client.post(
        "/games/new",
        data={**DANISH_TEXTE, "player3": "Denis", "first_dealer": "2", "coups_to_play": "3"},
    )
    game = short.headers["Location"].split("#")[0]
    assert seats_ahead(client.get(game).text) == ["2", "3", "0"]  # coups 1, 2, 3
    three = client.post("/games/new", data=DANISH_TEXTE)  # three at the table: nobody sits out
    assert seats_ahead(client.get(three.headers["Location"].split("#")[0]).text) is None
