"""Events end to end (issue 27): registration, draws, tables through the real pages, penalties.

Each format the issue names — individual l'Hombre at tables of three, of four
with a sit-out, manillen with new pairs, manillen fixed pairs drawn Swiss,
Brou in pairs — is run through the director's routes and the tables' own
coup routes (the test client), drawn by scorekeeper/draw.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorekeeper.db import get_db
from scorekeeper.events import event_log
from scorekeeper.events import records as stored
from scorekeeper.events import rounds as event_rounds
from scorekeeper.events import standing as event_standing
from scorekeeper.store import verify
from scorekeeper.web.events import public

EVENT = {
    "rounds": "2",
    "bye": "average",
    "bye_credit": "0",
    "format": "individual",
    "new_partners": "y",
    "seed": "2027",  # the draw is reproducible from it
}


def new_event(client, **fields):
    response = client.post("/events/new", data={**EVENT, "name": "Cup", **fields})
    assert response.status_code == 302, re.findall(r'class="error"[^>]*>([^<]*)<', response.text)
    return response.headers["Location"]


def version(app, event_id=1):
    with app.app_context():
        found = stored.event(get_db(), event_id)
        assert found is not None
        return str(found.version)


def post(client, app, path, **data):
    return client.post(f"/events/1/{path}", data={"version": version(app), **data})


def tables(client):
    """The round's tables from the director's page: (manager path, names)."""
    page = client.get("/events/1").text
    links = re.findall(
        r'<code class="event-link">https?://[^/]+(/games/\d+/manage/\w+)</code>', page
    )
    return links


def open_table(client, link):
    """The slip's manager link opened: the table's game page path."""
    response = client.get(link)
    assert response.status_code == 302
    return re.match(r"(/games/\d+)", link).group(1)


def seated(client, game):
    return json.loads(client.get(game + "/report.json").data)


def ranking(app):
    with app.app_context():
        from scorekeeper.events.standing import compute

        standing = compute(get_db(), 1)
        return [(line.place, line.player, line.figure) for line in standing.lines], standing


def hombre_deal(client, game, active):
    """The first active seat plays a simple game and takes 5 tricks, 2 each to the others."""
    data = {"hombre": str(active[0]), "contract": "demande", "save": "1"}
    for seat, tricks in zip(active, ("5", "2", "2"), strict=True):
        data[f"t{seat}"] = tricks
    response = client.post(game + "/coups", data=data)
    assert response.status_code == 302, response.text[-1500:]


def sheet_deal(client, game, **fields):
    response = client.post(game + "/sheet/coups", data=fields)
    assert response.status_code == 302, re.findall(r'class="error"[^>]*>([^<]*)<', response.text)


def test_individual_hombre_three_seat_by_hand(app):
    client = app.test_client()
    assert new_event(client, kind="hombre", seating="3", method="rank_points") == "/events/1"
    names = "Anne\nBert\nCarl\nDora\nEric\nFrida\nGert"
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    links = tables(client)
    assert len(links) == 2  # 7 players: two tables of three, one sits out
    winners = []
    for link in links:
        game = open_table(client, link)
        hombre_deal(client, game, (0, 1, 2))
        report = seated(client, game)
        winners.append(report["players"][0])
    lines, standing = ranking(app)
    out = standing.rounds[0].sitting_out
    assert len(out) == 1
    # Each table: the hombre (seat 1) won and beat both (2 rank points); the two defenders
    # paid alike (½ each: a tie). The round's average: (2 + ½ + ½) × 2 / 6 = 1 for the bye.
    figures = {player: figure for _place, player, figure in lines}
    assert all(figures[w] == 2 for w in winners)
    assert figures[out[0]] == 1
    assert sorted(figures.values()).count(0.5) == 4
    # A penalty of 1 to a winner: they fall level with the bye (1), ahead by the wins (1 to 0).
    fined = winners[0]
    assert post(client, app, "penalty", player=fined, points="1", reason="slow").status_code == 302
    lines, _ = ranking(app)
    assert lines[0][1] == winners[1] and (lines[1][1], lines[1][2]) == (fined, 1)
    # A withdrawal between rounds: the next draw leaves them out; 6 players, two tables.
    assert post(client, app, "withdraw", name=out[0]).status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    lines, standing = ranking(app)
    second = standing.rounds[1]
    assert len(second.tables) == 2 and second.sitting_out == ()
    assert out[0] not in {p for t in standing.plays[1].tables for p in t.players}
    assert second.seed == standing.event.seed + 2  # the event's seed plus the round's number
    # Every change is in the event's change log, in the reader's words (French here).
    log = client.get("/events/1").text
    for words in (
        "compétition créée",  # create
        "joueurs inscrits",  # register
        "tour tiré",  # draw
        "correction",  # penalty (points off or added)
        "joueur retiré",  # withdraw
        "tour clos",  # close
    ):
        assert f" · {words} · " in log, words


FOUR = "Anne\nBert\nCarl\nDora\nEric\nFrida\nGert\nHans"


def test_a_table_locked_before_its_first_deal_gives_no_result(app):
    # Six players, two tables of three. Table 1 plays one deal: its hombre beats both (2
    # rank points), the defenders tie (½ each). Table 2 has no deal: its players have no
    # result (0, last). The director locks table 2 as it stands: still no deal, so still
    # no result — as when the round is closed without locking it. (Locked, it once counted
    # as played: a three-way tie of 0 chips, 1 rank point each, ahead of the defenders.)
    client = app.test_client()
    assert new_event(client, kind="hombre", seating="3", method="rank_points") == "/events/1"
    assert (
        post(client, app, "players", names="Anne\nBert\nCarl\nDora\nEric\nFrida").status_code == 302
    )
    assert post(client, app, "draw").status_code == 302
    first, _second = tables(client)
    game = open_table(client, first)
    hombre_deal(client, game, (0, 1, 2))
    played = seated(client, game)["players"]
    idle = [p for p in ["Anne", "Bert", "Carl", "Dora", "Eric", "Frida"] if p not in played]
    expected = {played[0]: 2, played[1]: 0.5, played[2]: 0.5} | dict.fromkeys(idle, 0)
    lines, _ = ranking(app)
    assert {player: figure for _, player, figure in lines} == expected
    assert post(client, app, "lock", round="1", table="2").status_code == 302
    lines, standing = ranking(app)
    assert standing.rounds[0].tables[1].locked is not None
    assert {player: figure for _, player, figure in lines} == expected
    assert [player for _, player, _ in lines][:3] == [played[0], *sorted(played[1:])]


@pytest.mark.parametrize(
    ("fields", "names", "deal"),
    [
        ({"kind": "hombre", "seating": "4", "method": "total"}, FOUR, "hombre4"),
        ({"kind": "manillen", "seating": "pairs", "method": "win_pct"}, FOUR, "manillen"),
        (
            {"kind": "manillen", "seating": "pairs", "method": "win_pct", "new_partners": ""},
            FOUR,
            "manillen",
        ),
        (
            {
                "kind": "manillen",
                "seating": "pairs",
                "format": "pairs",
                "swiss": "y",
                "method": "rank_points",
            },
            "Anne & Bert\nCarl & Dora\nEric & Frida\nGert & Hans",
            "manillen",
        ),
        ({"kind": "brou", "seating": "pairs", "method": "total"}, FOUR[:-4], "brou"),
    ],
    ids=[
        "hombre-four-sit-out",
        "manillen-new-pairs",
        "manillen-partners-kept",
        "manillen-fixed-pairs-swiss",
        "brou-pairs",
    ],
)
def test_each_format_runs_two_rounds(app, fields, names, deal):
    client = app.test_client()
    new_event(client, **fields)
    assert post(client, app, "players", names=names).status_code == 302
    for round_no in (1, 2):
        assert post(client, app, "draw").status_code == 302
        for link in tables(client):
            game = open_table(client, link)
            if deal == "hombre4":
                hombre_deal(client, game, (1, 2, 3))  # seat 0 deals and sits out
            elif deal == "manillen":
                sheet_deal(client, game, trump="coeur", points="40")
            else:
                sheet_deal(client, game, points="54")
        if round_no == 1:
            lines, standing = ranking(app)
            first = standing.plays[0].tables[0]
            assert all(len(t.players) == 4 for t in standing.plays[0].tables)
            player = first.players[0]
            assert (
                post(client, app, "penalty", player=player, points="3", reason="r").status_code
                == 302
            )
            quitter = lines[-1][1]
            assert post(client, app, "withdraw", name=quitter).status_code == 302
            assert post(client, app, "close", confirmed="1").status_code == 302
    lines, standing = ranking(app)
    players = [p.name for p in standing.players]
    assert sorted(p for _place, p, _f in lines) == sorted(players)
    assert quitter not in {p for t in standing.plays[1].tables for p in t.players}
    assert {line.player: line.penalty for line in standing.lines}[player] == 3
    if fields.get("new_partners") == "":  # the first round's partners stay together
        first = standing.plays[0].tables
        kept = {frozenset((t.players[0], t.players[2])) for t in first}
        kept |= {frozenset((t.players[1], t.players[3])) for t in first}
        alone = next(p for pair in kept if quitter in pair for p in pair if p != quitter)
        for t in standing.plays[1].tables:
            for pair in ({t.players[0], t.players[2]}, {t.players[1], t.players[3]}):
                assert pair in kept or alone in pair  # only the quitter's partner has a new one
    if fields.get("format") == "pairs":  # partners face to face, every round
        for play in standing.plays:
            for t in play.tables:
                assert {t.players[0], t.players[2]} in (
                    {"Anne", "Bert"},
                    {"Carl", "Dora"},
                    {"Eric", "Frida"},
                    {"Gert", "Hans"},
                )


def test_access_refusals_and_stale_versions(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="A\nB\nC")
    token = ranking(app)[1].event.read_token
    stranger = app.test_client()
    assert stranger.get("/events/1").status_code == 404
    assert stranger.post("/events/1/draw", data={"version": "2"}).status_code == 404
    assert stranger.get(f"/events/{token}").status_code == 200
    assert stranger.get("/events/not-a-token/wall").status_code == 404
    # A page shown at an older version is refused, nothing drawn.
    assert client.post("/events/1/draw", data={"version": "1"}).status_code == 409
    assert ranking(app)[1].rounds == ()
    assert client.post("/events/1/draw", data={}).status_code == 428
    # Bad input: a message beside the form, never a 500.
    response = post(client, app, "players", names="x" * 41)
    assert response.status_code == 422 and 'id="names-error"' in response.text
    assert post(client, app, "players", names="A").status_code == 422  # registered already
    assert post(client, app, "penalty", player="Z", points="2", reason="r").status_code == 422
    assert post(client, app, "close", confirmed="1").status_code == 422  # no round yet


def test_read_pages_follow_with_etags_and_results_files(app, monkeypatch):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="total")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    token = ranking(app)[1].event.read_token
    reader = app.test_client()
    wall = reader.get(f"/events/{token}/wall?dark=1")
    assert wall.status_code == 200 and 'class="wall dark"' in wall.text
    tag = wall.headers["ETag"]
    assert (
        reader.get(f"/events/{token}/wall?dark=1", headers={"If-None-Match": tag}).status_code
        == 304
    )
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))  # a deal at a table moves the wall on,
    # once the read pages' standing is older than a second (public.FRESH): a second passes
    later = time.monotonic() + public.FRESH
    monkeypatch.setattr(event_standing, "time", SimpleNamespace(monotonic=lambda: later))
    assert (
        reader.get(f"/events/{token}/wall?dark=1", headers={"If-None-Match": tag}).status_code
        == 200
    )
    data = reader.get(f"/events/{token}/results.json").get_json()
    assert data["format"] == "scorekeeper-event-results/1"
    assert data["ranking"][0]["player"] == data["rounds"][0]["tables"][0]["players"][0]
    assert sum(r["figure"] for r in data["ranking"]) == 0  # l'Hombre's nets sum to zero
    csv = reader.get(f"/events/{token}/results.csv").text
    # the rounds of the results: those drawn, as results.json lists them (round 1 of 2)
    assert [r["round"] for r in data["rounds"]] == [1]
    assert csv.splitlines()[0] == "place,player,round 1,penalty,figure"
    assert client.get("/events/1/slips").status_code == 200


def test_a_club_event_joins_the_season_keeps_teams_apart_and_takes_a_late_arrival(app):
    client = app.test_client()
    response = client.post("/clubs/new", data={"name": "Le Cercle", "chip_value": "0.05"})
    club = int(response.headers["Location"].rsplit("/", 1)[1])
    assert app.test_client().get(f"/events/new?club={club}").status_code == 404  # a stranger
    response = client.post(
        f"/events/new?club={club}",
        data={
            **EVENT,
            "name": "Club cup",
            "kind": "hombre",
            "seating": "3",
            "format": "teams",
            "method": "total",
        },
    )
    assert response.headers["Location"] == "/events/1"
    # the way back names the club, as every other page's does (it said "← The club")
    assert f'href="/clubs/{club}">← Le Cercle</a>' in client.get("/events/1").text
    teams = "Anne; Gent\nBert; Gent\nCarl; Brugge\nDora; Brugge\nEric; Ieper\nFrida; Ieper"
    assert post(client, app, "players", names=teams).status_code == 302
    assert post(client, app, "draw").status_code == 302
    _, standing = ranking(app)
    team = {p.name: p.team for p in standing.players}
    for table in standing.plays[0].tables:  # teammates never at one table
        assert len({team[p] for p in table.players}) == 3
    link = tables(client)[0]
    game = open_table(client, link)
    hombre_deal(client, game, (0, 1, 2))
    at_table = seated(client, game)["players"]
    # The round is an evening of the club; its tables are the club's: they join the season.
    assert 'href="/events/1"' in client.get(f"/clubs/{club}").text
    season = client.get(f"/clubs/{club}/season.csv").text
    for name in at_table:
        assert name in season
    # and its ratings: the one table with a deal played is rated, the other not yet (issue 46)
    rated = client.get(f"/clubs/{club}/ratings.json").get_json()["hombre"]
    assert {r["member"] for r in rated} == set(at_table)
    # A late arrival joins the next round drawn, not the one being played.
    assert post(client, app, "players", names="Gert; Gent").status_code == 302
    _, standing = ranking(app)
    assert {p.name: p.joined for p in standing.players}["Gert"] == 2
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    _, standing = ranking(app)
    second = {p for t in standing.plays[1].tables for p in t.players} | set(
        standing.rounds[1].sitting_out
    )
    assert "Gert" in second
    assert {line.player: line.rounds for line in standing.lines}["Gert"][0] is None
    # The teams' ranking: each team's players' figures summed (l'Hombre's nets sum to 0).
    teams = standing.teams()
    assert sorted(t for _place, _shared, t, _f in teams) == ["Brugge", "Gent", "Ieper"]
    assert sum(f for _place, _shared, _t, f in teams) == 0
    assert 'id="teams"' in client.get(f"/events/{standing.event.read_token}/results").text
    # Printable slips and results as PDF.
    assert client.get("/events/1/slips.pdf").data.startswith(b"%PDF")
    token = standing.event.read_token
    assert client.get(f"/events/{token}/results.pdf").data.startswith(b"%PDF")
    # The club's next event registers its members by ticking them (the draw made them).
    response = client.post(
        f"/events/new?club={club}",
        data={**EVENT, "name": "Two", "kind": "hombre", "seating": "3", "method": "total"},
    )
    assert response.headers["Location"] == "/events/2"
    page = client.get("/events/2").text
    ticked = re.findall(r'name="member" value="(\d+)"> (Anne|Bert|Carl)<', page)
    assert len(ticked) == 3
    data = {"version": version(app, 2), "member": [m for m, _name in ticked]}
    assert client.post("/events/2/players", data=data).status_code == 302
    with app.app_context():
        registered = stored.players(get_db(), 2)
    assert sorted(p.name for p in registered) == ["Anne", "Bert", "Carl"]
    assert all(p.member_id is not None for p in registered)


def test_a_deal_beyond_the_rounds_deals_is_refused(app):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="total", deals="1")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))  # the round's one deal: seat 1 wins
    after_one, standing = ranking(app)
    assert standing.plays[0].tables[0].finished
    assert 'data-state="finished"' in client.get("/events/1").text
    # one more, by mistake: refused (issue 35 — it used to be stored and not counted)
    data = {"hombre": "1", "contract": "demande", "save": "1", "t1": "5", "t2": "2", "t0": "2"}
    assert client.post(game + "/coups", data=data).status_code == 423
    assert len(seated(client, game)["coups"]) == 1
    assert ranking(app)[0] == after_one


def test_closing_a_round_asks_first_naming_the_tables_playing_and_it_can_be_reopened(app):
    """Issue 45, point 2: "Close the round" closed at once, tables at 0 deals, and a closed
    round could not be reopened. Now it asks (a page naming the tables still playing), a
    close posted without that page's answer is sent to it, and the director reopens the last
    round (logged) until the next one is drawn."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    new_event(client, kind="hombre", seating="3", method="rank_points")
    names = "Anne\nBert\nCarl\nDora\nEric\nFrida"
    assert post(client, app, "players", names=names).status_code == 302
    assert post(client, app, "draw").status_code == 302
    director = client.get("/events/1").text
    assert 'href="/events/1/close"' in director and 'action="/events/1/close"' not in director
    # a close posted without the question's answer is sent to the question, nothing closed
    blind = post(client, app, "close")
    assert blind.status_code == 303 and blind.headers["Location"] == "/events/1/close"
    assert stored_rounds(app)[-1].closed_at is None
    # the question names both tables, still at 0 deals
    question = client.get("/events/1/close").text
    assert "Tables 1 and 2 are still playing" in question
    assert question.count("0 deals") == 2
    assert app.test_client().get("/events/1/close").status_code == 404  # a stranger
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))
    question = client.get("/events/1/close").text
    assert "Table 1: 1 deal<" in question and "Table 2: 0 deals<" in question
    # the director locks table 1's result: only table 2 is said to be playing
    assert post(client, app, "lock", round="1", table="1").status_code == 302
    assert "Table 2 is still playing" in client.get("/events/1/close").text
    # in French the question speaks of the round (it said "clore la soirée"), its lines
    # with the catalog's separator (a narrow space before the colon)
    french = client.get("/events/1/close", headers={"Accept-Language": "fr"}).text
    assert "clore le tour la verrouille" in french and "soirée" not in french
    assert "Table 2\u202f: 0 donne" in french
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert stored_rounds(app)[-1].closed_at is not None
    director = client.get("/events/1").text
    assert 'action="/events/1/reopen"' in director
    # a closed round's tables say so, not "playing" (found by a director's walk-through):
    # table 1, locked by the director before, stays "locked"
    assert 'id="table-1" data-state="locked"' in director
    assert 'id="table-2" data-state="closed"' in director and 'data-state="playing"' not in director
    # reopened: open again, the close can be asked again, the log says both
    assert post(client, app, "reopen").status_code == 302
    assert stored_rounds(app)[-1].closed_at is None
    assert "Table 2 is still playing" in client.get("/events/1/close").text
    with app.app_context():
        actions = [c.action for c in event_log.changes(get_db(), 1, 30)]
    assert actions[:2] == ["reopen", "close"]
    assert "round reopened" in client.get("/events/1").text
    # nothing to reopen while it is open; once the next round is drawn, the closed one stays
    assert post(client, app, "reopen").status_code == 422
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    assert post(client, app, "reopen").status_code == 422
    assert stored_rounds(app)[0].closed_at is not None
    # every close and reopen is on the event's chain: the database verifies whole
    _outcome, faults = verify.run(Path(app.config["DATABASE"]), None)
    assert faults == []


