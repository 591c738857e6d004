"""The table app through the Flask test client: every route and refusal."""

import json
import sqlite3

import pytest
from notation import SEED
from web import NEW_GAME, SEED_COUPS, coup_data, csrf_token, enter, new_game, report

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.rules.hombre.file import dump_game, load_game


def count(app, table):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]


def test_home_lists_games_newest_first(client):
    page = client.get("/").data.decode()
    assert "/games/new" in page and "/games/import" in page
    new_game(client, player0="Zoé")
    new_game(client, player0="Yves")
    page = client.get("/").data.decode()
    assert page.index("Yves") < page.index("Zoé")
    assert "1 coup ·" not in page and "0 coups ·" in page  # counted from the rows


def test_the_seed_example_entered_through_the_forms_gives_the_seed_nets(client):
    game = new_game(client)
    for text in SEED_COUPS:
        response = enter(client, game, text)
        assert response.status_code == 302, response.data.decode()[:3000]
    r = report(client, game)
    assert r["net"] == {"Anne": -72, "Bruno": -9, "Chloé": 81}
    assert [c["enjeu"] for c in r["coups"]] == [27, 72, 90, 108, 126, 126, 90]
    assert r["next"]["enjeu"] == 27


def test_game_page_shows_the_deal_the_standing_and_the_fiche(client):
    game = new_game(client)
    for text in SEED_COUPS[:5]:
        enter(client, game, text)
    page = client.get(game).data.decode()
    assert "Before the deal — coup 6" in page
    assert "Chloé deals, Anne is premier." in page
    assert "Each player adds 2 marks worth 3 each: poule of 18 chips." in page
    assert "Bruno 108" in page  # the bête in play, the largest pending
    assert "token n°5" in page
    assert "<b>126</b>" in page  # the enjeu
    assert "−60" in page and "+93" in page  # nets of coup 5
    assert 'class="bete s-in_play"' in page and 'class="bete s-won"' in page
    assert "Poules won by the hombre: 1 / 20" in page


def test_check_shows_outcome_and_payments_and_stores_nothing(client, app):
    game = new_game(client)
    response = client.post(
        game + "/coups", data=coup_data("B demande A2 B5 C2", matadors="3", check="1")
    )
    assert response.status_code == 200
    page = response.data.decode()
    assert "Bruno demande: gagne" in page or "Bruno demande : gagne" in page
    assert "Anne → Bruno <b>9</b>" in page  # the poule: 3 marks × 3
    assert "Anne → Bruno <b>6</b>" in page  # 3 matadors × 2
    assert count(app, "coups") == 0
    assert 'name="save"' in page


