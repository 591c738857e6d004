"""Issue 16: the manager's phone is gone; another phone at the table takes the fiche over."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_browser import open_new_game

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
