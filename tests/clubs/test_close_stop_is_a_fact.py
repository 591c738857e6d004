"""The evening's close stops its tables, and its reopening finds them by a fact of the stop's
line (store/stops.py ``WITH``), not by the words of its summary: words reworded or
translated would leave a table the close ended stopped for good. A stop written before the
fact was kept (its summary's words only) is still taken back. The game's change log says
that the evening's close stopped the table, not "the table stopped here" as its manager's
own stop reads, in French, English, Danish and Dutch."""

from __future__ import annotations

import html
import json

from test_close_ends_tables import seed_start, store_of
from test_clubs import club_version, new_club, new_evening
from test_clubs_computed import club_with_evening, seed, table

from scorekeeper import clubs, store
from scorekeeper.clubs import closing
from scorekeeper.store import stops
from scorekeeper.store.audit import verify
from scorekeeper.store.changelog import Action
from scorekeeper.store.changing import changing
from scorekeeper.store.game_owner import GameOwner


def _club(db, club_id: int) -> clubs.Club:
    found = clubs.club(db, club_id)
    assert found is not None
    return found


def _last(db, game_id: int, action: Action) -> tuple[dict, str]:
    before, after, summary = db.execute(
        "select before, after, summary from changes where game_id = ? and action = ?"
        " order by id desc limit 1",
        [game_id, str(action)],
    ).fetchone()
    return json.loads(after if action == Action.STOP else before), summary


def test_the_reopening_reads_the_closes_stop_as_a_fact_not_its_words(db, monkeypatch):
    """Its summary reworded ("stopped alongside its evening"), the close's stop is still the
    evening's: its line says so (``"with": "evening"``) and the reopening plays it on."""
    monkeypatch.setattr(stops, "BY_EVENING", "alongside its evening")
    club, evening = club_with_evening(db)
    game = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=4))
    closing.close(db, _club(db, club.id), evening, _club(db, club.id).version)
    said, summary = _last(db, game, Action.STOP)
    assert said == {"stopped": True, "with": "evening"}
    assert summary == "stopped alongside its evening, coup 4"
    closing.reopen(db, _club(db, club.id), evening, _club(db, club.id).version)
    assert not store.load(db, game).stopped
    assert _last(db, game, Action.RESUME)[0] == {"stopped": True, "with": "evening"}
    # a manager's own stop says nothing of the kind: the reopening leaves it stopped
    store.stop(db, game)
    assert _last(db, game, Action.STOP)[0] == {"stopped": True}
    closing.close(db, _club(db, club.id), evening, _club(db, club.id).version)
    closing.reopen(db, _club(db, club.id), evening, _club(db, club.id).version)
    assert store.load(db, game).stopped
    assert not verify(db).faults


def _stop_as_before(db, game_id: int) -> None:
    """A close's stop as ``stops._end`` wrote it before the fact was kept: its summary's
    words only, ``after`` the stop alone."""
    with changing(db, GameOwner(game_id), None, Action.STOP) as change:
        db.execute("update games set stopped = 1 where id = ?", [game_id])
        last = len(change.stored.game.coups)
        change.position = last
        change.after = {"stopped": True}
        change.summary = f"stopped with its evening, coup {last}"


def test_a_stop_written_before_the_fact_is_still_taken_back_by_the_reopening(db):
    club, evening = club_with_evening(db)
    game = table(db, evening, seed("Anne", "Bruno", "Chloé", coups=4))
    _stop_as_before(db, game)
    closing.close(db, _club(db, club.id), evening, _club(db, club.id).version)
    said, _summary = _last(db, game, Action.STOP)
    assert said == {"stopped": True}  # the close found it stopped: no line of its own
    assert stops.ended_by("stop", None, json.dumps(said), _summary) == stops.EVENING
    closing.reopen(db, _club(db, club.id), evening, _club(db, club.id).version)
    assert not store.load(db, game).stopped
    assert not verify(db).faults


ENDED = {
    "en": ("the evening's close stopped the table", "the evening reopened: the table plays on"),
    "fr": (
        "la clôture de la soirée a arrêté la table",
        "soirée rouverte\u202f: la table reprend",
    ),
    "da": ("aftenens lukning stoppede bordet", "aftenen genåbnet: bordet spiller videre"),
    "nl": (
        "de afsluiting van de avond heeft de tafel gestopt",
        "avond heropend: de tafel speelt verder",
    ),
}
OWN = {
    "en": "the table stopped here",
    "fr": "la table s’est arrêtée là",
    "da": "bordet stoppede her",
    "nl": "de tafel is hier gestopt",
}


def test_the_change_log_says_the_evenings_close_stopped_the_table(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_start(client, evening, 4)
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    reopen = {"version": club_version(app)}
    assert client.post(f"/evenings/{evening}/reopen", data=reopen).status_code == 302
    game_id = int(game.rstrip("/").rsplit("/", 1)[1])
    version = str(store.load(store_of(app), game_id).version)
    stop = {"version": version, "confirmed": "1"}
    assert client.post(game + "/stop", data=stop).status_code == 302
    assert store.load(store_of(app), game_id).stopped  # the manager's own stop, coup 4
    for language, (stopped, reopened) in ENDED.items():
        page = client.get(game + "/history", headers={"Accept-Language": language}).text
        words = [
            html.unescape(line.split("<b>", 1)[1].split("</b>", 1)[0])
            for line in page.splitlines()
            if "<time" in line and "<b>" in line
        ]
        # newest first: the manager's stop, the reopening, the close's stop, 4 coups, creation
        assert words[:3] == [OWN[language], reopened, stopped], (language, words)


def test_a_tables_settlement_says_its_evenings_close_stopped_it(client, app, tmp_path):
    """A treasurer reading a table that the evening's close stopped was told only "the table
    stopped here": its settlement (and the PDF drawn from it) says who stopped it, in the
    reader's language, as its history does (``offers.stopped_text``, words24: one sentence
    whose subject is the evening's close); a table its manager stopped "stopped here"."""
    from test_settlement import pdf_text

    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_start(client, evening, 4)
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    said = {
        "en": "The evening's close stopped the table after its 4 coups: the game ended as",
        "fr": "La clôture de la soirée a arrêté la table après ses 4 coups",
        "da": "Aftenens lukning stoppede bordet efter sine 4 spil",
        "nl": "De afsluiting van de avond heeft de tafel gestopt na haar 4 spellen",
    }
    for language, words in said.items():
        page = client.get(game + "/settlement", headers={"Accept-Language": language}).text
        assert words in html.unescape(page).replace("\u202f", " "), language
    pdf = client.get(game + "/settlement.pdf", headers={"Accept-Language": "en"})
    assert "The evening's close stopped the table" in " ".join(pdf_text(pdf.data, tmp_path).split())
    # reopened, then stopped by its manager: the stop is theirs, and nothing more is said
    assert (
        client.post(f"/evenings/{evening}/reopen", data={"version": club_version(app)}).status_code
        == 302
    )
    game_id = int(game.rsplit("/", 1)[1])
    version = str(store.load(store_of(app), game_id).version)
    assert (
        client.post(game + "/stop", data={"version": version, "confirmed": "1"}).status_code == 302
    )
    page = client.get(game + "/settlement", headers={"Accept-Language": "en"}).text
    assert "The table stopped here, after its 4 coups: the game ended as it stood.</p>" in page
