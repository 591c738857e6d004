"""A decimal shown to a reader is in their language's own decimal sign (Babel, through
``web/formats``): a chip value shown again in its field, an amount of a club without a
chip value. Both wrote a point for every reader ("0.025", "12.50" in Danish), which the
one-separator rule of ``read_decimal`` read back only as a fallback."""

from __future__ import annotations

import re
import sqlite3

import pytest
from test_clubs import club_version
from web import new_game


def chip_field(page: str) -> str:
    return re.search(r'<input[^>]*name="chip_value"[^>]*>', page)[0]


@pytest.mark.parametrize(
    ("language", "shown"), [("da", "0,025"), ("nl", "0,025"), ("fr", "0,025"), ("en", "0.025")]
)
def test_a_chip_value_set_is_shown_again_in_the_readers_decimals(client, language, shown):
    # the chip of docs/cashbox.md's seed example: 0,025 € (2,5 cents)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    game = new_game(client)
    version = re.search(r'name="version"[^>]*value="(\d+)"', client.get(game + "/settlement").text)
    data = {"chip_value": shown, "currency": "EUR", "version": version[1]}
    assert client.post(game + "/settlement", data=data).status_code == 302
    page = client.get(game + "/settlement").text
    assert f'value="{shown}"' in chip_field(page)
    # the field posted back as shown keeps the value (no fallback reading)
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    data = {"chip_value": shown, "currency": "EUR", "version": version[1]}
    assert client.post(game + "/settlement", data=data).status_code == 302
    assert '"chip_value": "0.025"' in client.get(game + "/game.json").text


def test_a_club_without_a_chip_value_says_its_sums_in_the_readers_decimals(client, app):
    club = {"name": "Klubben", "chip_value": "", "currency": "", "submit": "1"}
    created = client.post("/clubs/new", data=club)
    club_id = int(created.headers["Location"].rsplit("/", 1)[1])
    member = {"name": "Anne", "version": club_version(app)}
    assert client.post(f"/clubs/{club_id}/members", data=member).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        anne = conn.execute("select id from members where name = 'Anne'").fetchone()[0]
    # a fee of 2,50 (docs/cashbox.md's example), typed in Danish: 250 cents
    fee = {"kind": "fee_season", "member": anne, "amount": "2,50", "on": "2026-11-01"}
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "da"
    typed = {**fee, "version": club_version(app)}
    assert client.post(f"/clubs/{club_id}/cash/entries", data=typed).status_code == 302
    page = client.get(f"/clubs/{club_id}/cash").text
    assert "1 medlem skylder 2,50 til klubben" in page and "2.50" not in page
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert "2.50" in client.get(f"/clubs/{club_id}/cash").text
