"""A fee per lost game refused for several reasons says them all in one answer (fix30a).

A member checked who lost no game (``LostNone``) and one charged already: the first send
named one, the second the other. The one rule (``fee_charging.lost_fee_refused``) now raises
``LostFeeRefused`` with every reason it finds, and the form is drawn again once with each
refused member named beside the members and unchecked, the bound beside the sum when it is
passed for those still checked; nothing is stored.

The evening is test_fee_per_lost_game's three manillen tables (``LOST``): Bruno lost two
games, Denis, Eve, Fanny and Gilles one each; Anne, Chloé and Hugo none.
"""

from __future__ import annotations

import html
import re

import pytest
from test_cashbox_fees import checked, fees
from test_cashbox_web import member_ids
from test_clubs import club_version
from test_fee_per_lost_game import PLAYERS, evening_of_three

from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.clubs import fee_charging
from scorekeeper.db import connect

IDLE = "Anne lost no game that evening: now unchecked. Send again to charge those checked."
ALREADY = (
    "Denis owes a fee per lost game for that evening already: now unchecked. Reverse it first"
    " to charge it again."
)


def member_errors(page: str) -> list[str]:
    """The refusals drawn beside the fee form's members, in order."""
    start = page.index('id="f-members"')
    part = page[start : page.index("</fieldset>", start)]
    found = re.findall(r'<p class="error" role="alert"[^>]*>([^<]+)</p>', part)
    return [html.unescape(t) for t in found]


def summary(page: str) -> list[str]:
    """The lines of the summary of what was refused, at the top of the page."""
    start = page.index('id="error-summary"')
    part = page[start : page.index("</div>", start)]
    return [html.unescape(t) for t in re.findall(r'<a href="#[^"]+">([^<]+)</a>', part)]


def denis_charged(client, app) -> tuple[int, int, dict[str, int], str, dict[str, object]]:
    """The evening of three tables with Denis charged 1 × 1.50 for his lost game: the club,
    the evening, the members' ids, the fee form's address and its data as sent."""
    club, evening, _first = evening_of_three(client, app)
    ids = member_ids(app)
    url = f"/clubs/{club}/cash/fees?evening={evening}"
    data: dict[str, object] = {
        "kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": "",
    }  # fmt: skip
    data["member"] = [str(ids["Denis"])]
    assert client.post(url, data={**data, "version": club_version(app)}).status_code == 302
    return club, evening, ids, url, data


def test_a_member_who_lost_none_and_one_charged_already_are_said_at_once(client, app):
    club, evening, ids, url, data = denis_charged(client, app)
    assert fees(app) == [("Denis", "fee_lost_game", -150, "2026-11-03")]  # 1 × 1.50
    # the form checks for a fee per lost game whom it would charge: those who lost a game
    # (Bruno, Denis, Eve, Fanny, Gilles), less Denis, charged already (it checked him: smoke31)
    page = client.get(f"/clubs/{club}/cash?evening={evening}").data.decode()
    marked = re.findall(r'value="(\d+)" data-played( data-lost)?', page)
    name = {str(v): k for k, v in ids.items()}
    assert sorted(name[m] for m, lost in marked if lost) == ["Bruno", "Eve", "Fanny", "Gilles"]

    # Anne (lost none), Denis (charged already), Bruno (2 lost): one answer, both reasons
    data["member"] = [str(ids[n]) for n in ("Anne", "Denis", "Bruno")]
    once = client.post(url, data={**data, "version": club_version(app)})
    assert once.status_code == 422
    said = once.data.decode()
    assert member_errors(said) == [IDLE, ALREADY]
    assert [line for line in summary(said) if "Members" in line] == [
        f"Members — {IDLE}", f"Members — {ALREADY}",
    ]  # fmt: skip
    assert checked(said) == {n: n == "Bruno" for n in PLAYERS}  # drawn as it will be stored
    assert fees(app) == [("Denis", "fee_lost_game", -150, "2026-11-03")]  # nothing stored

    # sent again as drawn: Bruno charged 2 × 1.50 = 3.00, nothing refused
    data["member"] = [str(ids["Bruno"])]
    assert client.post(url, data={**data, "version": club_version(app)}).status_code == 302
    assert fees(app)[-1] == ("Bruno", "fee_lost_game", -300, "2026-11-03")


