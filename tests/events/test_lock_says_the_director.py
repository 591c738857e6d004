"""The director's lock of one table, and its unlocking, on the game's change log: what ended
the table and what let it play on, in the reader's language (store/stops.py ``WITH``).

A lock stops the table's game as a round's close does (``with_round``), but no round was
closed: the change log said "the table ended with its competition round", and its unlocking
"its competition round reopened: the table plays on" while the round had stayed open all
along — a line of the game's log saying what did not happen. The club's event of
test_round_ends_its_tables: one table, the director locks it, then unlocks it; then the
round is closed and reopened, whose lines keep the round's words.
"""

from __future__ import annotations

import html

from test_events import post
from test_round_ends_its_tables import club_event, lock

WORDS = {
    "en": (
        "the director locked the table: it ended as it stands",
        "the director unlocked the table: it plays on",
        "the table ended with its competition round",
        "its competition round reopened: the table plays on",
    ),
    "fr": (
        "le directeur a verrouillé la table\u202f: elle a fini là où elle en était",
        "le directeur a déverrouillé la table\u202f: elle reprend",
        "la table a fini avec son tour de compétition",
        "tour de compétition rouvert\u202f: la table reprend",
    ),
    "da": (
        "turneringslederen låste bordet: det sluttede, som det stod",
        "turneringslederen låste bordet op: det spiller videre",
        "bordet sluttede med sin turneringsrunde",
        "turneringsrunden genåbnet: bordet spiller videre",
    ),
    "nl": (
        "de wedstrijdleider heeft de tafel vergrendeld: ze is geëindigd zoals ze stond",
        "de wedstrijdleider heeft de tafel ontgrendeld: ze speelt verder",
        "de tafel is geëindigd met haar wedstrijdronde",
        "wedstrijdronde heropend: de tafel speelt verder",
    ),
}


def test_a_lock_and_its_unlocking_say_the_director_not_the_round(client, app):
    _club, game, _token, _evening = club_event(client, app)
    assert lock(client, app).status_code == 302
    assert lock(client, app, unlock=True).status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "reopen", confirmed="1").status_code == 302
    for language, (locked, unlocked, ended, reopened) in WORDS.items():
        page = client.get(game + "/history", headers={"Accept-Language": language}).text
        words = [
            html.unescape(line.split("<b>", 1)[1].split("</b>", 1)[0])
            for line in page.splitlines()
            if "<time" in line and "<b>" in line
        ]
        # newest first: the round reopened, the round closed, the unlocking, the lock
        assert words[:4] == [reopened, ended, unlocked, locked], (language, words)


def test_the_events_log_says_a_locked_table_in_words(client, app):
    """play7: the event's log on the director's page printed a lock as stored, "1.1 [-18,
    9, 9]", in every language. It says the round, the table and the result kept in the
    reader's words: the remise's bête shared at the lock (hombre.md §7), Anne (the hombre,
    seat 0) −18, the two others +9 each."""
    club_event(client, app)
    assert lock(client, app).status_code == 302
    assert lock(client, app, unlock=True).status_code == 302
    said = {
        "en": (
            "table's result locked · round 1, table 1: −18 / 9 / 9",
            "table's result unlocked · round 1, table 1",
        ),
        "fr": (
            "résultat de la table verrouillé · tour 1, table 1\u202f: −18 / 9 / 9",
            "résultat de la table déverrouillé · tour 1, table 1",
        ),
    }
    for language, lines in said.items():
        page = html.unescape(client.get("/events/1", headers={"Accept-Language": language}).text)
        for line in lines:
            assert f"</time> · {line}</li>" in page, (language, line)
        assert "1.1 [" not in page, language


def test_the_tables_settlement_says_the_director_locked_it_or_its_round_closed(client, app):
    """The settlement of a competition's table says what stopped it, as a closed evening's
    does: the director's lock, or its round's close (store/stops.py ``stopped_by``)."""
    _club, game, _token, _evening = club_event(client, app)
    assert lock(client, app).status_code == 302
    page = html.unescape(client.get(game + "/settlement").text)
    assert "The director locked the table after its" in page
    assert lock(client, app, unlock=True).status_code == 302
    assert post(client, app, "close", confirmed="1").status_code == 302
    page = html.unescape(client.get(game + "/settlement", headers={"Accept-Language": "fr"}).text)
    assert "La clôture de son tour du tournoi a arrêté la table après son" in page
    assert "verrouillé" not in page
