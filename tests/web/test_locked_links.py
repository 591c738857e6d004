"""A locked table offers nothing it would refuse; an event's table keeps the event's set-up.

Through the real pages (the test client, a real SQLite file): an event table shows no
"change players or rules" link and its set-up change is refused in the store (every game
kind); a table whose round is closed, whose result is locked or whose club evening is
closed shows no undo, correct, delete, redo or take-a-seat link, and a refusal (423) says
why; a finished event table offers no "play again"; the director is not offered to lock a
table of a closed round (and a posted lock is refused). One Chromium check at 390×844.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from playwright.sync_api import Browser, expect
from test_clubs import club_version, new_club, new_evening, seed_table
from test_event_rounds_tables import DA, FR, MANILLEN, NL, client_in, fresh_app
from test_events import FOUR, new_event, open_table, post, seated, sheet_deal, tables, version
from web import NEW_GAME

from scorekeeper import store
from scorekeeper.db import get_db
from scorekeeper.rules.errors import GameError

SETUP_REFUSED = {
    "fr": "Cette table appartient à un tournoi",
    "nl": "Deze tafel hoort bij een tornooi",
}
HOMBRE_DEAL = {"hombre": "0", "contract": "demande", "save": "1", "t0": "5", "t1": "2", "t2": "2"}


def change_links(page: str, game: str) -> list[str]:
    """The links and forms of the page that change the table's coups or seats."""
    wanted = ("/undo", "/redo", "/edit", "/delete", "/seat", "/setup")
    found = re.findall(rf'(?:href|action)="({re.escape(game)}[^"#]*)', page)
    return [path for path in found if path.endswith(wanted)]


def hombre_event(app, client) -> list[str]:
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="Anne\nBert\nCarl\nDora\nEric\nFrida")
    post(client, app, "draw")
    return [open_table(client, link) for link in tables(client)]


@pytest.mark.parametrize(("language", "words"), [(FR, "fr"), (NL, "nl")], ids=["fr", "nl"])
def test_an_event_tables_players_and_rules_stay_the_events(tmp_path, language, words):
    app = fresh_app(tmp_path / "setup.sqlite")
    client = client_in(app, language)
    first, _ = hombre_event(app, client)
    page = client.get(first).text
    assert f'href="{first}/setup"' not in page  # no coup yet, and still no set-up link
    # its address typed by hand: the reason, and no form whose saving would be refused
    shown = client.get(first + "/setup")
    assert shown.status_code == 409 and SETUP_REFUSED[words].lower() in shown.text.lower()
    assert 'id="setup-refused"' in shown.text and 'name="player0"' not in shown.text
    drawn = seated(client, first)["players"]
    version = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    data = {**NEW_GAME, "player0": "Intrus", "player1": drawn[1], "player2": drawn[2]}
    refused = client.post(first + "/setup", data={**data, "version": version.group(1)})
    assert refused.status_code == 422
    assert SETUP_REFUSED[words] in refused.text
    assert seated(client, first)["players"] == drawn  # the drawn table, unchanged


def test_a_points_event_table_refuses_a_set_up_change_in_the_store(tmp_path):
    app = fresh_app(tmp_path / "manille.sqlite")
    client = client_in(app, FR)
    new_event(client, **MANILLEN, deals="2")
    post(client, app, "players", names=FOUR)
    post(client, app, "draw")
    game = open_table(client, tables(client)[0])
    assert f'href="{game}/sheet/setup"' not in client.get(game).text
    shown = client.get(game + "/sheet/setup")
    assert shown.status_code == 409 and SETUP_REFUSED["fr"].lower() in shown.text.lower()
    assert 'name="player0"' not in shown.text
    game_id = int(game.rsplit("/", 1)[1])
    with app.app_context():
        stored = store.load(get_db(), game_id)
        twenty = replace(stored.game.rules, deals=20)
        players = ["Intrus", *stored.game.players[1:]]
        with pytest.raises(GameError, match="competition"):
            store.set_table(
                get_db(), game_id, players, stored.game.first_dealer, twenty, seats=None
            )
        assert store.load(get_db(), game_id).game.players == stored.game.players
    assert seated(client, game)["rules"]["deals"] == 2


@pytest.mark.parametrize(
    ("language", "locked_words", "closed_words"),
    [
        (FR, "Le directeur a verrouillé", "Ce tour du tournoi est clos"),
        (DA, "Turneringslederen har låst", "Denne runde af turneringen er lukket"),
    ],
    ids=["fr", "da"],
)
def test_a_locked_table_offers_no_change_and_its_refusal_says_why(
    tmp_path, language, locked_words, closed_words
):
    app = fresh_app(tmp_path / "locks.sqlite")
    client = client_in(app, language)
    first, second = hombre_event(app, client)
    assert client.post(first + "/coups", data=HOMBRE_DEAL).status_code == 302
    assert {f"{first}/undo", f"{first}/coups/1/edit"} <= set(
        change_links(client.get(first).text, first)
    )
    assert post(client, app, "lock", round="1", table="1").status_code == 302
    assert 'name="unlock"' in client.get("/events/1").text  # unlocking: while the round is played
    assert change_links(client.get(first).text, first) == []
    refused = client.get(first + "/coups/1/edit")
    assert refused.status_code == 423 and locked_words in refused.text
    refused = client.post(first + "/undo", data={"version": "2"})
    assert refused.status_code == 423 and locked_words in refused.text
    # the round closed: no lock offered for its tables, and a posted lock is refused
    assert client.post(second + "/coups", data=HOMBRE_DEAL).status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302
    director = client.get("/events/1").text
    table_2 = director[director.index('id="table-2"') :]
    assert 'name="unlock"' not in table_2 and "<button" not in table_2.split("</article>")[0]
    assert post(client, app, "lock", round="1", table="2").status_code != 302
    assert 'id="table-2" data-state="locked"' not in client.get("/events/1").text
    # table 1, locked before the round closed: no unlock offered, a posted unlock refused
    # (the round keeps it locked; the log and the page would have said "unlocked")
    assert 'name="unlock"' not in director
    before = version(app)
    assert post(client, app, "lock", round="1", table="1", unlock="y").status_code != 302
    assert version(app) == before  # nothing logged
    assert 'id="table-1" data-state="locked"' in client.get("/events/1").text
    assert client.get(first + "/coups/1/edit").status_code == 423
    assert change_links(client.get(second).text, second) == []
    refused = client.get(second + "/coups/1/edit")
    assert refused.status_code == 423 and closed_words in refused.text


