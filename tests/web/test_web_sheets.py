"""The points games in the table app: new sheet, coups, corrections, the final sheet.

A real SQLite file behind the app; the values asserted come from the rules
documents (docs/rules/brou.md, docs/rules/manille.md), computed by hand.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from test_settlement import numbered_lines, pdf_text

from scorekeeper.rules import kinds

FOUR = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}


def new_sheet(client, kind, **fields):
    data = {**FOUR, "first_dealer": "0", "create": "1", **fields}
    response = client.post(f"/games/new/{kind}", data=data)
    assert response.status_code == 302, response.data.decode()[-2000:]
    return response.headers["Location"]


def version(client, game):
    return str(json.loads(client.get(game + "/version").data)["version"])


def enter(client, game, **fields):
    return client.post(game + "/sheet/coups", data={"version": version(client, game), **fields})


def report(client, game):
    return json.loads(client.get(game + "/report.json").data)


def errors(response):
    return re.findall(r'class="error"[^>]*>([^<]*)<', response.data.decode())


def test_brou_coups_mariages_and_a_partie(client):
    game = new_sheet(client, "brou", parties_to_win="3", target="301")
    # 54 → 50 + a mariage of 20 announced for Nous; Eux 66 → 70
    assert enter(client, game, points="54", m_nous_petit_a="1").status_code == 302
    # a grand mariage of trumps taken on the table by Eux: 120 for Eux, −120 for Nous
    assert enter(client, game, points="60", m_eux_grand_atout_t="1").status_code == 302
    r = report(client, game)
    assert [c["scored"] for c in r["coups"]] == [
        {"nous": 70, "eux": 70},
        {"nous": 60 - 120, "eux": 60 + 120},
    ]
    assert r["totals"] == {"nous": 10, "eux": 250}
    # Eux at 250 takes 51 unrounded: 301, a double partie (Nous under 150)
    assert enter(client, game, points="69").status_code == 302
    r = report(client, game)
    assert r["coups"][-1]["partie"] == "eux" and r["parties"] == {"nous": 0, "eux": 2}
    page = client.get(game).data.decode()
    assert "Parties: Nous 0 · Eux 2" in page
    assert '<td class="num total">301</td>' in page  # the count reached, then 0–0 again


def test_two_mariages_of_a_kind_a_tap_and_one_more(client):
    game = new_sheet(client, "brou")
    # two mariages of 20 announced by Nous: the tapped button (1) and "one more" (1)
    data = {"version": version(client, game), "points": "60", "m_nous_petit_a": ["1", "1"]}
    assert client.post(game + "/sheet/coups", data=data).status_code == 302
    assert report(client, game)["coups"][0]["scored"] == {"nous": 100, "eux": 60}
    form = client.get(game + "/sheet/coups/1/edit").data.decode()
    assert 'id="m_nous_petit_a-tap" aria-label' in form and "checked" in form
    assert re.search(r'name="m_nous_petit_a" id="m_nous_petit_a-more" value="1"', form)


def test_brou_vole_and_a_team_missing_for_an_ending(client):
    game = new_sheet(client, "brou")
    response = enter(client, game, points="120", ending="vole")
    assert response.status_code == 422 and "Which team?" in errors(response)
    assert report(client, game)["coups"] == []
    assert enter(client, game, points="120", ending="vole", ending_team="nous").status_code == 302
    r = report(client, game)
    assert r["parties"] == {"nous": 3, "eux": 0} and r["totals"] == {"nous": 0, "eux": 0}


def test_a_refusal_is_shown_beside_the_field_and_nothing_is_stored(client, app):
    game = new_sheet(client, "brou")
    response = enter(client, game, points="121")
    assert response.status_code == 422
    # the field is bounded by the kind: a Brou coup's 120 card points (its engine's)
    assert errors(response) == ["Number must be between 0 and 120."]
    assert 'id="points"' in response.data.decode()
    assert 'max="120"' in response.data.decode()
    # and so is a Manille coup's: 68 in the classique, 60 in manillen, never "200"
    for variant, most in (("classique", 68), ("belge", 60)):
        sheet = new_sheet(client, "manille", variant=variant)
        trump = {"trump": "pique"} if variant == "belge" else {}  # a deal names its trump
        refused = enter(client, sheet, points="-1", **trump)
        assert refused.status_code == 422
        assert errors(refused) == [f"Number must be between 0 and {most}."]
        assert f'max="{most}"' in refused.data.decode()
        assert enter(client, sheet, points=str(most + 1)).status_code == 422
    db = sqlite3.connect(app.config["DATABASE"])
    assert db.execute("select count(*) from coups").fetchone() == (0,)


def test_manille_classique_retourne_manche_and_belle(client):
    game = new_sheet(client, "manille", variant="classique", partie="liee", manche="34", belle="44")
    # Anne deals and turns a king: 3 for Nous; Nous takes 28 of 68, Eux marks 6
    assert enter(client, game, retourne="3", points="28").status_code == 302
    # Bruno deals; Nous renounces: Eux marks 34 and wins manche 1 (40 ≥ 34)
    assert enter(client, game, retourne="0", renonce="nous").status_code == 302
    r = report(client, game)
    assert r["coups"][1]["manche_won"] == "eux" and r["manches"] == {"nous": 0, "eux": 1}
    assert r["totals"] == {"nous": 0, "eux": 0} and r["next"]["target"] == 34
    page = client.get(game).data.decode()
    assert "Manche 2 to 34" in page and "The retourne goes to Nous." in page  # Chloé deals


def test_manille_the_retourne_wins_before_the_coup(client):
    game = new_sheet(client, "manille", variant="classique", partie="seche", manche="34")
    for _ in range(2):
        assert enter(client, game, retourne="0", points="50").status_code == 302  # 16 each
    # Chloé (Nous) deals at 32 and turns an ace: the manche is won, nothing else to enter
    response = enter(client, game, retourne="4", points="40")
    assert response.status_code == 422
    assert "The retourne won the manche: the coup is not played" in errors(response)
    assert enter(client, game, retourne="4").status_code == 302
    r = report(client, game)
    assert r["finished"] and r["winner"] == "nous"
    assert "The partie is won by Nous." in client.get(game).data.decode()


def test_manillen_three_players_and_compulsory_sans_atout(client):
    game = new_sheet(client, "manille", variant="belge", player3="", deals="3", sans_atout="1")
    # 3 deals, each player chooses once and owes one sans-atout: every deal is sans-atout
    response = enter(client, game, trump="coeur", points="40")
    assert response.status_code == 422
    assert any("sans-atout is compulsory" in e for e in errors(response))
    page = client.get(game).data.decode()
    assert "Sans-atout is compulsory for this deal." in page
    # Anne alone, sans-atout contré (×4), 20 points: −80, the others +40
    assert enter(client, game, trump="sans-atout", contre="contre", points="20").status_code == 302
    # Bruno deals; Anne renounces: 60 for Bruno ×2 (sans-atout): +120, −60 each
    assert enter(client, game, trump="sans-atout", renonce="Anne").status_code == 302
    # Chloé deals, 30–30 would carry; she takes 45: +30 ×2, −15 ×2 each
    assert enter(client, game, trump="sans-atout", points="45").status_code == 302
    r = report(client, game)
    assert r["totals"] == {"Anne": -80 - 60 - 30, "Bruno": 40 + 120 - 30, "Chloé": 40 - 60 + 60}
    assert sum(r["totals"].values()) == 0 and r["finished"] and r["winners"] == ["Bruno"]
    settlement = client.get(game + "/settlement").data.decode()
    assert "The game is won by Bruno." in settlement and "PROVISIONAL" not in settlement


def test_correct_delete_and_undo_replay_the_sheet(client):
    game = new_sheet(client, "manille", variant="belge")
    enter(client, game, trump="pique", points="40")  # Nous +10
    enter(client, game, trump="pique", points="30")  # 30–30: the next counts double
    enter(client, game, trump="coeur", points="35")  # ×2: Nous +10
    assert report(client, game)["totals"] == {"nous": 20, "eux": 0}
    form = client.get(game + "/sheet/coups/2/edit").data.decode()
    assert 'value="30"' in form  # the coup as entered fills the form
    response = client.post(
        game + "/sheet/coups/2/edit",
        data={"version": version(client, game), "trump": "pique", "points": "20"},
    )
    assert response.status_code == 302
    r = report(client, game)
    assert [c["scored"] for c in r["coups"]] == [
        {"nous": 10, "eux": 0},
        {"nous": 0, "eux": 10},
        {"nous": 5, "eux": 0},  # no carry any more
    ]
    response = client.post(game + "/sheet/coups/1/delete", data={"version": version(client, game)})
    assert response.status_code == 302
    assert [c["scored"]["eux"] for c in report(client, game)["coups"]] == [10, 0]
    client.post(game + "/sheet/undo", data={"version": version(client, game)})
    assert len(report(client, game)["coups"]) == 1
    history = client.get(game + "/history").data.decode()
    assert "coup corrected" in history and "last coup undone" in history


def test_a_correction_refused_by_a_later_deal_names_that_deal(client):
    """play6: a correction that breaks a later deal is refused in words that name the later
    deal; beside the corrected deal's trump, "1 still owed with 1 deals left" read as if that
    deal itself (with every deal of its chooser still ahead) were at fault."""
    game = new_sheet(client, "manille", variant="belge", deals="4", sans_atout="1")
    # 4 deals, Nous chooses deals 1 and 3, Eux 2 and 4; one sans-atout each (4 ÷ 2 = 2 ≥ 1)
    for trump in ("sans-atout", "sans-atout", "pique", "pique"):
        assert enter(client, game, trump=trump, points="40").status_code == 302
    # deal 1 corrected to pique: Nous still owes its sans-atout at deal 3, its last choice
    response = client.post(
        game + "/sheet/coups/1/edit",
        data={"version": version(client, game), "trump": "pique", "points": "40", "save": "1"},
    )
    assert response.status_code == 422
    [error] = errors(response)
    assert error.startswith("Coup 3: sans-atout is compulsory")
    assert report(client, game)["coups"][0]["trump"] == "sans-atout"  # nothing stored


def test_the_later_deal_is_named_in_dutch_with_a_space_after_its_colon(client):
    """play6: the Dutch catalog wrote "Spel %(n)s:" with no space, so every Dutch refusal
    naming its coup (a correction, a deletion, an imported file) read "Spel 3:zonder troef"."""
    game = new_sheet(client, "manille", variant="belge", deals="4", sans_atout="1")
    for trump in ("sans-atout", "sans-atout", "pique", "pique"):
        assert enter(client, game, trump=trump, points="40").status_code == 302
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    response = client.post(
        game + "/sheet/coups/1/edit",
        data={"version": version(client, game), "trump": "pique", "points": "40", "save": "1"},
    )
    [error] = errors(response)
    assert error.startswith("Spel 3: zonder troef is verplicht"), error


def test_the_compulsory_sans_atout_refusal_writes_no_1_deals(client):
    """play6: the refusal said "1 still owed with 1 deals left to choose" (nl "1 spellen",
    fr "encore 1 dus pour 1 donnes"): its counts now follow their labels, as plain figures."""
    game = new_sheet(client, "manille", variant="belge", deals="4", sans_atout="1")
    # deals 1 and 2 not sans-atout: Nous (deal 3) and Eux (deal 4) owe 1 with 1 choice left
    for trump in ("pique", "coeur"):
        assert enter(client, game, trump=trump, points="40").status_code == 302
    response = enter(client, game, trump="pique", points="40")
    assert errors(response) == ["sans-atout is compulsory (still owed: 1, deals left to choose: 1)"]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    response = enter(client, game, trump="pique", points="40")
    assert errors(response) == [
        "Zonder troef is verplicht (nog verschuldigd: 1, spellen om te kiezen: 1)"
    ]


def test_an_old_version_is_refused_and_the_input_kept(client):
    game = new_sheet(client, "brou")
    stale = version(client, game)
    enter(client, game, points="60")
    response = client.post(game + "/sheet/coups", data={"version": stale, "points": "77"})
    assert response.status_code == 409 and 'value="77"' in response.data.decode()
    assert len(report(client, game)["coups"]) == 1


def test_game_file_export_import_and_the_chip_pages_answer_404(client):
    game = new_sheet(client, "brou", parties_to_win="12")
    enter(client, game, points="54", m_eux_atout_a="1")
    text = client.get(game + "/game.json").data.decode()
    data = json.loads(text)
    assert data["game"] == "brou" and data["rules"] == {"target": 301, "parties_to_win": 12}
    assert data["coups"] == [{"points": 54, "mariages": [{"team": "eux", "trump": True}]}]
    assert kinds.dump_report(kinds.replay(kinds.load_file(data))) == report(client, game)
    response = client.post("/games/import", data={"text": text})
    assert response.status_code == 302
    assert report(client, response.headers["Location"]) == report(client, game)
    for page in ("/coups", "/fiche", "/story", "/journal.csv", "/setup"):
        assert client.get(game + page).status_code == 404, page


def test_new_sheet_refusals(client):
    response = client.post(
        "/games/new/brou", data={**FOUR, "player3": "", "first_dealer": "0", "create": "1"}
    )
    assert response.status_code == 422
    assert "Players must be four distinct non-empty names" in errors(response)
    response = client.post(
        "/games/new/manille",
        data={**FOUR, "player1": "Anne", "first_dealer": "0", "variant": "classique"},
    )
    assert response.status_code == 422
    # four players, 3 deals: one team chooses once and cannot owe 2 sans-atout
    response = client.post(
        "/games/new/manille",
        data={**FOUR, "first_dealer": "0", "variant": "belge", "deals": "3", "sans_atout": "2"},
    )
    assert response.status_code == 422
    # 3 deals dealt round two teams: Eux chooses at deal 2 only (3 // 2 = 1), owing 2
    assert (
        "Each chooser owes 2 sans-atout, but one of them chooses the trump in only 1 deal of 3"
        in errors(response)
    )
    page = response.data.decode()
    assert page.index('name="sans_atout"') < page.index("in only 1 deal of 3")
    assert client.get("/games/new/whist").status_code == 404


def test_french_words_on_the_sheet(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    game = new_sheet(client, "brou")
    page = client.get(game).data.decode()
    # words that differ from the English page
    for words in (
        "Saisir le coup",
        "Points de Nous",
        "Nous — annoncé",
        "Partie en 301\u202f: Nous 0",
    ):
        assert words in page, words


def test_players_and_rules_change_until_the_first_coup(client):
    game = new_sheet(client, "manille", variant="classique", player1="Brunot")
    form = client.get(game + "/sheet/setup").data.decode()
    assert 'value="Brunot"' in form and 'value="34"' in form
    data = {
        **FOUR,
        "first_dealer": "1",
        "variant": "classique",
        "partie": "seche",
        "manche": "44",
        "version": version(client, game),
        "create": "1",
    }
    assert client.post(game + "/sheet/setup", data=data).status_code == 302
    r = report(client, game)
    assert r["players"][1] == "Bruno" and r["rules"]["partie"] == "seche"
    assert r["next"] == {"dealer": "Bruno", "manche": 1, "target": 44}
    enter(client, game, retourne="0", points="40")
    response = client.post(game + "/sheet/setup", data={**data, "version": version(client, game)})
    assert response.status_code == 422
    assert "The rule set is frozen once the first coup is entered" in errors(response)


def test_home_lists_the_sheets_and_the_final_sheet_prints(client):
    game = new_sheet(client, "brou", parties_to_win="12")
    enter(client, game, points="54")
    home = client.get("/").data.decode()
    assert "l&#39;Homme de Brou: parties of 301, the match in 12" in home
    pdf = client.get(game + "/settlement.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
    final = client.get(game + "/settlement").data.decode()
    assert "PROVISIONAL" in final and "SHA-256" in final
    assert client.post(game + "/settlement", data={"chip_value": "1"}).status_code == 405


def test_the_table_link_follows_a_sheet_read_only(app):
    manager = app.test_client()
    game = new_sheet(manager, "brou")
    links = manager.get(game + "/links").data.decode()
    table_path = re.search(r'class="link"><a href="http://localhost(/[^"]+)"', links).group(1)
    follower = app.test_client()
    assert follower.get(table_path).status_code == 302
    page = follower.get(game).data.decode()
    assert 'id="entry"' not in page and "follow.js" in page
    response = follower.post(game + "/sheet/coups", data={"points": "60"})
    assert response.status_code == 403


def test_a_long_sheet_shows_its_latest_lines_and_the_final_sheet_all(client):
    data = {
        "format": "scorekeeper-game/1",
        "game": "brou",
        "players": list(FOUR.values()),
        "coups": [{"points": 60}] * 35,  # 60 all, a tie past 301 that plays on
    }
    game = client.post("/games/import", data={"text": json.dumps(data)}).headers["Location"]
    page = client.get(game).data.decode()
    assert page.count('<tr class="event">') + page.count("<tr><td") == 30
    assert "5 older lines on the final sheet." in page
    final = client.get(game + "/settlement").data.decode()
    assert final.count("<tr><td") == 35
    assert '<td class="num total">2100</td>' in final  # 35 × 60


def test_play_again_with_the_same_table(client):
    game = new_sheet(client, "manille", variant="classique", partie="seche", manche="44")
    enter(client, game, retourne="0", renonce="eux")  # Anne deals: Nous 34
    enter(client, game, retourne="0", points="46")  # Bruno deals: Nous 12 more, 46 ≥ 44
    page = client.get(game).data.decode()
    assert "Play again, same table" in page
    game_id = game.rsplit("/", 1)[1]
    form = client.get(f"/games/new/manille?again={game_id}").data.decode()
    assert 'value="Denis"' in form and 'value="44"' in form
    assert re.search(r'name="first_dealer" value="2" checked', form)  # Chloé deals next


def test_the_sheet_keeps_its_urls_and_checks_a_coup_before_saving(client):
    game = new_sheet(client, "brou")
    page = client.get(game).data.decode()
    assert f'action="{game}/sheet/coups"' in page and f'action="{game}/sheet/undo"' not in page
    # Check (without JavaScript): the line the coup would mark, nothing stored.
    # 54 rounds to 50 for Nous; Eux's 66 rounds to 70.
    checked = client.post(
        game + "/sheet/coups", data={"version": version(client, game), "points": "54", "check": "1"}
    )
    assert checked.status_code == 200
    assert "Nous +50" in checked.data.decode() and "Eux +70" in checked.data.decode()
    assert report(client, game)["coups"] == []
    assert enter(client, game, points="54").status_code == 302
    page = client.get(game).data.decode()
    assert f'href="{game}/sheet/coups/1/edit"' in page and f'action="{game}/sheet/undo"' in page


def test_manillen_for_three_speaks_of_players_not_of_teams(client):
    three = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": ""}
    game = new_sheet(client, "manille", variant="belge", **three)
    page = client.get(game, headers={"Accept-Language": "fr"}).data.decode()
    assert "Anne" in page and "Chloé" in page
    for word in ("Nous", "Eux", "camp"):
        assert word not in page, word


def sheet_entries(client, game, tmp_path) -> dict[int, str]:
    """The PDF's sheet by coup number, each on one line (its continued lines joined)."""
    text = pdf_text(client.get(game + "/settlement.pdf").data, tmp_path)
    body = text[text.index("One line per coup") : text.index("Game file SHA-256")]
    return numbered_lines(body.splitlines()[1:], "Final sheet — ", r" *(\d+) (\S+ deals · .*)")


