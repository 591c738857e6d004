"""Issue 16: the manager's phone is gone; another phone at the table takes the fiche over."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import pytest
from live import Phone
from playwright.sync_api import Page, Request, expect
from taps import tap_count, tap_hombre
from test_browser import form_post, open_new_game, post_coup, scripts_off

pytestmark = pytest.mark.browser


def test_the_lost_phone_is_refused_once_another_takes_the_fiche_over(
    file_page: Page, live_server: str
):
    """Three phones one after the other: the file's page with each one's cookies (the
    server tells phones apart by nothing else), the lost phone's put back at the end."""
    a = file_page
    open_new_game(a, live_server)
    code = a.locator(".handover .code b").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code)
    table_url = table_link(a, live_server)
    lost = phone_is_gone(a)  # the manager's phone is gone

    b = a
    b.goto(table_url)
    expect(b.get_by_role("button", name="Tous passent")).to_have_count(0)  # follows, read-only
    b.locator("a[href$='/takeover']").tap()
    b.fill("#code", code.lower())
    b.locator("main form button[type=submit]").tap()
    new_code = b.locator(".handover .code b")
    expect(new_code).to_have_text(re.compile(r"[0-9A-Z]{4}-[0-9A-Z]{4}"))
    assert new_code.inner_text() != code
    b.get_by_role("button", name="Tous passent").tap()
    expect(b.locator(".flash")).to_contain_text("Tous passent")
    taken_over = phone_is_gone(b)

    back = b
    back.context.add_cookies(lost)  # the lost phone is back
    back.goto(live_server + "/games/1")
    expect(back.locator("main")).to_contain_text("Anne")
    expect(back.get_by_role("button", name="Tous passent")).to_have_count(0)
    expect(back.locator("a[href$='/takeover']")).to_have_count(1)
    # the old phone's cookie sends a coup anyway (with a CSRF token of its own): refused
    back.goto(live_server + "/games/1/takeover")
    token = back.locator("input[name=csrf_token]").get_attribute("value")
    response = back.request.post(
        live_server + "/games/1/coups",
        form={"csrf_token": token or "", "version": "3", "passed": "1"},
        headers={"Referer": live_server + "/games/1"},
    )
    assert response.status == 403
    phone_is_gone(back)
    b.context.add_cookies(taken_over)
    stored = json.loads(b.request.get(live_server + "/games/1/report.json").text())
    assert len(stored["coups"]) == 1  # B's coup only


def table_link(page: Page, server: str) -> str:
    links = page.request.get(server + "/games/1/links").text()
    link = re.search(r'class="link"><a href="([^"]+)"', links)
    assert link, links[-2000:]
    return link.group(1)


def phone_is_gone(page: Page) -> list[Any]:
    """The cookies of ``page``'s phone (for ``add_cookies``), taken from it: it is another
    phone now."""
    cookies: list[Any] = page.context.cookies()
    page.context.clear_cookies()
    return cookies


GIVEN_OVER = "Un autre téléphone tient la fiche depuis"  # fr: "Another phone has held…"
KEPT_FR = "Aucun n’est dans la partie sur le serveur, sauf s’il est dit à côté."  # fr: "None is…"


def lose_the_fiche(a: Page, server: str, game: str) -> Phone:
    """A's second tab shows a new handover code on the links page; another phone (no
    browser: live.Phone) follows the table and takes the fiche over with it."""
    links = server + game + "/links"
    assert form_post(a, server + game + "/handover-code", {}, shown=links).status == 302
    code = re.search(r'<p class="code"><b>([0-9A-Z-]{9})</b>', a.request.get(links).text())
    assert code, "no handover code on the links page"
    taker = Phone(server)
    status, _page = taker.get(table_link(a, server).removeprefix(server))
    assert status == 302
    path = game + "/takeover"
    status, _page = taker.post(path, {"code": code.group(1)})
    assert status == 302
    return taker


def type_bruno_demande(a: Page) -> None:
    """Bruno plays a demande, Anne 4 tricks, Bruno 4 (Chloé's 1 fills itself in)."""
    tap_hombre(a, "Bruno", script=False)
    tap_count(a, "Anne", 4)
    tap_count(a, "Bruno", 4)


def test_the_phone_that_lost_the_fiche_reads_why_and_its_coup_while_it_follows(
    file_page: Page, live_server: str
):
    """Smoke 25: the coup is typed, a second tab shows a new code, another phone takes the
    fiche over, then Save: the page says so in the phone's language with the coup written
    out, and keeps saying it while the page follows the other phone's coups."""
    a = file_page
    game = open_new_game(a, live_server).removeprefix(live_server)
    expect(a.get_by_role("button", name="Enregistrer le coup")).to_be_visible()  # scripts ran
    type_bruno_demande(a)
    taker = lose_the_fiche(a, live_server, game)
    a.get_by_role("button", name="Enregistrer le coup").tap()
    notice = a.locator("#lost-fiche")
    expect(notice).to_contain_text(GIVEN_OVER)
    expect(notice.locator(".typed")).to_contain_text("Hombre : Bruno")
    expect(notice.locator(".typed")).to_contain_text("Anne : 4")
    expect(a.get_by_role("button", name="Tous passent")).to_have_count(0)  # read-only now
    post_coup(taker, game, "pass")  # the new manager's coup 1
    expect(a.locator("#coups")).to_contain_text("Tous passent")  # the page follows…
    expect(notice).to_contain_text(GIVEN_OVER)  # …and still says why, with the coup typed
    expect(notice.locator(".typed")).to_contain_text("Hombre : Bruno")


