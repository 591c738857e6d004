"""Random and hostile form posts and game files: never a 500, and a refusal changes nothing."""

from __future__ import annotations

import copy
import io
import json
import re
import sqlite3
from urllib.parse import quote, urlencode, urlsplit

import pytest
from apps import fresh_database, new_app
from fuzz_app import (
    EVENING_TABLE,
    POULE_ONLY,
    SETUP_FORMS,
    SHEET_KINDS,
    build_world,
    first_games_and_club,
    fuzz_copy,
    read,
)
from fuzz_data import (
    FIELDS,
    FOUR,
    HOSTILE,
    HUGE_NUMERALS,
    JSON,
    NEXT,
    NUMBER_TEXTS,
    SEEDS,
    URL_TEXT,
    WRONG_TYPES,
)
from hypothesis import HealthCheck, Phase, assume, example, given, settings
from hypothesis import strategies as st
from markupsafe import escape
from notation import SEED
from web import NEW_GAME
from werkzeug.urls import iri_to_uri

from scorekeeper.rules import kinds
from scorekeeper.web.forms import whole
from scorekeeper.web.games import SHOWN

ROUTES = [
    "/games/new",
    "/games/1/coups",
    "/games/1/preview",
    "/games/1/preview?position=1",
    "/games/1/coups/1/edit",
    "/games/1/coups/2/delete",
    "/games/1/undo",
    "/games/1/setup",
    "/games/1/settlement",
    "/games/import",
    "/games/1/links",
    "/admin",
    "/games/7/coups",
    "/games/1/coups/99/edit",
    "/games/new/brou",
    "/games/new/manille",
    "/games/1/sheet/coups",
    "/games/2/sheet/coups",
    "/games/2/sheet/coups/1/edit",
    "/games/2/sheet/coups/1/delete",
    "/games/2/sheet/undo",
    "/games/2/settlement",
    "/games/3/sheet/coups",
    "/games/3/sheet/coups/1/edit",
    "/games/3/sheet/coups/5/edit",
    "/games/4/sheet/coups",
    # issues 16 and 17: redo, the handover code, the club's pages
    "/games/1/redo",
    "/games/2/sheet/redo",
    "/games/1/handover-code",
    "/games/1/takeover",
    "/games/2/takeover",
    "/clubs/new",
    "/clubs/2/evenings",
    "/clubs/2/members",
    "/clubs/2/members/1",
    "/clubs/2/merge",
    "/clubs/2/manager-link",
    # issue 35 point 6: someone takes a seat (l'Hombre, a points sheet)
    "/games/1/seat",
    "/games/2/seat",
    # issue 45 point 6: a table stops here, or plays on after all
    "/games/1/stop",
    "/games/2/stop",
    "/games/1/resume",
    "/games/2/resume",
]
GET_ROUTES = [
    "/games/{n}",
    "/games/{n}/coups",
    "/games/{n}/coups/{n}/edit",
    "/games/1/coups/{n}/delete",
    "/games/{n}/settlement",
    "/games/{n}/journal.csv",
    "/games/{n}/version",
    "/games/{n}/lost-fiche",
    "/games/1/lost-fiche?key={t}&key={t}",  # what the store knows of a phone's keys (fix28b)
    "/games/{n}/links",
    "/games/{n}/manage/{t}",
    "/games/{n}/table/{t}",
    "/games/1/manage/{t}",
    "/games/1/table/{t}",
    "/games/1/report.json?key={t}",
    "/games/new/brou?again={n}",
    "/games/new/manille?again={n}",
    "/games/1/preview?position={n}",
    "/games/1/coups?page={n}",
    "/?page={n}",
    "/lang/en?next={next}",
    "/lang/fr?next={t}",
    "/games/{n}/takeover",
    "/games/1/history?page={n}",
    "/games/{n}/journal.csv?sep={t}",
    "/games/new?again={n}",
    "/games/new?evening={n}",
    "/games/import?evening={n}",
    "/games/new?evening={n}&preset={t}",
    "/games/new/manille?evening={n}&preset={t}",
    "/clubs/{n}",
    "/clubs/2/season?start={t}&end={t}&sort={t}",
    "/clubs/{n}/season.csv?sort={t}",
    "/clubs/2/season.csv?sep={t}",
    "/clubs/2/ratings.csv?sep={t}",
    "/clubs/{n}/ratings?key={t}",
    "/clubs/2/ratings.json?x={t}",
    "/clubs/2/members/{n}",
    # the treasurer's lists a page at a time: a cursor typed, cut or of another list
    "/clubs/2/cash?before={t}",
    "/clubs/2/cash?after={t}&on={t}&evening={n}",
    # the reverse page keeps the cash box's view it was opened from (label21)
    "/clubs/2/cash/entries/1/reverse?evening={n}&mode={t}",
    "/clubs/2/members/{n}/statement?before={t}&after={t}",
    "/evenings/{n}",
    "/evenings/1/settlement?key={t}",
    "/evenings/{n}/version",
    "/events/{n}",
    "/events?page={n}",
    "/evenings/{n}/close",
    "/evenings/1/close?next={next}",
    "/events/{n}/close",
    "/events/{n}/tables/{n}/qr.svg",
    "/events/{t}/wall?dark={t}",
    "/events/{t}/results.json",
    "/games/{n}/seat",
    "/games/{n}/seat?seat={t}&player={t}",  # a leaver's link back to their seat
    "/events/{t}/results.csv?sep={t}",
    "/games/{n}/stop",
]


def make_app(tmp_path_factory, **config):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    app = new_app(
        {
            "TESTING": True,
            "SECRET_KEY": "f",
            "DATABASE": fresh_database(path),
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **config,
        }
    )
    client = app.test_client()
    first_games_and_club(client)
    return path, client


def fresh_app(tmp_path_factory):
    """``make_app``'s database, afresh for one example: a copy of one built once.

    Building the app and its games costs a quarter of a second; copying the
    file costs a millisecond. The one app (and its client, whose cookie makes
    it the games' manager) is pointed at the copy. Its rate limits are off:
    hundreds of examples through one app would otherwise be answered 429.
    """
    if "template" not in SHARED:
        SHARED["template"] = make_app(tmp_path_factory, RATELIMIT_ENABLED=False)
    template, first = SHARED["template"]
    client = first.application.test_client()
    client._cookies = dict(first._cookies)  # the manager's cookie as it was, every example
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    with sqlite3.connect(template) as source, sqlite3.connect(path) as target:
        source.backup(target)
    source.close()
    target.close()
    client.application.config["DATABASE"] = str(path)
    return path, client


