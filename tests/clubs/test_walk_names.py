"""A member's short name typed at a club table seats them (issue 45's walk, point 3).

The club's page shows a member by their short name; typed at a table in any case, or with a
letter that reads the same (a Cyrillic В for B: the names rule, scorekeeper/names.py), it
must find them, never make a near-duplicate member that splits their money.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club, new_evening, seed_table


def members(app, club: int) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select name from members where club_id = ? order by id", [club])
        return [name for (name,) in rows]


def test_a_short_name_typed_at_a_table_seats_the_member(client, app):
    club = new_club(client)
    data = {"name": "Bruno Dupont", "short_name": "Bruno", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "bruno", "Chloé")
    seed_table(client, evening, "Denis", "\u0412RUNO", "Eve")  # a Cyrillic В, upper case
    assert members(app, club) == ["Bruno Dupont", "Anne", "Chloé", "Denis", "Eve"]
    # their two tables are theirs: the seed's −9 (table 1, seat 2) and −9 (table 2, seat 2)
    page = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert 'Bruno Dupont</th><td class="num"><b>−18<' in page


def test_a_full_name_wins_over_another_members_short_name(client, app):
    """Anne's short name is "Chloé"; Chloé is a member: "chloé" typed is Chloé. (The forms
    refuse that pair now, below; members made before the rule may still be so.)"""
    club = new_club(client)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        for name, short in (("Anne Martin", "Chloé"), ("Chloé", None)):
            conn.execute(
                "insert into members (club_id, name, short_name) values (?, ?, ?)",
                [club, name, short],
            )
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne Martin", "Bruno", "chloé")
    assert members(app, club) == ["Anne Martin", "Chloé", "Bruno"]


def test_a_name_or_a_short_name_that_reads_like_a_members_is_refused(client, app):
    """Anne Martin is "Anne" on the club's page. A new member "Anne", or another member
    given "ANNE" for short, would from then on be the one a table's "Anne" seats (names
    before short names, ``member_named``), her money going to that member's account: each is refused
    beside its field, as a name that is a member's already; a rename the same."""
    club = new_club(client)
    for name, short in (("Anne Martin", "Anne"), ("Gérard Durand", ""), ("Bruno Dupont", "Bruno")):
        data = {"name": name, "short_name": short, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    for name, short, field in (("anne", "", "name"), ("Hugo Petit", "ANNE", "short_name")):
        data = {"name": name, "short_name": short, "version": club_version(app)}
        refused = client.post(f"/clubs/{club}/members", data=data)
        assert refused.status_code == 422
        page = refused.data.decode()
        said = "Anne Martin (Anne) is a member already"
        assert said in page
        # beside the field that says it
        assert page.index(said) > page.index(f'name="{field}"') - 400
    ids = dict(sqlite3.connect(app.config["DATABASE"]).execute(
        "select name, id from members where club_id = ?", [club]).fetchall())  # fmt: skip
    data = {"name": "Bruno", "short_name": "", "version": club_version(app)}
    renamed = client.post(f"/clubs/{club}/members/{ids['Gérard Durand']}", data=data)
    assert renamed.status_code == 422
    assert "Bruno Dupont (Bruno) is a member already" in renamed.data.decode()
    assert members(app, club) == ["Anne Martin", "Gérard Durand", "Bruno Dupont"]
    # and "anne" typed at a table still seats Anne Martin
    evening = new_evening(client, app, club, "2026-11-28")
    seed_table(client, evening, "anne", "Bruno", "Chloé")
    assert members(app, club) == ["Anne Martin", "Gérard Durand", "Bruno Dupont", "Chloé"]


def test_a_newcomer_typed_by_a_members_short_name_is_that_member(client, app):
    """Denis Dupont is "Denis" on the club's page. "Denis" sits down for Bruno at coup 5
    of the seed (they play for them: the seat's money stays Bruno's, docs/rules.md): the
    table's settlement bills each person to their member — Denis to Denis Dupont, as a
    table's "Denis" would be — where the newcomer's look-up read full names only, found
    nobody, and the page failed (500)."""
    from test_club_money_one_figure import club_at, table
    from web import SEED_COUPS, enter, version_of

    club = club_at(client, "0.05")
    data = {"name": "Denis Dupont", "short_name": "Denis", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    evening = new_evening(client, app, club, "2026-11-27")
    game = table(client, evening, ("Anne", "Bruno", "Chloé"), 4)
    seat = {"seat": "1", "player": "Denis", "way": "plays_for"}
    assert (
        client.post(game + "/seat", data={**seat, "version": version_of(client, game)}).status_code
        == 302
    )
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    # the seed's nets after coup 7: Anne −72, Bruno −9, Chloé +81; at 0.05 € a chip
    page = client.get(game + "/settlement")
    assert page.status_code == 200
    assert client.get(game + "/settlement.pdf").status_code == 200
    assert members(app, club) == ["Denis Dupont", "Anne", "Bruno", "Chloé"]
    room = client.get(f"/evenings/{evening}/settlement").data.decode()
    assert 'Bruno</th><td class="num"><b>−9<' in room


def test_a_short_name_follows_the_names_rule(client, app):
    """A short name seats its member at a table, where the names rule refuses a pictograph:
    so does the club's form, beside the field; what is invisible is not kept ("Cl\\u200bx"
    is Clx) and a short name of nothing but that is none (it once named "Ida ( )")."""
    club = new_club(client)
    for name, short in (("Ida", "\u200b"), ("Claire Xavier", "Cl\u200bx"), ("Jules", "")):
        data = {"name": name, "short_name": short, "version": club_version(app)}
        assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        shorts = conn.execute("select name, short_name from members order by id").fetchall()
    assert shorts == [("Ida", None), ("Claire Xavier", "Clx"), ("Jules", None)]
    data = {"name": "Karl", "short_name": "\U0001f600", "version": club_version(app)}
    refused = client.post(f"/clubs/{club}/members", data=data)
    assert refused.status_code == 422 and "a name cannot hold" in refused.data.decode()
    # a renamed member's short name too, and the message is the short name's own
    ids = dict(sqlite3.connect(app.config["DATABASE"]).execute(
        "select name, id from members").fetchall())  # fmt: skip
    data = {"name": "Jules", "short_name": "\U0001f0cf", "version": club_version(app)}
    renamed = client.post(f"/clubs/{club}/members/{ids['Jules']}", data=data)
    assert renamed.status_code == 422 and "a name cannot hold" in renamed.data.decode()
    data["short_name"] = "x" * 9
    renamed = client.post(f"/clubs/{club}/members/{ids['Jules']}", data=data)
    assert renamed.status_code == 422 and "at most 40 characters" not in renamed.data.decode()


def look_alikes(client, club: int) -> list[list[str]]:
    """The groups of the manager's notice on the club page, each as its members' names."""
    page = client.get(f"/clubs/{club}").data.decode()
    if 'id="look-alikes"' not in page:
        return []
    notice = page[page.index('id="look-alikes"') :]
    notice = notice[: notice.index("</div>")]
    return [re.findall(r">([^<]+)</a>", group) for group in re.findall(r"<li>(.*?)</li>", notice)]


def test_a_name_that_reads_like_a_members_short_name_from_before_the_rule_is_shown(client, app):
    # Anne Martin, short "Anne", and a member named "Anne", both from before the rule (it
    # refuses them now, above): a table's "Anne" seats the member named Anne, so Anne
    # Martin's seats went to their account. The manager's notice named only names that read
    # alike (m016); it names these two now. Chloé, short "Clo", clashes with nobody. Once
    # "Anne" is renamed "Annie" they read apart, and the notice is gone.
    club = new_club(client)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        for name, short in (("Anne Martin", "Anne"), ("Chloé", "Clo"), ("ANNE", None)):
            conn.execute(
                "insert into members (club_id, name, short_name) values (?, ?, ?)",
                [club, name, short],
            )
    assert look_alikes(client, club) == [["ANNE", "Anne Martin"]]
    assert look_alikes(client.application.test_client(), club) == []  # the manager's alone
    ids = dict(sqlite3.connect(app.config["DATABASE"]).execute(
        "select name, id from members where club_id = ?", [club]).fetchall())  # fmt: skip
    data = {"name": "Annie", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{ids['ANNE']}", data=data).status_code == 302
    assert look_alikes(client, club) == []
