"""Issue 25: each game names what a correction changed in its own words; a phone's name is
bounded and escaped."""

from __future__ import annotations

import sqlite3

from web import enter, new_game

from scorekeeper.web import registry
from scorekeeper.web.explain import differences


def words_of(app, game: str, before: dict, after: dict, players: tuple[str, ...]) -> tuple:
    web = registry.named(game)
    assert web is not None
    with app.test_request_context(headers={"Accept-Language": "en"}):
        return differences(web.pages, before, after, players)


def test_each_game_names_the_fields_a_correction_changed(app):
    three = ("Anne", "Bruno", "Chloé")
    played = {
        "hombre": "Anne",
        "contract": "demande",
        "tricks": {"Anne": 5, "Bruno": 2, "Chloé": 2},
    }
    corrected = {**played, "tricks": {"Anne": 4, "Bruno": 3, "Chloé": 2}, "matadors": 3}
    assert words_of(app, "hombre", played, corrected, three) == (
        "tricks of Anne 5 → 4",
        "tricks of Bruno 2 → 3",
        "Matadors 0 → 3",
    )
    passed = words_of(app, "hombre", played, {"pass": True}, three)
    assert passed[:2] == ("Hombre Anne → —", "Contract demande → Tous passent")
    four = ("Anne", "Bruno", "Chloé", "Denis")
    mariage = {"points": 54, "mariages": [{"team": "nous"}]}
    assert words_of(app, "brou", {"points": 54}, mariage, four) == (
        "Mariages — → Nous: Mariage (20)",
    )
    assert words_of(app, "brou", {"points": 0}, {"points": 120, "vole": "nous"}, four) == (
        "Points of Nous 0 → 120",
        "The coup — → Nous: vole (every trick, not announced)",
    )
    assert words_of(app, "manille", {"retourne": 3, "points": 40}, {"points": 30}, four) == (
        "Retourne K 3 → —",
        "Points of Nous 40 → 30",
    )
    # manillen for three: the points are the dealer's
    assert words_of(
        app, "manille", {"trump": "pique", "points": 30}, {"trump": "coeur", "points": 35}, three
    ) == (
        "Trump ♠ pique → ♥ cœur",
        "Points of the dealer 30 → 35",
    )


def test_a_phone_name_is_bounded_escaped_and_kept_apart_from_its_browser(client, tmp_path):
    game = new_game(client).rstrip("/")
    enter(client, game, "A demande A5 B2 C2")
    name = game + "/phones/1/name"
    refused = client.post(name, data={"name": "x" * 41})
    assert refused.status_code == 422
    assert "At most 40 characters." in refused.data.decode()
    assert client.post(name, data={"name": "  <b>Anne</b>  "}).status_code == 302
    page = client.get(game + "/links").data.decode()
    assert "&lt;b&gt;Anne&lt;/b&gt;" in page and "<b>Anne</b>" not in page
    history = client.get(game + "/history").data.decode()
    assert "by &lt;b&gt;Anne&lt;/b&gt; (#1)" in history
    assert client.post(game + "/phones/99/name", data={"name": "Bruno"}).status_code == 404
    db = sqlite3.connect(tmp_path / "scorekeeper.sqlite")
    # trimmed; what the browser said it was stays beside it
    assert db.execute("select name, label != '' from grants").fetchall() == [("<b>Anne</b>", 1)]
    assert client.post(name, data={"name": ""}).status_code == 302  # back to the browser's
    assert db.execute("select name from grants").fetchall() == [(None,)]
