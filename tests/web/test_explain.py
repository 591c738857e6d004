"""Issue 25: each game names what a correction changed in its own words; a phone's name is
bounded and escaped."""

from __future__ import annotations

import html
import re
import sqlite3
import sys
from pathlib import Path

import pytest
from web import SEED_COUPS, coup_data, enter, new_game, report

from scorekeeper.rules.ledger import NetChange
from scorekeeper.web import registry
from scorekeeper.web.formats.words import signed
from scorekeeper.web.table.explain import differences


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


def test_the_notice_says_what_each_change_did_to_the_nets(client):
    """The notice's nets (from the kept report nearest the change) are the nets of the
    report before and after, for a correction, a deletion, an undo and a redo."""
    game = new_game(client).rstrip("/")
    for coup in SEED_COUPS:
        enter(client, game, coup)
    names = ("Anne", "Bruno", "Chloé")

    def notice() -> str:
        found = re.search(r'class="notice change-notice"[^>]*><p>(.*?)</p>', client.get(game).text)
        return html.unescape(found.group(1)) if found else ""

    def moved(before: dict, after: dict) -> str:
        deltas = [(name, after[name] - before[name]) for name in names]
        return ", ".join(f"{name} {signed(d)}" for name, d in deltas if d)

    assert notice() == ""  # coups added: each shows itself on the sheet
    changes = [
        (
            "/coups/2/edit",
            coup_data("B demande A2 B5 C2", save="1"),
            "Coup 2 corrected: tricks of Anne 4 → 2; tricks of Bruno 4 → 5;"
            " tricks of Chloé 1 → 2; ",
        ),
        ("/coups/1/delete", {}, "Coup 1 deleted: "),
        ("/undo", {}, "Coup 6 undone: "),
        ("/redo", {}, "Coup 6 redone: "),
    ]
    for path, data, said in changes:
        before = report(client, game)["net"]
        assert client.post(game + path, data=data).status_code == 302
        after = report(client, game)["net"]
        assert notice().startswith(said)
        assert notice().endswith(moved(before, after)), (notice(), before, after)
    # another phone of the manager, which showed the game before the redo, is told too:
    # its coup is refused (409) on the latest page, which says what changed
    stale = client.post(
        game + "/coups", data=coup_data("A demande A5 B2 C2", save="1", version="1")
    )
    assert stale.status_code == 409 and "Coup 6 redone: " in html.unescape(stale.text)
    enter(client, game, "A demande A5 B2 C2")  # a coup added: the notice goes
    assert notice() == ""


def test_the_notice_benchmark_runs_small():
    """A tiny run of benchmarks/notice.py: the notice it times says what the correction did."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from notice import measure

    row = measure(40, repeats=1)
    assert row["text"].startswith("Coup 20 corrected: ")
    assert row["notice_ms"] > 0 and row["whole_ms"] > 0


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Coup 2 corrected: Matadors 3 → 4; the nets do not change"),
        ("fr", "Matadors 3 → 4 ; les soldes ne changent pas"),  # French spaces: the catalog's
        ("da", "saldoerne ændrer sig ikke"),
        ("nl", "de saldo's veranderen niet"),
    ],
)
def test_a_correction_that_moves_no_net_says_so_as_a_clause(app, language, said):
    """After the fields and "; ", that no net moved is a clause of the sentence: no capital
    and no full stop of its own (Dutch and Danish read "…; De saldo's veranderen niet.")."""
    from scorekeeper.store import Action
    from scorekeeper.web.table.explain import notice_text

    with app.test_request_context(headers={"Accept-Language": language}):
        text = notice_text(Action.EDIT, 2, ("Matadors 3 → 4",), [NetChange("Anne", 5, 5)])
    assert text.endswith(said) and not text.endswith(".")


def test_a_correction_told_after_the_table_stopped_says_the_correction_alone(client):
    """The notice of a correction made before the table stopped (an evening's close stops
    it, sharing the bêtes still open) said the correction and the stop's share together
    under "Coup 2 corrected" (smoke25: +36/−45/+9 where the correction was +27/−27/0): the
    nets it says are the coups' before and after the correction, the stop apart."""
    game = new_game(client).rstrip("/")
    for coup in [*SEED_COUPS, "A demande A3 B3 C3"]:  # the last a remise: Anne's bête open
        enter(client, game, coup)
    before = report(client, game)["net"]
    edit = coup_data("B demande A2 B5 C2", save="1")
    assert client.post(game + "/coups/2/edit", data=edit).status_code == 302
    corrected = report(client, game)["net"]
    assert client.post(game + "/stop", data={"confirmed": "1"}).status_code == 302
    assert report(client, game)["net"] != corrected  # the stop shared a bête: nets moved
    found = re.search(r'class="notice change-notice"[^>]*><p>(.*?)</p>', client.get(game).text)
    assert found is not None
    deltas = [(name, corrected[name] - before[name]) for name in ("Anne", "Bruno", "Chloé")]
    said = ", ".join(f"{name} {signed(d)}" for name, d in deltas if d)
    assert html.unescape(found.group(1)).endswith(said), (found.group(1), said)
