"""A toy points game (Belote scoring) added through the extension points alone (issue 23).

Its rules are ``tests/toygame/rules.py``; the first part here holds them to
coups counted by hand. The second part registers the toy for one test and
drives it through the real pages (new game, check, coup, correction, sheet,
settlement, game file, report): it runs once the web half's seam
(``scorekeeper/web/hookspecs.py``) and the toy's one web module
(``tests/toygame/web.py``) exist, and is skipped until then.

Teams: 0 is Nous (seats 0 and 2), 1 is Eux (seats 1 and 3). A coup's card
points make 162; the takers make their contract with 82.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toygame.rules import (
    BELOTE,
    BeloteCoup,
    BeloteGame,
    BeloteRules,
    dump_belote,
    load_belote,
    replay,
)

from scorekeeper import cli
from scorekeeper.rules.errors import GameError

NOUS, EUX = 0, 1
PLAYERS = ("Anne", "Bruno", "Chloé", "Denis")


def play(*coups: BeloteCoup, target: int = 1000):
    return replay(BeloteGame(PLAYERS, BeloteRules(target), 0, coups))


# The rules, by hand


def test_made_each_team_marks_its_own_points_dedans_the_defenders_take_162():
    r = play(
        BeloteCoup(NOUS, 90),  # made: Nous 90, Eux 162 − 90 = 72
        BeloteCoup(EUX, 81),  # one short of 82: dedans, Nous 162, Eux 0
        BeloteCoup(EUX, 82),  # made exactly: Eux 82, Nous 80
        BeloteCoup(NOUS, 162),  # every point: Nous 162, Eux 0
        BeloteCoup(NOUS, 0),  # dedans: Eux 162
    )
    assert [c.scored for c in r.coups] == [(90, 72), (162, 0), (80, 82), (162, 0), (0, 162)]
    assert [c.made for c in r.coups] == [True, False, True, True, False]
    # 90 / 72 → 252 / 72 → 332 / 154 → 494 / 154 → 494 / 316
    assert [c.totals for c in r.coups] == [(90, 72), (252, 72), (332, 154), (494, 154), (494, 316)]
    assert r.totals == (494, 316) and not r.finished and r.winner is None
    # Anne deals first; five coups later the deal has gone round to Bruno
    assert [c.dealer for c in r.coups] == [0, 1, 2, 3, 0] and r.next_dealer == 1


def test_the_game_ends_after_the_coup_where_a_team_reaches_the_target():
    r = play(BeloteCoup(NOUS, 100), BeloteCoup(NOUS, 100), BeloteCoup(EUX, 100), target=300)
    # 100 / 62 → 200 / 124 → 262 / 224: nobody at 300 yet
    assert not r.finished and r.next_dealer == 3
    r = play(*r.game.coups, BeloteCoup(EUX, 90), target=300)
    # Eux 224 + 90 = 314, Nous 262 + 72 = 334: both past 300, Nous ahead wins
    assert r.totals == (334, 314) and r.finished and r.winner == NOUS
    assert r.coups[-1].finished and r.next_dealer is None


def test_a_tie_at_the_target_plays_on():
    # target 162: Nous 100 / 62, then Eux takes 100: 162 / 162, a tie at the target
    r = play(BeloteCoup(NOUS, 100), BeloteCoup(EUX, 100), target=162)
    assert r.totals == (162, 162) and not r.finished and r.next_dealer == 2
    # Nous takes 90: 252 / 234, Nous ahead
    r = play(*r.game.coups, BeloteCoup(NOUS, 90), target=162)
    assert r.totals == (252, 234) and r.finished and r.winner == NOUS


def test_the_defenders_can_win_on_the_takers_dedans():
    # Eux takes 150: 12 / 150; Nous takes and fails with 81: Eux +162 → 12 / 312
    r = play(BeloteCoup(EUX, 150), BeloteCoup(NOUS, 81), target=200)
    assert r.totals == (12, 312) and r.winner == EUX


@pytest.mark.parametrize(
    ("coups", "field", "message"),
    [
        ([BeloteCoup(NOUS, 163)], "points", "card points are between 0 and 162"),
        ([BeloteCoup(EUX, -1)], "points", "card points are between 0 and 162"),
        ([BeloteCoup(2, 90)], "taker", "a team is nous or eux"),
        # 162 / 0 ends a game to 100; nothing may follow
        (
            [BeloteCoup(NOUS, 162), BeloteCoup(NOUS, 90)],
            "coup",
            "the game ended with coup 1; no coup can follow",
        ),
    ],
)
def test_refusals_name_the_coup_and_the_field(coups, field, message):
    with pytest.raises(GameError) as refused:
        play(*coups, target=100)
    assert refused.value.field == field and refused.value.message == message
    assert refused.value.coup == len(coups)


def test_a_target_is_a_whole_number_of_at_least_one():
    with pytest.raises(GameError) as refused:
        BeloteRules(0)
    assert refused.value.field == "rules.target"
    assert refused.value.message == "rules.target must be at least 1"


# The game file and the report

FILE = {
    "format": "scorekeeper-game/1",
    "game": "belote",
    "players": list(PLAYERS),
    "first_dealer": "Bruno",
    "rules": {"target": 500},
    "coups": [{"taker": "eux", "points": 100}, {"taker": "nous", "points": 60, "note": "dedans"}],
}


def test_the_game_file_reads_and_writes_back_the_same():
    game = BELOTE.load(FILE)
    assert game == BeloteGame(
        PLAYERS, BeloteRules(500), 1, (BeloteCoup(EUX, 100), BeloteCoup(NOUS, 60, "dedans"))
    )
    assert BELOTE.dump(game) == FILE and load_belote(dump_belote(game)) == game


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"coups": [{"taker": "them", "points": 90}]}, "taker"),
        ({"coups": [{"taker": "nous", "points": "90"}]}, "points"),
        ({"coups": [{"taker": "nous"}]}, "points"),
        ({"rules": {"target": 500, "capot": 250}}, "rules.capot"),
        ({"players": ["Anne", "Bruno", "Chloé"]}, "players"),
        ({"game": "brou"}, "game"),
    ],
)
def test_a_file_edited_by_hand_is_refused_at_the_key_at_fault(change, field):
    with pytest.raises(GameError) as refused:
        BELOTE.load({**FILE, **change})
    assert refused.value.field == field


def test_the_report_gives_each_coup_and_the_totals():
    report = BELOTE.replay(BELOTE.load(FILE))
    # Bruno deals first. Eux takes 100: Nous 62, Eux 100; Nous takes 60, dedans: Eux 162
    assert BELOTE.dump_report(report) == {
        "format": "scorekeeper-report/1",
        "game": "belote",
        "players": list(PLAYERS),
        "teams": {"nous": ["Anne", "Chloé"], "eux": ["Bruno", "Denis"]},
        "rules": {"target": 500},
        "totals": {"nous": 62, "eux": 262},
        "finished": False,
        "winner": None,
        "next": {"dealer": "Denis"},
        "coups": [
            {
                "n": 1,
                "dealer": "Bruno",
                "taker": "eux",
                "points": 100,
                "made": True,
                "scored": {"nous": 62, "eux": 100},
                "totals": {"nous": 62, "eux": 100},
                "finished": False,
                "note": "",
            },
            {
                "n": 2,
                "dealer": "Chloé",
                "taker": "nous",
                "points": 60,
                "made": False,
                "scored": {"nous": 0, "eux": 162},
                "totals": {"nous": 62, "eux": 262},
                "finished": False,
                "note": "dedans",
            },
        ],
    }
    assert BELOTE.text(report).splitlines()[-4:] == [
        "   1  eux      62   100      62   100",
        "   2  nous      0   162      62   262  dedans",
        "",
        "Next dealer: Denis",
    ]


# The properties

COUPS = st.lists(
    st.builds(BeloteCoup, taker=st.sampled_from((NOUS, EUX)), points=st.integers(0, 162)),
    max_size=30,
)


@given(coups=COUPS, target=st.integers(1, 2000), first=st.integers(0, 3))
def test_every_coup_adds_162_and_the_game_ends_when_a_team_leads_at_the_target(
    coups, target, first
):
    game = BeloteGame(PLAYERS, BeloteRules(target), first)
    report = BELOTE.replay(game)
    for n, coup in enumerate(coups, 1):
        longer = game.with_coups([*report.game.coups, coup])
        if report.finished:
            with pytest.raises(GameError) as refused:
                BELOTE.replay(longer)
            assert refused.value.coup == n and refused.value.field == "coup"
            return
        # a fold: going on from the report of the prefix is the whole replay
        extended = BELOTE.extend(report, longer)
        report = BELOTE.replay(longer)
        assert extended == report
        nous, eux = report.totals
        assert nous + eux == 162 * n
        assert report.finished == (max(nous, eux) >= target and nous != eux)
        assert not any(r.finished for r in report.coups[:-1])
        if report.finished:
            assert report.winner == (NOUS if nous > eux else EUX) and report.next_dealer is None
        else:
            assert report.winner is None and report.next_dealer == (first + n) % 4


@given(coups=COUPS)
def test_the_game_file_round_trips(coups):
    game = BeloteGame(PLAYERS, BeloteRules(10**6), 2, tuple(coups))
    assert BELOTE.load(json.loads(json.dumps(BELOTE.dump(game)))) == game


def test_the_scorekeeper_itself_never_names_the_toy():
    """The toy is added from outside: no module, template or static file of the app names it."""
    root = Path(__file__).parent.parent
    for folder in ("scorekeeper", "templates", "static"):
        for path in (root / folder).rglob("*"):
            if path.suffix in {".py", ".html", ".js", ".css"}:
                text = path.read_text(encoding="utf-8").lower()
                assert "belote" not in text and "toygame" not in text, path


# Through the real pages, once the web half's seam is there

FOUR = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
SHEET_ROW = re.compile(
    r'<tr(?: class="event")?><td class="num">(\d+)</td>\s*'
    r'<td class="num">(-?\d+)</td><td class="num">(-?\d+)</td>\s*'
    r'<td class="num total">(-?\d+)</td><td class="num total">(-?\d+)</td>'
)


@pytest.fixture
def belote():
    """The toy's web half registered for one test, and taken out after it.

    Assumes the seam of branch ``web-half`` (engineer C): a registry of web
    halves, ``scorekeeper.web.registry``, whose ``registered(web_half)`` is a
    context manager that adds a game (its web half holding its kind: the one
    registry line) and takes it out on leaving, and the toy's one web module
    ``tests/toygame/web.py`` with its web half ``BELOTE``. Should the seam
    spell them otherwise, this fixture is the one place to change.
    """
    pytest.importorskip("scorekeeper.web.hookspecs", reason="the web half's seam is not there yet")
    web = pytest.importorskip("toygame.web", reason="the toy's web module is not written yet")
    registry = importlib.import_module("scorekeeper.web.registry")
    with registry.registered(web.BELOTE):
        yield web.BELOTE


@pytest.fixture
def app(belote, app):
    """conftest's app, made once the toy is registered (a registry may be read at start)."""
    return app