@pytest.mark.parametrize(
    ("text", "extra", "field", "message"),
    [
        ("A demande A4 B4 C2", {}, "f-tricks", "Tricks sum to 10, expected 9"),
        # a hand-made count: refused, not taken for an empty field and filled in as 9
        ("A demande A99999 B0 C0", {}, "f-tricks", "Tricks sum to 99,999, expected 9"),
        (
            "A demande A99999999999999999999 B0 C0",
            {},
            "f-tricks",
            "Tricks must be three whole numbers, none negative",
        ),
        ("A demande A-1 B5 C5", {}, "f-tricks", "Tricks must be three whole numbers, none"),
        (
            "A retourne A5 B2 C2",
            {},
            "f-contract",
            "Contract retourne is not allowed by the rule set",
        ),
        (
            "A demande A4 B3 C2",
            {"vole_engagee": "y"},
            "vole_engagee",
            "vole_engagee needs the first five tricks",
        ),
        (
            "A demande A5 B2 C2",
            {"codille_renounced": "y"},
            "codille_renounced",
            "codille_renounced on a coup that is no codille",
        ),
        ("A demande A5 B2 C2", {"matadors": "2"}, "f-matadors", "Matadors must be 0 or 3 to 9"),
    ],
)
def test_a_bad_coup_is_refused_beside_its_field_keeping_the_input(
    client, app, text, extra, field, message
):
    game = new_game(client)
    response = client.post(
        game + "/coups",
        data={**coup_data(text, **extra), "save": "1"},
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 422
    page = response.data.decode()
    assert message in page
    # the message sits inside the field's own block
    start = (
        page.index(f'id="{field}"') if f'id="{field}"' in page else page.index(f'name="{field}"')
    )
    assert message in page[start : start + 4000]
    assert 'name="hombre" value="0" checked' in page  # what was typed is kept
    assert count(app, "coups") == 0


def test_two_tricks_are_enough(client):
    game = new_game(client)
    response = client.post(
        game + "/coups",
        data={"hombre": "1", "contract": "demande", "t1": "5", "t0": "3", "save": "1"},
    )
    assert response.status_code == 302
    assert report(client, game)["coups"][0]["tricks"] == {"Anne": 3, "Bruno": 5, "Chloé": 1}


def test_a_coup_after_the_end_is_refused(client, app):
    game = new_game(client, poules_to_play="1")
    assert enter(client, game, "A demande A5 B2 C2").status_code == 302
    page = client.get(game).data.decode()
    assert "The game is over" in page and "Enter the coup" not in page
    response = enter(client, game, "A demande A5 B2 C2")
    assert response.status_code == 422
    assert "The game ended with coup 1" in response.data.decode()
    assert count(app, "coups") == 1


def test_all_pass_is_one_tap(client):
    game = new_game(client)
    assert enter(client, game, "pass").status_code == 302
    assert report(client, game)["coups"][0]["outcome"] == "pass"


def test_edit_replays_and_reports_the_change_in_the_nets(client):
    game = new_game(client)
    for text in SEED_COUPS:
        enter(client, game, text)
    page = client.get(game + "/coups/5/edit").data.decode()
    assert 'name="hombre" value="2" checked' in page
    # coup 5 becomes a remise: nobody is paid, Chloé makes a bête of 126
    response = client.post(
        game + "/coups/5/edit", data={**coup_data("C demande A3 B3 C3"), "check": "1"}
    )
    assert response.status_code == 200
    # by hand: coup 6 Bruno takes a poule of 117 and Anne's 27; coup 7 Chloé's new 126
    page = response.data.decode()
    assert "Bruno: −9 → <b>+243</b> (+252)" in page
    assert "Chloé: +81 → <b>−171</b> (−252)" in page
    assert "Anne:" not in page.split("What this changes in the nets")[1]  # unchanged at −72
    response = client.post(
        game + "/coups/5/edit", data={**coup_data("C demande A3 B3 C3"), "save": "1"}
    )
    assert response.status_code == 302
    after = report(client, game)
    assert after["coups"][4]["bete_made"] == 126
    assert after["net"] == {"Anne": -72, "Bruno": 243, "Chloé": -171}
    flash = client.get(game).data.decode()
    assert "Coup 5 corrected." in flash and "Nets:" in flash


def test_an_edit_that_breaks_a_later_coup_is_refused(client, app):
    game = new_game(client, poules_to_play="1")
    enter(client, game, "A demande A4 B4 C1")  # remise
    enter(client, game, "B demande A2 B5 C2")  # wins: the game ends
    # making coup 1 a win ends the game there: coup 2 would follow the end
    response = client.post(
        game + "/coups/1/edit", data={**coup_data("A demande A5 B2 C2"), "save": "1"}
    )
    assert response.status_code == 422
    assert "the game ended with coup 1" in response.data.decode()
    assert report(client, game)["coups"][0]["outcome"] == "remise"


def test_delete_and_undo(client):
    game = new_game(client)
    for text in SEED_COUPS[:5]:
        enter(client, game, text)
    page = client.get(game + "/coups/3/delete").data.decode()
    assert "Delete coup 3?" in page
    assert client.post(game + "/coups/3/delete").status_code == 302
    r = report(client, game)
    assert len(r["coups"]) == 4
    assert r["coups"][2]["hombre"] == "Bruno" and r["coups"][2]["n"] == 3
    assert client.post(game + "/undo").status_code == 302
    r = report(client, game)
    assert len(r["coups"]) == 3 and r["net"] == {"Anne": 0, "Bruno": 0, "Chloé": 0}
    actions = (
        [
            c["action"]
            for c in client.application.test_client()
            .application.app_context()
            .app.extensions.get("x", [])
        ]
        if False
        else None
    )
    del actions


def test_the_change_log_keeps_every_correction(client, app):
    game = new_game(client)
    enter(client, game, "A demande A4 B4 C1")
    enter(client, game, "pass")
    client.post(game + "/coups/2/edit", data={**coup_data("B demande A2 B5 C2"), "save": "1"})
    client.post(game + "/undo")
    with app.app_context():
        from scorekeeper.db import get_db

        changes = store.history(get_db(), 1)
    assert [c.action for c in changes] == ["undo", "edit", "add", "add", "create"]
    assert all(c.at for c in changes)
    edit = changes[1]
    assert edit.before is not None and json.loads(edit.before) == {"pass": True}
    assert edit.after is not None and json.loads(edit.after)["hombre"] == "Bruno"
    page = client.get(game + "/history").data.decode()
    assert "coup corrected" in page and "last coup undone" in page


def test_a_change_sent_from_an_old_page_is_refused(client, app):
    game = new_game(client)
    enter(client, game, "A demande A4 B4 C1")  # version 2 now
    data = {**coup_data("B demande A2 B5 C2"), "save": "1", "version": "1"}
    response = client.post(game + "/coups", data=data)
    assert response.status_code == 409
    page = response.data.decode()
    assert "The game changed meanwhile" in page
    assert 'name="hombre" value="1" checked' in page  # input kept
    assert count(app, "coups") == 1


def test_a_failing_write_leaves_nothing_half_written(client, app, monkeypatch):
    game = new_game(client)

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store.changelog, "line", broken)  # the change log line, written last
    with pytest.raises(RuntimeError):
        enter(client, game, "A demande A4 B4 C1")
    assert count(app, "coups") == 0
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select version from games").fetchone()[0] == 1