def test_without_javascript_the_lost_phones_page_stays_as_answered(
    file_page: Page, live_server: str
):
    a = file_page
    game = open_new_game(a, live_server).removeprefix(live_server)
    with scripts_off(a):
        a.reload()
        type_bruno_demande(a)
        lose_the_fiche(a, live_server, game)
        a.get_by_role("button", name="Vérifier").tap()  # without scripts: Check, then Save
        notice = a.locator("#lost-fiche")
        expect(notice).to_contain_text(GIVEN_OVER)
        expect(notice.locator(".typed")).to_contain_text("Hombre : Bruno")
        # a follower's page asks for itself again every 15 s: not this one
        expect(a.locator("meta[http-equiv=refresh]")).to_have_count(0)


def test_the_coups_its_outbox_kept_are_written_out_on_the_lost_phones_notice(
    file_page: Page, live_server: str
):
    """Another phone took the fiche; this one, offline, saved two coups into its outbox. Back
    online, the first is refused 403: they were kept on the phone and shown nowhere (the
    follower's page has no outbox). The page becomes the notice, which writes them out in
    the phone's language, in order, to be read to the new manager; they stay until
    discarded, and nothing of them reaches the server."""
    a = file_page
    game = open_new_game(a, live_server).removeprefix(live_server)
    expect(a.get_by_role("button", name="Enregistrer le coup")).to_be_visible()  # scripts ran
    taker = lose_the_fiche(a, live_server, game)  # its page does not know it yet
    try:
        a.context.set_offline(True)
        type_bruno_demande(a)
        a.get_by_role("button", name="Enregistrer le coup").tap()
        a.get_by_role("button", name="Tous passent").tap()
        expect(a.locator("#outbox .pending-coup")).to_have_count(2)
    finally:
        a.context.set_offline(False)  # the outbox sends the first: 403
    notice = a.locator("#lost-fiche")
    expect(notice).to_contain_text(GIVEN_OVER)
    kept = notice.locator("#outbox-kept")
    expect(kept).to_contain_text(KEPT_FR)
    coups = kept.locator(".kept-coups li")
    expect(coups).to_have_count(2)
    expect(coups.nth(0)).to_contain_text("Bruno")
    expect(coups.nth(0)).to_contain_text("Anne 4")
    expect(coups.nth(1)).to_have_text("Tous passent")
    expect(notice.locator("#typed-coup")).to_have_count(0)  # the coup sent is among them
    expect(a.get_by_role("button", name="Tous passent")).to_have_count(0)  # read-only now
    post_coup(taker, game, "pass")  # the new manager's coup 1
    expect(a.locator("#coups")).to_contain_text("Tous passent")  # the page follows…
    expect(coups).to_have_count(2)  # …and still shows them
    assert len(json.loads(taker.get(game + "/report.json")[1])["coups"]) == 1
    a.reload()  # drawn again: a follower's page, whose script finds them here (fix27c)
    expect(coups).to_have_count(2)
    expect(coups.nth(1)).to_have_text("Tous passent")
    a.once("dialog", lambda dialog: dialog.accept())
    kept.get_by_role("button", name="Abandonner les miens").tap()
    expect(kept).to_be_hidden()
    assert a.evaluate("Object.keys(localStorage)") == []


KEPT_DA = "Ligger på denne telefon: læs dem op"  # da: "Kept on this phone: read them out…"
GIVEN_OVER_DA = "En anden telefon har ført regnskabet siden"  # da: "Another phone has held…"


