"""A refused payment is seen where the eye is; a refused room payment leaves no form at the
address a reload posts again (issue 45, the cash box on a phone).

The seed at 0.05 € a chip (docs/rules/hombre.md §10): Anne −3.60, Bruno −0.45, Chloé +4.05.

- The cash box's own Payment form sits about four screens below the page's top on a phone:
  a refusal (Anne pays in 3.61, more than the 3.60 she owes) opens on a summary at the top
  (``role="alert"``) linking to the field, and the field says it is wrong
  (``aria-invalid``) and takes the focus (``autofocus``); nothing stored.
- A payment recorded lands on the balances with a message saying what was recorded.
- A payment the room does not owe, or any once the evening is closed, is answered (422,
  409) with why and a link back to the room, and no form: the room drawn at the POST's
  address had pay buttons, and a reload posted the refused payment again.
"""

from __future__ import annotations

import re

from test_clubs import club_version, new_club, new_evening, seed_table
from test_one_purse_web import ids, payments
from test_walk_money import typed_payment


def test_a_refused_cash_box_payment_is_summed_up_at_the_top_and_focused(client, app):
    club = new_club(client)
    new_evening(client, app, club, "2026-11-27")
    seed_table(client, new_evening(client, app, club, "2026-11-28"), "Anne", "Bruno", "Chloé")
    member = ids(app)
    before = payments(app)
    answer = typed_payment(client, app, club, member["Anne"], "3,61")
    assert answer.status_code == 422 and payments(app) == before
    page = answer.data.decode()
    summary = page.index('id="error-summary"')
    assert summary < page.index('id="balances"')  # before the first screen's content ends
    said = page[summary : page.index("</div>", summary)]
    assert 'role="alert"' in page[page.rindex("<", 0, summary) : summary]
    assert "Nothing was recorded." in said
    assert '<a href="#payment-amount">' in said
    refused = "That is more than Anne owes (€3.60) on evenings not closed, paid on to their"
    refused += " winners."
    assert refused in said
    field = re.search(r'<input[^>]*id="payment-amount"[^>]*>', page)
    assert field is not None, page[-3000:]
    assert 'aria-invalid="true"' in field.group(0) and "autofocus" in field.group(0)
    assert page.count("autofocus") == 1  # the one field refused; the others untouched
    # its message is read with it: the field names the message's id, the message carries it
    assert 'aria-describedby="payment-amount-error"' in field.group(0)
    message = re.search(
        r'<p class="error" role="alert" id="payment-amount-error">([^<]+)</p>', page
    )
    assert message and message.group(1) == refused
    assert 'aria-invalid="true"' not in re.search(
        r'<input[^>]*id="charge-amount"[^>]*>', page
    ).group(0)


def test_a_fee_refused_links_to_its_members(client, app):
    club = new_club(client)
    new_evening(client, app, club, "2026-11-27")
    data = {"kind": "fee_evening", "amount": "2,50", "on": "2026-11-27"}
    answer = client.post(f"/clubs/{club}/cash/fees", data={**data, "version": club_version(app)})
    assert answer.status_code == 422  # no member checked
    page = answer.data.decode()
    summary = page[page.index('id="error-summary"') :]
    assert '<a href="#f-members">Members — Check the members to charge.</a>' in summary


def test_a_payment_recorded_lands_on_the_balances_saying_what_was_recorded(client, app):
    club = new_club(client)
    seed_table(client, new_evening(client, app, club, "2026-11-27"), "Anne", "Bruno", "Chloé")
    member = ids(app)
    answer = typed_payment(client, app, club, member["Anne"], "3,60")
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/clubs/{club}/cash#balances")
    page = client.get(answer.headers["Location"]).data.decode()
    start = page.index('id="balances"')
    balances = page[start : page.index("</section>", start)]
    assert "Recorded for Anne: Payment, +€3.60." in balances
    assert 'id="error-summary"' not in page
    again = client.get(f"/clubs/{club}/cash").data.decode()
    assert "Recorded for Anne" not in again  # said once


def test_a_refused_room_payment_shows_why_and_the_way_back_with_no_form(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    member = ids(app)
    room = f"/evenings/{evening}/settlement"
    pay = {"payer": member["Anne"], "payee": member["Chloé"], "amount": "361", "method": "cash"}
    before = payments(app)
    answer = client.post(room + "/pay", data={**pay, "version": club_version(app)})
    assert answer.status_code == 422 and payments(app) == before
    page = answer.data.decode()
    assert "Only what the room still owes can be marked paid" in page
    assert f'<a href="{room}#pays">' in page
    assert "<form" not in page[page.index("<main") :]  # nothing a reload of it would offer
    stale = client.post(room + "/pay", data={**pay, "amount": "360", "version": "1"})
    assert stale.status_code == 409 and f'<a href="{room}#pays">' in stale.data.decode()
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    closed = client.post(room + "/pay", data={**pay, "amount": "360", "version": club_version(app)})
    assert closed.status_code == 409 and "The evening is closed" in closed.data.decode()
    assert "<form" not in closed.data.decode()[closed.data.decode().index("<main") :]
    assert payments(app) == before
