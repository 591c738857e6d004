"""The Wi-Fi drops (issue 26): the manager's outbox, its keys, the conflict, the followers.

A real server, headless Chromium at 390×844, the browser context's own offline switch;
what is stored is read from the server's SQLite file, never from the page.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from live import Phone
from playwright.sync_api import Browser, Page, Route, expect
from taps import tap_count, tap_hombre
from test_browser import open_new_game, phone, standing

from scorekeeper import db as database
from scorekeeper import store
from scorekeeper.db.backup import backup, restore

pytestmark = pytest.mark.browser


def stored_coups(tmp_path: Path, game: int = 1) -> list[dict]:
    """The coups of the game as the server stored them, in order."""
    with sqlite3.connect(tmp_path / "live.sqlite") as conn:
        rows = conn.execute(
            "select data from coups where game_id = ? order by position", [game]
        ).fetchall()
    return [json.loads(row[0]) for row in rows]


def lose_the_answer(route: Route) -> None:
    """The request reaches the server and is stored; its answer is lost on the way back."""
    route.fetch(max_redirects=0)
    route.abort("internetdisconnected")


def stop_losing_answers(page: Page) -> None:
    """The route is taken away once a handler already running has finished: removed while
    it was between its fetch and its abort, Playwright let the request go on and the
    handler's abort failed ("Route is already handled")."""
    page.unroute_all(behavior="wait")


def back_online(page: Page) -> None:
    """The Wi-Fi is back: Chromium fires the page's "online" event (the outbox sends then)."""
    page.context.set_offline(False)


@pytest.fixture
def offline_phone(file_page: Page) -> Iterator[Page]:
    """The file's page (conftest.py), whose context a test may take offline: online again
    after it, whatever failed (its outbox's storage is forgotten by ``file_page``)."""
    yield file_page
    back_online(file_page)


