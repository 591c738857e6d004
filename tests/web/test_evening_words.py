"""A club evening's words as a careful French, English, Danish or Dutch organiser writes
them: the close names the tables it stops and no other, a list of tables reads "1 et 3",
the seat form's label, a member's own statement at nil, the Danish treasurer's word.

The evening built: table 1 (Anne, Bruno, Chloé) has the seed's first four coups, table 2
(Denis, Émile, Fanny) no coup yet, table 3 (Gilles, Hugo, Inès) the seed's first two: two
tables still playing (1 and 3), one where nothing was played (2).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from babel.messages.pofile import read_po
from test_close_ends_tables import seed_start, store_of
from test_clubs import _hombre, club_version, new_club, new_evening
from web import SEED_COUPS, enter, new_game

from scorekeeper import store


def said(page: str, element: str) -> str:
    """The text of the element with this id, tags out, spaces as one plain space."""
    found = re.search(rf'id="{element}"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None, element
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).replace("\u202f", " ").split())


def get(client, address: str, language: str) -> str:
    answer = client.get(address, headers={"Accept-Language": language})
    assert answer.status_code == 200, answer.status_code
    return answer.data.decode()


def table(client, evening: int, names: tuple[str, str, str], coups: int) -> str:
    """A table of the evening with these players and the seed's first ``coups``."""
    data = {f"player{i}": name for i, name in enumerate(names)}
    answer = client.post(f"/games/new?evening={evening}", data={**_hombre(), **data})
    assert answer.status_code == 302, answer.data.decode()[-1500:]
    game = answer.headers["Location"]
    for line in SEED_COUPS[:coups]:
        assert enter(client, game, line).status_code in (200, 302)
    return game


def evening_of_three(client, app) -> tuple[int, int, list[str]]:
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    games = [
        seed_start(client, evening, 4),
        table(client, evening, ("Denis", "Émile", "Fanny"), 0),
        table(client, evening, ("Gilles", "Hugo", "Inès"), 2),
    ]
    return club, evening, games


def game_id(address: str) -> int:
    return int(address.rstrip("/").rsplit("/", 1)[1])


def test_the_close_names_the_tables_it_stops_and_says_the_empty_one_apart(client, app):
    """Tables 1 and 3 are still playing: the close stops them (store/stops.py
    ``with_evening``); table 2 has no coup: nothing to end, the close leaves it as it is.
    Its question named "Tables 1, 2, 3 are still playing": table 2 too."""
    _club, evening, games = evening_of_three(client, app)
    words = {
        "en": (
            "Tables 1 and 3 are still playing: closing stops them as they stand now.",
            "No coup has been played at table 2 yet: closing has nothing to end there.",
        ),
        "fr": (
            "Les tables 1 et 3 jouent encore : clore la soirée les arrête là où elles en sont.",
            "Aucun coup n’a encore été joué à la table 2 : clore la soirée n’y arrête rien.",
        ),
        "da": (
            "Bord 1 og 3 spiller stadig: lukningen stopper dem, som de står nu.",
            "Ved bord 2 er der endnu ikke spillet noget spil: lukningen har intet at stoppe der.",
        ),
        "nl": (
            "Tafels 1 en 3 spelen nog: afsluiten stopt ze zoals ze nu staan.",
            "Aan tafel 2 is nog geen spel gespeeld: afsluiten heeft daar niets te stoppen.",
        ),
    }
    for language, (playing, empty) in words.items():
        page = get(client, f"/evenings/{evening}/close", language)
        assert said(page, "still-playing") == playing, language
        assert said(page, "no-coup") == empty, language
        assert 'id="all-over"' not in page, language  # two tables play: not all over
    # the seam: the tables named are the tables the close stops, and no other
    page = get(client, f"/evenings/{evening}/close", "en")
    named = [int(n) for n in re.findall(r"\d+", said(page, "still-playing"))]
    answer = client.post(
        f"/evenings/{evening}/close", data={"confirmed": "1", "version": club_version(app)}
    )
    assert answer.status_code == 302
    db = store_of(app)
    stopped = [no for no, g in enumerate(games, 1) if store.load(db, game_id(g)).stopped]
    assert named == stopped == [1, 3]


