"""Random and hostile form posts and game files: never a 500, and a refusal changes nothing."""

from __future__ import annotations

import copy
import json
import os
import sqlite3
from urllib.parse import quote, urlsplit

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation import SEED
from web import enter, new_game

from scorekeeper import create_app

HOSTILE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "2",
            "3",
            "9",
            "10",
            "-1",
            "9" * 40,
            "1e309",
            "NaN",
            "sNaN",
            "inf",
            "0.05",
            "3-2",
            "9-9",
            "0-0",
            "a-b",
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "\x00",
            "🂡",
            "demande",
            "retourne",
            "vole",
            "sans_prendre",
            "espadille_forcee",
            "y",
            "on",
            "EUR",
            "nous",
            "eux",
            "Anne",
            "sans-atout",
            "coeur",
            "contre",
            "surcontre",
            "belge",
            "classique",
            "seche",
            "pev_made",
            "claim",
            "abandon",
        ]
    ),
    st.integers(-(10**15), 10**15).map(str),
)
FIELDS = [
    "code",
    "name",
    "short_name",
    "date",
    "title",
    "member",
    "into",
    "chip_value",
    "currency",
    "hombre",
    "contract",
    "t0",
    "t1",
    "t2",
    "matadors",
    "vole_engagee",
    "codille_renounced",
    "note",
    "passed",
    "check",
    "save",
    "version",
    "player0",
    "player1",
    "player2",
    "first_dealer",
    "preset",
    "apply_preset",
    "create",
    "poule_system",
    "mark_value",
    "payments",
    "retourne",
    "espadille_forcee",
    "poules_to_play",
    "end",
    "cave",
    "fiche",
    "chip_value",
    "currency",
    "text",
    "password",
    "player3",
    "points",
    "points_eux",
    "ending",
    "ending_team",
    "renonce",
    "trump",
    "contre",
    "m_nous_petit_a",
    "m_eux_grand_atout_t",
    "parties_to_win",
    "target",
    "variant",
    "partie",
    "manche",
    "belle",
    "deals",
    "sans_atout",
]
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
    "/clubs/2/members/1",
    "/clubs/2/merge",
    "/clubs/2/manager-link",
]
FOUR = {"player0": "Anne", "player1": "Bruno", "player2": "Chloé", "player3": "Denis"}
BROU = {
    "format": "scorekeeper-game/1",
    "game": "brou",
    "players": ["Anne", "Bruno", "Chloé", "Denis"],
    "rules": {"target": 301, "parties_to_win": 10},
    "coups": [
        {"points": 54, "mariages": [{"team": "eux", "trump": True, "table": True}]},
        {"points": 30, "points_eux": 40, "claim": "nous"},
    ],
}
MANILLE = {
    "format": "scorekeeper-game/1",
    "game": "manille",
    "players": ["Anne", "Bruno", "Chloé", "Denis"],
    "rules": {"variant": "classique", "partie": "liee", "manche": 34, "belle": 44},
    "coups": [{"retourne": 3, "points": 28}, {"renonce": "nous"}],
}
MANILLEN = {
    "format": "scorekeeper-game/1",
    "game": "manille",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"variant": "belge", "deals": 30, "sans_atout": 2},
    "coups": [{"trump": "sans-atout", "contre": "contre", "points": 20}, {"renonce": "Anne"}],
}
HUGE_INTS = st.one_of(
    st.integers(2**53, 2**70),
    st.sampled_from([2**63 - 1, 2**63, 2**64, -(2**63) - 1]),
    st.integers(20, 4000).map(lambda n: int("9" * n)),
)
"""Numbers no game holds: past SQLite's integers, of thousands of digits."""
HUGE_NUMERALS = st.one_of(HUGE_INTS.map(str), st.integers(4300, 6000).map(lambda n: "9" * n))
"""The same as text, and past the 4,300 digits Python's int() refuses to read."""
JETONS = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"accounting": "jetons", "stake": 2},
    "coups": [
        {"pass": True, "note": "x"},
        {
            "hombre": "Bruno",
            "contract": "simple",
            "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2},
            "bonuses": [{"player": "Anne", "hand": "charivari"}],
        },
    ],
}
DANISH = {
    "format": "scorekeeper-game/1",
    "game": "hombre",
    "players": ["Anne", "Bruno", "Chloé"],
    "rules": {"accounting": "danois", "rates": "dlu"},
    "coups": [
        {"pass": True},
        {
            "hombre": "Bruno",
            "contract": "jeu_simple",
            "tricks": {"Anne": 2, "Bruno": 5, "Chloé": 2},
            "first_five": False,
        },
    ],
    "money": {"chip_value": "0.05", "currency": "EUR"},
}
SEEDS = [SEED, BROU, MANILLE, MANILLEN, JETONS, DANISH]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | HUGE_INTS
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["\ud800", "A\udfff", "\udc00\ud83c"]),  # halves of UTF-16 pairs
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)


