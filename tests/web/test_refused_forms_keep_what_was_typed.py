"""A form refused comes back with what was typed, the message where it was typed (the
play-through of a treasurer: a payment typed on a cash box that another manager changed
meanwhile came back 409 with its amount, member, received-by and note blank and its date
back to today; the fee form lost its type, amount, date and note; the club page's new
evening form lost its title and date on any refusal).

A stale page is made by another change of the club after the page's version was read (a
new evening moves the club's version on, as marking a room's payment does).
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening
from test_events import new_event, post
from test_one_purse_web import ids, payments


def _value(page: str, field_id: str) -> str:
    found = re.search(rf'<input[^>]*id="{field_id}"[^>]*>', page)
    assert found is not None, field_id
    value = re.search(r'value="([^"]*)"', found.group(0))
    return "" if value is None else value.group(1)


def _members(client, app, club: int, *names: str) -> dict[str, int]:
    for name in names:
        data = {"name": name, "short_name": "", "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    return ids(app)


def test_a_payment_typed_on_a_stale_cash_box_comes_back_as_typed(client, app):
    club = new_club(client)
    member = _members(client, app, club, "Anne", "Bruno")
    fee = {"kind": "fee_season", "member": str(member["Bruno"]), "amount": "2,00"}
    fee |= {"on": "2026-10-01", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees", data=fee).status_code == 302  # Bruno −2.00
    stale = club_version(app)  # the treasurer opens the cash box
    new_evening(client, app, club, "2026-10-02")  # meanwhile another manager changes the club
    before = payments(app)
    typed = {
        "kind": "payment",
        "member": str(member["Bruno"]),
        "amount": "1,00",
        "direction": "in",
        "method": "transfer",
        "received_by": "Paul",
        "on": "2026-10-09",
        "note": "acompte",
        "version": stale,
    }
    answer = client.post(f"/clubs/{club}/cash/entries", data=typed)
    assert answer.status_code == 409 and payments(app) == before
    page = answer.data.decode()
    assert _value(page, "payment-amount") == "1,00"
    assert _value(page, "payment-received_by") == "Paul"
    assert _value(page, "payment-on") == "2026-10-09"
    assert _value(page, "payment-note") == "acompte"
    form = page[page.index('id="payment"') : page.index("</form>", page.index('id="payment"'))]
    assert re.search(rf'<option selected value="{member["Bruno"]}">Bruno</option>', form)
    assert re.search(r'value="in"[^>]*checked|checked[^>]*value="in"', form)
    assert re.search(r'value="transfer"[^>]*checked|checked[^>]*value="transfer"', form)
    # the message in the form that was sent, and the summary at the top links to it
    assert 'id="payment-refused">The club changed meanwhile' in form
    summary = page[page.index('id="error-summary"') : page.index('id="balances"')]
    assert '<a href="#payment">Payment — The club changed meanwhile' in summary
    # aimed at the club as it is now: sent again, it is recorded
    assert f'name="version" type="hidden" value="{club_version(app)}"' in form
    again = client.post(f"/clubs/{club}/cash/entries", data={**typed, "version": club_version(app)})
    assert again.status_code == 302
    # 1,00 paid in by Bruno: +100 cents on their balance, −2.00 + 1.00 = −1.00 left
    assert payments(app) == [*before, ("Bruno", 100, None, None)]


def test_a_fee_typed_on_a_stale_cash_box_comes_back_as_typed(client, app):
    club = new_club(client)
    member = _members(client, app, club, "Anne", "Bruno", "Chloé")
    stale = club_version(app)
    new_evening(client, app, club, "2026-10-02")
    typed = {
        "kind": "fee_table",
        "member": [str(member["Anne"]), str(member["Chloé"])],
        "amount": "1,50",
        "on": "2026-10-02",
        "note": "table",
        "version": stale,
    }
    answer = client.post(f"/clubs/{club}/cash/fees", data=typed)
    assert answer.status_code == 409
    page = answer.data.decode()
    form = page[page.index('id="fee"') : page.index("</form>", page.index('id="fee"'))]
    assert 'name="kind" value="fee_table" checked' in form
    assert _value(form, "fee-amount") == "1,50"
    assert _value(form, "fee-on") == "2026-10-02"
    assert _value(form, "fee-note") == "table"
    checked = re.findall(r'name="member" value="(\d+)"(?: data-[a-z]+)* checked', form)
    assert sorted(checked) == sorted([str(member["Anne"]), str(member["Chloé"])])
    assert 'id="fee-refused">The club changed meanwhile' in form
    summary = page[page.index('id="error-summary"') : page.index('id="balances"')]
    assert '<a href="#fee">Fee — The club changed meanwhile' in summary


def _form(page: str, anchor: str) -> str:
    start = page.index(anchor)
    return page[page.rindex("<form", 0, start) : page.index("</form>", start)]


def test_a_new_evening_refused_keeps_its_date_and_title_beside_them(client, app):
    club = new_club(client)
    stale = club_version(app)
    new_evening(client, app, club, "2026-10-01")
    typed = {"date": "2026-10-09", "title": "Tournoi d'automne", "version": stale}
    answer = client.post(f"/clubs/{club}/evenings", data=typed)
    assert answer.status_code == 409
    form = _form(answer.data.decode(), 'id="new-evening"')
    assert _value(form, "date") == "2026-10-09" and _value(form, "title") == "Tournoi d&#39;automne"
    assert "The club changed meanwhile" in form
    assert f'name="version" type="hidden" value="{club_version(app)}"' in form
    # a date that is not one: said beside the date, the title kept
    bad = client.post(
        f"/clubs/{club}/evenings", data={**typed, "date": "9/10", "version": club_version(app)}
    )
    assert bad.status_code == 422
    form = _form(bad.data.decode(), 'id="new-evening"')
    assert _value(form, "date") == "9/10" and _value(form, "title") == "Tournoi d&#39;automne"
    assert re.search(r'id="date-error">Give the evening&#39;s date as YYYY-MM-DD.</p>', form)
    # a title too long (61 characters, the bound 60): said beside the title, the date kept
    long = client.post(
        f"/clubs/{club}/evenings", data={**typed, "title": "x" * 61, "version": club_version(app)}
    )
    form = _form(long.data.decode(), 'id="new-evening"')
    assert long.status_code == 422 and _value(form, "date") == "2026-10-09"
    assert 'id="title-error"' in form and "60 characters" in form


def test_a_new_member_rename_or_merge_on_a_stale_page_keeps_what_was_typed(client, app):
    club = new_club(client)
    member = _members(client, app, club, "Anne", "Bruno")
    stale = club_version(app)
    new_evening(client, app, club, "2026-10-01")
    added = client.post(
        f"/clubs/{club}/members", data={"name": "Denis", "short_name": "Dé", "version": stale}
    )
    assert added.status_code == 409
    form = _form(added.data.decode(), 'id="new-member"')
    assert _value(form, "name") == "Denis" and _value(form, "short_name") == "Dé"
    assert "The club changed meanwhile" in form
    renamed = client.post(
        f"/clubs/{club}/members/{member['Bruno']}",
        data={"name": "Bruno Bé", "short_name": "BB", "version": stale},
    )
    assert renamed.status_code == 409
    form = _form(renamed.data.decode(), f'action="/clubs/{club}/members/{member["Bruno"]}"')
    assert "The club changed meanwhile" in form
    assert 'name="name" value="Bruno Bé"' in form and 'name="short_name" value="BB"' in form
    merged = client.post(
        f"/clubs/{club}/merge",
        data={"member": str(member["Bruno"]), "into": str(member["Anne"]), "version": stale},
    )
    assert merged.status_code == 409
    form = _form(merged.data.decode(), 'id="merge"')
    assert "The club changed meanwhile" in form
    assert re.search(rf'name="member">.*?<option value="{member["Bruno"]}" selected>', form)
    assert re.search(rf'name="into">.*?<option value="{member["Anne"]}" selected>', form)


def test_a_penalty_refused_keeps_its_player_points_and_reason(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="A\nB\nC")
    typed = {"player": "B", "points": "3", "reason": "slow play"}
    stale = client.post("/events/1/penalty", data={**typed, "version": "1"})  # now at 2
    assert stale.status_code == 409
    for answer in (stale, post(client, app, "penalty", **{**typed, "points": "0"})):  # 0: refused
        form = _form(answer.text, 'action="/events/1/penalty"')
        assert "<option selected>B</option>" in form
        assert 'name="reason" maxlength="120" required value="slow play"' in form
    assert 'value="3"' in _form(stale.text, 'action="/events/1/penalty"')
    assert 'id="refused-penalty"' in stale.text
