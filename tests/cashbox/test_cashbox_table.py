"""At a single table: the settlement's transfers ticked as paid by the manager, and unticked.

The game is the seed (docs/rules/hombre.md §10): Anne −72, Bruno −9, Chloé +81, settled
in two transfers (rules.ledger.settle_up: the largest debtor first): Anne → Chloé 72,
Bruno → Chloé 9.
"""

from __future__ import annotations

import json
import re
import sqlite3
from decimal import Decimal

import pytest
from test_settlement import pdf_text, seed_game
from web import SEED_COUPS, enter, new_game, report, version_of

from scorekeeper import store
from scorekeeper.cli import main
from scorekeeper.db import connect
from scorekeeper.db.migrations import migrations
from scorekeeper.rules.hombre.engine import Game
from scorekeeper.store.paid import Paid, Tick, lines, lines_cents, ticked


def tick(client, game: str, payer: int, payee: int, amount: int, paid: str, version=None):
    data = {"payer": payer, "payee": payee, "amount": amount, "paid": paid}
    data["version"] = version_of(client, game) if version is None else version
    return client.post(game + "/settlement/paid", data=data)


def test_a_transfer_ticked_paid_shown_recorded_and_unticked(client, app, tmp_path):
    game = seed_game(client)
    page = client.get(game + "/settlement").data.decode()
    assert page.count('name="paid" value="1"') == 2 and "✓" not in page
    assert tick(client, game, 0, 2, 72, "1").status_code == 302
    page = client.get(game + "/settlement").data.decode()
    pays = page[page.index('id="pays"') : page.index("</section>", page.index('id="pays"'))]
    assert pays.count("✓ paid") == 1 and pays.index("✓ paid") < pays.index("Bruno")
    printed = pdf_text(client.get(game + "/settlement.pdf").data, tmp_path)
    assert "✓ paid" in printed and "Paid" not in printed  # the mark, not the button
    # Not a transfer of the settlement (Anne → Chloé 71), a tick made twice, a stale page:
    # refused with the reason, nothing stored.
    for refused in (
        tick(client, game, 0, 2, 71, "1"),
        tick(client, game, 0, 2, 72, "1"),
        tick(client, game, 1, 2, 9, "1", version="1"),
    ):
        assert refused.status_code == 302
    assert "The settlement changed meanwhile" in client.get(game + "/settlement").data.decode()
    assert tick(client, game, 0, 2, 72, "0").status_code == 302
    assert "✓ paid" not in client.get(game + "/settlement").data.decode()
    # The change log keeps both, each as its own action, with the transfer.
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute(
            "select action, summary from changes where action in ('paid', 'unpaid') order by id"
        ).fetchall()
        assert conn.execute("select count(*) from transfers_paid").fetchone()[0] == 0
    assert rows == [("paid", "Anne → Chloé 72"), ("unpaid", "Anne → Chloé 72")]
    history = client.get(game + "/history").data.decode()
    assert "transfer ticked as paid" in history and "no longer ticked as paid" in history
    # each line names its transfer (two equal ticks: which one was taken back)
    said = re.findall(r'<p class="said">(.*?)</p>', history)
    assert said == ["Anne → Chloé: 72 chips", "Anne → Chloé: 72 chips"]
    # A follower sees no button.
    assert client.application.test_client().post(game + "/settlement/paid").status_code == 404