def test_coups_saved_offline_stored_once_in_order_a_lost_answer_once_refusals_kept(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    page = offline_phone
    open_new_game(page, live_server)
    # coup 1: Bruno demande, 5 tricks to Anne's 2 (Chloé's 2 fill themselves in); the
    # server checks it as typed, then the Wi-Fi drops before Save
    tap_hombre(page, "Bruno")
    tap_count(page, "Bruno", 5)
    tap_count(page, "Anne", 2)
    expect(page.locator("#preview")).to_contain_text("gagne")
    page.context.set_offline(True)
    page.get_by_role("button", name="Enregistrer le coup").tap()
    outbox = page.locator("#outbox")
    expect(outbox).to_be_visible()
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    first = outbox.locator(".pending-coup").first
    expect(first).to_contain_text("Coup 1")
    expect(first).to_contain_text("pas encore confirmé")
    # what it pays: only the server's own check made before the drop, said to be that
    expect(first).to_contain_text("tel que le serveur l’a vérifié avant la coupure")
    expect(first.locator(".pending-preview")).to_contain_text("Bruno demande")
    expect(outbox.locator(".outbox-state")).to_contain_text("Pas de connexion")
    # the form cleared for the next coup; the standing says when the server confirmed it
    expect(page.locator("#f-hombre input:checked")).to_have_count(0)
    expect(page.locator("#standing .confirmed-at")).to_contain_text("Confirmé par le serveur à")
    # coup 2: tous passent, still offline, waits behind coup 1
    page.get_by_role("button", name="Tous passent").tap()
    expect(outbox.locator(".pending-coup")).to_have_count(2)
    expect(outbox.locator(".pending-coup").nth(1)).to_contain_text("Coup 2")
    expect(outbox.locator(".pending-coup").nth(1)).to_contain_text("calculé quand le serveur")
    assert stored_coups(tmp_path) == []
    # back online: both sent, in order, each once; the page shows the server's standing
    back_online(page)
    expect(page.locator(".flash", has_text="envoyés et confirmés par le serveur")).to_be_visible()
    expect(outbox).to_be_hidden()
    coups = stored_coups(tmp_path)
    assert len(coups) == 2
    assert coups[0]["hombre"] == "Bruno"
    assert coups[0]["tricks"] == {"Anne": 2, "Bruno": 5, "Chloé": 2}
    assert "hombre" not in coups[1]  # tous passent
    net = page.request.get(page.url.split("?")[0].split("#")[0] + "/report.json").json()
    shown = standing(page)
    # Bruno's won demande: the poule of 3 marks × 3 from each (test_browser's hand count);
    # tous passent moves no chip between the players
    assert shown == {"Anne": "−9", "Bruno": "+18", "Chloé": "−9"}
    assert len(net["coups"]) == 2
    kept = tmp_path / "kept.sqlite"
    backup(tmp_path / "live.sqlite", kept)  # the game at 2 coups, put back at the end
    # coup 3 reaches the server, its answer is lost: kept, sent again under its key, stored once
    page.route("**/coups", lose_the_answer)
    tap_hombre(page, "Chloé")
    tap_count(page, "Chloé", 5)
    tap_count(page, "Anne", 2)
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    expect(outbox.locator(".pending-coup").first).to_contain_text("Coup 3")
    assert len(stored_coups(tmp_path)) == 3
    stop_losing_answers(page)  # the outbox's next try (every 3 s) gets its answer
    sent = page.locator(".flash", has_text="envoyés et confirmés par le serveur")
    expect(sent).to_be_visible()
    coups = stored_coups(tmp_path)
    assert len(coups) == 3 and coups[2]["hombre"] == "Chloé"
    # a coup kept offline, the game changed meanwhile (its version moved on the server):
    # discarding it asks first, and a refused confirm keeps it
    page.context.set_offline(True)
    page.get_by_role("button", name="Tous passent").tap()
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    with sqlite3.connect(tmp_path / "live.sqlite") as conn:
        conn.execute("update games set version = version + 1 where id = 1")
    back_online(page)
    conflict = outbox.locator(".outbox-conflict")
    expect(conflict).to_be_visible()
    expect(conflict.locator(".another-phone")).to_contain_text("Un autre téléphone a modifié")
    expect(conflict.locator(".went-back")).to_be_hidden()
    page.once("dialog", lambda dialog: dialog.dismiss())
    conflict.get_by_role("button", name="Abandonner les miens").tap()
    expect(conflict.locator(".phone-coups li")).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    conflict.get_by_role("button", name="Abandonner les miens").tap()
    expect(outbox).to_be_hidden()
    assert len(stored_coups(tmp_path)) == 3
    assert page.evaluate("Object.keys(localStorage)") == []
    # a coup typed offline that the rules refuse (no tricks given): the server's words are
    # shown on it, and it stays until the manager discards it
    page.context.set_offline(True)
    tap_hombre(page, "Anne")
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    back_online(page)
    refused = outbox.locator(".pending-coup.refused")
    expect(refused).to_contain_text("Le serveur a refusé ce coup\u202f: Donnez les levées")
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Abandonner ce coup").tap()
    expect(outbox).to_be_hidden()
    assert len(stored_coups(tmp_path)) == 3
    # offline14: a coup kept offline while the game went back to its backup of 2 coups
    # (scorekeeper restore while the server runs): refused for its version as another
    # phone's change would be, but said in the page's words for a backup put back
    page.context.set_offline(True)
    page.get_by_role("button", name="Tous passent").tap()
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    restore(kept, tmp_path / "live.sqlite")
    assert len(stored_coups(tmp_path)) == 2
    back_online(page)
    expect(conflict.locator(".went-back")).to_have_text(
        "La partie est revenue à un état antérieur (une sauvegarde remise en place)\u202f:"
        " ce qui avait été saisi depuis n’est plus enregistré. Les coups gardés sur ce"
        " téléphone ne sont pas perdus\u202f: choisissez qu’en faire."
    )
    expect(conflict.locator(".another-phone")).to_be_hidden()
    expect(conflict.locator(".change-log")).to_be_hidden()  # no other phone's change to see
    expect(conflict).to_contain_text("serveur\u202f: 2. Dernier coup vu par ce téléphone\u202f: 3.")
    # sent after the server's coups, checked again there: coup 3 is now this tous passent
    conflict.get_by_role("button", name="Envoyer les miens après les leurs").tap()
    expect(page.locator(".flash", has_text="envoyés et confirmés par le serveur")).to_be_visible()
    coups = stored_coups(tmp_path)
    assert len(coups) == 3 and "hombre" not in coups[2]


@pytest.mark.live_settings(OUTBOX_RETRY_MS=10)
def test_an_outbox_retrying_at_every_moment_sends_each_kept_coup_once_none_dropped(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    """Six coups kept offline, then the outbox retries every 10 ms while it sends them: a
    retry tick that fell between an answer and its handling sent the same coup again and,
    answered "stored" under its key, dropped the next pending coup as if stored (found when
    the tests' outboxes began to retry every 300 ms: 1 run in 10 stored 1 coup of 2)."""
    page = offline_phone
    open_new_game(page, live_server)
    page.context.set_offline(True)
    outbox = page.locator("#outbox")
    for count in range(1, 7):
        page.get_by_role("button", name="Tous passent").tap()
        expect(outbox.locator(".pending-coup")).to_have_count(count)
    back_online(page)
    expect(page.locator(".flash", has_text="envoyés et confirmés par le serveur")).to_be_visible()
    expect(outbox).to_be_hidden()
    coups = stored_coups(tmp_path)
    assert len(coups) == 6  # each kept coup stored once: none dropped, none twice
    assert all("hombre" not in coup for coup in coups)  # six times tous passent


def test_another_phone_changed_the_game_meanwhile_both_are_shown_and_nothing_is_lost(
    browser: Browser, offline_phone: Page, live_server: str, tmp_path: Path
):
    """The second phone, online all along, only saves a coup: a browser-less phone."""
    first = offline_phone
    names = {f"player{i}": name for i, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"])}
    game = open_new_game(first, live_server, "/brou", **names)
    expect(first.locator("#entry")).to_be_visible()
    # the manager link (the table link's code comes first, for the other players)
    manager_link = first.locator(".links-new:not(#table-link-first) .link a").get_attribute("href")
    links = first.request.get(game + "/links").text()
    table_link = re.search(r'class="link"><a href="([^"]+)"', links)
    assert manager_link and table_link, links[-2000:]
    second = Phone(live_server)
    path = game.removeprefix(live_server)
    second.get(manager_link.removeprefix(live_server))  # its cookie: the right to change it
    follower = phone(browser)
    follower.goto(table_link.group(1))
    expect(follower.locator("#sheet")).to_be_visible()
    # the first phone and the follower lose the Wi-Fi; the first saves a coup of 54
    first.context.set_offline(True)
    follower.context.set_offline(True)
    first.fill("#points", "54")
    first.get_by_role("button", name="Enregistrer le coup").tap()
    expect(first.locator("#outbox .pending-coup")).to_contain_text("Coup 1")
    expect(follower.locator(".offline-since")).to_contain_text("Hors ligne depuis")
    # the second phone, online, saves a coup of 60
    assert second.post(path + "/sheet/coups", {"points": "60"}, token_from=path)[0] == 302
    assert "Coup 1 enregistré" in second.get(path)[1]
    assert [c["points"] for c in stored_coups(tmp_path)] == [60]
    # back: the version check refuses the pending coup; both are shown, the server's and mine
    back_online(first)
    conflict = first.locator("#outbox .outbox-conflict")
    expect(conflict).to_be_visible()
    expect(conflict.locator(".server-coups")).to_contain_text("60")
    expect(conflict).to_contain_text("serveur\u202f: 1. Dernier coup vu par ce téléphone\u202f: 0.")
    expect(conflict.locator(".phone-coups")).to_contain_text("Coup 2")
    expect(conflict.locator(".phone-coups")).to_contain_text("54")
    assert [c["points"] for c in stored_coups(tmp_path)] == [60]  # nothing overwritten
    first.reload()  # the pending coup stays on the phone until sent or discarded
    expect(conflict.locator(".phone-coups")).to_contain_text("54")
    # the follower catches up: the note goes, the second phone's coup is shown
    back_online(follower)
    expect(follower.locator(".offline-since")).to_have_count(0)
    expect(follower.locator("#sheet")).to_contain_text("60")
    # "send mine after theirs": checked again by the server at its version, stored after
    conflict.get_by_role("button", name="Envoyer les miens après les leurs").tap()
    expect(first.locator(".flash", has_text="envoyés et confirmés par le serveur")).to_be_visible()
    assert [c["points"] for c in stored_coups(tmp_path)] == [60, 54]
    follower.context.close()


def test_a_kept_coup_whose_stored_copy_was_undone_is_shown_so_never_as_stored(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    """Issue 36: the coup reached the server, its answer was lost, and the coup was undone
    before the outbox sent it again: the retry is answered "no longer in the game" (410),
    shown on the kept coup, nothing stored again nor claimed as stored."""
    page = offline_phone
    open_new_game(page, live_server)
    page.route("**/coups", lose_the_answer)
    page.get_by_role("button", name="Tous passent").tap()
    outbox = page.locator("#outbox")
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    assert len(stored_coups(tmp_path)) == 1
    page.context.set_offline(True)  # no retry meanwhile
    stop_losing_answers(page)
    db = database.connect(tmp_path / "live.sqlite")
    store.delete_coup(db, 1)  # undone on the server (another phone's Undo)
    assert stored_coups(tmp_path) == []
    back_online(page)
    refused = outbox.locator(".pending-coup.refused")
    expect(refused).to_contain_text("enregistré comme coup 1, puis annulé\u202f:")
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Abandonner ce coup").tap()
    expect(outbox).to_be_hidden()
    assert stored_coups(tmp_path) == []


def test_a_kept_coup_meeting_a_damaged_row_says_the_row_not_another_phone(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    """A coup kept offline; meanwhile the game's row is retyped behind the app (its players a
    BLOB). The server refuses the coup 409 naming the row (trust4): the outbox read its plain
    409 as another phone's change — the conflict's choice, then a page saying only the row.
    In JSON it is the server's refusal beside the kept coup, the row named; no conflict."""
    page = offline_phone
    open_new_game(page, live_server)
    page.context.set_offline(True)
    page.get_by_role("button", name="Tous passent").tap()
    outbox = page.locator("#outbox")
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    with sqlite3.connect(tmp_path / "live.sqlite") as conn:
        for (name,) in conn.execute("select name from sqlite_master where type = 'trigger'"):
            conn.execute(f"drop trigger [{name}]")
        conn.execute("update games set players = x'80ff00' where id = 1")
    url = page.url
    back_online(page)
    refused = outbox.locator(".pending-coup.refused")
    expect(refused).to_contain_text(
        "La ligne 1 de la table games a été modifiée hors de Scorekeeper (sa colonne players)"
    )
    expect(outbox.locator(".outbox-conflict")).to_be_hidden()
    assert page.url == url  # the page was not replaced by the conflict's
    assert stored_coups(tmp_path) == []  # nothing stored, the coup still kept here
    expect(outbox.locator(".pending-coup")).to_have_count(1)


def test_a_kept_coup_whose_hombre_deals_the_next_is_stored_once_not_refused(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    """Four at the table: Anne deals coup 1 and sits out, Bruno plays it, so they deal coup 2
    and sits out. Its answer lost, the outbox's retry was read against coup 2 ("Bruno deals
    and sits out") and refused as another coup under its key (409 key_used): the phone's own
    coup shown refused, to be discarded. It is answered stored, as the first time."""
    page = offline_phone
    open_new_game(page, live_server, player3="Denis")
    page.route("**/coups", lose_the_answer)
    tap_hombre(page, "Bruno")
    tap_count(page, "Bruno", 5)
    tap_count(page, "Chloé", 2)  # Denis's 2 fill themselves in
    page.get_by_role("button", name="Enregistrer le coup").tap()
    outbox = page.locator("#outbox")
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    assert len(stored_coups(tmp_path)) == 1  # it reached the server; its answer did not
    stop_losing_answers(page)  # the outbox's next try gets its answer
    expect(page.locator(".flash", has_text="envoyés et confirmés par le serveur")).to_be_visible()
    expect(outbox).to_be_hidden()
    expect(page.locator("#coups")).to_contain_text("Bruno")
    coups = stored_coups(tmp_path)
    assert len(coups) == 1 and coups[0]["hombre"] == "Bruno"
    assert coups[0]["tricks"] == {"Bruno": 5, "Chloé": 2, "Denis": 2}
    assert page.evaluate("Object.keys(localStorage)") == []


DEALER_UNKNOWN = (
    "Qui donne et ce que vaut ce coup\u202f: connu quand le serveur répondra (les coups gardés"
    " sur ce téléphone passent d’abord)."
)


def dealt_by(name: str) -> str:
    """The "Before the deal" line after coups kept offline, when the page knows the dealer."""
    return (
        f"{name} donne et ne joue pas. Ce que vaut ce coup\u202f: connu quand le serveur"
        " répondra (les coups gardés sur ce téléphone passent d’abord)."
    )


def danish_four(page: Page, live_server: str, coups_to_play: str | None = None) -> None:
    """A Danish l'Hombre game at four made on ``page``: Jef, Mariette Janssens, Rik and
    Godelieve, Jef dealing the first coup; ``coups_to_play`` typed when given."""
    page.goto(live_server + "/games/new")
    for seat, name in enumerate(["Jef", "Mariette Janssens", "Rik", "Godelieve"]):
        page.fill(f"#player{seat}", name)
    page.locator("#f-preset label", has_text="danois, ").tap()  # reloads its settings
    expect(page.locator("#ante")).to_be_visible()
    if coups_to_play is not None:
        page.fill("#coups_to_play", coups_to_play)
    page.get_by_role("button", name="Créer la partie").tap()


def test_coups_kept_offline_at_four_the_next_form_offers_who_plays_it(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    """Danish l'Hombre at four (smoke27): Jef deals coup 1, then the deal passes on a seat
    each coup whatever its outcome: Mariette Janssens deals coup 2, Rik coup 3, Godelieve
    coup 4, each sitting out. The form after a coup kept offline said Mariette sat out coup 3
    and offered coup 2's three, so a coup typed as offered was refused on reconnect. Then
    (smoke29) it drew the fourth seat's hombre button and trick row hidden: the form held
    four players where the server's holds three, and whatever read it (a list of its
    choices, a screen reader without the style) found the dealer offered as hombre."""
    page = offline_phone
    danish_four(page, live_server)
    sits_out = page.locator("form.coup-form p.sits-out")
    # the form's own choices, shown or not: the server's form holds only the three who play
    hombres = page.locator("form.coup-form #f-hombre label")
    rows = page.locator("form.coup-form .trick-row .who")
    next_deal = page.locator("#deal .unknown-now")

    def offered(names: list[str], out: str) -> None:
        """The form holds ``names`` (in seat order) as hombre and for the tricks, each shown,
        and no choice of ``out``, who is said to deal and sit out."""
        expect(sits_out).to_be_visible()
        expect(sits_out).to_contain_text(out)
        expect(hombres).to_have_text(names)
        expect(rows).to_have_text([re.compile("^" + re.escape(name) + " ") for name in names])
        expect(page.locator("form.coup-form .trick-row:visible")).to_have_count(len(names))
        expect(page.locator("form.coup-form #f-hombre label:visible")).to_have_count(len(names))

    def coup(hombre: str, other: str, third: str) -> None:
        """``hombre`` takes 5 tricks, ``other`` 2: the third's 2 fill themselves in."""
        tap_hombre(page, hombre)
        tap_count(page, hombre, 5)
        tap_count(page, other, 2)
        third_row = page.locator(".trick-row:visible", has=page.locator(".who", has_text=third))
        expect(third_row.locator('input[value="2"]')).to_be_checked()
        page.get_by_role("button", name="Enregistrer le coup").tap()

    offered(["Mariette Janssens", "Rik", "Godelieve"], "Jef")
    coup("Mariette Janssens", "Rik", "Godelieve")
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    offered(["Jef", "Rik", "Godelieve"], "Mariette Janssens")
    page.context.set_offline(True)
    coup("Godelieve", "Rik", "Jef")
    outbox = page.locator("#outbox")
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    # coup 3: Rik deals and sits out (coup 2's dealer plays again); "Before the deal" says
    # who deals from the same seats ahead, not "known once the server answers" (fix28b)
    offered(["Jef", "Mariette Janssens", "Godelieve"], "Rik")
    expect(sits_out).not_to_contain_text("Mariette")
    expect(next_deal).to_have_text(dealt_by("Rik"))
    coup("Mariette Janssens", "Jef", "Godelieve")
    expect(outbox.locator(".pending-coup")).to_have_count(2)
    # coup 4: Godelieve deals and sits out
    offered(["Jef", "Mariette Janssens", "Rik"], "Godelieve")
    expect(next_deal).to_have_text(dealt_by("Godelieve"))
    # the coups kept say what was typed, whoever the form offers now: coup 4's holds no
    # Godelieve, and coups 2 and 3 were drawn again from it without her (smoke30)
    typed = outbox.locator(".pending-coup .typed")
    expect(typed.nth(0)).to_contain_text("Godelieve 5")  # coup 2: Godelieve the hombre, 5
    expect(typed.nth(1)).to_contain_text("Godelieve 2")  # coup 3: Godelieve 2 tricks
    assert len(stored_coups(tmp_path)) == 1  # coups 2 and 3 kept on the phone
    back_online(page)
    expect(page.locator(".flash", has_text="envoyés et confirmés par le serveur")).to_be_visible()
    expect(outbox).to_be_hidden()
    coups = stored_coups(tmp_path)
    assert [c["hombre"] for c in coups] == ["Mariette Janssens", "Godelieve", "Mariette Janssens"]
    assert [c["tricks"] for c in coups] == [
        {"Mariette Janssens": 5, "Rik": 2, "Godelieve": 2},  # Jef dealt
        {"Godelieve": 5, "Rik": 2, "Jef": 2},  # Mariette dealt
        {"Mariette Janssens": 5, "Jef": 2, "Godelieve": 2},  # Rik dealt
    ]
    # the server's page for coup 4 says what the phone said
    offered(["Jef", "Mariette Janssens", "Rik"], "Godelieve")


def test_past_the_coups_the_page_knows_the_form_offers_all_four_and_names_no_dealer(
    offline_phone: Page, live_server: str
):
    """A Danish game of 2 coups at four: its page says who sits out coups 1 and 2, not a coup
    3 (the game may end, or play on, by the outcomes). Two coups kept offline, the form for
    the third offers all four and says nobody sits out: the table knows, the phone does not;
    a third trick count is not filled in (which row is the third is not known)."""
    page = offline_phone
    danish_four(page, live_server, coups_to_play="2")
    sits_out = page.locator("form.coup-form p.sits-out")
    expect(sits_out).to_contain_text("Jef")
    page.context.set_offline(True)
    outbox = page.locator("#outbox")
    for kept, (hombre, other) in enumerate([("Rik", "Godelieve"), ("Jef", "Rik")], 1):
        tap_hombre(page, hombre)
        tap_count(page, hombre, 5)
        tap_count(page, other, 2)
        page.get_by_role("button", name="Enregistrer le coup").tap()
        expect(outbox.locator(".pending-coup")).to_have_count(kept)
        if kept == 1:  # coup 2: Mariette Janssens deals and sits out
            expect(sits_out).to_contain_text("Mariette Janssens")
            expect(page.locator("#f-hombre label:visible")).to_have_count(3)
    everyone = ["Jef", "Mariette Janssens", "Rik", "Godelieve"]
    expect(sits_out).to_be_hidden()
    # past the seats the page knows, who deals is the server's, as it always said
    expect(page.locator("#deal .unknown-now")).to_have_text(DEALER_UNKNOWN)
    expect(page.locator("#f-hombre label:visible")).to_have_text(everyone)
    rows = page.locator(".trick-row:visible")
    named = [re.compile("^" + re.escape(name) + " ") for name in everyone]
    expect(rows.locator(".who")).to_have_text(named)
    tap_count(page, "Jef", 5)
    tap_count(page, "Rik", 2)
    expect(rows.locator("input:checked")).to_have_count(2)  # none filled in by itself


def test_a_kept_coup_discarded_after_others_were_confirmed_leaves_the_next_coups_form(
    offline_phone: Page, live_server: str, tmp_path: Path
):
    """fix30c: Danish l'Hombre at four, Jef deals coup 1, Mariette Janssens coup 2, Rik coup 3,
    each sitting out. Coup 1 saved; coups 2 and 3 kept offline, coup 3 with no tricks given.
    Back online, coup 2 is confirmed and coup 3 refused by the rules; discarding it leaves
    nothing kept, and the form is for coup 3: Rik deals and sits out. It took out Mariette,
    who dealt coup 2 (outAhead counted the coups confirmed since the page was drawn only
    while some were kept), under "Before the deal — coup 2", coup 2 missing from the list."""
    page = offline_phone
    danish_four(page, live_server)
    sits_out = page.locator("form.coup-form p.sits-out")
    hombres = page.locator("form.coup-form #f-hombre label")
    rows = page.locator("form.coup-form .trick-row .who")
    tap_hombre(page, "Mariette Janssens")
    tap_count(page, "Mariette Janssens", 5)
    tap_count(page, "Rik", 2)
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(page.locator(".flash")).to_contain_text("Coup 1 enregistré")
    expect(sits_out).to_contain_text("Mariette Janssens")  # coup 2's dealer
    page.context.set_offline(True)
    tap_hombre(page, "Godelieve")  # coup 2: Godelieve 5, Rik 2, Jef 2
    tap_count(page, "Godelieve", 5)
    tap_count(page, "Rik", 2)
    page.get_by_role("button", name="Enregistrer le coup").tap()
    outbox = page.locator("#outbox")
    expect(outbox.locator(".pending-coup")).to_have_count(1)
    expect(sits_out).to_contain_text("Rik")  # coup 3's dealer
    tap_hombre(page, "Jef")  # coup 3: no tricks given, refused by the rules
    page.get_by_role("button", name="Enregistrer le coup").tap()
    expect(outbox.locator(".pending-coup")).to_have_count(2)
    back_online(page)
    refused = outbox.locator(".pending-coup.refused")
    expect(refused).to_contain_text("Coup 3")
    assert [c["hombre"] for c in stored_coups(tmp_path)] == ["Mariette Janssens", "Godelieve"]
    # the coup typed again before the refused one is discarded: Jef, 5 tricks (Jef plays
    # coup 3 as the form of before has it, so the page drawn again keeps what was typed)
    tap_hombre(page, "Jef")
    tap_count(page, "Jef", 5)
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Abandonner ce coup").tap()
    expect(outbox).to_be_hidden()
    jef = page.locator("form.coup-form .trick-row", has=page.locator(".who", has_text="Jef"))
    expect(jef.locator('input[value="5"]')).to_be_checked()
    expect(hombres.filter(has_text="Jef").locator("input")).to_be_checked()
    # the form of coup 3, the next to type: Rik deals it and sits out, the three others play
    expect(sits_out).to_be_visible()
    expect(sits_out).to_contain_text("Rik")
    playing = ["Jef", "Mariette Janssens", "Godelieve"]
    expect(hombres).to_have_text(playing)
    expect(rows).to_have_text([re.compile("^" + re.escape(name) + " ") for name in playing])
    # the page is the game's as it is now, coup 2 in it: not the game before coup 2, which
    # said Mariette Janssens deals next and offered to undo coup 1
    expect(page.locator("#deal h2")).to_have_text("Avant la donne — coup 3")
    expect(page.locator("#deal .next-deal")).to_contain_text("Rik donne et ne joue pas")
    expect(page.locator("#coups")).to_contain_text("Annuler le dernier coup (2)")
    assert page.evaluate("Object.keys(localStorage)") == []
    assert len(stored_coups(tmp_path)) == 2