def test_the_brou_pdf_has_every_line_of_the_sheet(client, tmp_path):
    game = new_sheet(client, "brou", parties_to_win="3", target="301")
    enter(client, game, points="54", m_nous_petit_a="1")
    enter(client, game, points="60", m_eux_grand_atout_t="1")
    enter(client, game, points="69")
    enter(client, game, points="54")
    assert sheet_entries(client, game, tmp_path) == {
        # 54 → 50 + the mariage of 20 = 70; Eux 120 − 54 = 66 → 70
        1: "Anne deals · 70 / 70 → 70 / 70 · Nous: mariage 20",
        # 60 − 120 = −60 for Nous, 60 + 120 = 180 for Eux: 10 / 250
        2: "Bruno deals · −60 / 180 → 10 / 250 · Eux: mariage on the table 120",
        # 69 → 70 for Nous (80); Eux 250 + 51 = 301 unrounded, Nous under 150: 2 parties
        3: "Chloé deals · 70 / 51 → 80 / 301 · partie to Eux (2)",
        # a new partie from 0–0: 54 → 50, 66 → 70
        4: "Denis deals · 50 / 70 → 50 / 70",
    }


def test_the_manillen_pdf_has_every_line_of_the_sheet(client, tmp_path):
    game = new_sheet(client, "manille", variant="belge", player3="", deals="3", sans_atout="1")
    enter(client, game, trump="sans-atout", contre="contre", points="20")
    enter(client, game, trump="sans-atout", renonce="Anne")
    enter(client, game, trump="sans-atout", points="45")
    entries = sheet_entries(client, game, tmp_path)
    assert sorted(entries) == [1, 2, 3]
    # Anne alone, sans-atout (×2) contré (×2), 20 points: 10 under 30, ×4 = −80; +40 each
    assert entries[1].startswith("Anne deals · −80 / 40 / 40 → −80 / 40 / 40 · ")
    assert entries[1].endswith(" · ×4")
    # Bruno deals, Anne renounces: 60 for Bruno, 30 over 30, ×2: +120, −60 each
    assert entries[2].startswith("Bruno deals · −60 / 120 / −60 → −140 / 160 / −20 · ")
    assert entries[2].endswith(" · renonce by Anne")
    # Chloé takes 45: 15 over 30, ×2 = +30 each from the two others: +60, −30 each
    assert entries[3].startswith("Chloé deals · −30 / −30 / 60 → −170 / 130 / 40 · ")


