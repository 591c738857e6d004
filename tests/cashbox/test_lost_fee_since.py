"""A fee per lost game charged, then a coup corrected: the treasurer sees it (fix27a).

The fee is a charge typed at a time, its count of games lost kept on its row (m036); it is
never rewritten. When the evening's games say another count since (reopened, a game's last
deal undone), the cash box's list of entries and the evening's view say, beside the fee,
what it was charged for and what the games say now, read by the function that charged
(``fee_charging.lost_by``); a fee reversed is said no more.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

from test_cashbox_web import member_ids
from test_clubs import club_version
from test_fee_per_lost_game import evening_of_three
from test_paid_then_reopened import step

from scorekeeper.db import get_db
from scorekeeper.store import verify

LOSERS = ("Bruno", "Denis", "Eve", "Fanny", "Gilles")
"""As test_fee_per_lost_game's three tables: Bruno lost two games (tables 1 and 3), Denis,
Eve, Fanny, Gilles one each."""


def fee_ids(app) -> dict[str, int]:
    with app.app_context():
        rows = get_db().execute(
            "select members.name, ledger.id from ledger join members"
            " on members.id = ledger.member_id where kind = 'fee_lost_game' order by ledger.id"
        )
        return dict(rows.fetchall())


def notes(page: str, prefix: str) -> dict[int, str]:
    """The words beside each fee, by entry id (``lost-since-<id>``)."""
    found = re.findall(rf'id="{prefix}-(\d+)">([^<]+)</small>', page)
    return {int(n): html.unescape(words) for n, words in found}


def test_a_fee_charged_before_a_coup_was_undone_says_the_games_lost_now(client, app):
    club, evening, first = evening_of_three(client, app)
    ids = member_ids(app)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in LOSERS], "version": club_version(app)}
    done = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data)
    assert done.status_code == 302
    cash = f"/clubs/{club}/cash"
    view = f"{cash}?evening={evening}"
    assert notes(client.get(cash).data.decode(), "lost-since") == {}  # as charged: nothing
    assert notes(client.get(view).data.decode(), "fee-lost-since") == {}

    # closed, reopened: the games say the same, nothing said
    step(client, app, evening, "close")
    step(client, app, evening, "reopen")
    assert notes(client.get(cash).data.decode(), "lost-since") == {}

    # table 1's second deal undone: its game of two deals is not finished, nobody lost it;
    # Bruno lost table 3 alone (1, charged for 2), Denis none (charged for 1)
    version = json.loads(client.get(first + "/version").data)["version"]
    assert client.post(first + "/undo", data={"version": str(version)}).status_code == 302
    fees = fee_ids(app)
    said = {
        fees["Bruno"]: "Charged for 2 lost games; the evening's games now say 1: reverse it "
        "and charge it again.",
        fees["Denis"]: "Charged for 1 lost game; the evening's games now say 0: reverse it "
        "and charge it again.",
    }
    assert notes(client.get(cash).data.decode(), "lost-since") == said
    assert notes(client.get(view).data.decode(), "fee-lost-since") == said
    client.set_cookie("lang", "fr")
    french = notes(client.get(view).data.decode(), "fee-lost-since")
    assert french[fees["Denis"]] == (
        "Débité pour 1 partie perdue\u202f; les parties de la soirée en disent maintenant "
        "0\u202f: contre-passez-le et débitez-le de nouveau."
    )
    client.set_cookie("lang", "en")
    # the fee stays as charged: 2 × 1.50 and 1.50
    with app.app_context():
        amounts = dict(
            get_db().execute("select id, amount from ledger where kind = 'fee_lost_game'")
        )
    assert (amounts[fees["Bruno"]], amounts[fees["Denis"]]) == (-300, -150)

    # Denis's fee reversed: said no more; Bruno's still
    reverse = f"{cash}/entries/{fees['Denis']}/reverse"
    back = {"version": club_version(app), "on": "2026-11-04", "note": ""}
    assert client.post(reverse, data=back).status_code == 302
    page = client.get(cash).data.decode()
    assert notes(page, "lost-since") == {fees["Bruno"]: said[fees["Bruno"]]}
    # the count kept on the rows (m036) is on their chain: the database verifies
    assert verify.run(Path(app.config["DATABASE"]), None)[1] == []


def printed_text(data: bytes, tmp_path: Path) -> str:
    """A PDF's text in reading order, every run of spaces and line ends one space (a cell's
    words wrap over lines)."""
    path = tmp_path / "room.pdf"
    path.write_bytes(data)
    assert shutil.which("pdftotext"), "poppler-utils is part of the test set-up"
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(text.split())


def test_the_room_settlement_says_it_too_in_every_state(client, app, tmp_path):
    """The room's settlement lists the evening's fees: beside a fee per lost game charged
    for other games lost than its games say now, the cash box's words (fix28a: it listed
    the fee alone), page and PDF, open, paid, closed and reopened."""
    club, evening, first = evening_of_three(client, app)
    ids = member_ids(app)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in LOSERS], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data).status_code == 302
    room = f"/evenings/{evening}/settlement"
    assert notes(client.get(room).data.decode(), "fee-lost-since") == {}  # as charged

    # open, table 1's second deal undone: Bruno lost 1 (charged for 2), Denis 0 (for 1)
    version = json.loads(client.get(first + "/version").data)["version"]
    assert client.post(first + "/undo", data={"version": str(version)}).status_code == 302
    fees = fee_ids(app)
    said = {
        fees["Bruno"]: "Charged for 2 lost games; the evening's games now say 1: reverse it "
        "and charge it again.",
        fees["Denis"]: "Charged for 1 lost game; the evening's games now say 0: reverse it "
        "and charge it again.",
    }
    assert notes(client.get(room).data.decode(), "fee-lost-since") == said

    # paid: Denis pays their 1.50; the fee still stands as charged, and is still said
    pay = {"kind": "payment", "member": str(ids["Denis"]), "amount": "1.50", "method": "cash"}
    pay |= {"on": "2026-11-03", "direction": "in", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/entries", data=pay).status_code == 302
    page = client.get(room).data.decode()
    assert notes(page, "fee-lost-since") == said
    assert re.search(rf'<tr id="fee-{fees["Denis"]}">.*?class="num left">€0\.00<', page)

    # closed: the close stops table 1 at its one deal (Nous 40 - 30 = 10, Eux 0): Bruno
    # and Denis lost it, 2 and 1 again, as charged: nothing said
    step(client, app, evening, "close")
    assert notes(client.get(room).data.decode(), "fee-lost-since") == {}

    # reopened: the stop lifted, table 1 unfinished again: said again, page and PDF
    step(client, app, evening, "reopen")
    assert notes(client.get(room).data.decode(), "fee-lost-since") == said
    printed = printed_text(client.get(room + ".pdf").data, tmp_path)
    for words in said.values():
        assert words in printed.replace("’", "'")
    client.set_cookie("lang", "fr")
    french = notes(client.get(room).data.decode(), "fee-lost-since")
    assert french[fees["Bruno"]] == (
        "Débité pour 2 parties perdues\u202f; les parties de la soirée en disent maintenant "
        "1\u202f: contre-passez-le et débitez-le de nouveau."
    )
