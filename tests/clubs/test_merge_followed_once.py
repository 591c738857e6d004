"""Which member a member number now is has one home (``clubs.merging.now_is``).

Following a merge had four homes: ``seats.kept`` (a table's seats, the room, the ties), the
ratings' ``merges``, the home list's recursive SQL and the cash box's ``ledger._kept``. They
agreed on a plain merge and parted on a chain's end written behind the app: a loop Anne →
Annie → Anne ended at Anne for the seats and the cash box, at Annie for the ratings; a
merge pointing at no member was read by each in its own way. Each reader now asks
``now_is``.

The table plays the seed's first 6 coups (docs/rules/hombre.md §10): A −66, B −21, C +87;
the close ends it as "We stop here": B's bête of 72 shared, 24 to A and 24 to C (§7):
A −42, B −69, C +111 chips; at 0.025 € a chip −105, −172.5, +277.5 cents, the tied half
cent to Bruno (member 2, clubs/ties.py): Anne −1.05 €, Bruno −1.72 €, Chloé +2.77 €.
"""

from __future__ import annotations

import sqlite3

import sqlite_utils
from test_clubs import club_version
from test_money_ties_by_number import closed_table
from test_renamed_member_at_his_table import _member, _text
from test_renamed_member_on_the_home_list import _listed
from web import forget_kept

from scorekeeper.clubs.merging import entries, kept, kept_members
from scorekeeper.ratings.club import club_matches, merges


def _closed_table(client, app) -> tuple[int, int, str]:
    """Le Cercle at 0.025 € a chip: Anne, Bruno, Chloé's table, closed; Annie and Zoé, two
    members who never sat. (club, evening, the table's address)."""
    club, evening, game = closed_table(client, app)
    for name in ("Annie", "Zoé"):
        added = {"name": name, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=added).status_code == 302
    return club, evening, game


def _behind_the_app(app, sql: str) -> None:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(sql)
    forget_kept(app)


def test_a_chain_and_a_merge_after_the_close_end_at_one_member_for_every_reader(client, app):
    club, _evening, game = _closed_table(client, app)
    anne, annie, zoe = (_member(app, n) for n in ("Anne", "Annie", "Zoé"))
    data = {"member": anne, "into": annie, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/merge", data=data).status_code == 302
    # Annie merged into Zoé as merges were written before they were flattened: Anne → Annie
    # → Zoé, a chain of two
    _behind_the_app(app, f"update members set merged_into = {zoe} where id = {annie}")
    # the table's page (its seats), the home list, the ratings and the cash box: Zoé
    assert "Zoé · Bruno · Chloé" in _text(client.get(game).data.decode())
    assert _listed(client) == ["Zoé · Bruno · Chloé"]
    db = sqlite_utils.Database(app.config["DATABASE"])
    assert kept(db, anne) == zoe
    assert merges(db, club) == {anne: zoe, annie: zoe}
    (match,) = club_matches(db, club)
    assert {m for m, _ in match.results} == {zoe, _member(app, "Bruno"), _member(app, "Chloé")}
    posted = {e.member: e.amount for e in entries(db, club) if e.evening is not None}
    assert posted[zoe] == -105 and anne not in posted  # Anne's −1.05 € posted at the close


def test_a_loop_written_behind_the_app_ends_at_one_member_for_every_reader(client, app):
    """Anne → Annie → Anne: the first member met twice, Anne for Anne, Annie for Annie — the
    ratings said Annie for Anne and Anne for Annie (their own walk)."""
    club, _evening, _game = _closed_table(client, app)
    anne, annie = _member(app, "Anne"), _member(app, "Annie")
    _behind_the_app(app, f"update members set merged_into = {annie} where id = {anne}")
    _behind_the_app(app, f"update members set merged_into = {anne} where id = {annie}")
    db = sqlite_utils.Database(app.config["DATABASE"])
    now = kept_members(db, club)
    assert (now[anne], now[annie]) == (kept(db, anne), kept(db, annie)) == (anne, annie)
    assert merges(db, club) == {}  # nobody is another member now
    assert {e.member for e in entries(db, club)} <= {anne, *now.values()}


def test_a_merge_into_no_member_is_said_by_the_cash_box_as_by_the_room(client, app):
    """Anne's ``merged_into`` set to 999, a member there is none of: the room and the cash
    box say "row Anne of the table members" (409), the ledger's reader through ``now_is``
    as the seats' (it walked on to a member 999 of its own)."""
    club, evening, _game = _closed_table(client, app)
    anne = _member(app, "Anne")
    _behind_the_app(app, f"update members set merged_into = 999 where id = {anne}")
    said = f"row {anne} of the table members"
    for page in (f"/evenings/{evening}", f"/clubs/{club}/cash"):
        answer = client.get(page)
        assert answer.status_code == 409, page
        assert said in answer.get_data(as_text=True), page
    # the home list never refuses: the seat keeps the name typed
    assert _listed(client) == ["Anne · Bruno · Chloé"]
