"""A fee per lost game never drops a member checked in silence (fix28a).

The charge reads the evening's games again in its own change: a coup undone after the form
was drawn (or after the form's own check, a moment before the charge) may leave a member
checked who lost no game now. It charged the others and left that member out without a
word; now the whole charge is refused (nothing stored: no ledger row, the club's version
unmoved) and the form is drawn again with the member unchecked and the reason beside it,
by the rule the form's check applies (``fee_charging.lost_fee_refused``: ``LostFeeRefused``).
Sent again as drawn, it charges what the games say now. On a real SQLite file, the games
changed by a second connection to it, as another phone's undo would.
"""

from __future__ import annotations

import html
import re

import pytest
from test_cashbox_fees import checked, fees
from test_cashbox_web import member_ids
from test_clubs import club_version
from test_fee_per_lost_game import LOST, PLAYERS, evening_of_three

from scorekeeper.clubs import fee_charging
from scorekeeper.db import connect
from scorekeeper.store import coup_edits


def undo_last(path: str, game: str) -> None:
    """Table ``game``'s last deal undone through a connection of its own to the file."""
    db = connect(path)
    try:
        coup_edits.delete_coup(db, int(game.rsplit("/", 1)[1]))
    finally:
        db.close()


def clubs_version(path: str) -> int:
    db = connect(path)
    try:
        return int(db.execute("select max(version) from clubs").fetchone()[0])
    finally:
        db.close()


# table 1's second deal undone: its game of one deal is not finished, nobody lost it; Bruno
# lost table 3 alone (1), Denis nothing (0), Eve, Fanny, Gilles table 2 or 3 (1 each)
NOW = {"Bruno": 1, "Eve": 1, "Fanny": 1, "Gilles": 1}


@pytest.mark.parametrize("when", ["after the form was drawn", "after the form's own check"])
def test_a_member_who_lost_none_since_refuses_the_charge_whole(client, app, monkeypatch, when):
    club, evening, first = evening_of_three(client, app)
    path = app.config["DATABASE"]
    ids = member_ids(app)
    cash = f"/clubs/{club}/cash?evening={evening}"
    drawn = client.get(cash).data.decode()
    version = club_version(app)  # the version the form was drawn at
    # the form checks for this fee those who lost a game (data-lost): LOST's five
    marked = re.findall(r'value="(\d+)" data-played( data-lost)?', drawn)
    name = {str(v): k for k, v in ids.items()}
    assert sorted(name[m] for m, lost in marked if lost) == sorted(LOST)
    data = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    data |= {"member": [str(ids[n]) for n in LOST], "version": version}

    charges = []
    if when == "after the form was drawn":
        undo_last(path, first)
    else:  # between the form's check and the charge's change: the charge alone sees it
        charge = fee_charging.charge

        def undone_first(*args, **kwargs):
            charges.append(args)
            undo_last(path, first)
            return charge(*args, **kwargs)

        monkeypatch.setattr(fee_charging, "charge", undone_first)
    before = clubs_version(path)
    refused = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data)
    assert refused.status_code == 422
    said = html.unescape(refused.data.decode())
    assert "Denis lost no game that evening: now unchecked." in said
    # drawn again as sent, Denis unchecked: Bruno, Eve, Fanny, Gilles
    assert checked(said) == {n: n in NOW for n in PLAYERS}
    assert fees(app) == []  # nothing stored, for the others neither
    assert clubs_version(path) == before  # the change rolled back whole
    assert len(charges) == (when != "after the form was drawn")  # the charge's own refusal

    monkeypatch.undo()
    data["member"] = [str(ids[n]) for n in NOW]  # sent again as drawn
    assert client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data).status_code == 302
    charged = {name: amount for name, kind, amount, _ in fees(app) if kind == "fee_lost_game"}
    assert charged == {n: -150 * k for n, k in NOW.items()}  # 1 × 1.50 each


def test_the_charge_itself_refuses_a_member_who_lost_none(client, app):
    """``charge`` given a member who lost no game: ``LostFeeRefused`` naming them, nothing
    written (no row, the club's version unmoved)."""
    club, evening, _first = evening_of_three(client, app)
    ids = member_ids(app)
    db = connect(app.config["DATABASE"])
    try:
        version = int(club_version(app))
        given = [ids[n] for n in ("Bruno", "Anne", "Denis", "Hugo")]  # Anne, Hugo: none lost
        with pytest.raises(fee_charging.LostFeeRefused) as refused:
            fee_charging.charge(
                db, club, version, given, fee_charging.EntryKind.FEE_LOST_GAME, 150,
                "2026-11-03", evening=evening,
            )  # fmt: skip
        assert refused.value.idle == {ids["Anne"], ids["Hugo"]}
        assert (refused.value.already, refused.value.games) == (set(), None)
    finally:
        db.close()
    assert fees(app) == []
    assert club_version(app) == str(version)