def test_a_kinds_coup_form_keeps_its_fields_in_their_order(app):
    # the points fields bounded by the kind (sheet/forms.py for_kind) stay where the form
    # declares them: the errors of the preview are listed in the form's order
    from scorekeeper.web.brou import BrouCoupForm
    from scorekeeper.web.manille import ManilleCoupForm
    from scorekeeper.web.sheet.forms import for_kind

    with app.test_request_context():
        for cls, most in ((BrouCoupForm, 120), (ManilleCoupForm, 68)):
            bounded = for_kind(cls, most)(formdata=None)
            assert list(bounded._fields) == list(cls(formdata=None)._fields)
            assert bounded.points.flags.max == most


@pytest.mark.parametrize(
    ("language", "said"),
    [
        # ours first (i18n.wtforms_catalog): WTForms ships no Danish, and its Dutch said
        # "Nummer" (a number that names, as a house number) for a count of points
        ("da", "Tallet skal være mellem 0 og 68."),
        ("fr", "Le nombre doit être compris entre 0 et 68."),
        ("nl", "Het getal moet tussen 0 en 68 liggen."),
    ],
)
def test_a_number_out_of_its_bounds_is_refused_in_the_readers_language(client, language, said):
    game = new_sheet(client, "manille", variant="classique")
    client.get(f"/lang/{language}")
    refused = enter(client, game, points="69")
    assert refused.status_code == 422
    assert errors(refused) == [said]