def pays(client, game: str) -> list[str]:
    """The lines of who pays whom, as read."""
    page = client.get(game + "/settlement").data.decode()
    section = page[page.index('id="pays"') : page.index("</section>", page.index('id="pays"'))]
    found = re.findall(r"<li[^>]*>(.*?)(?:<form|</li>)", section, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", line).split()) for line in found]


def test_a_payment_ticked_still_counts_after_the_coups_change(client):
    # Bruno pays Chloé their 9 chips and the manager ticks it. Then the last coup is taken
    # back: after six coups the nets are Anne −66, Bruno −21, Chloé +87 (hombre.md §10).
    # Bruno's 9 are paid: they still owe 21 − 9 = 12; Anne owes 66. The tick once vanished
    # (no transfer of the new nets is "Bruno → Chloé 9") and the page asked their 21 again.
    game = seed_game(client)
    assert tick(client, game, 1, 2, 9, "1").status_code == 302
    undone = client.post(game + "/undo", data={"version": version_of(client, game)})
    assert undone.status_code == 302
    assert pays(client, game) == [
        "Bruno → Chloé: 9 chips · ✓ paid",
        "Anne → Chloé: 66 chips",
        "Bruno → Chloé: 12 chips",
    ]
    # a line of what is left is ticked as any other; the payment made can be unticked
    assert tick(client, game, 1, 2, 12, "1").status_code == 302
    assert tick(client, game, 1, 2, 9, "0").status_code == 302
    # unticked, Bruno's 12 paid count: of their 21 they owe 9 more
    assert pays(client, game) == [
        "Bruno → Chloé: 12 chips · ✓ paid",
        "Anne → Chloé: 66 chips",
        "Bruno → Chloé: 9 chips",
    ]


def test_a_payment_made_that_a_correction_makes_too_much_is_paid_back(client):
    # Anne pays Chloé her 72 (ticked); the last coup is taken back and Anne's net is −66:
    # she paid 6 too many. What is left: Anne +6, Bruno −21, Chloé +87 − 72 = +15; settled
    # the largest debtor first: Bruno → Chloé 15, then Bruno → Anne 6. Chloé gets
    # 72 + 15 = 87, Anne −72 + 6 = −66, Bruno −21: the nets.
    game = seed_game(client)
    assert tick(client, game, 0, 2, 72, "1").status_code == 302
    assert (
        client.post(game + "/undo", data={"version": version_of(client, game)}).status_code == 302
    )
    assert pays(client, game) == [
        "Anne → Chloé: 72 chips · ✓ paid",
        "Bruno → Chloé: 15 chips",
        "Bruno → Anne: 6 chips",
    ]


def test_a_transfer_to_a_newcomer_is_ticked_by_person(client, app):
    # Denis takes over Bruno's seat after the seed's four coups (take_over on): Bruno hands
    # them their open bêtes, 72 + 108 = 180 chips, and Denis loses the seat's 9 of coups 5-7:
    # persons Anne −72, Bruno −180, Chloé +81, Denis +171 (docs/rules.md). The transfer
    # Bruno → Denis 171 names a person the seats do not: its tick once failed (500)
    game = new_game(client, take_over="y")
    for text in SEED_COUPS[:4]:
        assert enter(client, game, text).status_code == 302
    seat = {"seat": "1", "player": "Denis", "way": "takes_over"}
    taken = client.post(game + "/seat", data={**seat, "version": version_of(client, game)})
    assert taken.status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    lines = ["Bruno → Denis: 171 chips", "Anne → Chloé: 72 chips", "Bruno → Chloé: 9 chips"]
    assert pays(client, game) == lines
    assert tick(client, game, 1, 3, 171, "1").status_code == 302
    assert pays(client, game) == ["Bruno → Denis: 171 chips · ✓ paid", *lines[1:]]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        said = conn.execute("select summary from changes where action = 'paid'").fetchall()
    assert said == [("Bruno → Denis 171",)]


def test_the_same_payment_made_twice_is_ticked_twice(client, app):
    # Bruno pays Chloé their 9 chips (ticked). A forgotten eighth coup is entered: Anne's
    # demande, Chloé takes the nine tricks (codille), and the nets go from the seed's
    # −72, −9, +81 to −81, −18, +99: Bruno owes Chloé 9 more. What is left: Anne −81,
    # Bruno −18 + 9 = −9, Chloé +99 − 9 = +90, settled Anne → Chloé 81, Bruno → Chloé 9:
    # the payment already made, to be made again. Its second tick was refused as a page
    # out of date (the table's payments were a set), and the treasurer could not record it.
    game = seed_game(client)
    assert tick(client, game, 1, 2, 9, "1").status_code == 302
    assert report(client, game)["net"] == {"Anne": -72, "Bruno": -9, "Chloé": 81}
    assert enter(client, game, "A demande A0 B0 C9").status_code == 302
    assert report(client, game)["net"] == {"Anne": -81, "Bruno": -18, "Chloé": 99}
    assert pays(client, game) == [
        "Bruno → Chloé: 9 chips · ✓ paid",
        "Anne → Chloé: 81 chips",
        "Bruno → Chloé: 9 chips",
    ]
    assert tick(client, game, 1, 2, 9, "1").status_code == 302
    page = client.get(game + "/settlement").data.decode()
    assert "The settlement changed meanwhile" not in page
    assert pays(client, game) == [
        "Bruno → Chloé: 9 chips · ✓ paid",
        "Bruno → Chloé: 9 chips · ✓ paid",
        "Anne → Chloé: 81 chips",
    ]
    # unticked, one of the two is taken back and its 9 are asked again
    assert tick(client, game, 1, 2, 9, "0").status_code == 302
    assert pays(client, game)[0] == "Bruno → Chloé: 9 chips · ✓ paid"
    assert pays(client, game)[1:] == ["Anne → Chloé: 81 chips", "Bruno → Chloé: 9 chips"]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute("select payer, payee, amount from transfers_paid").fetchall()
    assert rows == [(1, 2, 9)]
    assert main(["verify", "--database", app.config["DATABASE"]]) == 0  # the log agrees


def test_ticks_stored_before_m024_keep_their_order(tmp_path):
    # m024 gives each tick its own row: a database of the set (before it) keeps its ticks,
    # in the order made (Bruno's before Anne's), and the same tick can then be stored twice.
    old = connect(tmp_path / "old.sqlite")
    migrations.apply(old, stop_before="m024_a_payment_ticked_twice")
    game = store.create(old, Game(("Anne", "Bruno", "Chloé")))
    for payer, amount in ((1, 9), (0, 72)):
        row = {"game_id": game, "payer": payer, "payee": 2, "amount": amount, "at": "x"}
        old.table("transfers_paid").insert(row)
    migrations.apply(old)
    assert ticked(old, game) == [Paid(1, 2, 9), Paid(0, 2, 72)]
    old.table("transfers_paid").insert({**row, "at": "y"})  # the same payment, again
    assert ticked(old, game) == [Paid(1, 2, 9), Paid(0, 2, 72), Paid(0, 2, 72)]


def test_the_chip_value_cannot_change_under_payments_made(client, app):
    # At 0,025 € a chip Bruno pays Chloé their 9 chips (0,22 €, ticked). Set to 0,05 € a
    # chip, the tick read "9 chips = 0,45 € ✓ paid" and nothing more was asked of them: the
    # 0,22 € they handed over priced again. The change is refused while a payment is ticked
    # (beside its field, nothing stored); unticked, the value can change.
    game = seed_game(client)
    money = {"chip_value": "0.025", "currency": "EUR"}
    assert client.post(game + "/settlement", data=money).status_code == 302
    assert tick(client, game, 1, 2, 9, "1").status_code == 302
    refused = client.post(game + "/settlement", data={**money, "chip_value": "0.05"})
    assert refused.status_code == 422
    page = refused.data.decode()
    start = page.index('for="chip_value"')
    assert "untick them before changing" in page[start : page.index("</div>", start)]
    assert json.loads(client.get(game + "/game.json").data)["money"]["chip_value"] == "0.025"
    assert client.post(game + "/settlement", data=money).status_code == 302  # the same: kept
    assert tick(client, game, 1, 2, 9, "0").status_code == 302
    assert (
        client.post(game + "/settlement", data={**money, "chip_value": "0.05"}).status_code == 302
    )
    assert json.loads(client.get(game + "/game.json").data)["money"]["chip_value"] == "0.05"


def denis_takes_over_at_a_fortieth(client) -> str:
    """The seed at 0,025 € a chip, Denis taking over Bruno's seat after coup 4 (take over):
    persons Anne −72, Bruno −180, Chloé +81, Denis +171 (docs/rules.md)."""
    game = new_game(client, take_over="y")
    for text in SEED_COUPS[:4]:
        assert enter(client, game, text).status_code == 302
    money = {"chip_value": "0.025", "currency": "EUR"}
    assert client.post(game + "/settlement", data=money).status_code == 302
    seat = {"seat": "1", "player": "Denis", "way": "takes_over"}
    assert client.post(game + "/seat", data=seat).status_code == 302
    for text in SEED_COUPS[4:]:
        assert enter(client, game, text).status_code == 302
    return game


def test_a_payment_made_keeps_its_money_after_a_correction(client, app):
    # At 0,025 € a chip, Denis takes over Bruno's seat after the seed's four coups (take
    # over): persons Anne −72, Bruno −180, Chloé +81, Denis +171 (docs/rules.md). Rounded
    # once over the table (largest remainder): Bruno −4,50 €, Denis's 171 chips = 427.5
    # cents rounded down to 4,27 €; the line Bruno → Denis 171 settles Denis: 4,27 €, and
    # Bruno → Chloé 9 the rest of Bruno's 4,50: 0,23 €. Bruno pays Denis 4,27 € (ticked).
    # The last coup is undone: the paid line now settles nobody, and its money was worked
    # out again, half to even: 4,28 € — and Bruno was asked 0,22 € more, 4,50 € in all
    # short by a cent. The payment keeps the 4,27 € it was made with; Bruno owes 0,23 €.
    game = denis_takes_over_at_a_fortieth(client)
    assert "Bruno → Denis: 171 chips = €4.27" in pays(client, game)
    assert tick(client, game, 1, 3, 171, "1").status_code == 302
    assert client.post(game + "/undo", data={}).status_code == 302
    lines = pays(client, game)
    assert lines[0] == "Bruno → Denis: 171 chips = €4.27 · ✓ paid"
    assert "Bruno → Chloé: 9 chips = €0.23" in lines
    assert main(["verify", "--database", app.config["DATABASE"]]) == 0  # its money logged


@pytest.mark.parametrize(
    "junk",
    [
        "not json",
        "[0, 2, 72]",
        '{"payer": 0}',
        '{"payer": "x", "payee": 2, "amount": 72}',
        '{"payer": 0, "payee": 2, "amount": 1e999}',  # int(inf): OverflowError, a 500
        '{"payer": 0, "payee": 2, "amount": true}',
    ],
)
def test_the_history_reads_a_junk_tick_line_without_failing(client, app, junk):
    # a line written outside the app (the log's triggers dropped): the page still answers,
    # the line without its transfer named (verify names the tampering)
    game = seed_game(client)
    assert tick(client, game, 0, 2, 72, "1").status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        triggers = "select name from sqlite_master where type = 'trigger' and tbl_name = 'changes'"
        for (name,) in conn.execute(triggers).fetchall():
            conn.execute(f'drop trigger "{name}"')
        conn.execute("update changes set after = ? where action = 'paid'", [junk])
    history = client.get(game + "/history")
    assert history.status_code == 200
    assert "transfer ticked as paid" in history.data.decode()
    assert '<p class="said">' not in history.data.decode()


def test_a_payments_money_that_a_correction_cannot_keep_falls_back_to_the_tables():
    # At 0,025 € a chip, nets 0, +171, −171: 171 chips = 427.5 cents, the tie of the largest
    # remainder to the first in order: D +428, B −428; B pays D 4,28 € (ticked so). A
    # correction gives X +1 chip, B −172: the table's cents X +3 (2.5 up), D +427, B −430.
    # Kept at 428, D would owe a cent back while at 0 chips: no line in chips can say it,
    # and the settlement lost all its money (None). It is priced from the table's cents
    # then: 427, and B → X 1 chip = 3 cents (B: 427 + 3 = 430).
    value = Decimal("0.025")
    handed = lines_cents([0, 171, -171], [], value)
    assert handed == [428]
    made = [Tick(Paid(2, 1, 171), 428)]
    assert lines([1, 171, -172], [t.paid for t in made]) == [
        (Paid(2, 1, 171), True),
        (Paid(2, 0, 1), False),
    ]
    assert lines_cents([1, 171, -172], made, value) == [427, 3]


def test_once_someone_took_a_seat_the_money_is_one_figure_a_person(client, tmp_path, capsys):
    # The seed with Denis taking over Bruno's seat after coup 4, at 0,025 € a chip: persons
    # Anne −72, Bruno −180, Chloé +81, Denis +171 (docs/rules.md); in cents −180, −450,
    # 202.5, 427.5, rounded once by the largest remainder, the two halves' tie to the first
    # in order: Chloé +2,03, Denis +4,27. By seat (Chloé +81 beside a seat of −9) Chloé's
    # 202.5 fell the other way: the players' table said +2,02 € where the persons' table
    # said +2,03 €, and `scorekeeper settle` asked Bruno → Chloé 9 = 0.22 EUR where the page
    # asks 0,23 €, its only list by seat leaving out Bruno → Denis 171.
    game = denis_takes_over_at_a_fortieth(client)
    page = client.get(game + "/settlement").data.decode()
    assert "+€2.03" in page and "+€2.02" not in page
    assert pays(client, game) == [
        "Bruno → Denis: 171 chips = €4.27",
        "Anne → Chloé: 72 chips = €1.80",
        "Bruno → Chloé: 9 chips = €0.23",
    ]
    path = tmp_path / "game.json"
    path.write_bytes(client.get(game + "/game.json").data)
    assert main(["settle", str(path)]) == 0
    said = capsys.readouterr().out
    assert "Chloé: +81 = +2.03 EUR" in said and "2.02" not in said
    person = said[said.index("Who pays whom, person by person:") :].splitlines()[1:4]
    assert [line.strip() for line in person] == [
        "Bruno → Denis 171 = 4.27 EUR",
        "Anne → Chloé 72 = 1.80 EUR",
        "Bruno → Chloé 9 = 0.23 EUR",
    ]