def sheet_rows(page: str) -> dict[int, tuple[tuple[int, int], tuple[int, int]]]:
    """The sheet's lines on a page: coup number → (what Nous and Eux marked, the totals)."""
    return {
        int(n): ((int(a), int(b)), (int(ta), int(tb)))
        for n, a, b, ta, tb in SHEET_ROW.findall(page)
    }


def errors(response) -> list[str]:
    return re.findall(r'class="error"[^>]*>([^<]*)<', response.data.decode())


def enter(client, game, taker, points, **fields):
    """A coup as the sheet's form posts it (saved, unless ``check`` is given)."""
    data = {"taker": taker, "points": points, **(fields or {"save": "1"})}
    return client.post(game + "/sheet/coups", data=data)


def report(client, game):
    response = client.get(game + "/report.json")
    assert response.status_code == 200
    return json.loads(response.data)


def test_the_toy_is_played_through_the_real_pages(client, tmp_path, capsys):
    # The new-game chooser comes from the registry; the game's own form asks its target.
    assert 'href="/games/new/belote"' in client.get("/games/new").data.decode()
    form = client.get("/games/new/belote")
    assert form.status_code == 200
    assert 'name="target"' in form.data.decode() and 'value="1000"' in form.data.decode()
    created = client.post(
        "/games/new/belote", data={**FOUR, "first_dealer": "0", "target": "500", "create": "1"}
    )
    assert created.status_code == 302, created.data.decode()[-2000:]
    game = created.headers["Location"]
    assert re.fullmatch(r"/games/[0-9]+", game)

    # Check (without JavaScript): the line the coup would mark, nothing stored.
    # Nous takes 100, made: Nous 100, Eux 162 − 100 = 62.
    checked = enter(client, game, "nous", "100", check="1")
    assert checked.status_code == 200
    assert "Nous +100" in checked.data.decode() and "Eux +62" in checked.data.decode()
    assert report(client, game)["coups"] == []
    assert enter(client, game, "nous", "100").status_code == 302

    # A refusal goes back beside its field, and nothing is stored.
    refused = enter(client, game, "eux", "163")
    assert refused.status_code == 422
    assert errors(refused) == ["card points are between 0 and 162"]
    # Eux takes 70: dedans, Nous marks 162, Eux 0.
    assert enter(client, game, "eux", "70").status_code == 302
    r = report(client, game)
    assert [(c["scored"], c["made"]) for c in r["coups"]] == [
        ({"nous": 100, "eux": 62}, True),
        ({"nous": 162, "eux": 0}, False),
    ]
    assert r["totals"] == {"nous": 262, "eux": 62}

    # Correct coup 1: Nous took 110, not 100 (110 / 52), so 272 / 52 after coup 2.
    edit = client.get(game + "/sheet/coups/1/edit")
    assert edit.status_code == 200 and 'value="100"' in edit.data.decode()
    corrected = client.post(
        game + "/sheet/coups/1/edit", data={"taker": "nous", "points": "110", "save": "1"}
    )
    assert corrected.status_code == 302
    assert report(client, game)["totals"] == {"nous": 272, "eux": 52}

    # Eux takes 120 (Nous 42): 314 / 172; Nous takes 100 (Eux 62): 414 / 234.
    assert enter(client, game, "eux", "120").status_code == 302
    assert enter(client, game, "nous", "100").status_code == 302
    expected = {
        1: ((110, 52), (110, 52)),
        2: ((162, 0), (272, 52)),
        3: ((42, 120), (314, 172)),
        4: ((100, 62), (414, 234)),
    }
    assert sheet_rows(client.get(game).data.decode()) == expected
    settlement = client.get(game + "/settlement").data.decode()
    assert "PROVISIONAL" in settlement and sheet_rows(settlement) == expected

    # Nous takes 90 (Eux 72): 504 / 306, Nous past 500 and ahead: the game is over.
    assert enter(client, game, "nous", "90").status_code == 302
    expected[5] = ((90, 72), (504, 306))
    assert sheet_rows(client.get(game).data.decode()) == expected
    settlement = client.get(game + "/settlement").data.decode()
    assert "PROVISIONAL" not in settlement and sheet_rows(settlement) == expected
    after = enter(client, game, "eux", "90")
    assert after.status_code == 422
    assert "the game ended with coup 5; no coup can follow" in errors(after)

    # The game file holds the coups as entered (the correction in place) and the rules.
    text = client.get(game + "/game.json").data.decode()
    assert json.loads(text) == {
        "format": "scorekeeper-game/1",
        "game": "belote",
        "players": list(PLAYERS),
        "first_dealer": "Anne",
        "rules": {"target": 500},
        "coups": [
            {"taker": "nous", "points": 110},
            {"taker": "eux", "points": 70},
            {"taker": "eux", "points": 120},
            {"taker": "nous", "points": 100},
            {"taker": "nous", "points": 90},
        ],
    }
    r = report(client, game)
    assert r["totals"] == {"nous": 504, "eux": 306}  # 110 + 162 + 42 + 100 + 90; 52 + 120 + …
    assert r["finished"] and r["winner"] == "nous" and r["next"] is None
    assert [c["dealer"] for c in r["coups"]] == ["Anne", "Bruno", "Chloé", "Denis", "Anne"]
    assert [c["totals"] for c in r["coups"]] == [
        {"nous": expected[n][1][0], "eux": expected[n][1][1]} for n in sorted(expected)
    ]
    # and the file, imported, is the same game
    imported = client.post("/games/import", data={"text": text})
    assert imported.status_code == 302
    assert report(client, imported.headers["Location"]) == r
    # the command reads it too: its report is the page's, its text the sheet
    (tmp_path / "belote.json").write_text(text)
    assert cli.main(["replay", str(tmp_path / "belote.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == r
    assert cli.main(["replay", str(tmp_path / "belote.json")]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [
        "   5  nous     90    72     504   306",
        "",
        "The game is won by Nous.",
    ]
