"""Issue 25, the paper practice: the fiche, the journal and the standing as the table keeps them."""

from __future__ import annotations

import re

from web import NEW_GAME, SEED_COUPS, enter, new_game, version_of

FOUR = {**NEW_GAME, "player3": "Denis"}


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def tricks(html: str) -> list[str]:
    """The tricks as each coup shows them: 'tricks Bruno 5 · Chloé 3 · Denis 1'."""
    return re.findall(r"tricks ((?:[^\s·—]+ \d · )*[^\s·—]+ \d)", text(html))


def test_the_dealer_who_sits_out_is_left_out_of_the_tricks(client):
    """With four, the dealer sits out (Anne deals coup 1, Bruno coup 2): the tricks
    name the three who played, never '0' for the one who did not."""
    game = new_game(client, **FOUR)
    coup1 = {"hombre": "1", "contract": "demande", "t1": "5", "t2": "3", "t3": "1"}
    coup2 = {"hombre": "0", "contract": "demande", "t0": "5", "t2": "3", "t3": "1"}
    for coup in (coup1, coup2):
        data = {**coup, "save": "1", "version": version_of(client, game)}
        assert client.post(game + "/coups", data=data).status_code == 302
    journal = ["Anne 5 · Chloé 3 · Denis 1", "Bruno 5 · Chloé 3 · Denis 1"]  # newest first
    assert tricks(client.get(game + "/coups").data.decode()) == journal
    assert tricks(client.get(game).data.decode()) == journal
    edit = client.get(game + "/coups/1/edit").data.decode()
    assert tricks(edit) == ["Bruno 5 · Chloé 3 · Denis 1"]


def test_the_dealer_who_sits_out_named_hombre_is_told_why(client):
    """At four, Anne deals coup 1 and sits out: named the hombre, the form says so, in
    the engine's words, not "Choose the hombre, or Tous passent." (an hombre was chosen)."""
    game = new_game(client, **FOUR)
    coup = {"hombre": "0", "contract": "demande", "t1": "5", "t2": "3", "t3": "1", "save": "1"}
    refused = client.post(game + "/coups", data={**coup, "version": version_of(client, game)})
    assert refused.status_code == 422
    page = refused.data.decode()
    assert "Anne deals and sits out this coup, so cannot be the hombre" in page
    assert "Choose the hombre" not in page


DANOIS = {**NEW_GAME, "preset": "danois_dlu", "accounting": "danois", "ante": "5", "rates": "dlu"}
DANOIS.update(coups_to_play="0", cave="100", fiche="10")


def test_danish_pages_name_the_dealers_ante_and_the_cave_apart(client):
    """'Indskud' meant both the dealer's ante into the pulje and the chips a player
    buys (the cave, and the standing's count of them): two things, two words."""
    da = {"Accept-Language": "da"}
    form = client.get("/games/new", headers=da).data.decode()
    assert re.search(r'<label for="cave"[^>]*>\s*Opkøb', form)
    response = client.post("/games/new", data=DANOIS)
    game = response.headers["Location"]
    page = client.get(game, headers=da).data.decode()
    assert "kortgiverens indskud 5" in page  # the rules line: the ante
    assert '<th class="num">Opkøb</th>' in page  # the standing counts the caves bought
    assert "Indskud</th>" not in page


def cells(html: str, table: str) -> list[list[tuple[str, str]]]:
    """The body rows of a table as (class, text) cells, the player's name first."""
    body = re.search(rf'<table[^>]* class="{table}">.*?<tbody>(.*?)</tbody>', html, re.S)
    assert body, table
    rows = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
    cell = r'<t[hd](?: scope="row")?(?: class="([^"]*)")?>(.*?)</t[hd]>'
    return [[(c, text(t).strip()) for c, t in re.findall(cell, row, re.S)] for row in rows]


def test_the_standing_and_the_settlement_give_each_number_its_own_right_aligned_cell(client):
    """'0 10 fiches + 0', '1 10 fiches + 7' ran together: the net, the stack and the
    caves are cells of their own, every number right-aligned in tabular figures."""
    game = new_game(client)
    for coup in SEED_COUPS[:5]:
        enter(client, game, coup)
    standing = cells(client.get(game).data.decode(), "standing")
    assert [[t for _, t in row] for row in standing] == [
        ["Anne", "−60", "7 fiches + 0", "1"],
        ["Bruno", "−33", "8 fiches + 7", "1"],
        ["Chloé", "+93", "14 fiches + 13", "1"],
    ]
    for row in standing:
        assert all("num" in c.split() for c, _ in row[1:]), row
    results = cells(client.get(game + "/settlement").data.decode(), "results")
    assert [[t for _, t in row] for row in results] == [
        ["Anne", "−60", "1", "7 fiches + 0 (140)"],
        ["Bruno", "−33", "1", "8 fiches + 7 (167)"],
        ["Chloé", "+93", "1", "14 fiches + 13 (293)"],
    ]
    for row in results:
        assert all("num" in c.split() for c, _ in row[1:]), row


def test_a_vole_made_reads_that_the_hombre_wins_it_not_vole_vole(client):
    """Issue 25: a vole announced and made read "Anne vole: vole" (the contract, then the
    outcome, the same word). It reads "Anne vole: gagne", as a won demande does; a failed
    vole keeps its own words."""
    game = new_game(client)
    assert enter(client, game, "A vole A9 B0 C0").status_code == 302  # Anne takes every trick
    assert enter(client, game, "B vole A1 B8 C0").status_code == 302  # Bruno misses one
    for path in ("", "/coups", "/history"):
        page = client.get(game + path).get_data(as_text=True)
        assert "Anne vole: gagne" in page, path
        assert "vole: vole</" not in page and "Anne vole: vole" not in page, path
        assert "Bruno vole: vole manquée" in page, path
