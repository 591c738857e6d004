"""A club's ratings: openskill's Bradley-Terry (full pairing), recomputed here from the results.

Three evenings of the club (the seed's worked example, docs/rules/hombre.md
§10, whose nets are in its table: after coup 4 nobody has paid anything yet,
after coup 5 A −60, B −33, C +93, after coup 7 A −72, B −9, C +81):

- 1 Nov: table 1 the seed, Anne, Bruno, Chloé (−72, −9, +81); table 2 a
  Manille (docs/rules/manille.md: a king turned, 3 for Nous, then Eux takes
  40 of 68: 6), Anne and Denis (Nous) 3 points each, Fanny and Gilles (Eux) 6
  each; no manche won, so all four are placed level (docs/ratings.md, "An
  unfinished game": a partie is placed by its manches, and none was won);
- 8 Nov: the seed with the house rule ``take_over``, Denis taking over
  Bruno's seat for coups 5–7 (docs/rules.md, "Someone takes a seat"): Anne
  −72, Bruno −180, Chloé +81, Denis +171;
- 15 Nov: table 1 the seed's first four coups, Chloé, Denis, Anne: nobody
  paid yet, a three-way tie at 0; table 2 the seed, Eve, Anne, Bruno
  (−72, −9, +81).

The test plays the same matches into openskill itself, by the results
(``scores``) rather than the ranks the app works out, and finds the same μ
and σ in the JSON and on the page.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from openskill.models import BradleyTerryFull, PlackettLuce
from test_clubs import new_club, new_evening, seed_table
from test_clubs_computed import club_with_evening, manille, seed, table
from test_events import EVENT, hombre_deal, open_table, post, ranking, tables
from test_take_seat_club import seated_table

from scorekeeper import clubs, store
from scorekeeper.db import connect
from scorekeeper.ratings import club as kept_ratings
from scorekeeper.ratings import model
from scorekeeper.ratings.model import Ratings, Standing, ranks
from scorekeeper.rules.seating import PLAYS_FOR, TAKES_OVER
from scorekeeper.web.clubs.ratings import _lines

EVENINGS = [
    # (family, {name: result}) in the order played
    ("hombre", {"Anne": -72, "Bruno": -9, "Chloé": 81}),
    ("manille", {"Anne": 0, "Fanny": 0, "Denis": 0, "Gilles": 0}),  # 3-6 points, 0-0 manches
    ("hombre", {"Anne": -72, "Bruno": -180, "Chloé": 81, "Denis": 171}),
    ("hombre", {"Chloé": 0, "Denis": 0, "Anne": 0}),
    ("hombre", {"Eve": -72, "Anne": -9, "Bruno": 81}),
]


def expected(matches) -> dict[str, dict[str, tuple[float, float, int]]]:
    """(μ, σ, tables) per family and name, from openskill alone, fed the results."""
    model = BradleyTerryFull()
    now: dict[str, dict[str, tuple[float, float, int]]] = {}
    for family, results in matches:
        table = now.setdefault(family, {})
        names = list(results)
        teams = [[model.rating(*table[n][:2]) if n in table else model.rating()] for n in names]
        rated = model.rate(teams, scores=[results[n] for n in names])
        for name, team in zip(names, rated, strict=True):
            games = table[name][2] + 1 if name in table else 1
            table[name] = (team[0].mu, team[0].sigma, games)
    return now


def now(db, club_id: int) -> int:
    """The club's version as it is (a member made at a table moves it)."""
    found = clubs.club(db, club_id)
    assert found is not None
    return found.version