def test_the_bound_is_said_with_them_for_those_still_checked(client, app):
    """600,000.00 a lost game: Bruno's 2 games make 1,200,000.00, past one entry's
    1,000,000.00, said beside the sum in the same answer as Anne and Denis; once Bruno is
    the one charged already, Eve's single game (600,000.00) is within it: no bound said."""
    _club, _evening, ids, url, data = denis_charged(client, app)

    data |= {"amount": "600000", "member": [str(ids[n]) for n in ("Anne", "Denis", "Bruno")]}
    for shown in (True, False):  # "Show what it charges" and "Charge": the same answer
        sent = {**data, "version": club_version(app)} | ({"preview": "1"} if shown else {})
        said = client.post(url, data=sent)
        assert said.status_code == 422
        page = said.data.decode()
        assert member_errors(page) == [IDLE, ALREADY]
        bound = "Times 2 lost games, this sum passes 1,000,000: give a smaller one."
        assert f"Amount per member — {bound}" in summary(page)
        assert 'id="fee-preview"' not in page
    assert len(fees(app)) == 1  # Denis's 1.50 alone

    # Bruno charged (1.50 × 2), then Bruno and Eve at 600,000.00: Bruno refused as charged
    # already; Eve's 1 × 600,000.00 is within the bound: no word beside the sum
    data |= {"amount": "1.50", "member": [str(ids["Bruno"])]}
    assert client.post(url, data={**data, "version": club_version(app)}).status_code == 302
    data |= {"amount": "600000", "member": [str(ids["Bruno"]), str(ids["Eve"])]}
    page = client.post(url, data={**data, "version": club_version(app)}).data.decode()
    assert member_errors(page) == [
        "Bruno owes a fee per lost game for that evening already: now unchecked. Reverse it"
        " first to charge it again."
    ]
    assert not [line for line in summary(page) if line.startswith("Amount")]


def test_the_charge_itself_raises_every_reason(client, app):
    """``charge`` in its own change: one ``LostFeeRefused`` with each reason, nothing
    written, the club's version unmoved."""
    club, evening, _first = evening_of_three(client, app)
    ids = member_ids(app)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids["Denis"])], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data).status_code == 302
    db = connect(app.config["DATABASE"])
    try:
        version = int(club_version(app))
        given = [ids[n] for n in ("Hugo", "Denis", "Bruno", "Anne")]
        with pytest.raises(fee_charging.LostFeeRefused) as refused:
            fee_charging.charge(
                db, club, version, given, EntryKind.FEE_LOST_GAME, 60_000_000, "2026-11-03",
                evening=evening,
            )  # fmt: skip
        # Hugo and Anne lost none; Denis is charged; Bruno's 2 × 600,000.00 passes the bound
        error = refused.value
        assert (error.idle, error.already, error.games) == (
            {ids["Hugo"], ids["Anne"]}, {ids["Denis"]}, 2,
        )  # fmt: skip
    finally:
        db.close()
    assert len(fees(app)) == 1
    assert club_version(app) == str(version)


def test_nobody_left_checked_is_not_asked_to_send_again(client, app):
    """Anne (lost none) and Denis (charged already) alone: both unchecked, nobody left, so
    no "Send again to charge those checked", which would charge no one (smoke31)."""
    _club, _evening, ids, url, data = denis_charged(client, app)
    data["member"] = [str(ids[n]) for n in ("Anne", "Denis")]
    page = client.post(url, data={**data, "version": club_version(app)}).data.decode()
    assert member_errors(page) == ["Anne lost no game that evening: now unchecked.", ALREADY]
    assert checked(page) == dict.fromkeys(PLAYERS, False)
    assert len(fees(app)) == 1  # Denis's 1.50 alone