READER: dict[str, sqlite3.Connection] = {}
"""One connection reading the database of the example at hand (``snapshot``)."""


def reader(path) -> sqlite3.Connection:
    """A connection to ``path``, kept for the next snapshot of the same file: a new
    connection reads and parses the whole schema again (75 entries) before its first
    statement, two thirds of a snapshot's cost. It holds no lock between statements and
    each statement sees what was committed before it, as a new connection would."""
    path = str(path)
    if path not in READER:
        for old in READER.values():
            old.close()
        READER.clear()
        READER[path] = sqlite3.connect(path)
    return READER[path]


def snapshot(path) -> tuple[list[tuple[str, str, str, str]], str]:
    """The whole database: its schema, and every row of every table (sqlite_sequence too).

    What ``iterdump`` holds, read as values (their ``repr`` tells 1 from 1.0 and "1")
    instead of written out as SQL: a quarter of the cost, and it is taken before and
    after every request of the fuzz.
    """
    conn = reader(path)
    schema = conn.execute(
        "select type, name, tbl_name, sql from sqlite_master order by type, name"
    ).fetchall()
    rows = [
        conn.execute(f'select * from "{name}"').fetchall()
        for kind, name, _, _ in schema
        if kind == "table"
    ]
    return schema, repr(rows)


def check(path, client, method, route, **kwargs):
    before = snapshot(path)
    response = getattr(client, method)(route, **kwargs)
    assert response.status_code < 500, (route, kwargs, response.data[:500])
    if response.status_code >= 400:
        body = response.data.decode()
        assert 'class="error"' in body, (route, response.status_code, body[:300])
    if response.status_code != 302:
        assert snapshot(path) == before, (route, kwargs)


DEEP = settings.get_current_profile_name() == "fuzz"
"""``make fuzz`` (pytest --hypothesis-profile=fuzz): new random examples, many more of each."""


def examples(suite: int) -> int:
    """A fuzz test's number of examples: ``suite`` in the suite, the same ones every run
    (conftest's "suite" profile derandomizes), so its time is known and it never fails
    by luck; ten times as many, new ones each run, under ``make fuzz``."""
    return suite * 10 if DEEP else suite