def three_evenings(db) -> tuple[clubs.Club, list[int]]:
    """The club of the three evenings (``EVENINGS``), and its tables' games in order."""
    found, first = club_with_evening(db, "2026-11-01")
    games = [table(db, first, seed("Anne", "Bruno", "Chloé")), table(db, first, manille())]
    second = clubs.evening(
        db, clubs.create_evening(db, found.id, "2026-11-08", "", now(db, found.id))
    )
    games.append(seated_table(db, second, TAKES_OVER))
    third = clubs.evening(
        db, clubs.create_evening(db, found.id, "2026-11-15", "", now(db, found.id))
    )
    games.append(table(db, third, seed("Chloé", "Denis", "Anne", coups=4)))
    games.append(table(db, third, seed("Eve", "Anne", "Bruno")))
    return found, games


@pytest.fixture
def club(app, client):
    """The three evenings in the app's database; the client holds the club link."""
    db = connect(app.config["DATABASE"])
    found, games = three_evenings(db)
    assert client.get(f"/clubs/{found.id}?key={found.read_token}").status_code == 200
    yield found.id, db, games
    db.close()


def json_of(client, club_id):
    response = client.get(f"/clubs/{club_id}/ratings.json")
    assert response.status_code == 200
    return json.loads(response.data)


def test_the_ratings_are_openskills_own_over_the_tables_results(client, club):
    club_id, _db, _games = club
    want = expected(EVENINGS)
    got = json_of(client, club_id)
    assert set(got) == {"hombre", "manille", "brou"} and got["brou"] == []
    for family, rows in got.items():
        assert {r["member"] for r in rows} == set(want.get(family, {}))
        for r in rows:
            mu, sigma, games = want[family][r["member"]]
            assert r["games"] == games
            assert (r["mu"], r["sigma"]) == (pytest.approx(mu), pytest.approx(sigma))
            assert r["ordinal"] == pytest.approx(mu - 3 * sigma)
        ordinals = [r["ordinal"] for r in rows]
        assert ordinals == sorted(ordinals, reverse=True)
    # the Manille's four are placed level (3-6 points, no manche won): a tie of equals, so
    # each keeps μ 25 (only σ shrinks), where Eux's 6 points ranked Fanny above Anne
    manille_rows = {r["member"]: r["mu"] for r in got["manille"]}
    assert list(manille_rows.values()) == [pytest.approx(25.0)] * 4
    # the page shows the same μ and σ, to two decimals, on each member's line
    page = client.get(f"/clubs/{club_id}/ratings").data.decode()
    for family in ("hombre", "manille"):
        section = page.split(f'id="ratings-{family}"')[1].split("</section>")[0]
        shown = re.findall(
            r'/members/\d+">([^<]+)</a>.*?<span class="mu">([^<]+)</span>'
            r' σ <span class="sigma">([^<]+)</span>',
            section,
            re.S,
        )
        lines = {name: (mu, sigma) for name, mu, sigma in shown}
        assert lines == {
            name: (f"{mu:.2f}", f"{sigma:.2f}") for name, (mu, sigma, _g) in want[family].items()
        }
    assert "provisional" in page  # everyone has played fewer than 10 tables
    rows = list(csv.DictReader(io.StringIO(client.get(f"/clubs/{club_id}/ratings.csv").text[1:])))
    assert {(r["family"], r["member"]): float(r["mu"]) for r in rows} == {
        (f, n): pytest.approx(v[0]) for f, found in want.items() for n, v in found.items()
    }


def test_members_shown_at_the_same_rating_share_their_place(app):
    """The page shows a rating to one decimal: two members it lists at 12.3 share a place
    (a play-through read 12.3 at places 3 and 4), and the next one's place is its
    position's, as every ranking writes it."""
    # ordinal = μ − 3σ: 15.34, 15.26 (both shown 15.3), 15.24 (15.2), 3.0
    mus = {1: 18.34, 2: 18.26, 3: 18.24, 4: 6.0}
    standings = [Standing(m, 12, mu, 1.0, None) for m, mu in mus.items()]
    members = {m: clubs.Member(m, name, name) for m, name in zip(mus, "BADC", strict=True)}
    with app.test_request_context():
        lines = _lines(Ratings({"hombre": standings}), members)["hombre"]
    assert [(line.member.name, line.place, line.shared) for line in lines] == [
        ("A", 1, True),  # 15.26 and 15.34 both read 15.3: one place, by name
        ("B", 1, True),
        ("D", 3, False),  # 15.24 reads 15.2: third, after two
        ("C", 4, False),
    ]