def test_rules_can_change_until_the_first_coup(client):
    game = new_game(client)
    page = client.get(game + "/setup").data.decode()
    assert 'value="3-2"' in page
    data = {**NEW_GAME, "poule_system": "3-1", "version": "1"}
    assert client.post(game + "/setup", data=data).status_code == 302
    enter(client, game, "pass")
    assert report(client, game)["rules"]["poule_system"] == "3-1"
    data["version"] = "3"
    response = client.post(game + "/setup", data={**data, "poule_system": "2-1"})
    assert "The rule set is frozen once the first coup is entered" in response.data.decode()
    assert report(client, game)["rules"]["poule_system"] == "3-1"


def test_new_game_refusals_are_beside_the_fields(client, app):
    response = client.post(
        "/games/new",
        data={**__import__("web").NEW_GAME, "poule_system": "2-3"},
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 422
    assert "rules.poule_system must be A-B" in response.data.decode()
    response = client.post(
        "/games/new",
        data={**__import__("web").NEW_GAME, "player1": "Anne"},
        headers={"Accept-Language": "en"},
    )
    # the very name typed twice: said once, no "as Anne" (label21)
    said = response.data.decode()
    assert "Anne is already at this table: one person cannot sit at two seats." in said
    assert "as Anne" not in said
    assert count(app, "games") == 0


def test_apply_preset_fills_the_settings(client):
    response = client.post(
        "/games/new", data={**NEW_GAME, "preset": "ancien", "apply_preset": "1", "create": ""}
    )
    page = response.data.decode()
    assert 'name="poule_system" type="text" value="2-1"' in page
    assert 'name="payments" value="simple" checked' in page


def test_import_export_round_trip(client, tmp_path, capsysbinary):
    text = json.dumps(dump_game(load_game(SEED)), ensure_ascii=False)
    response = client.post("/games/import", data={"text": text})
    assert response.status_code == 302 and response.headers["Location"] == "/games/1"
    exported = client.get("/games/1/game.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    assert json.loads(exported.data) == json.loads(text)
    # the report is byte for byte what the command prints for that file (its main here: a
    # UTF-8 stream with a buffer, as a process's; test_cli runs the real process)
    path = tmp_path / "game.json"
    path.write_bytes(exported.data)
    assert main(["replay", str(path), "--json"]) == 0
    assert client.get("/games/1/report.json").data == capsysbinary.readouterr().out


def test_import_a_file_upload(client):
    import io

    data = {"file": (io.BytesIO(json.dumps(SEED).encode()), "seed.json")}
    response = client.post("/games/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    assert report(client, "/games/1")["net"] == {"A": -72, "B": -9, "C": 81}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "Not valid JSON (line 1, column 2)."),  # a sentence (names22)
        ("", "Choose a game file or paste its JSON."),
        (json.dumps({**SEED, "rules": {"colour": 1}}), "rules.colour: unknown rule"),
        (
            json.dumps(
                {
                    **SEED,
                    "coups": [
                        {"hombre": "A", "contract": "demande", "tricks": {"A": 9, "B": 1, "C": 0}}
                    ],
                }
            ),
            "Coup 1: tricks sum to 10",
        ),
    ],
)
def test_import_refusals(client, app, text, message):
    response = client.post("/games/import", data={"text": text})
    assert response.status_code == 422
    assert message in response.data.decode()
    assert count(app, "games") == 0


def test_missing_things_are_404(client):
    assert client.get("/games/9").status_code == 404
    game = new_game(client)
    assert client.get(game + "/coups/1/edit").status_code == 404
    assert client.get(game + "/coups/1/delete").status_code == 404
    assert client.get("/games/9/game.json").status_code == 404


def test_journal_pages(client):
    game = new_game(client, poules_to_play="200")
    for _ in range(30):
        enter(client, game, "pass")
    page = client.get(game + "/coups").data.decode()
    assert ">Coup 30 <" in page and ">Coup 5 <" not in page and "1 / 2" in page
    page = client.get(game + "/coups?page=2").data.decode()
    assert ">Coup 5 <" in page and ">Coup 1 <" in page


def test_french_by_default_english_by_choice(app):
    client = app.test_client()
    game = new_game(client)
    assert "Avant la donne — coup 1" in client.get(game).data.decode()
    assert (
        "Before the deal — coup 1"
        in client.get(game, headers={"Accept-Language": "en-GB,en"}).data.decode()
    )
    response = client.get(f"/lang/en?next={game}")
    assert response.status_code == 302 and response.headers["Location"] == game
    assert "Before the deal" in client.get(game, headers={"Accept-Language": "fr"}).data.decode()
    assert client.get("/lang/en?next=//evil.example").headers["Location"] == "/"


def test_every_form_needs_its_csrf_token(csrf_app):
    client = csrf_app.test_client()
    assert client.post("/games/new", data=NEW_GAME).status_code == 400
    token = csrf_token(client.get("/games/new").data.decode())
    response = client.post("/games/new", data={**NEW_GAME, "csrf_token": token})
    assert response.status_code == 302
    game = response.headers["Location"]
    page = client.get(game).data.decode()
    assert page.count('name="csrf_token"') >= 1
    assert client.post(game + "/coups", data=coup_data("pass")).status_code == 400
    assert (
        client.post(
            game + "/coups", data={**coup_data("pass"), "csrf_token": csrf_token(page)}
        ).status_code
        == 302
    )
    assert client.post(game + "/undo").status_code == 400
    # the check looks at the method first (app.MethodFirstCSRF): a GET needs no token, and
    # a method no route takes is still answered 405, as before the check
    assert client.get(game + "/coups").status_code == 200
    assert client.put(game + "/coups", data=coup_data("pass")).status_code == 405


def test_names_are_escaped(client):
    game = new_game(client, player0="<script>x</script>", player1="Zoé \"l'as\" O'Brien")
    page = client.get(game).data.decode()
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_undo_delete_and_setup_from_a_stale_page_change_nothing(client, app):
    game = new_game(client)
    enter(client, game, "A demande A4 B4 C1")
    enter(client, game, "pass")  # the game is at version 3 now
    response = client.post(game + "/undo", data={"version": "2"})
    assert response.status_code == 302
    page = client.get(game).data.decode()
    assert "nothing was undone" in page
    assert count(app, "coups") == 2
    response = client.post(game + "/coups/1/delete", data={"version": "2"})
    assert response.status_code == 409 and "changed meanwhile" in response.data.decode()
    assert count(app, "coups") == 2
    response = client.post(
        game + "/coups/1/edit",
        data={**coup_data("B demande A2 B5 C2"), "save": "1", "version": "2"},
    )
    assert response.status_code == 409
    assert 'name="hombre" value="1" checked' in response.data.decode()  # the input is kept
    assert report(client, game)["coups"][0]["hombre"] == "Anne"


def test_the_hombre_winning_back_his_own_bete_is_said(client):
    # hombre.md §10: coup 6 Bruno wins with their own bête of 108 in play, coup 7 with
    # their bête of 72: each is cancelled, no chip moves for it, and the page says so
    game = new_game(client)
    for text in SEED_COUPS[:5]:
        enter(client, game, text)
    preview = client.post(game + "/preview", data=coup_data(SEED_COUPS[5]))
    assert "bête of 108 taken back" in preview.data.decode()
    for text in SEED_COUPS[5:]:
        response = enter(client, game, text)
        assert response.status_code == 302
    flashed = client.get(game).data.decode()  # the saves' messages say it too
    assert "bête of 108 taken back" in flashed and "bête of 72 taken back" in flashed
    journal = client.get(game + "/coups").data.decode()
    assert "bête of 108 taken back" in journal and "bête of 72 taken back" in journal
    assert journal.count("taken back") == 2  # coups 1–5 took back nothing
    # the journal's links are l'Hombre's own URLs
    assert f'href="{game}/coups/7/edit"' in journal and "/sheet/" not in journal


def test_the_fiche_circles_the_bete_the_next_coup_plays_for(client):
    """The seed circles the new bête "juste avant le coup suivant": as soon as the
    coup that makes it is marked, the fiche shows it in play, as the header says."""
    game = new_game(client)
    enter(client, game, SEED_COUPS[0])  # Anne demande, remise: Anne's bête of 27
    for path in (game, game + "/fiche"):
        page = client.get(path).data.decode()
        assert '<span class="bete s-in_play">27</span>' in page, path
        assert "s-pending" not in page, path
    page = client.get(game).data.decode()
    assert "Anne 27" in page  # the header's bête in play: the same one
    enter(client, game, SEED_COUPS[1])  # Bruno's remise: Anne's 27 stays in play, 72 waits
    page = client.get(game + "/fiche").data.decode()
    assert '<span class="bete s-in_play">27</span>' in page
    assert '<span class="bete s-pending">72</span>' in page