FUZZ = settings(
    max_examples=examples(30),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

ADDRESSES = settings(FUZZ, max_examples=examples(30))
SHARED: dict[str, tuple] = {}


@FUZZ
@given(data=st.data())
def test_hostile_form_posts(tmp_path_factory, data):
    path, client = fresh_app(tmp_path_factory)
    for _ in range(3):
        route = data.draw(st.sampled_from(ROUTES))
        form = data.draw(st.dictionaries(st.sampled_from(FIELDS), HOSTILE, max_size=12))
        check(path, client, "post", route, data=form)


@ADDRESSES
@given(data=st.data())
def test_hostile_addresses(tmp_path_factory, data):
    """Huge numbers in paths and queries, any text as a token or a key, any ``next``."""
    if "app" not in SHARED:  # GETs change nothing: one app for every example (faster)
        SHARED["app"] = make_app(tmp_path_factory)
    path, client = SHARED["app"]
    stranger = client.application.test_client()
    for _ in range(4):
        route = data.draw(st.sampled_from(GET_ROUTES))
        number = data.draw(st.one_of(HUGE_NUMERALS, st.integers(-5, 10).map(str)))
        url = route.format(
            n=number,
            t=quote(data.draw(URL_TEXT), safe=""),
            next=quote(data.draw(NEXT), safe="/"),
        )
        for browser in (client, stranger):
            response = browser.get(url)
            assert response.status_code < 500, (url, response.data[:300])
            location = response.headers.get("Location", "/")
            # our redirects are paths; Werkzeug's own (a doubled slash merged: %2F in a
            # token) name this same host in full: never another site
            target = urlsplit(location)
            assert target.netloc in ("", "localhost") and target.path.startswith("/"), (
                url,
                location,
            )
            assert not target.path.startswith("//") and "\\" not in location, (url, location)
        check(path, client, "post", url.split("?")[0], data={"version": number})


def mutate(data, draw):
    """The seed's game file with one value somewhere replaced by something hostile."""
    data = copy.deepcopy(data)
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return data
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and draw(st.booleans()):
            node = child
            continue
        node[key] = draw(st.one_of(JSON, WRONG_TYPES))
        return data


@settings(FUZZ, max_examples=examples(50))  # a tenth of a second each: no page drawn
@given(data=st.data())
def test_hostile_game_files(tmp_path_factory, data):
    path, client = fresh_app(tmp_path_factory)
    kind = data.draw(st.sampled_from(["random", "mutated", "text", "numeral"]))
    if kind == "random":
        text = json.dumps(data.draw(JSON))
    elif kind == "numeral":  # a number no JSON library of ours would write
        seed = json.dumps(data.draw(st.sampled_from(SEEDS)))
        digits = [i for i, c in enumerate(seed) if c.isdigit()]
        at = data.draw(st.sampled_from(digits))
        text = seed[:at] + data.draw(HUGE_NUMERALS) + seed[at + 1 :]
    elif kind == "mutated":
        seed = data.draw(st.sampled_from(SEEDS))
        text = json.dumps(mutate(seed, data.draw))
    else:
        text = data.draw(st.text(max_size=200))
    check(path, client, "post", "/games/import", data={"text": text})


SPOILED = ("format", "game", "players", "first_dealer", "rules", "coups")


@settings(FUZZ, max_examples=examples(30))
@given(data=st.data())
def test_game_files_with_many_faults_at_once(tmp_path_factory, data):
    """A seed spoilt in several places at once (names22): its head's keys, its players one
    name repeated, its rules thousands of unknown keys, one coup. Never a 500, nothing
    stored, and the page lists at most ``SHOWN`` faults, then how many more and how many
    coups the replay left unchecked: a few lines, whatever the file."""
    path, client = fresh_app(tmp_path_factory)
    seed = copy.deepcopy(data.draw(st.sampled_from(SEEDS)))
    for key in data.draw(st.sets(st.sampled_from(SPOILED), min_size=1)):
        seed[key] = data.draw(st.one_of(JSON, WRONG_TYPES))
    players = seed.get("players")
    if isinstance(players, list) and players and data.draw(st.booleans()):
        seed["players"] = [players[0]] * len(players)  # one name at every seat
    if data.draw(st.booleans()):
        many = data.draw(st.integers(0, 3000))
        seed["rules"] = {
            **(seed["rules"] if isinstance(seed.get("rules"), dict) else {}),
            **{f"k{n}": n for n in range(many)},
        }
    coups = seed.get("coups")
    if isinstance(coups, list) and coups and data.draw(st.booleans()):
        coups[data.draw(st.integers(0, len(coups) - 1))] = data.draw(JSON)
    before = snapshot(path)
    response = client.post("/games/import", data={"text": json.dumps(seed)})
    assert response.status_code < 500, response.data[:500]
    if response.status_code != 302:
        assert snapshot(path) == before
        assert 1 <= response.text.count('class="error"') <= SHOWN + 2


def test_deeply_nested_json_is_refused_not_crashed(tmp_path_factory):
    path, client = fresh_app(tmp_path_factory)  # the same games, copied not built again
    check(path, client, "post", "/games/import", data={"text": "[" * 100_000 + "]" * 100_000})


def test_unicode_digits_are_not_numbers(tmp_path_factory):
    path, client = fresh_app(tmp_path_factory)
    for field in ("version", "matadors", "t0"):
        data = {"hombre": "0", "contract": "demande", "t1": "4", "t2": "1", field: "²", "save": "1"}
        check(path, client, "post", "/games/1/coups", data=data)
    check(path, client, "post", "/games/1/undo", data={"version": "٣"})


def paths_of(node, prefix=()):
    """Every place of a JSON value, as the keys and indexes that lead there."""
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, child in node.items():
            yield from paths_of(child, (*prefix, key))
    elif isinstance(node, list):
        for n, child in enumerate(node):
            yield from paths_of(child, (*prefix, n))


WRONG = [{"a": 1}, {"player": {}}, [], [{}], [[1]], None, True, 2.5, -1, 10**9, "", "Anne"]


def test_wrong_types_at_every_depth_of_every_game_file():
    """Every value of every seed file replaced by each wrong type: a message, never a crash.

    The import page and ``scorekeeper replay`` read files with exactly these
    calls; anything but a GameError here would be a 500 there.
    """
    from scorekeeper.rules import importing, kinds
    from scorekeeper.rules.errors import GameError
    from scorekeeper.rules.money import money_from_file

    tried = 0
    for seed in SEEDS:
        for place in paths_of(seed):
            for value in WRONG:
                data = copy.deepcopy(seed)
                node = data
                for key in place[:-1]:
                    node = node[key]
                node[place[-1]] = value
                try:
                    parsed = importing.parse(json.dumps(data).encode())
                    kinds.replay(kinds.load_file(parsed))
                    money_from_file(parsed)
                except GameError:
                    pass
                tried += 1
    assert tried > 1000


# Every route of the app, as the fuzz below addresses it; test_the_fuzz_names_every_route
# fails when the app has a route (or a method) this list does not name: add it here.
# {game} is a game of each kind (or a number no game has), {n} a coup, {club}, {member},
# {evening}, {grant} (a phone's right), {token} (a link's), {name} (a game's), {code} (a
# language), {file} (a static file).
EVERY_ROUTE = [
    ("GET", "/"),
    ("GET", "/health"),
    ("GET", "/trust"),
    ("GET", "/trust/ca.crt"),
    ("GET", "/sw.js"),
    ("GET", "/favicon.ico"),
    ("GET", "/players"),
    ("GET", "/static/{file}"),
    ("GET", "/lang/{code}"),
    ("GET", "/admin"),
    ("POST", "/admin"),
    ("POST", "/admin/logout"),
    ("GET", "/clubs"),
    ("GET", "/clubs/new"),
    ("POST", "/clubs/new"),
    ("GET", "/clubs/{club}"),
    ("GET", "/clubs/{club}/manage"),
    ("POST", "/clubs/{club}/manager-link"),
    ("POST", "/clubs/{club}/evenings"),
    ("POST", "/clubs/{club}/members"),
    ("POST", "/clubs/{club}/members/{member}"),
    ("POST", "/clubs/{club}/merge"),
    ("GET", "/clubs/{club}/season"),
    ("GET", "/clubs/{club}/season.csv"),
    ("GET", "/clubs/{club}/ratings"),
    ("GET", "/clubs/{club}/ratings.json"),
    ("GET", "/clubs/{club}/ratings.csv"),
    ("GET", "/clubs/{club}/members/{member}"),
    ("GET", "/clubs/{club}/cash"),
    ("POST", "/clubs/{club}/cash/entries"),
    ("POST", "/clubs/{club}/cash/fees"),
    ("GET", "/clubs/{club}/cash/entries/{entry}/reverse"),
    ("POST", "/clubs/{club}/cash/entries/{entry}/reverse"),
    ("POST", "/clubs/{club}/cash/pay"),
    ("GET", "/clubs/{club}/members/{member}/statement"),
    ("GET", "/clubs/{club}/members/{member}/statement.pdf"),
    ("GET", "/clubs/{club}/members/{member}/statement.csv"),
    ("GET", "/evenings/{evening}/close"),
    ("POST", "/evenings/{evening}/close"),
    ("POST", "/evenings/{evening}/reopen"),
    ("GET", "/evenings/{evening}"),
    ("GET", "/evenings/{evening}/settlement"),
    ("GET", "/evenings/{evening}/settlement.pdf"),
    ("POST", "/evenings/{evening}/settlement/pay"),
    ("GET", "/evenings/{evening}/version"),
    ("GET", "/events"),
    ("GET", "/events/new"),
    ("POST", "/events/new"),
    ("GET", "/events/{event}"),
    ("GET", "/events/{event}/manage/{token}"),
    ("POST", "/events/{event}/players"),
    ("POST", "/events/{event}/withdraw"),
    ("POST", "/events/{event}/draw"),
    ("GET", "/events/{event}/close"),
    ("POST", "/events/{event}/close"),
    ("POST", "/events/{event}/reopen"),
    ("POST", "/events/{event}/lock"),
    ("POST", "/events/{event}/penalty"),
    ("GET", "/events/{event}/slips"),
    ("GET", "/events/{event}/slips.pdf"),
    ("GET", "/events/{event}/tables/{game}/qr.svg"),
    ("GET", "/events/{token}"),
    ("GET", "/events/{token}/wall"),
    ("GET", "/events/{token}/results"),
    ("GET", "/events/{token}/results.pdf"),
    ("GET", "/events/{token}/results.csv"),
    ("GET", "/events/{token}/results.json"),
    ("GET", "/games/new"),
    ("POST", "/games/new"),
    ("GET", "/games/new/{name}"),
    ("POST", "/games/new/{name}"),
    ("GET", "/games/import"),
    ("POST", "/games/import"),
    ("GET", "/games/{game}"),
    ("GET", "/games/{game}/version"),
    ("GET", "/games/{game}/fiche"),
    ("GET", "/games/{game}/history"),
    ("GET", "/games/{game}/lost-fiche"),
    ("GET", "/games/{game}/story"),
    ("GET", "/games/{game}/game.json"),
    ("GET", "/games/{game}/report.json"),
    ("GET", "/games/{game}/journal.csv"),
    ("GET", "/games/{game}/standings.csv"),
    ("GET", "/games/{game}/settlement"),
    ("POST", "/games/{game}/settlement"),
    ("GET", "/games/{game}/settlement.pdf"),
    ("POST", "/games/{game}/settlement/paid"),
    ("GET", "/games/{game}/setup"),
    ("POST", "/games/{game}/setup"),
    ("GET", "/games/{game}/sheet/setup"),
    ("POST", "/games/{game}/sheet/setup"),
    ("GET", "/games/{game}/coups"),
    ("POST", "/games/{game}/coups"),
    ("POST", "/games/{game}/preview"),
    ("GET", "/games/{game}/coups/{n}/edit"),
    ("POST", "/games/{game}/coups/{n}/edit"),
    ("GET", "/games/{game}/coups/{n}/delete"),
    ("POST", "/games/{game}/coups/{n}/delete"),
    ("POST", "/games/{game}/undo"),
    ("POST", "/games/{game}/redo"),
    ("POST", "/games/{game}/sheet/coups"),
    ("GET", "/games/{game}/sheet/coups/{n}/edit"),
    ("POST", "/games/{game}/sheet/coups/{n}/edit"),
    ("GET", "/games/{game}/sheet/coups/{n}/delete"),
    ("POST", "/games/{game}/sheet/coups/{n}/delete"),
    ("POST", "/games/{game}/sheet/undo"),
    ("POST", "/games/{game}/sheet/redo"),
    ("GET", "/games/{game}/links"),
    ("POST", "/games/{game}/links"),
    ("GET", "/games/{game}/phones/{grant}/remove"),
    ("POST", "/games/{game}/phones/{grant}/remove"),
    ("POST", "/games/{game}/phones/{grant}/name"),
    ("POST", "/games/{game}/handover-code"),
    ("GET", "/games/{game}/takeover"),
    ("POST", "/games/{game}/takeover"),
    ("GET", "/games/{game}/seat"),
    ("POST", "/games/{game}/seat"),
    ("GET", "/games/{game}/stop"),
    ("POST", "/games/{game}/stop"),
    ("POST", "/games/{game}/resume"),
    ("GET", "/games/{game}/manage/{token}"),
    ("GET", "/games/{game}/table/{token}"),
]
OPEN_TO_STRANGERS = {
    "/games/new",
    "/games/new/{name}",
    "/games/import",
    "/clubs/new",
    "/games/{game}/manage/{token}",
    "/games/{game}/table/{token}",
    "/games/{game}/takeover",
    "/clubs/{club}/manage",
    "/events/new",
    "/events/{event}/manage/{token}",
}
"""Where a browser with no right may change the database (create, or open a link or use a
code it holds: the fuzz sends the real ones too)."""
EXAMPLE_PLACES = {
    "game": "1",
    "n": "1",
    "club": "2",
    "member": "1",
    "evening": "1",
    "entry": "1",
    "event": "1",
    "grant": "1",
    "token": "t",
    "name": "brou",
    "code": "en",
    "file": "style.css",
}
QUERY_NAMES = [
    "page",
    "position",
    "again",
    "evening",
    "next",
    "key",
    "sep",
    "from",
    "to",
    "sort",
    "back",
    "n",
    "x",
    "saved",
    "on",
    "mode",
    "before",
    "after",
]
NO_SUCH = st.sampled_from(["0", "99", "4096", str(2**63), "9" * 30])
"""Numbers in an address that name nothing."""


def test_the_fuzz_names_every_route(tmp_path):
    """Every route and method of the app is in EVERY_ROUTE, and every entry is a route."""
    app = new_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "r.sqlite")})
    adapter = app.url_map.bind("localhost")
    named = set()
    for method, address in EVERY_ROUTE:
        rule, _ = adapter.match(address.format(**EXAMPLE_PLACES), method=method, return_rule=True)
        named.add((rule.rule, method))
    routes = {
        (rule.rule, method)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert routes - named == set(), "routes the fuzz does not send to: add them to EVERY_ROUTE"
    assert len(named) == len(EVERY_ROUTE)


def places(world, draw) -> dict[str, str]:
    """What fills an address: mostly what the world holds, sometimes what it does not."""

    def one(values):  # one time in four, a number that names nothing
        return (
            draw(st.sampled_from([str(v) for v in values]))
            if draw(st.integers(0, 3))
            else draw(NO_SUCH)
        )

    return {
        "game": one(world.games),
        "n": one([1, 2, 3]),
        "club": one([1, 2]),
        "member": one(world.members),
        "evening": one([1]),
        "entry": one(world.entries),
        "event": one([1]),
        "grant": one(world.grants),
        "token": draw(
            st.one_of(st.sampled_from(world.tokens), URL_TEXT.map(lambda t: quote(t, safe="")))
        ),
        "name": draw(
            st.one_of(
                st.sampled_from([*kinds.GAMES, "toy"]),  # every game's page, one that is not
                URL_TEXT.map(lambda t: quote(t, safe="")),
            )
        ),
        "code": draw(
            st.one_of(
                st.sampled_from(["fr", "en", "da", "nl"]), URL_TEXT.map(lambda t: quote(t, safe=""))
            )
        ),
        "file": draw(st.sampled_from(["style.css", "app.js", "nothing.css", "..%2Fapp.py"])),
    }


def answer_is_sane(path, browser, method, url, may_change, explained=True, **kwargs):
    """No 500; a refusal says so on an HTML page and changes nothing; redirects stay here.

    ``explained=False``: a refusal may have no message (a field its page does not show).
    """
    before = snapshot(path)
    response = browser.open(url, method=method, **kwargs)
    response.close()  # a static file's stream
    assert response.status_code < 500, (method, url, kwargs, response.data[:500])
    target = urlsplit(response.headers.get("Location", "/"))
    assert target.netloc in ("", "localhost") and target.path.startswith("/"), (url, target)
    assert not target.path.startswith("//"), (url, target)
    if response.status_code >= 400 and response.mimetype == "text/html" and explained:
        assert 'class="error"' in response.data.decode(), (url, response.status_code)
    if not may_change or response.status_code != 302:
        assert snapshot(path) == before, (method, url, kwargs, response.status_code)
    return response


HOUSE_FIELDS = {"house", "doubling", "all_tricks", "cap", "tie_carry", "club_preset"}
HOUSE_FIELDS |= {"save_preset", "takst", "club_rules"}
"""Manillen's house rules, a club's presets on the new-game forms and the Danish takst (issue
29)."""
EVERY_FIELD = sorted(
    {*FIELDS, "accounting", "stake", "pass_fee", "simple", "bonus", "ante", "rates", "code"}
    | {"nolo_ouvert_bonus", "coups_to_play", "first_five", "black_aces", "file", "submit"}
    | HOUSE_FIELDS
    | {"kind", "member", "amount", "on", "note", "direction", "method", "received_by"}
    | {"evening"}  # the plain fee form's evening chosen (cash22), a suggestion paid's
    | {"payer", "payee", "paid"}
    | {"names", "player", "points", "reason", "round", "table", "unlock", "seating", "method"}
    | {"confirmed"}
    | {"next"}  # the close page's way back (fix22b)
)
UPLOAD = st.one_of(
    st.binary(max_size=300),
    st.sampled_from(SEEDS).map(lambda seed: json.dumps(seed).encode()),
)
MONEY_SYSTEM_FIELDS = POULE_ONLY | {"accounting", "stake", "pass_fee", "simple", "sans_prendre"}
MONEY_SYSTEM_FIELDS |= {"vole", "bonus", "ante", "rates", "nolo_ouvert_bonus", "coups_to_play"}
MONEY_SYSTEM_FIELDS |= {"takst"}
"""L'Hombre's new-game page shows the fields of the money system posted, and no refusal of
another's: a post that mixes systems (only a hand-made one) may be refused without a message."""
HOMBRE_COUP = {"hombre": "0", "contract": "demande", "t0": "4", "t1": "4", "t2": "1", "save": "1"}
ACCEPTED = {
    "/games/new": NEW_GAME,
    "/games/new/{name}": {**FOUR, "first_dealer": "0"},
    "/games/import": {"text": json.dumps(SEED)},
    "/games/{game}/coups": {**HOMBRE_COUP, "entry_key": "fuzz-key-0123456789"},
    "/games/{game}/preview": HOMBRE_COUP,
    "/games/{game}/coups/{n}/edit": HOMBRE_COUP,
    "/games/{game}/sheet/coups": {
        "points": "54",
        "trump": "pique",
        "retourne": "3",
        "entry_key": "k" * 16,
    },
    "/games/{game}/sheet/coups/{n}/edit": {"points": "60", "trump": "coeur"},
    "/clubs/new": {"name": "Club B", "chip_value": "0.05", "currency": "EUR"},
    "/clubs/{club}/evenings": {"date": "2026-11-24", "title": "Mardi"},
    "/clubs/{club}/members": {"name": "Dora", "short_name": "D"},
    "/clubs/{club}/members/{member}": {"name": "Anna B", "short_name": "AB"},
    "/clubs/{club}/merge": {"member": "2", "into": "1"},
    "/clubs/{club}/cash/entries": {
        "kind": "prize",
        "member": "2",
        "amount": "3,5",
        "on": "2026-11-24",
    },
    "/clubs/{club}/cash/fees": {
        "kind": "fee_evening",
        "member": ["2", "3"],
        "amount": "2,50",
        "on": "2026-11-24",
    },
    "/clubs/{club}/cash/entries/{entry}/reverse": {"on": "2026-11-24", "note": "typo"},
    "/games/{game}/settlement/paid": {"payer": "1", "payee": "0", "amount": "6", "paid": "1"},
    "/clubs/{club}/cash/pay": {"payer": "0", "payee": "2", "amount": "300", "method": "cash"},
    "/evenings/{evening}/settlement/pay": {
        "payer": "1",
        "payee": "2",
        "amount": "5",
        "method": "transfer",
    },
    "/events/new": {
        "name": "Cup",
        "club_rules": "",
        "kind": "hombre",
        "seating": "3",
        "format": "individual",
        "rounds": "2",
        "method": "total",
        "bye": "average",
    },
    "/evenings/{evening}/close": {"confirmed": "1", "next": "/events/1"},
    "/games/{game}/stop": {"confirmed": "1"},
    "/events/{event}/close": {"confirmed": "1"},
    "/events/{event}/players": {"names": "Zoe\nYves; Gent"},
    "/events/{event}/withdraw": {"name": "Anne"},
    "/events/{event}/lock": {"round": "1", "table": "1"},
    "/events/{event}/penalty": {
        "player": "Anne",
        "direction": "add",
        "points": "2",
        "reason": "late",
        "round": "0",  # what the form offers while no round is played (the world's event)
    },
}
"""A form each of these routes accepts, that the fuzz changes in part (else most is refused)."""
EVERY = settings(
    FUZZ,
    max_examples=examples(40),
    # no shrinking: an example is 3 routes x 2 browsers on a fresh copy, and shrinking one
    # took over 5 minutes; the failing draws are printed as they came
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


def the_world(tmp_path_factory):
    if "world" not in SHARED:
        path = tmp_path_factory.mktemp("world") / "world.sqlite"
        SHARED["world"] = build_world(str(path), RATELIMIT_ENABLED=False)
    return SHARED["world"], str(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite")


@pytest.mark.long
@EVERY
@given(data=st.data())
def test_every_route_as_its_manager_and_as_a_stranger(tmp_path_factory, data):
    """Random addresses, query strings, forms and files to every route, from both browsers."""
    world, path = the_world(tmp_path_factory)
    manager, stranger = fuzz_copy(world, path)
    for _ in range(3):
        method, address = data.draw(st.sampled_from(EVERY_ROUTE))
        filled = places(world, data.draw)
        value = HOSTILE | st.sampled_from(world.secrets)
        query = data.draw(st.dictionaries(st.sampled_from(QUERY_NAMES), value, max_size=3))
        url = address.format(**filled) + ("?" + urlencode(query) if query else "")
        form = {}
        if method == "POST":
            form = dict(ACCEPTED.get(address, {})) if data.draw(st.booleans()) else {}
            form.update(data.draw(st.dictionaries(st.sampled_from(EVERY_FIELD), value, max_size=6)))
            table = "clubs" if "{club}" in address else "games" if "{game}" in address else ""
            table = "events" if "{event}" in address else table
            right = read(path, table, int(filled[table[:-1]])) if table else ""
            if address.startswith("/evenings/"):  # evening 1 is club 2's: its version
                right = read(path, "clubs", 2)
            form["version"] = data.draw(st.one_of(st.just(right), HOSTILE))
            if address == "/games/import" and data.draw(st.booleans()):
                name = data.draw(st.sampled_from(["game.json", "", "x.pdf", "é\x00.json"]))
                form["file"] = (io.BytesIO(data.draw(UPLOAD)), name)
        for browser, may_change in [
            (stranger, address in OPEN_TO_STRANGERS),
            (manager, True),
        ]:
            sent = dict(form)
            if isinstance(form.get("file"), tuple):  # a stream is read once: one per browser
                sent["file"] = (io.BytesIO(form["file"][0].getvalue()), form["file"][1])
            explained = not set(sent) & MONEY_SYSTEM_FIELDS
            answer_is_sane(path, browser, method, url, may_change, explained, data=sent)


SETUP_FIELDS = sorted(
    {name for _, form in SETUP_FORMS.values() for name in form}
    | {"apply_preset", "accounting", "partie", "manche", "belle", "deals", "sans_atout"}
    | {"parties_to_win", "target", "retourne", "espadille_forcee", "ante", "rates"}
    | {"nolo_ouvert_bonus", "stake", "pass_fee", "simple", "vole", "bonus", "coups_to_play"}
    | HOUSE_FIELDS
)
FITTING = st.sampled_from(
    [
        *("0", "1", "2", "3", "4", "12", "20", "30", "301", "1000", "", "y", "Zoe", "Anne"),
        *("poule", "jetons", "danois", "danois_dlu", "1709", "texte", "dlu", "belge"),
        *("classique", "liee", "seche", "share", "continue", "simple", "double", "3-2", "4-2"),
        *("101", "61", "added", "whole", "boom", "halve_boom", "tournament", "Maison"),
        *("solo 4 3 5", "nolo_pur 5 5 6, solo 1 1 1", "soiree_40"),
    ]
)
"""Values a set-up form's fields take, so that many changes are accepted."""
SETUP = settings(FUZZ, max_examples=examples(40))


def setup_address(kind: str, game: int) -> str:
    sheet = "/sheet" if kind in SHEET_KINDS else ""
    return f"/games/{game}{sheet}/setup"


@SETUP
@given(data=st.data())
def test_the_setup_of_every_kind_takes_random_changes(tmp_path_factory, data):
    """Each kind's set-up form, as its page sends it, with fields changed, dropped or added.

    The stranger's post changes nothing; the manager's (with the game's version)
    is stored or refused with a message, and the game's pages draw it. A jetons
    or Danish set-up answered 500 before 54b03fe (``rules.describe()`` missing).
    """
    world, path = the_world(tmp_path_factory)
    manager, stranger = fuzz_copy(world, path)
    kind = data.draw(st.sampled_from(list(SETUP_FORMS)))
    game = world.setup[kind]
    form = {**SETUP_FORMS[kind][1], "version": read(path, "games", game)}
    for name in data.draw(st.sets(st.sampled_from(sorted(form)), max_size=2)):
        del form[name]
    changes = data.draw(
        st.dictionaries(st.sampled_from(SETUP_FIELDS), FITTING | HOSTILE, max_size=4)
    )
    form.update(changes)
    # another money system's fields are not on this page: their refusal has no place there
    # (nor when the system itself was dropped: the page falls back to the 1709's fields)
    same_system = form.get("accounting") == SETUP_FORMS[kind][1].get("accounting")
    shown = set(changes) <= set(SETUP_FORMS[kind][1]) - {"accounting"} and same_system
    address = data.draw(
        st.sampled_from(
            [
                setup_address(kind, game),
                setup_address(kind, game),
                f"/games/{game}/setup",
                f"/games/{game}/sheet/setup",
            ]
        )
    )
    refused = answer_is_sane(path, stranger, "post", address, False, data=form)
    assert refused.status_code in (403, 404), (address, refused.status_code)
    answer = answer_is_sane(path, manager, "post", address, True, shown, data=form)
    if answer.status_code == 302:
        for page in (
            "",
            "/settlement",
            "/report.json",
            "/links",
            "/setup" if "sheet" not in address else "/sheet/setup",
        ):
            drawn = manager.get(f"/games/{game}{page}")
            assert drawn.status_code == 200, (page, drawn.status_code)
        with sqlite3.connect(path) as conn:
            (summary,) = conn.execute("select summary from changes order by id desc").fetchone()
        conn.close()
        assert summary, (kind, form)


EVENING_PAGES = [
    "/evenings/1",
    "/evenings/1/settlement",
    "/evenings/1/settlement.pdf",
    "/clubs/2",
    "/clubs/2/season",
    "/clubs/2/season.csv",
    "/clubs/2/ratings",
]


@pytest.mark.long
@settings(FUZZ, max_examples=examples(12))
@given(data=st.data())
@example(data=None).via("a fourth player joins the evening's table (issue 24)")
def test_the_setup_of_an_evening_table_keeps_its_evening_readable(tmp_path_factory, data):
    """After any set-up change of an evening's table, its evening and season draw.

    The table seats Anna, Bert, Cleo (members of club 2); the set-up may
    rename, reorder, add a fourth or drop one. Before the seats followed the
    set-up (issue 24, ea36e41), a fourth player made every one of these pages
    a 500 (``room.py``: ``seat_of[3]`` KeyError).
    """
    world, path = the_world(tmp_path_factory)
    manager, stranger = fuzz_copy(world, path)
    game = world.setup["evening table"]
    names = ["Anna", "Bert", "Cleo", "Zoe", "", "Anne", "anna"]
    if data is None:
        players = ["Anna", "Bert", "Cleo", "Zoe"]
    else:
        players = [data.draw(st.sampled_from(names[:4] if n < 3 else names)) for n in range(4)]
    form = {**EVENING_TABLE, "version": read(path, "games", game)}
    form.update({f"player{n}": name for n, name in enumerate(players)})
    answer_is_sane(path, manager, "post", f"/games/{game}/setup", True, data=form)
    for page in EVENING_PAGES:
        for browser in (manager, stranger):
            answer_is_sane(path, browser, "get", page, False)


def number_fields() -> list[str]:
    """The name of every whole-number field of every form of the app (found, not listed:
    a new number field is fuzzed the day it is added)."""
    from flask_wtf import FlaskForm
    from wtforms.fields.core import UnboundField

    import scorekeeper.web  # noqa: F401  every form class imported
    from scorekeeper.web.formats.numbers import WholeField

    found: set[str] = set()
    classes = [FlaskForm]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        for name, value in vars(cls).items():
            if isinstance(value, UnboundField) and issubclass(value.field_class, WholeField):
                found.add(name)
    return sorted(found)


NUMBER_FIELDS = number_fields()
TYPED_NUMBERS = ["amount", "chip_value", "version", "member", "into", "payer", "payee"]
TYPED_NUMBERS += ["first_dealer", "retourne", "t0", "t1", "t2", "hombre", "position"]
"""Numbers the forms read as text or choices (money, ids, seats, tricks): fuzzed alike."""
POST_ROUTES = [address for method, address in EVERY_ROUTE if method == "POST"]
NUMBERS = settings(EVERY, max_examples=examples(40))


def test_the_number_fields_are_found():
    # the forms' number fields as the issue lists them: the event's seed, a coup's points,
    # a hombre game's cave, manillen's target, brou's mariage counts
    assert {"seed", "rounds", "points", "cave", "fiche", "target", "deals"} <= set(NUMBER_FIELDS)
    assert "m_nous_grand_atout_t" in NUMBER_FIELDS and "bye_credit" in NUMBER_FIELDS


@pytest.mark.long
@NUMBERS
@given(data=st.data())
def test_every_number_field_of_every_route_takes_hostile_numbers(tmp_path_factory, data):
    """10^400, negative, fractional and non-ASCII digits in every number field, to every
    route that takes a form, from the manager and a stranger: no 5xx, a refusal said."""
    world, path = the_world(tmp_path_factory)
    manager, stranger = fuzz_copy(world, path)
    for _ in range(3):
        address = data.draw(st.sampled_from(POST_ROUTES))
        filled = places(world, data.draw)
        form = dict(ACCEPTED.get(address, {}))
        names = st.sampled_from(NUMBER_FIELDS + TYPED_NUMBERS)
        fields = data.draw(st.lists(names, min_size=1, max_size=6))
        form.update({name: data.draw(NUMBER_TEXTS) for name in fields})
        table = "clubs" if "{club}" in address else "games" if "{game}" in address else ""
        table = "events" if "{event}" in address else table
        form["version"] = read(path, table, int(filled[table[:-1]])) if table else ""
        url = address.format(**filled)
        for browser, may_change in [(stranger, address in OPEN_TO_STRANGERS), (manager, True)]:
            explained = not set(form) & MONEY_SYSTEM_FIELDS
            answer_is_sane(path, browser, "POST", url, may_change, explained, data=dict(form))


@settings(FUZZ, max_examples=examples(25))
@given(data=st.data())
def test_a_fee_form_with_a_forged_evening_stores_none(tmp_path_factory, data):
    """The Fee form typed on an evening's view posts ``?evening=<id>``: the fee names that
    evening when it is one of the club's, held on the fee's date (fees18). A forged one —
    nonsense, past SQLite's integers, none of the club's — is never a 500 and never stored:
    not found (404, as a GET of that evening), nothing recorded (fix19a; it was recorded
    naming no evening, with no word). An empty one asks no evening. Evening 1 is club 2's,
    held on 2026-11-23, Anna's club: an evening fee dated another day from its view is
    refused beside the date (422, nothing written: fix22a, it was stored naming none);
    season dues name none, whatever their date."""
    world, path = the_world(tmp_path_factory)
    manager, _ = fuzz_copy(world, path)
    forged = data.draw(st.one_of(HOSTILE, NO_SUCH, NUMBER_TEXTS, st.sampled_from(["1", "-1"])))
    on = data.draw(st.sampled_from(["2026-11-23", "2026-11-24"]))
    kind = data.draw(st.sampled_from(["fee_evening", "fee_season"]))
    with sqlite3.connect(path) as conn:
        anna = conn.execute("select min(id) from members where club_id = 2").fetchone()[0]
        last = conn.execute("select max(id) from ledger").fetchone()[0]
    conn.close()
    form = {"kind": kind, "member": [str(anna)], "amount": "2,50"}
    form |= {"on": on, "version": read(path, "clubs", 2)}
    url = "/clubs/2/cash/fees?" + urlencode({"evening": forged})
    answer = answer_is_sane(path, manager, "POST", url, True, data=form)
    with sqlite3.connect(path) as conn:
        named = [r[0] for r in conn.execute("select evening_id from ledger where id > ?", [last])]
    conn.close()
    # "1" however written (whole's reading) is evening 1; "" asks none; else refused
    asks = {"": None} if forged == "" else {} if whole(forged) != 1 else {forged: 1}
    if forged not in asks:
        assert (answer.status_code, named) == (404, [])
    elif asks[forged] is None or kind == "fee_season":  # none asked, or the season's dues
        assert (answer.status_code, named) == (302, [None])
    elif on == "2026-11-23":
        assert (answer.status_code, named) == (302, [1])
    else:  # evening 1's fee of another day
        assert (answer.status_code, named) == (422, [])


@settings(FUZZ, max_examples=examples(25))
@given(data=st.data())
def test_the_plain_fee_forms_evening_chosen_is_stored_or_refused(tmp_path_factory, data):
    """The plain cash box's Fee form says which evening of its date the fee is for (its
    ``evening`` field, cash22): what is chosen is stored, the row read back. Evening 1 is
    club 2's, held on 2026-11-23: chosen for a fee of that date, the row names it; none
    (empty), the row names none; anything else — nonsense, past SQLite's integers, an evening
    of another date or none of the club's — is refused (422) with nothing written, never a
    500."""
    world, path = the_world(tmp_path_factory)
    manager, _ = fuzz_copy(world, path)
    chosen = data.draw(st.one_of(HOSTILE, NO_SUCH, NUMBER_TEXTS, st.sampled_from(["1", ""])))
    on = data.draw(st.sampled_from(["2026-11-23", "2026-11-24"]))
    with sqlite3.connect(path) as conn:
        anna = conn.execute("select min(id) from members where club_id = 2").fetchone()[0]
        last = conn.execute("select max(id) from ledger").fetchone()[0]
    conn.close()
    form = {"kind": "fee_evening", "member": [str(anna)], "amount": "2,50", "evening": chosen}
    form |= {"on": on, "version": read(path, "clubs", 2)}
    answer = answer_is_sane(path, manager, "POST", "/clubs/2/cash/fees", True, data=form)
    with sqlite3.connect(path) as conn:
        named = [r[0] for r in conn.execute("select evening_id from ledger where id > ?", [last])]
    conn.close()
    if not chosen.strip():
        assert (answer.status_code, named) == (302, [None])
    elif whole(chosen.strip()) == 1 and on == "2026-11-23":
        assert (answer.status_code, named) == (302, [1])
    else:
        assert (answer.status_code, named) == (422, [])
        # drawn again with one option checked, the refusal beside the field (fix22a: a
        # forged value drew none checked, not even None)
        page = answer.get_data(as_text=True)
        assert len(re.findall(r'name="evening" value="\d*" checked', page)) == 1, chosen
        assert 'id="fee-evening-error"' in page, chosen


@settings(FUZZ, max_examples=examples(25))
@given(data=st.data())
def test_the_box_forms_refuse_a_forged_evening(tmp_path_factory, data):
    """The box's other forms typed on an evening's view (a charge, a payment, a suggestion
    paid) come back to it with ``?evening=<id>``: a forged one is not found (404) before
    anything is written, as the Fee form's and the page's own (fix19a). Evening 1 is club
    2's; an empty one asks none."""
    world, path = the_world(tmp_path_factory)
    manager, _ = fuzz_copy(world, path)
    forged = data.draw(st.one_of(HOSTILE, NO_SUCH, NUMBER_TEXTS))
    assume(forged != "" and whole(forged) != 1)
    with sqlite3.connect(path) as conn:
        anna = conn.execute("select min(id) from members where club_id = 2").fetchone()[0]
    conn.close()
    route, form = data.draw(
        st.sampled_from(
            [
                ("entries", {"kind": "charge", "member": str(anna), "amount": "2,50"}),
                ("entries", {"kind": "payment", "member": str(anna), "amount": "2,50"}),
                ("pay", {"payer": str(anna), "payee": "0", "amount": "250", "method": "cash"}),
            ]
        )
    )
    form |= {"on": "2026-11-23", "version": read(path, "clubs", 2)}
    url = f"/clubs/2/cash/{route}?" + urlencode({"evening": forged})
    answer = answer_is_sane(path, manager, "POST", url, False, data=form)
    assert answer.status_code == 404, (url, answer.status_code)
    assert manager.get("/clubs/2/cash?" + urlencode({"evening": forged})).status_code == 404


@settings(FUZZ, max_examples=examples(25))
@given(data=st.data())
def test_a_json_body_is_no_form(tmp_path_factory, data):
    """No route reads a JSON body (``ServedRequest.is_json``): posted to a form, one that is
    not an object (``5``, ``[1]``) was Flask-WTF's form data, a 500 on every form (with the
    page's CSRF token, as in production); it is a form sent empty now, refused as one."""
    world, path = the_world(tmp_path_factory)
    manager, stranger = fuzz_copy(world, path)
    address = data.draw(st.sampled_from([a for m, a in EVERY_ROUTE if m == "POST"]))
    url = address.format(**places(world, data.draw))
    body = data.draw(
        st.one_of(
            st.sampled_from(["5", "[1]", "[[1, 2, 3]]", '"x"', "null", "{}", "[", '{"a": [1]}']),
            st.text(max_size=20),
        )
    )
    for browser, may_change in [(stranger, address in OPEN_TO_STRANGERS), (manager, False)]:
        answer_is_sane(
            path,
            browser,
            "POST",
            url,
            may_change,
            False,
            data=body,
            content_type="application/json",
        )


@settings(FUZZ, max_examples=examples(25))
@example(sent="/events/1")
@example(sent="//evil.example")
@example(sent="https://evil.example/")
@example(sent="/\\evil.example")
@given(sent=st.one_of(NEXT, HOSTILE, st.sampled_from(["/events/1", "/clubs/2", "http://x/"])))
def test_the_close_pages_next_goes_back_here_or_to_the_evening(tmp_path_factory, sent):
    """The close page opened with a ``next`` (the director's list of round evenings, fix22b)
    goes back there once the evening is closed, if it is a path of this site; anything else
    is ignored: never a 500, never another site, the evening's page as without one. The
    manager closes club 2's evening 1."""
    world, path = the_world(tmp_path_factory)
    manager, _ = fuzz_copy(world, path)
    page = manager.get("/evenings/1/close", query_string={"next": sent})
    assert page.status_code == 200, page.data[:300]
    carried = re.findall(r'name="next" value="([^"]*)"', page.text)
    assert carried in ([], [str(escape(sent))]), (sent, carried)
    form = {"confirmed": "1", "version": read(path, "clubs", 2), "next": sent}
    answer = answer_is_sane(path, manager, "POST", "/evenings/1/close", True, data=form)
    assert answer.status_code == 302
    back = answer.headers["Location"]
    # on this site, a path: what was sent when the page carried it, else the evening's page
    assert back == ("/evenings/1" if not carried else iri_to_uri(sent)), (sent, back)
    assert not urlsplit(back).netloc and not back.startswith("//") and "\\" not in back
    if sent in ("//evil.example", "https://evil.example/", "/\\evil.example"):
        assert back == "/evenings/1"
    if sent == "/events/1":
        assert back == "/events/1"