def test_ranks_share_a_place_on_equal_results():
    # Chloé and Denis tied at +81 above Anne's −72 and Bruno's −9
    assert ranks([-72, -9, 81, 81]) == [4, 3, 1, 1]
    assert ranks([0, 0, 0]) == [1, 1, 1]


def test_a_correction_of_an_old_coup_changes_the_ratings(client, club):
    club_id, db, games = club
    before = json_of(client, club_id)
    # 1 Nov, table 1: the seed; its last three coups deleted leave the first four, where
    # nobody has paid yet: a tie at 0 where Chloé was first. (A correction that keeps the
    # order — coup 5's −60, −33, +93 — changes no rating: a win is a win, however big.)
    first = games[0]
    for n in (7, 6, 5):
        store.delete_coup(db, first, n, version=store.load(db, first).version)
    changed = [("hombre", {"Anne": 0, "Bruno": 0, "Chloé": 0}), *EVENINGS[1:]]
    want = expected(changed)
    after = json_of(client, club_id)
    assert after != before
    for r in after["hombre"]:
        mu, sigma, _games = want["hombre"][r["member"]]
        assert (r["mu"], r["sigma"]) == (pytest.approx(mu), pytest.approx(sigma))
    # the manille's ratings did not move: their tables are the same
    assert after["manille"] == before["manille"]


def test_a_members_page_draws_his_history(client, club):
    club_id, db, _games = club
    ids = {m.name: m.id for m in clubs.members(db, club_id)}
    page = client.get(f"/clubs/{club_id}/members/{ids['Denis']}").data.decode()
    assert "<svg" in page and "<polyline" in page and "<rect" in page
    # Denis: the Manille drawn (3 < 6 points, but no manche won: a shared first), then
    # first at the 8 Nov table (+171) and in the 15 Nov three-way tie: 3 tables ended first,
    # all in a row; their best win 171 chips
    assert "Ended first at 3 tables" in page and "Longest run: 3 tables in a row" in page
    assert "Biggest win: 171 chips" in page
    page = client.get(f"/clubs/{club_id}/members/{ids['Chloé']}").data.decode()
    # Chloé as hombre: seat C's demande of coup 5 (won) on 1 and 8 Nov, seat A's of coup 1
    # (a remise) on 15 Nov: 3 played, 2 won, 67 %
    row = page.split('id="contracts"')[1].split("</table>")[0]
    assert re.findall(r'<td class="num">(\d+)[ <]', row) == ["3", "2"]
    assert '<small class="share">(67 %)</small>' in row
    # the club page links to the ratings and to each member's page
    club_page = client.get(f"/clubs/{club_id}").data.decode()
    assert f"/clubs/{club_id}/ratings" in club_page
    assert f'/clubs/{club_id}/members/{ids["Denis"]}"' in club_page


def test_strangers_see_nothing(app, club):
    club_id, db, _games = club
    stranger = app.test_client()
    member = clubs.members(db, club_id)[0].id
    for path in ("ratings", "ratings.json", "ratings.csv", f"members/{member}"):
        assert stranger.get(f"/clubs/{club_id}/{path}").status_code == 404


def test_an_unknown_member_is_404(client, club):
    club_id, _db, _games = club
    assert client.get(f"/clubs/{club_id}/members/999").status_code == 404


def test_the_kept_ratings_follow_the_tables(app, club):
    club_id, db, games = club
    found = kept_ratings.club_ratings(db, club_id)
    assert kept_ratings.club_ratings(db, club_id) is found  # nothing changed: kept
    store.delete_coup(db, games[-1], 7, version=store.load(db, games[-1]).version)
    assert kept_ratings.club_ratings(db, club_id) is not found