WRONG_TYPES = st.sampled_from([{"a": 1}, {"player": {}}, [], [{}], [[1]], None, True, 2**64])
"""What a reader must refuse wherever a string or a number is expected."""
URL_TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["é", "ééé", "\x00", "\n", "%FF", "🂡", "a" * 300, "/%09/evil.example"]),
)
NEXT = st.one_of(
    st.text(max_size=30).map(lambda t: "/" + t),
    st.sampled_from(["/\t/evil.example", "/\n/x", "/\r\nSet-Cookie: x=1", "/\\evil", "//evil"]),
)
GET_ROUTES = [
    "/games/{n}",
    "/games/{n}/coups",
    "/games/{n}/coups/{n}/edit",
    "/games/1/coups/{n}/delete",
    "/games/{n}/settlement",
    "/games/{n}/journal.csv",
    "/games/{n}/version",
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
    "/clubs/{n}",
    "/clubs/2/season?start={t}&end={t}&sort={t}",
    "/clubs/{n}/season.csv?sort={t}",
    "/evenings/{n}",
    "/evenings/1/settlement?key={t}",
    "/evenings/{n}/version",
]


def make_app(tmp_path_factory, **config):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "f",
            "DATABASE": str(path),
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **config,
        }
    )
    client = app.test_client()
    game = new_game(client)
    enter(client, game, "A demande A4 B4 C1")
    enter(client, game, "B demande A2 B5 C2")
    for kind, fields, coup in [
        ("brou", {}, {"points": "54"}),
        ("manille", {"variant": "belge", "player3": ""}, {"trump": "pique", "points": "31"}),
    ]:
        response = client.post(f"/games/new/{kind}", data={**FOUR, "first_dealer": "0", **fields})
        sheet = response.headers["Location"]
        client.post(sheet + "/sheet/coups", data=coup)
    # a club this phone manages (club 1 is the migration's default club), with an evening
    client.post("/clubs/new", data={"name": "Club", "chip_value": "0.05", "currency": "EUR"})
    with sqlite3.connect(path) as conn:
        (version,) = conn.execute("select version from clubs where id = 2").fetchone()
    conn.close()
    evening = client.post("/clubs/2/evenings", data={"date": "2026-11-23", "version": version})
    assert evening.status_code == 302, evening.status_code
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


def snapshot(path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


def check(path, client, method, route, **kwargs):
    before = snapshot(path)
    response = getattr(client, method)(route, **kwargs)
    assert response.status_code < 500, (route, kwargs, response.data[:500])
    if response.status_code >= 400:
        body = response.data.decode()
        assert 'class="error"' in body, (route, response.status_code, body[:300])
    if response.status_code != 302:
        assert snapshot(path) == before, (route, kwargs)


CI = os.environ.get("CI") == "true"
FUZZ = settings(
    max_examples=120 if CI else 100,  # a larger budget in CI (make test stays under 5 min)
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

ADDRESSES = settings(FUZZ, max_examples=150 if CI else 80)
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


@FUZZ
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


def test_deeply_nested_json_is_refused_not_crashed(tmp_path_factory):
    path, client = make_app(tmp_path_factory)
    check(path, client, "post", "/games/import", data={"text": "[" * 100_000 + "]" * 100_000})


def test_unicode_digits_are_not_numbers(tmp_path_factory):
    path, client = make_app(tmp_path_factory)
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
    from scorekeeper import importing
    from scorekeeper.rules import kinds
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