def test_an_evening_with_only_an_empty_table_is_neither_playing_nor_over(client, app):
    """One table, no coup: the question names no table still playing, says the empty one,
    and does not call it over ("Its 1 table is over" was said of a table never started)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    table(client, evening, ("Denis", "Émile", "Fanny"), 0)
    page = get(client, f"/evenings/{evening}/close", "en")
    assert 'id="still-playing"' not in page and 'id="all-over"' not in page
    assert said(page, "no-coup") == (
        "No coup has been played at table 1 yet: closing has nothing to end there."
    )


def test_an_evening_without_a_table_is_not_called_over(client, app):
    """An evening where nobody sat down: its close said "Its 0 tables are over." (fr "Sa
    table (0) est terminée.", French's singular for 0): no table, nothing is over. It names
    no table at all."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    for language in ("en", "fr", "da", "nl"):
        page = get(client, f"/evenings/{evening}/close", language)
        assert 'id="all-over"' not in page, language
        assert 'id="still-playing"' not in page and 'id="no-coup"' not in page, language
        assert 'id="confirm-close"' in page, language  # it can still be closed


def test_the_evening_says_which_tables_still_play_as_each_language_lists_them(client, app):
    """The room's pages name every table not over: 1 and 3 still playing, and table 2 apart,
    where no coup was played yet, as the close's question says it (it counts for nobody; the
    room is provisional until it has played: test_room_provisional_until_every_table_played.py).
    Joined with the language's own "and"."""
    _club, evening, _games = evening_of_three(client, app)
    words = {
        "en": "PROVISIONAL — tables 1 and 3 are still playing — no coup played yet at table 2",
        "fr": "PROVISOIRE — les tables 1 et 3 jouent encore — aucun coup encore joué à la table 2",
        "da": "FORELØBIG — bord 1 og 3 spiller stadig — intet spil spillet endnu ved bord 2",
        "nl": "VOORLOPIG — tafels 1 en 3 spelen nog — nog geen spel gespeeld aan tafel 2",
    }
    for language, line in words.items():
        for address in (f"/evenings/{evening}", f"/evenings/{evening}/settlement"):
            assert said(get(client, address, language), "provisional") == line, (language, address)


def test_the_seat_form_asks_in_whose_place(client):
    """The seat form's first field: the seat taken, by the name of who sits there now."""
    game = new_game(client)
    enter(client, game, SEED_COUPS[0])
    words = {
        "en": "Whose seat",
        "fr": "À la place de",
        "da": "I stedet for",
        "nl": "In de plaats van",
    }
    for language, label in words.items():
        page = get(client, game + "/seat", language)
        assert f"<legend>{label}</legend>" in page, (language, page[page.find("<form") :][:600])
    assert "La place de qui" not in get(client, game + "/seat", "fr")


def test_a_members_own_statement_at_nil_speaks_of_him(client, app):
    """Anne's account at nil, nothing apart (no evening, no entry): her own statement says
    that she and the club owe each other nothing, not that "nobody" owes anything."""
    club = new_club(client)
    data = {"name": "Anne", "version": club_version(app)}
    assert client.post(f"/clubs/{club}/members", data=data).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        anne = conn.execute("select id from members where name = 'Anne'").fetchone()[0]
    words = {
        "en": "The club and Anne owe each other nothing.",
        "fr": "Le club et Anne ne se doivent rien.",
        "da": "Klubben og Anne skylder ikke hinanden noget.",
        "nl": "De club en Anne zijn elkaar niets verschuldigd.",
    }
    nobody = {"en": "Nobody owes", "fr": "Personne ne doit", "da": "Ingen skylder", "nl": "Niemand"}
    for language, line in words.items():
        page = get(client, f"/clubs/{club}/members/{anne}/statement", language)
        assert said(page, "balance") == line, language
        assert nobody[language] not in page, language


def test_the_danish_club_pages_call_its_manager_the_treasurer(client, app):
    """The club's manager, who closes its evenings and keeps its cash box, is its
    *kasserer* and their link a *kassererlink* (docs/translations.md), as the catalog's
    "the treasurer" is *kassereren*; *regnskabsfører* is a table's bête manager."""
    club = new_club(client)
    page = get(client, f"/clubs/{club}", "da")  # the manager link, shown once
    link = said(page, "manager-link")
    assert link.startswith("Klubbens kassererlink (vises kun én gang"), link
    assert ">Nyt kassererlink</button>" in page
    evening = new_evening(client, app, club, "2026-11-27")
    close = get(client, f"/evenings/{evening}/close", "da")
    assert "Klubbens kasserer kan genåbne den." in close
    for text in (page, close):
        assert "regnskabsfør" not in text.casefold() and "Klubbens leder" not in text


def test_a_list_in_a_sentence_is_joined_as_the_language_joins_one(app):
    """CLDR's list patterns, through the reader's language: two items with its "and",
    three with commas before it (English's serial comma, none in the others)."""
    from scorekeeper.web.formats.words import and_list

    words = {
        "en": ("1 and 3", "1, 2, and 3"),
        "fr": ("1 et 3", "1, 2 et 3"),
        "da": ("1 og 3", "1, 2 og 3"),
        "nl": ("1 en 3", "1, 2 en 3"),
    }
    for language, (two, three) in words.items():
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert (and_list([1, 3]), and_list([1, 2, 3]), and_list([7])) == (two, three, "7")


def test_the_danish_catalog_calls_the_clubs_manager_kasserer():
    """Every Danish message of the club's manager: its link, its new link, and "the club's
    manager can reopen" on the close's question and on a closed evening's table."""
    po = Path(__file__).parents[2] / "scorekeeper/translations/da/LC_MESSAGES/messages.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    club_words = [
        m
        for m in catalog
        if isinstance(m.id, str)
        and re.search(r"club's manager|manager link of the club|^New manager link$", m.id)
    ]
    assert len(club_words) == 4, [m.id for m in club_words]
    for message in club_words:
        assert "kasserer" in message.string and "leder" not in message.string, message.id
        assert "regnskabsfør" not in message.string, message.id