def test_the_ratings_benchmark_runs_small():
    """A tiny run of benchmarks/ratings.py: its club is built, its page drawn and kept."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from ratings import measure

    row = measure(members=9, tables=12, repeats=1)
    # 12 tables, 3 in 4 l'Hombre: 9 of 3 players, 3 Manilles of 4, among 9 members
    assert 3 <= row["rows"] <= 18
    assert row["cold_ms"] > 0 and row["warm_ms"] > 0 and row["after_coup_ms"] > 0
    assert row["matches"] == 12 and row["fold_ms"] > 0  # every table has coups: a match


def test_the_model_is_plain_python():
    """The model imports no Flask and no database: openskill and the standard library."""
    code = (
        "import sys, scorekeeper.ratings.model; "
        "print(sorted(m for m in ('flask', 'sqlite_utils', 'sqlite3') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_merge_counts_both_members_tables_for_the_one_kept(client, club):
    club_id, db, _games = club
    json_of(client, club_id)  # the tables are read and kept before the merge
    ids = {m.name: m.id for m in clubs.members(db, club_id)}
    version = clubs.club(db, club_id).version
    clubs.merge(db, club_id, ids["Eve"], ids["Chloé"], version)
    # Eve's one table (15 Nov, −72) is now Chloé's: her fourth at l'Hombre
    renamed = [
        (family, {("Chloé" if n == "Eve" else n): r for n, r in results.items()})
        for family, results in EVENINGS
    ]
    want = expected(renamed)["hombre"]
    got = {r["member"]: r for r in json_of(client, club_id)["hombre"]}
    assert set(got) == set(want) and got["Chloé"]["games"] == 4
    for name, (mu, sigma, games) in want.items():
        assert (got[name]["mu"], got[name]["sigma"], got[name]["games"]) == (
            pytest.approx(mu),
            pytest.approx(sigma),
            games,
        )


def club_event(app, client) -> tuple[int, str]:
    """A club whose one table (1 Nov, the seed: Anne −72, Bruno −9, Chloé +81) comes before
    its event's first round (Anne, Bruno, Chloé, Denis, drawn); the club and the event's
    read token."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-01")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")  # −72, −9, +81
    data = {**EVENT, "name": "Coupe", "kind": "hombre", "seating": "3", "method": "total"}
    assert client.post(f"/events/new?club={club}", data=data).status_code == 302
    assert post(client, app, "players", names="Anne\nBruno\nChloé\nDenis").status_code == 302
    assert post(client, app, "draw").status_code == 302
    return club, ranking(app)[1].event.read_token


def entry_shown(page: str) -> dict[str, str]:
    """The ratings at entry on an event's results page, by player."""
    section = page.split('id="entry-ratings"')[1].split("</section>")[0]
    return dict(
        re.findall(r'<th scope="row">([^<]+)(?:<br>.*?)?</th><td class="num">([^<]+)<', section)
    )


def test_a_club_events_results_show_each_players_rating_at_entry(app, client):
    """The ratings before the first round, beside a ranking that never reads them."""
    club, token = club_event(app, client)
    # openskill alone: Chloé first, Bruno second, Anne last at their one table
    want = expected([("hombre", {"Anne": -72, "Bruno": -9, "Chloé": 81})])["hombre"]

    def shown() -> dict[str, str]:
        return entry_shown(client.get(f"/events/{token}/results").text)

    entry = {
        name: f"{mu - 3 * sigma:.1f}".replace("-", "−") for name, (mu, sigma, _g) in want.items()
    }
    assert shown() == {**entry, "Denis": "—"}  # Denis has played no table at the club
    # a deal at the event's table moves the club's ratings, not the ratings at entry
    before = json_of(client, club)
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))
    assert json_of(client, club) != before
    assert shown() == {**entry, "Denis": "—"}