def test_a_finished_event_table_offers_no_play_again_nor_undo(tmp_path):
    app = fresh_app(tmp_path / "finished.sqlite")
    client = client_in(app, FR)
    new_event(client, **MANILLEN, deals="2")
    post(client, app, "players", names=FOUR)
    post(client, app, "draw")
    game = open_table(client, tables(client)[0])
    sheet_deal(client, game, trump="coeur", points="40")
    sheet_deal(client, game, trump="coeur", points="40")
    assert "again=" not in client.get(game).text  # finished, but the event plays on
    assert post(client, app, "close", confirmed="1").status_code == 302
    page = client.get(game).text
    assert change_links(page, game) == [] and "again=" not in page
    refused = client.post(game + "/sheet/undo", data={"version": "3"})
    # a finished table's page has no coup form: the reason is said at the top
    assert refused.status_code == 423 and "Ce tour du tournoi est clos" in refused.text
    assert len(seated(client, game)["coups"]) == 2


def test_a_finished_hombre_event_table_offers_no_play_again(tmp_path):
    app = fresh_app(tmp_path / "again.sqlite")
    client = client_in(app, FR)
    new_event(client, kind="hombre", seating="3", method="total", deals="1")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    game = open_table(client, tables(client)[0])
    assert client.post(game + "/coups", data=HOMBRE_DEAL).status_code == 302
    assert seated(client, game)["finished"]  # its one deal is played
    assert "again=" not in client.get(game).text
    assert "again=" not in client.get(game + "/settlement").text


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_closed_evenings_table_offers_no_change(app, language):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    evening = new_evening(client, app, new_club(client), "2026-11-01")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    assert f"{game}/seat" in change_links(client.get(game).text, game)
    data = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=data).status_code == 302
    page = client.get(game).text
    assert 'data-lock="evening"' in page and change_links(page, game) == []
    shown = client.get(game + "/setup")  # the closed evening says why, before the coups
    assert shown.status_code == 423 and 'data-lock="evening"' in shown.text
    assert 'name="player0"' not in shown.text
    assert change_links(client.get(game + "/journal").text, game) == []


@pytest.mark.parametrize("kind", ["hombre", "brou"])
def test_a_closed_evenings_table_before_its_first_coup_offers_no_set_up(app, kind):
    """play19: /games/3 of a closed evening offered "change players or rules", whose page
    answered 423. The link asks what the set-up page asks (``TableState.takes_setup``)."""
    client = app.test_client()
    evening = new_evening(client, app, new_club(client), "2026-11-01")
    players = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé"}
    four = {**players, "player3": "Denis", "first_dealer": "0"}
    data = {**NEW_GAME, **players} if kind == "hombre" else four
    address = "/games/new" if kind == "hombre" else f"/games/new/{kind}"
    game = client.post(f"{address}?evening={evening}", data=data).headers["Location"]
    setup = game + ("/setup" if kind == "hombre" else "/sheet/setup")
    assert setup in change_links(client.get(game).text, game)  # no coup yet: offered
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    assert change_links(client.get(game).text, game) == []
    assert client.get(setup).status_code == 423  # what the link would have led to


@pytest.mark.browser
def test_a_locked_table_on_a_phone_shows_no_undo_nor_correct(
    tmp_path, live_server, browser: Browser
):
    # the live server's own file, filled by a test client (no CSRF), read by Chromium
    app = fresh_app(tmp_path / "live.sqlite")
    client = client_in(app, FR)
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    link = tables(client)[0]
    game = open_table(client, link)
    assert client.post(game + "/coups", data=HOMBRE_DEAL).status_code == 302
    assert post(client, app, "lock", round="1", table="1").status_code == 302
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="fr-FR"
    )
    page = context.new_page()
    page.goto(live_server + link)
    expect(page.locator("#closed-table")).to_contain_text("Le directeur a verrouillé")
    expect(page.locator("form.undo")).to_have_count(0)
    expect(page.locator(f'a[href="{game}/coups/1/edit"]')).to_have_count(0)
    expect(page.locator(f'a[href="{game}/seat"]')).to_have_count(0)
    context.close()


def test_the_set_up_of_a_table_with_a_coup_says_its_rules_are_frozen(tmp_path):
    """Before the first coup the set-up form is offered; after it, by its address, the game
    page says why (the store's own refusal), with no form whose saving would be refused."""
    app = fresh_app(tmp_path / "frozen.sqlite")
    client = client_in(app, {"HTTP_ACCEPT_LANGUAGE": "en"})
    game = client.post("/games/new", data=NEW_GAME).headers["Location"]
    game = game.split("?")[0]
    assert 'name="player0"' in client.get(game + "/setup").text
    assert client.post(game + "/coups", data=HOMBRE_DEAL).status_code == 302
    shown = client.get(game + "/setup")
    assert shown.status_code == 409 and 'name="player0"' not in shown.text
    assert "The rule set is frozen once the first coup is entered." in shown.text
