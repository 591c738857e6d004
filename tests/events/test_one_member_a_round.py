"""One member, one seat in a club's round, whatever name they were registered by (names18).

A club's competition with "Anne Martin" and "Anne" (her short name) registered: a draw that
put them at one table was refused (test_one_member_one_seat), but one that put them at two
tables of the round seated the one member twice, and the room billed her both tables. Now the
registration refuses the second name where it was typed (the list kept), and a draw that
still meets two names of one member (registered before her short name was given) is refused
whole: no round, no table stored.
"""

from __future__ import annotations

import re
import sqlite3

from test_clubs import club_version, new_club
from test_events import EVENT, post
from test_one_member_one_seat import draw_refused
from test_renamed_member_at_his_table import _text

from scorekeeper.events.drawing import Drawn

CUP = {**EVENT, "name": "Club cup", "kind": "hombre", "seating": "3", "method": "total"}


def _club_event(client, app, short: str) -> int:
    """A club whose member is Anne Martin (short name ``short``), and its event."""
    client.get("/lang/en")
    club = new_club(client)
    data = {"name": "Anne Martin", "short_name": short, "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    assert client.post(f"/events/new?club={club}", data=CUP).status_code == 302
    return club


def _registered(app) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = [name for (name,) in conn.execute("select name from event_players order by id")]
    conn.close()
    return found


def test_her_short_name_is_refused_where_it_is_typed(app):
    client = app.test_client()
    _club_event(client, app, "Anne")
    assert post(client, app, "players", names="Anne Martin\nBruno\nCarl").status_code == 302
    answer = post(client, app, "players", names="Denis\nAnne\nEve")
    page = answer.data.decode()
    assert answer.status_code == 422
    said = "Anne and Anne Martin are one member, Anne Martin: one person plays once"
    assert said in _text(page)
    kept = re.search(r"<textarea[^>]*>(.*?)</textarea>", page, re.S)
    assert kept is not None and kept.group(1).split() == ["Denis", "Anne", "Eve"]
    assert _registered(app) == ["Anne Martin", "Bruno", "Carl"]  # none of the list


def test_her_member_ticked_beside_her_short_name_is_refused(app):
    client = app.test_client()
    club = _club_event(client, app, "Anne")
    assert post(client, app, "players", names="Anne\nBruno").status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (anne,) = conn.execute(
            "select id from members where club_id = ? and name = 'Anne Martin'", [club]
        ).fetchone()
    conn.close()
    answer = post(client, app, "players", names="", member=str(anne))
    assert answer.status_code == 422
    said = "Anne Martin and Anne are one member, Anne Martin: one person plays once"
    assert said in _text(answer.data.decode())
    assert _registered(app) == ["Anne", "Bruno"]


def test_a_draw_that_seats_her_at_two_tables_is_refused_whole(app):
    client = app.test_client()
    club = _club_event(client, app, "")
    names = "Anne Martin\nAnne\nBruno\nCarl\nDenis\nEve"  # "Anne" is no member's name yet
    assert post(client, app, "players", names=names).status_code == 302
    _anne_martin_called_anne(client, app, club)
    # six players, two tables of three: Anne Martin at the first, "Anne" (her) at the second
    tables = (("Anne Martin", "Bruno", "Carl"), ("Anne", "Denis", "Eve"))
    app.config["EVENT_DRAWER"] = lambda request: Drawn(tables, ())
    said = "Anne is the member Anne Martin, drawn at another table of this round: one person"
    draw_refused(client, app, said + " cannot sit at two seats")


def test_two_members_at_two_tables_are_drawn(app):
    """The control: six names of six people, the same two tables, drawn (302)."""
    client = app.test_client()
    _club_event(client, app, "")
    names = "Anne Martin\nAnnie\nBruno\nCarl\nDenis\nEve"
    assert post(client, app, "players", names=names).status_code == 302
    tables = (("Anne Martin", "Bruno", "Carl"), ("Annie", "Denis", "Eve"))
    app.config["EVENT_DRAWER"] = lambda request: Drawn(tables, ())
    assert post(client, app, "draw").status_code == 302


def _anne_martin_called_anne(client, app, club: int) -> None:
    """Anne Martin is given the short name "Anne" through her member's page."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (anne,) = conn.execute("select id from members where name = 'Anne Martin'").fetchone()
    conn.close()
    data = {"name": "Anne Martin", "short_name": "Anne", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members/{anne}", data=data).status_code == 302


def _her_short_name_registered_first(client, app) -> None:
    """Six players, "Anne" registered before Anne Martin has it as her short name."""
    club = _club_event(client, app, "")
    names = "Anne\nAnne Martin\nBruno\nCarl\nDenis\nEve"
    assert post(client, app, "players", names=names).status_code == 302
    _anne_martin_called_anne(client, app, club)


def test_her_own_name_drawn_after_her_short_name_says_by_which_name_she_is_drawn(app):
    """play19: "Anne" drawn first, then "Anne Martin": the draw said "Anne Martin is the member
    Anne Martin", her name twice. As a seat refused says it (``SameMember.by_his_name``), it
    names the name she is drawn by already, at the same table and at another."""
    client = app.test_client()
    _her_short_name_registered_first(client, app)
    tables = (("Anne", "Anne Martin", "Bruno"), ("Carl", "Denis", "Eve"))
    app.config["EVENT_DRAWER"] = lambda request: Drawn(tables, ())
    said = "Anne Martin is already drawn at this table as Anne: one person cannot sit at two seats"
    draw_refused(client, app, said)
    tables = (("Anne", "Bruno", "Carl"), ("Anne Martin", "Denis", "Eve"))
    app.config["EVENT_DRAWER"] = lambda request: Drawn(tables, ())
    said = "Anne Martin is already drawn at another table of this round as Anne: one person"
    draw_refused(client, app, said + " cannot sit at two seats")