def test_one_who_only_played_for_an_absent_player_is_not_ranked(app):
    """Denis plays for Bruno from coup 5: the seat's result is Bruno's, so Bruno is ranked by
    it and Denis is not ranked at all (they were ranked with 0, ahead of a loser, above a table
    they never had money at: found by a treasurer's walk-through)."""
    db = connect(app.config["DATABASE"])
    found, evening = club_with_evening(db)
    seated_table(db, evening, PLAYS_FOR)
    names = {m.id: m.name for m in clubs.members(db, found.id)}
    (match,) = kept_ratings.club_matches(db, found.id)
    assert sorted(names[member] for member, _result in match.results) == ["Anne", "Bruno", "Chloé"]
    db.close()


def test_another_model_never_shows_the_old_figures(app, client):
    """The figures of the model before (Plackett-Luce, until 2026-11-29) are kept nowhere
    once the model changes: not the club's ratings kept in the process, nor an event's
    results page, which a phone keeps and asks again with its ETag across restarts."""
    club, token = club_event(app, client)
    address = f"/events/{token}/results"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model, "MODEL", PlackettLuce())  # the server as it ran before
        old = client.get(address)
        old_figures = json_of(client, club)
    assert old.status_code == 200 and old.headers["ETag"]
    now = client.get(address, headers={"If-None-Match": old.headers["ETag"]})
    assert now.status_code == 200  # not 304: the page is drawn again, with the new figures
    want = expected([("hombre", {"Anne": -72, "Bruno": -9, "Chloé": 81})])["hombre"]
    assert entry_shown(now.text) == {
        **{n: f"{mu - 3 * s:.1f}".replace("-", "−") for n, (mu, s, _g) in want.items()},
        "Denis": "—",
    }
    assert entry_shown(now.text) != entry_shown(old.text)
    got = {r["member"]: (r["mu"], r["sigma"]) for r in json_of(client, club)["hombre"]}
    assert got == {n: (pytest.approx(mu), pytest.approx(s)) for n, (mu, s, _g) in want.items()}
    assert got != {r["member"]: (r["mu"], r["sigma"]) for r in old_figures["hombre"]}


def test_equal_ratings_share_a_place_listed_by_name(app, client):
    """The play-through of the merged main: two members of the same μ, σ and rating were
    numbered 1 and 2 in member order, on the page and in ratings.csv. One Manille table,
    Nous Zoé & Élise 0 card points, Eux Bruno & Anne all 68 (34 above the half: the first
    manche to Eux): partners share their team's manches, so each pair has one rating
    (openskill is fed the two teams' net manches, −1 and +1); Eux's is the higher. The
    members are made in seat order (Zoé 1, Bruno 2, Élise 3, Anne 4): the places are 1=
    (Anne, Bruno) and 3= (Élise, Zoé), each pair by name in the reader's collation (Élise
    before Zoé: a code point order puts É after Z)."""
    from scorekeeper.rules.manille.classique import ManilleCoup, ManilleGame, ManilleRules

    db = connect(app.config["DATABASE"])
    found, evening = club_with_evening(db)
    game = ManilleGame(
        ("Zoé", "Bruno", "Élise", "Anne"), ManilleRules(), 0, (ManilleCoup(points=0),)
    )
    table(db, evening, game)
    db.close()
    assert client.get(f"/clubs/{found.id}?key={found.read_token}").status_code == 200
    want = expected([("manille", {"Zoé": -1, "Bruno": 1, "Élise": -1, "Anne": 1})])["manille"]
    assert want["Anne"] == want["Bruno"] and want["Élise"] == want["Zoé"]
    assert want["Anne"][0] - 3 * want["Anne"][1] > want["Zoé"][0] - 3 * want["Zoé"][1]
    page = client.get(f"/clubs/{found.id}/ratings").data.decode()
    section = page.split('id="ratings-manille"')[1].split("</section>")[0]
    shown = re.findall(
        r'<td class="num">([^<]+)</td>\s*<th scope="row"><a [^>]*>([^<]+)</a>', section
    )
    assert shown == [("1=", "Anne"), ("1=", "Bruno"), ("3=", "Élise"), ("3=", "Zoé")], shown
    rows = list(csv.DictReader(io.StringIO(client.get(f"/clubs/{found.id}/ratings.csv").text[1:])))
    manille_rows = [(r["place"], r["member"]) for r in rows if r["family"] == "manille"]
    assert manille_rows == shown
    people = client.get(f"/clubs/{found.id}/ratings.csv?sep=semicolon").text.splitlines()
    assert [line.split(";")[1:3] for line in people[1:]] == [list(line) for line in shown]