def test_the_danish_catalog_calls_a_tables_manager_link_one_way():
    """A table's manager link is a *regnskabsførerlink* on the table's own pages ("Dit
    regnskabsførerlink"); the event director's page called the same link "Bordets
    lederlink". Every Danish message of a table's manager link names it one way."""
    po = Path(__file__).parents[2] / "scorekeeper/translations/da/LC_MESSAGES/messages.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    table_links = [
        m
        for m in catalog
        if isinstance(m.id, str)
        and re.search(r"(?i)manager link", m.id)
        and not re.search(r"(?i)event|competition|club|^New manager link$", m.id)
    ]
    assert len(table_links) >= 4, [m.id for m in table_links]
    for message in table_links:
        assert "regnskabsførerlink" in message.string.lower(), (message.id, message.string)


def test_the_new_table_buttons_each_begin_with_a_capital(client, app):
    """play7: a Danish evening offered "L'hombre", "l'Homme de Brou" and "manille" side by
    side (fr "L’Hombre", "l’Homme de Brou", "la Manille"): each game's name as a button
    begins as a button's words do, with a capital, whatever its place in a sentence."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    expected = {
        "fr": ["L’Hombre", "L’Homme de Brou", "La Manille"],
        "da": ["L'hombre", "L'Homme de Brou", "Manille"],
        "en": ["L'Hombre", "L'Homme de Brou", "La Manille"],
    }
    for language, buttons in expected.items():
        page = get(client, f"/evenings/{evening}", language).replace("&#39;", "'")
        shown = re.findall(r'<a class="button" href="/games/new[^"]*">([^<]+)</a>', page)
        assert shown == buttons, (language, shown)