def nothing_asked(page: Page, draw: Callable[[], Any], game: str) -> None:
    """``draw`` draws the game's page: its script decides at once whether to ask for the lost
    phone's notice, and asks for the game's page (following it) only later; once it did,
    it asked for no notice, and none is shown."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        asked.append(urlparse(request.url).path)

    page.on("request", seen)
    try:
        with page.expect_request(
            lambda r: r.resource_type == "fetch" and urlparse(r.url).path == game
        ):
            draw()
    finally:
        page.remove_listener("request", seen)
    assert [path for path in asked if path.endswith("/lost-fiche")] == []
    expect(page.locator("#lost-fiche")).to_have_count(0)


def test_a_lost_phone_that_reloads_still_sees_the_coups_it_kept(file_page: Page, live_server: str):
    """fix27c: another phone took the fiche while this one kept two coups its outbox could not
    send; it reloads before trying again. Its page is then a follower's, the same for every
    phone (kept), with no outbox: its script finds the coups kept here and shows them on the
    lost phone's notice, in the phone's language, while it follows, until they are
    discarded. A follower who never typed, and this phone once it discarded them, see
    nothing and ask for nothing."""
    a = file_page
    game = open_new_game(a, live_server).removeprefix(live_server)
    table_url = table_link(a, live_server)
    manager = phone_is_gone(a)
    nothing_asked(a, lambda: a.goto(table_url), game)  # another phone, that follows
    a.context.clear_cookies()
    a.context.add_cookies(manager)  # the manager's phone again
    a.goto(live_server + game)
    expect(a.get_by_role("button", name="Enregistrer le coup")).to_be_visible()  # scripts ran
    taker = lose_the_fiche(a, live_server, game)  # its page does not know it yet
    a.route("**/coups", lambda route: route.abort())  # the coups reach no server
    try:
        type_bruno_demande(a)
        a.get_by_role("button", name="Enregistrer le coup").tap()
        a.get_by_role("button", name="Tous passent").tap()
        expect(a.locator("#outbox .pending-coup")).to_have_count(2)
        a.reload()  # the server answers the page: a follower's, it no longer holds the fiche
        notice = a.locator("#lost-fiche")
        expect(notice).to_contain_text(GIVEN_OVER)
        kept = notice.locator("#outbox-kept")
        expect(kept).to_contain_text(KEPT_FR)
        coups = kept.locator(".kept-coups li")
        expect(coups).to_have_count(2)
        expect(coups.nth(0)).to_contain_text("Bruno")
        expect(coups.nth(0)).to_contain_text("Anne 4")
        expect(coups.nth(1)).to_have_text("Tous passent")
        expect(notice.locator("#typed-coup")).to_have_count(0)  # it sent nothing
        # its other script ran too: the time in the phone's own (localtime.js), the UTC kept
        expect(notice.locator("time")).to_have_attribute("title", re.compile(r"^\d{4}-"))
        expect(a.get_by_role("button", name="Tous passent")).to_have_count(0)  # read-only
        expect(a.locator("#saved #lost-fiche")).to_have_count(1)  # where the server puts it
        post_coup(taker, game, "pass")  # the new manager's coup 1
        expect(a.locator("#coups")).to_contain_text("Tous passent")  # the page follows…
        expect(coups).to_have_count(2)  # …and still shows them
        a.goto(f"{live_server}/lang/da?next={game}")  # the phone's language is Danish now
        expect(notice).to_contain_text(GIVEN_OVER_DA)
        expect(kept).to_contain_text(KEPT_DA)
        expect(coups).to_have_count(2)  # as said when typed
        a.once("dialog", lambda dialog: dialog.accept())
        kept.get_by_role("button", name="Kassér mine").tap()
        expect(kept).to_be_hidden()
        assert a.evaluate("Object.keys(localStorage)") == []
        nothing_asked(a, a.reload, game)
    finally:
        a.unroute_all(behavior="wait")
    assert len(json.loads(taker.get(game + "/report.json")[1])["coups"]) == 1  # its own


def test_a_coup_stored_then_undone_is_said_so_on_the_lost_phones_notice(
    file_page: Page, live_server: str
):
    """fix28b: the phone saves coup 1; the server stores it, its answer is lost, so the outbox
    keeps it to send again. Meanwhile another phone takes the fiche over and undoes coup 1.
    Its retry refused (403), the notice listed it among the coups "never stored": it says
    what the store knows of its key, stored as coup 1, then undone (the change log's undo),
    and so again once the page is drawn again (follow.js asks with the keys kept here)."""
    a = file_page
    game = open_new_game(a, live_server).removeprefix(live_server)
    expect(a.get_by_role("button", name="Enregistrer le coup")).to_be_visible()  # scripts ran
    sent: list[str] = []

    def first_stored_then_none(route: Any) -> None:
        if not sent:  # reaches the server, stored; its answer lost on the way back
            sent.append(route.request.url)
            route.fetch(max_redirects=0)
        route.abort("internetdisconnected")

    a.route("**/coups", first_stored_then_none)
    try:
        a.get_by_role("button", name="Tous passent").tap()
        expect(a.locator("#outbox .pending-coup")).to_have_count(1)
        taker = lose_the_fiche(a, live_server, game)
        assert len(json.loads(taker.get(game + "/report.json")[1])["coups"]) == 1  # stored
        status, page = taker.post(game + "/undo", {}, token_from=game)
        assert status == 302, page[-2000:]
        assert json.loads(taker.get(game + "/report.json")[1])["coups"] == []  # undone
    finally:
        a.unroute_all(behavior="wait")  # the outbox's next try reaches the server: 403
    kept = a.locator("#lost-fiche #outbox-kept")
    coups = kept.locator(".kept-coups li")
    expect(coups).to_have_count(1)
    said = "enregistré comme coup 1, puis annulé\u202f: il n’est plus dans la partie"
    expect(coups.nth(0)).to_have_text("Tous passent — " + said)
    expect(kept).to_contain_text(KEPT_FR)
    a.reload()  # drawn again: a follower's page; its script asks with the key kept here
    expect(coups).to_have_count(1)
    expect(coups.nth(0)).to_have_text("Tous passent — " + said)