def test_a_redo_says_what_the_coup_marked(client):
    game = new_sheet(client, "manille", variant="belge")
    enter(client, game, trump="pique", points="40")  # 40 - 30 = 10: Nous +10
    saved = client.get(game).data.decode()
    client.post(game + "/sheet/undo", data={"version": version(client, game)})
    page = client.post(
        game + "/sheet/redo", data={"version": version(client, game)}, follow_redirects=True
    ).data.decode()
    said = re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', page)
    assert any(f.startswith("Coup 1 redone: Nous +10") for f in said), said
    assert any(
        f.startswith("Coup 1 saved: Nous +10")
        for f in re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', saved)
    ), saved[-3000:]


def test_a_30_30_on_the_last_deal_carries_nothing(client):
    """play6: a 30–30 on a game's last deal said "the next deal counts double" on the
    sheet, though no deal follows (the game is over: its multiplier is passed to nothing)."""
    game = new_sheet(client, "manille", variant="belge", player3="", deals="3", sans_atout="0")
    assert enter(client, game, trump="coeur", points="40").status_code == 302
    assert enter(client, game, trump="pique", points="40").status_code == 302
    page = client.get(game).data.decode()
    assert "30–30" not in page  # no tie yet
    # the last of the 3 deals ends 30–30: nothing follows it to count double
    assert enter(client, game, trump="carreau", points="30").status_code == 302
    page = client.get(game + "/settlement").data.decode()
    assert report(client, game)["finished"]
    assert "the next deal counts" not in page
    assert "30–30 on the last deal: nothing carries" in page


