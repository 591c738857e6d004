"""Issue 16: the manager's phone is gone; another phone at the table takes the fiche over."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from test_browser import PHONE, create_game

pytestmark = pytest.mark.browser


def test_the_lost_phone_is_refused_once_another_takes_the_fiche_over(
    browser: Browser, live_server: str, tmp_path: Path
):
    options = {**PHONE, "locale": "fr-FR"}
    lost = browser.new_context(**options)
    a = lost.new_page()
    create_game(a, live_server)
    code = a.locator(".handover .code b").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code)
    a.goto(live_server + "/games/1/links")
    table_url = a.locator(".link a").first.get_attribute("href")
    cookies = tmp_path / "lost-phone.json"
    lost.storage_state(path=str(cookies))
    lost.close()  # the manager's phone is gone

    b = browser.new_context(**options).new_page()
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

    back = browser.new_context(**options, storage_state=str(cookies)).new_page()
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
    stored = json.loads(b.request.get(live_server + "/games/1/report.json").text())
    assert len(stored["coups"]) == 1  # B's coup only
