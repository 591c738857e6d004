"""A refused cash-box payment on a phone (390×844) is seen where the eye is (issue 45).

One table of the evening: a demande won by Chloé with 5 tricks, first coup of the 1709
poule: Anne −9, Bruno −9, Chloé +18 chips; at 0.05 € a chip Anne owes 0,45 €. The cash box's
Payment form is screens below the top: Anne paying in 0,46 € is refused, and the page that
comes back shows the refused field with its message on the screen, focused — not the top of
the page, where the refusal looked like nothing at all. Then 0,45 € is taken, and the page
lands on the balances saying what it recorded.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_browser_club import evening_by_phone

pytestmark = pytest.mark.browser


def test_a_refused_payment_is_on_the_screen_and_a_taken_one_said(file_page: Page, live_server):
    page = file_page  # a French phone at 390×844
    _club, evening, _table = evening_by_phone(page, live_server)  # Chloé wins: −9, −9, +18
    page.goto(evening)
    page.get_by_role("link", name="Caisse").tap()
    form = page.locator("#payment")
    form.locator("#payment-member").select_option(label="Anne")
    form.locator("#payment-amount").fill("0,46")
    form.get_by_role("button", name="Inscrire").tap()
    field = page.locator("#payment-amount")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#payment .error")).to_be_in_viewport()
    expect(page.locator("#payment .error")).to_contain_text("0,45")
    expect(page.locator("#error-summary")).to_contain_text("Rien n’a été inscrit.")
    field.fill("0,45")
    page.locator("#payment").get_by_role("button", name="Inscrire").tap()
    expect(page.locator("#balances .flash")).to_contain_text("Inscrit pour Anne")
    expect(page.locator("#balances .flash")).to_be_in_viewport()
    # the evening is open: its debts are listed apart from the balances, on its card, where
    # Anne's 0,45 is paid (the balances list what is posted: nobody owes the club)
    expect(page.locator("#owing")).to_have_count(0)
    expect(page.locator(".card[id^=open-]")).not_to_contain_text("Anne")
    expect(page.locator(".card[id^=open-]")).to_contain_text("Bruno")