def test_the_pdf_legend_speaks_of_a_partie_or_manche_only_where_a_line_wins_one(client, tmp_path):
    """play6: the manillen PDF's legend explained "the count reached when it wins a partie
    or manche", which manillen has not; a Brou sheet whose line wins a partie keeps it."""
    manillen = new_sheet(client, "manille", variant="belge", player3="", deals="3", sans_atout="0")
    for trump in ("coeur", "pique", "carreau"):
        enter(client, manillen, trump=trump, points="40")
    legend = pdf_text(client.get(manillen + "/settlement.pdf").data, tmp_path)
    assert "One line per coup" in legend and "partie or manche" not in legend
    brou = new_sheet(client, "brou", parties_to_win="3", target="301")
    # test_the_brou_pdf_has_every_line_of_the_sheet's first three deals: Eux 250 + 51 = 301
    enter(client, brou, points="54", m_nous_petit_a="1")
    enter(client, brou, points="60", m_eux_grand_atout_t="1")
    enter(client, brou, points="69")
    legend = pdf_text(client.get(brou + "/settlement.pdf").data, tmp_path)
    assert "partie to Eux" in legend
    assert "partie or manche" in " ".join(legend.split())


def test_a_correction_a_deletion_an_undo_and_a_redo_each_say_their_own_sentence(client):
    """The four messages after a coup changes (``GamePages.changed_text``), word for word.
    Manille belge, four players: Nous's card points typed, 60 in all; the side above 30
    marks what it has above it, pique and cœur without contre ×1 (docs/rules/manille.md §7)."""
    game = new_sheet(client, "manille", variant="belge")

    def said(response):
        return re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', response.data.decode())

    def act(path, **fields):
        data = {"version": version(client, game), **fields}
        return said(client.post(game + path, data=data, follow_redirects=True))

    # Nous 40: 10 above 30
    assert act("/sheet/coups", trump="pique", points="40") == ["Coup 1 saved: Nous +10, Eux 0."]
    act("/sheet/coups", trump="coeur", points="25")  # Eux 60 − 25 = 35: Eux +5
    # coup 1 corrected to Nous 20: Eux 60 − 20 = 40, 10 above 30
    corrected = act("/sheet/coups/1/edit", trump="pique", points="20", save="1")
    assert corrected == ["Coup 1 corrected: Nous 0, Eux +10."]
    deleted = act("/sheet/coups/1/delete")  # the cœur deal is coup 1 now
    assert deleted == ["Coup 1 deleted; the sheet is counted again."]
    assert act("/sheet/undo") == ["Coup 1 undone."]
    assert act("/sheet/redo") == ["Coup 1 redone: Nous 0, Eux +5."]  # the cœur deal back
