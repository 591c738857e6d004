"""What the evening's games cost the treasurer's pages: an evening of manillen tables.

``benchmarks/cashbox.py`` measures the pages as the ledger grows, on evenings without a
table; this one measures what reading an evening's games adds. In a temporary SQLite
file, through the pages as a manager types them: a club, one evening of ``TABLES``
manillen tables of four (two deals each, finished: one side lost each game), 24 members,
a fee per lost game charged to those who lost one. Then asks each page ``REPEATS`` times
and gives its median CPU (``time.process_time``): the cash box (the fee form checks the
losers of the club's last evening), its evening view (the same, and beside each fee per
lost game whether the games now say another count: ``fee_charging.lost_since``), the
room's settlement (its fees, the same notice) and, as a baseline that reads no game, the
club's page. The machine is shared and noisy: compare two trees measured in the same
run, page by page, as ratios to the baseline (docs/performance.md).

    PYTHONPATH=<tree> .venv/bin/python benchmarks/lost_fee.py
"""

from __future__ import annotations

import datetime
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scorekeeper import create_app
from scorekeeper.db import connect

TABLES = 6
REPEATS = 15


def build(client: Any, path: Path, tables: int = TABLES) -> tuple[int, int]:
    """The club and its evening, its tables played, the fee charged: their ids."""
    made = client.post(
        "/clubs/new",
        data={"name": "Le Cercle", "chip_value": "0.05", "currency": "EUR", "submit": "1"},
    )
    assert made.status_code == 302, made.status_code
    club = int(made.headers["Location"].rsplit("/", 1)[1])

    def version() -> str:
        db = connect(path)
        try:
            return str(db.execute("select version from clubs where id = ?", [club]).fetchone()[0])
        finally:
            db.close()

    data = {"date": "2026-11-03", "title": "", "version": version()}
    answer = client.post(f"/clubs/{club}/evenings", data=data)
    assert answer.status_code == 302, answer.status_code
    evening = int(answer.headers["Location"].rsplit("/", 1)[1])
    for table in range(tables):
        names = {f"player{i}": f"Joueur {table * 4 + i:02d}" for i in range(4)}
        new = names | {"first_dealer": "0", "create": "1", "variant": "belge"}
        new |= {"deals": "2", "sans_atout": "0"}
        answer = client.post(f"/games/new/manille?evening={evening}", data=new)
        assert answer.status_code == 302, answer.status_code
        game = answer.headers["Location"]
        for points in (40, 45):  # Nous takes both: Eux (seats 2 and 4) lost the game
            shown = json.loads(client.get(game + "/version").data)["version"]
            coup = {"version": str(shown), "trump": "pique", "points": str(points)}
            assert client.post(game + "/sheet/coups", data=coup).status_code == 302
    db = connect(path)
    try:
        losers = [
            str(m)
            for (m,) in db.execute(
                "select id from members where club_id = ? order by id", [club]
            ).fetchall()
        ][1::2]
    finally:
        db.close()
    fee = {"kind": "fee_lost_game", "amount": "1.50", "on": "2026-11-03", "note": ""}
    fee |= {"member": losers, "version": version()}
    answer = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=fee)
    assert answer.status_code == 302, answer.data.decode()[-800:]
    return club, evening


def cpu(client: Any, path: str, repeats: int) -> float:
    """The median CPU in ms of ``path``, asked ``repeats`` times."""
    spent = []
    for _ in range(repeats):
        started = time.process_time()
        response = client.get(path)
        response.get_data()
        spent.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    return statistics.median(spent)


def measure(tables: int = TABLES, repeats: int = REPEATS) -> dict[str, float]:
    """Each page's median CPU (ms) at an evening of ``tables`` tables."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "lost.sqlite"
        app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        club, evening = build(client, path, tables)
        pages = {
            "baseline: the club's page": f"/clubs/{club}",
            "the cash box": f"/clubs/{club}/cash",
            "the cash box, evening view": f"/clubs/{club}/cash?evening={evening}",
            "the room's settlement": f"/evenings/{evening}/settlement",
        }
        for page in pages.values():  # warm: the games kept, the templates compiled
            client.get(page)
        return {name: cpu(client, page, repeats) for name, page in pages.items()}


def main() -> None:
    print(f"an evening of {TABLES} manillen tables, {datetime.datetime.now(datetime.UTC):%H:%M}")
    found = measure()
    base = found["baseline: the club's page"]
    for name, ms in found.items():
        print(f"| {name} | {ms:.1f} ms | {ms / base:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
