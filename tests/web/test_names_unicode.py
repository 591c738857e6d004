"""One name rule everywhere, Unicode's own (issue 36): names that read the same are one.

"Anne" then "ANNE", "Anné" or a full-width "Ａｎｎｅ" are one person (NFKC_Casefold, no
accents); invisible characters (U+200B, U+00AD, U+200D) are no part of a name; and a
Cyrillic "А" for the Latin "A" reads like Anne (the TR #39 confusable skeleton, ICU's).
A game's table, a club's members, an event's players and a club's presets all refuse
such a second name, beside the field, in the reader's language.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
import sqlite_utils
from apps import new_app
from test_club_presets import BOOM_HOUSE
from test_club_presets import open_table as open_manille
from test_clubs import club_version, new_club, new_evening
from test_events import EVENT
from test_names import field_error
from web import NEW_GAME

from scorekeeper.db.migrations import migrations
from scorekeeper.names import Clash, clash, first_clash, look_alike_key, same_key, tidy

CYRILLIC_A = "\u0410"  # CYRILLIC CAPITAL LETTER A: reads as the Latin A
READ_AS_ANNE = [
    "ANNE",
    "Anné",
    "Ａｎｎｅ",  # full-width
    "Ann\u200be",  # ZERO WIDTH SPACE
    "An\u00adne",  # SOFT HYPHEN
    "An\u200dne",  # ZERO WIDTH JOINER
    CYRILLIC_A + "nne",
]


def errors(response) -> list[str]:
    return re.findall(r'class="error"[^>]*>([^<]*)<', response.data.decode())


@pytest.mark.parametrize("other", READ_AS_ANNE)
def test_each_of_the_issues_names_is_anne(other):
    assert clash(other, "Anne") is not None
    assert first_clash(["Anne", "Bruno", other]) == (0, 2)
    assert clash("Annie", other) is None and clash("Anna", other) is None


def test_the_rule_is_unicodes_own():
    # NFKC_Casefold, accents off: one person
    assert same_key("Ａｎｎｅ") == same_key("ANNÉ") == same_key("An\u00adne") == "anne"
    # the Cyrillic capital is another letter (its own case fold), only read alike
    assert same_key(CYRILLIC_A + "nne") != "anne"
    assert clash(CYRILLIC_A + "nne", "Anne") is Clash.READS_ALIKE
    # TR #39: "rn" reads as "m", a capital I as a small l
    assert look_alike_key("Marn") == look_alike_key("Mam")
    assert look_alike_key("Ione") == look_alike_key("lone")
    # kept as typed, but with no invisible character
    assert tidy(" Ann\u200be \u00ad ") == "Anne"
    assert tidy("An\u200dne  Marie") == "Anne Marie"


def test_a_game_refuses_a_name_that_reads_like_another_beside_its_field(client, app):
    response = client.post("/games/new", data={**NEW_GAME, "player1": CYRILLIC_A + "nne"})
    assert response.status_code == 422
    assert "reads like Anne, already at this table" in field_error(response.text, "player1")
    hidden = client.post("/games/new", data={**NEW_GAME, "player2": "Ann\u200be"})
    # tidied, the very name of seat 1: said once, no "as Anne" (label21)
    said = field_error(hidden.text, "player2")
    assert "Anne is already at this table: one person cannot sit at two seats." in said
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (0,)


def test_the_refusal_is_in_the_readers_language(app):
    french = app.test_client()
    french.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    response = french.post("/games/new", data={**NEW_GAME, "player1": "Ａｎｎｅ"})
    assert "est déjà à cette table sous le nom Anne" in field_error(response.text, "player1")
    response = french.post("/games/new", data={**NEW_GAME, "player1": CYRILLIC_A + "nne"})
    assert "se lit comme Anne" in field_error(response.text, "player1")
    for language, words in [("da", "læses som Anne"), ("nl", "leest als Anne")]:
        other = app.test_client()
        other.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        response = other.post("/games/new", data={**NEW_GAME, "player1": CYRILLIC_A + "nne"})
        assert words in field_error(response.text, "player1")


def test_a_club_refuses_a_member_whose_name_reads_like_a_members(client, app):
    club = new_club(client)
    add = {"name": "Anne", "short_name": "", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=add).status_code == 302
    for other in READ_AS_ANNE:
        data = {"name": other, "short_name": "", "version": club_version(app)}
        response = client.post(f"/clubs/{club}/members", data=data)
        assert response.status_code == 422, other
        assert any("Anne" in e for e in errors(response)), (other, errors(response))
    # a new table typing a look-alike finds Anne: her money is not split
    evening = new_evening(client, app, club, "2026-11-27")
    table = {**NEW_GAME, "player0": CYRILLIC_A + "nne", "player1": "Bruno", "player2": "Chloé"}
    assert client.post(f"/games/new?evening={evening}", data=table).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        names = [r[0] for r in conn.execute("select name from members where club_id = ?", [club])]
    assert sorted(names) == ["Anne", "Bruno", "Chloé"]


def test_an_event_registers_anne_once(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    event = {**EVENT, "name": "Cup", "kind": "hombre", "seating": "3", "method": "rank_points"}
    assert client.post("/events/new", data=event).status_code == 302

    def register(names):
        version = re.search(r'name="version"[^>]*value="(\d+)"', client.get("/events/1").text)
        return client.post("/events/1/players", data={"version": version[1], "names": names})

    assert register("Anne\nBruno\nChloé").status_code == 302
    for other in READ_AS_ANNE:
        response = register(other)
        assert response.status_code == 422, other
        said = response.text[response.text.index('id="names-error"') :][:400]
        # what tidies to Anne herself (invisible characters out) is said once: said_once
        assert re.search(r"(registered already as|reads like) Anne|Anne is registered", said)
    # within one registration too
    assert register("Denis\nDENIS").status_code == 422
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from event_players").fetchone() == (3,)


def test_a_preset_name_that_reads_like_anothers_is_refused_beside_its_field(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-20")
    assert open_manille(client, evening, save_preset="Boom", **BOOM_HOUSE).status_code == 302
    response = open_manille(client, evening, save_preset="B" + "\u043e" + "om", **BOOM_HOUSE)
    assert response.status_code == 422  # a Cyrillic "о"
    assert any("reads like the preset Boom" in e for e in errors(response))
    assert open_manille(client, evening, save_preset="Boom", **BOOM_HOUSE).status_code == 302


def test_m016_reports_look_alike_members_to_the_manager_and_merges_nothing(tmp_path, client):
    path = tmp_path / "old.sqlite"
    old = sqlite_utils.Database(str(path))
    migrations.apply(old, stop_before="m016_coup_key_digests_and_look_alikes")
    old.conn.close()
    app = new_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "DATABASE": str(path),
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    # a club made today, its members typed before the rule: five that all read "Anne"
    manager = app.test_client()
    manager.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    club = new_club(manager)
    with sqlite3.connect(path) as conn:
        conn.execute("delete from _sqlite_migrations where name like 'm016%'")
        conn.execute("drop table look_alike_members")
        conn.execute("alter table coup_keys drop column digest")
        conn.execute("alter table coup_keys drop column gone")
        for name in ["Anne", "Ann\u200be", CYRILLIC_A + "nne", "Ａｎｎｅ", "An\u00adne", "Bruno"]:
            conn.execute(
                "insert into members (club_id, name, merged_into) values (?, ?, null)",
                [club, name],
            )
    migrations.apply(sqlite_utils.Database(str(path)))
    with sqlite3.connect(path) as conn:
        assert conn.execute(
            "select count(*) from members where merged_into is null"
        ).fetchone() == (6,)
    page = manager.get(f"/clubs/{club}").text
    notice = page[page.index('id="look-alikes"') :]
    notice = notice[: notice.index("</div>")]
    assert "read the same" in notice and notice.count("<a ") == 5 and "Bruno" not in notice
    assert "Nothing was merged for you" in notice
    # a stranger with the club link sees no such notice
    assert 'id="look-alikes"' not in app.test_client().get(f"/clubs/{club}").text


def test_an_imported_game_whose_names_read_alike_is_refused(client, app):
    from notation import SEED

    data = {**SEED, "players": ["Anne", CYRILLIC_A + "nne", "Chloé"], "coups": []}
    response = client.post("/games/import", data={"text": json.dumps(data)})
    assert response.status_code == 422
    assert any("reads like Anne" in e for e in errors(response)), errors(response)
    data["players"] = ["Anne", "Bruno", "Chloé"]  # the same file with three names: imported
    assert client.post("/games/import", data={"text": json.dumps(data)}).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (1,)