def test_the_spreadsheet_says_the_rating_its_place_was_given_for(app, client, monkeypatch):
    """The page places members by the rating it shows, to one decimal; the spreadsheet for
    people gives the same places, so it says the same figure: 15.3 and 15.3 at 1=, 15.2
    third. At two decimals it read 15.34 and 15.26 sharing place 1 and 15.24 alone at 3,
    0.02 below a shared place. (The file for tools keeps its full floats.)"""
    from scorekeeper.web.clubs import ratings as pages

    club = new_club(client)
    names = {1: "B", 2: "A", 3: "D"}
    # ordinal = μ − 3σ: 15.34, 15.26, 15.24
    standings = [Standing(m, 12, mu, 1.0, None) for m, mu in {1: 18.34, 2: 18.26, 3: 18.24}.items()]
    monkeypatch.setattr(pages, "club_ratings", lambda _db, _club: Ratings({"hombre": standings}))
    members = {m: clubs.Member(m, n, n) for m, n in names.items()}
    monkeypatch.setattr(pages.clubs, "names", lambda _db, _club: members)
    people = client.get(f"/clubs/{club}/ratings.csv?sep=semicolon").text.splitlines()[1:]
    assert [line.split(";")[1:3] + line.split(";")[6:7] for line in people] == [
        ["1=", "A", "15.3"],
        ["1=", "B", "15.3"],
        ["3", "D", "15.2"],
    ]


def test_one_table_one_date_under_the_chart(client, club):
    """Eve played one table (15 Nov): her rating chart has one point, her nets one bar,
    and each shows that date once, not at both ends of its axis."""
    club_id, db, _games = club
    eve = next(m.id for m in clubs.members(db, club_id) if m.name == "Eve")
    page = client.get(f"/clubs/{club_id}/members/{eve}").data.decode()
    charts = re.findall(r"<svg .*?</svg>", page, re.S)
    assert charts and all(chart.count("<circle") + chart.count("<rect") == 1 for chart in charts)
    for chart in charts:
        dates = re.findall(r'<text x="[\d.]+" y="144"[^>]*>([^<]+)</text>', chart)
        assert len(dates) == 1, chart  # y = HEIGHT − 6: the axis' labels


def test_two_tables_of_one_evening_one_date_under_the_chart(app, client):
    """Eve played two tables, both on 15 Nov: her rating's path has two points (a point a
    table) over one date, and the axis says that date once, not at both of its ends."""
    db = connect(app.config["DATABASE"])
    try:
        found, evening = club_with_evening(db, "2026-11-15")
        table(db, evening, seed("Eve", "Anne", "Bruno"))
        table(db, evening, seed("Eve", "Anne", "Bruno"))
        eve = next(m.id for m in clubs.members(db, found.id) if m.name == "Eve")
    finally:
        db.close()
    assert client.get(f"/clubs/{found.id}?key={found.read_token}").status_code == 200
    page = client.get(f"/clubs/{found.id}/members/{eve}").data.decode()
    paths = [c for c in re.findall(r"<svg .*?</svg>", page, re.S) if "<circle" in c]
    assert paths and all(chart.count("<circle") == 2 for chart in paths), paths
    for chart in paths:
        dates = re.findall(r'<text x="[\d.]+" y="144"[^>]*>([^<]+)</text>', chart)
        assert len(dates) == 1, chart  # y = HEIGHT − 6: the axis' labels
