"""A member's statement says beside a fee per lost game that its evening's games changed
since it was charged, as the cash box, the evening's view and the room's settlement do
(fix30a; fix27a, fix28a for the others).

The statement listed the fee alone: the one page of it that did not say that the games now
say another count. It says the same words now, from the same function
(``lost_fee.since_notes``, ``fee_charging.lost_since``), on the page, its PDF and its CSV.

The evening is test_fee_per_lost_game's three manillen tables: Bruno lost two games (tables
1 and 3), Denis, Eve, Fanny and Gilles one each; Anne, Chloé and Hugo none. Charged 1.50 a
lost game: Bruno 2 × 1.50 = 3.00, the others 1 × 1.50 = 1.50. Table 1's second deal undone
leaves its game unfinished, lost by nobody: Bruno then lost one game (table 3), Denis none.
"""

from __future__ import annotations

import csv
import io
import json

from test_cashbox_web import member_ids
from test_clubs import club_version
from test_fee_per_lost_game import evening_of_three
from test_lost_fee_since import LOSERS, fee_ids, notes, printed_text

BRUNO = "Charged for 2 lost games; the evening's games now say 1: reverse it and charge it again."
DENIS = "Charged for 1 lost game; the evening's games now say 0: reverse it and charge it again."


def test_a_statement_says_the_games_lost_changed_since_its_fee(client, app, tmp_path):
    club, evening, first = evening_of_three(client, app)
    ids = member_ids(app)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in LOSERS], "version": club_version(app)}
    assert client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data).status_code == 302
    fees = fee_ids(app)

    def statement(name: str, ext: str = "") -> str:
        return client.get(f"/clubs/{club}/members/{ids[name]}/statement{ext}").data.decode()

    # as charged: nothing said, on anyone's statement
    for name in (*LOSERS, "Anne"):
        assert notes(statement(name), "lost-since") == {}, name

    version = json.loads(client.get(first + "/version").data)["version"]
    assert client.post(first + "/undo", data={"version": str(version)}).status_code == 302
    # Bruno charged 2 games (−3.00), lost 1 now; Denis charged 1 (−1.50), lost 0 now
    bruno = statement("Bruno")
    assert notes(bruno, "lost-since") == {fees["Bruno"]: BRUNO}
    assert "−€3.00" in bruno  # the fee stands as charged, never rewritten
    assert notes(statement("Denis"), "lost-since") == {fees["Denis"]: DENIS}
    # Eve, Fanny, Gilles: charged 1, lost 1 still; Anne, who played table 1 and won it
    # before, charged nothing: none says a word
    for name in ("Eve", "Fanny", "Gilles", "Anne"):
        assert notes(statement(name), "lost-since") == {}, name
    # the cash box's list of entries says the same words beside the same fees
    assert notes(client.get(f"/clubs/{club}/cash").data.decode(), "lost-since") == {
        fees["Bruno"]: BRUNO, fees["Denis"]: DENIS,
    }  # fmt: skip

    # its PDF (the page's template) and its CSV, the line's words followed by the notice
    printed = printed_text(client.get(f"/clubs/{club}/members/{ids['Bruno']}/statement.pdf")
                           .data, tmp_path)  # fmt: skip
    assert BRUNO in printed.replace("’", "'")
    rows = list(csv.reader(io.StringIO(statement("Bruno", ".csv").lstrip("\ufeff"))))
    (fee,) = [row for row in rows[1:] if row[3] == "-3.00"]
    assert fee[1].endswith(" · " + BRUNO)

    # in French, the cash box's French words
    client.set_cookie("lang", "fr")
    assert notes(statement("Denis"), "lost-since") == {
        fees["Denis"]: "Débité pour 1 partie perdue\u202f; les parties de la soirée en disent "
        "maintenant 0\u202f: contre-passez-le et débitez-le de nouveau."
    }
    client.set_cookie("lang", "en")

    # Denis's fee reversed: their statement says no more (+1.50 back); Bruno's still
    reverse = f"/clubs/{club}/cash/entries/{fees['Denis']}/reverse"
    back = {"version": club_version(app), "on": "2026-11-04", "note": ""}
    assert client.post(reverse, data=back).status_code == 302
    assert notes(statement("Denis"), "lost-since") == {}
    assert notes(statement("Bruno"), "lost-since") == {fees["Bruno"]: BRUNO}