def stored_rounds(app):
    with app.app_context():
        return event_rounds.rounds(get_db(), 1)


def test_a_brou_table_is_ranked_by_every_coups_points_as_the_club_counts_them(app):
    # Brou (docs/rules/brou.md): Nous makes the 120 card points three times, 360 ≥ 301: a
    # partie to Nous (two, Eux under 150), and the count is 0-0 again; then Eux makes 120.
    # The round's points: Nous 360, Eux 120 — what a club counts for each (person by
    # person: every coup's points). Nous wins the table (win_pct 100, Eux 0). The count of
    # the partie in progress (0-120) ranked Eux first, the side that had just lost a partie.
    client = app.test_client()
    new_event(client, kind="brou", seating="pairs", method="win_pct")
    assert post(client, app, "players", names="Anne\nBert\nCarl\nDora").status_code == 302
    assert post(client, app, "draw").status_code == 302
    (link,) = tables(client)
    game = open_table(client, link)
    for points in ("120", "120", "120", "0"):
        sheet_deal(client, game, points=points, save="1")
    report = seated(client, game)
    assert report["parties"] == {"nous": 2, "eux": 0} and report["totals"]["eux"] == 120
    nous, eux = report["players"][0::2], report["players"][1::2]
    lines, standing = ranking(app)
    assert standing.plays[0].tables[0].tally == (360, 120)
    assert {player: figure for _, player, figure in lines} == dict.fromkeys(
        nous, 100
    ) | dict.fromkeys(eux, 0)
    with app.app_context():
        from scorekeeper.store import load

        assert load(get_db(), int(game.rsplit("/", 1)[1])).by_person() == dict.fromkeys(
            nous, 360
        ) | dict.fromkeys(eux, 120)
