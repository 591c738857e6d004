"""What the treasurer's pages cost as a club's ledger grows: 400 entries, then 40,000.

Run with ``make bench`` (docs/performance.md). Builds, in a temporary SQLite file, a club of 40
members and 50 evenings whose ledger holds ``entries`` rows (each written by
``cashbox.ledger.insert_entry``, the one writer: its hash chain included):
fees dated the evenings' days, charges, payments in and out, prizes, and a
reversal in fifty. Then asks, in process as the club's manager, each page the
treasurer opens, and counts its CPU (``time.process_time``, median of
``repeats``): the cash box, its evening view, a member's statement as a page,
a CSV and a PDF, the evening's page. The machine is shared and noisy: the
figure that matters is each page's ratio at 40,000 entries to the same page at 400,
measured in the same run (cash20: a page that costs what it shows stays near 1), and
beside it the club's own page (``/clubs/<id>``, which reads no ledger row).
"""

from __future__ import annotations

import datetime
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scorekeeper import clubs, create_app
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.cashbox.ledger import insert_entry
from scorekeeper.db import connect

SIZES = (400, 40_000)
MEMBERS = 40
EVENINGS = 50


def build(path: Path, client: Any, entries: int) -> tuple[int, list[int]]:
    """The club (made through its form: ``client`` manages it), its members and evenings
    written directly, ``entries`` ledger rows; its id and its evenings' ids."""
    made = client.post(
        "/clubs/new",
        data={"name": "Le Cercle", "chip_value": "0.05", "currency": "EUR", "submit": "1"},
    )
    assert made.status_code == 302, made.status_code
    club_id = int(made.headers["Location"].rsplit("/", 1)[1])
    db = connect(path)
    db.execute("pragma synchronous = off")  # the building only
    version = int(db.execute("select version from clubs where id = ?", [club_id]).fetchone()[0])
    members = []
    for n in range(MEMBERS):
        clubs.add_member(db, club_id, f"Joueur {n:02d}", "", version)
        version += 1
    members = [m.id for m in clubs.members(db, club_id)]
    days = [datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n) for n in range(EVENINGS)]
    evenings = []
    for day in days:
        evenings.append(clubs.create_evening(db, club_id, day.isoformat(), "", version))
        version += 1
    rng = random.Random(1709)
    kinds = [EntryKind.FEE_EVENING, EntryKind.CHARGE, EntryKind.PAYMENT, EntryKind.PRIZE]
    written: list[tuple[int, int, int, str]] = []
    with db.conn:
        for n in range(entries):
            day = days[n * EVENINGS // entries].isoformat()
            member = rng.choice(members)
            if n % 50 == 49 and written:
                undone = written.pop(rng.randrange(len(written)))
                row = {"member_id": undone[1], "kind": "reversal", "amount": -undone[2]}
                row |= {"reverses": undone[0], "on_date": max(day, undone[3])}
            else:
                kind = kinds[n % len(kinds)]
                amount = rng.randint(1, 40) * 50
                amount = -amount if kind in (EntryKind.FEE_EVENING, EntryKind.CHARGE) else amount
                row = {"member_id": member, "kind": str(kind), "amount": amount, "on_date": day}
                if kind is EntryKind.PAYMENT:
                    row |= {"method": "cash", "received_by": "Le trésorier"}
            row |= {"club_id": club_id, "note": f"n° {n}" if n % 7 == 0 else None}
            new = insert_entry(db, row)
            if row["kind"] != "reversal":
                written.append((new, int(row["member_id"]), int(row["amount"]), day))
    db.close()
    return club_id, evenings


def cpu(client: Any, path: str, repeats: int) -> tuple[float, int]:
    """The median CPU in ms of ``path`` asked ``repeats`` times; the size of its answer."""
    spent = []
    size = 0
    for _ in range(repeats):
        started = time.process_time()
        response = client.get(path)
        body = response.get_data()
        spent.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, (path, response.status_code)
        size = len(body)
    return statistics.median(spent), size


def paid_in(client: Any, path: Path, club_id: int, repeats: int) -> tuple[float, int]:
    """The median CPU in ms of a payment of 0.01 typed in the cash box (its overpayment check
    read in its transaction, cash21) by the member who owes the most, ``repeats`` times (each
    written: the club's version read anew); the size of the answer (a redirect)."""
    db = connect(path)
    member = int(
        db.execute(
            "select member_id from ledger where club_id = ? group by member_id"
            " order by sum(amount) limit 1",
            [club_id],
        ).fetchone()[0]
    )
    spent = []
    size = 0
    for _ in range(repeats):
        version = db.execute("select version from clubs where id = ?", [club_id]).fetchone()[0]
        typed = {"version": str(version), "kind": "payment", "member": str(member)}
        typed |= {"amount": "0.01", "on": "2026-12-01", "direction": "in", "method": "cash"}
        started = time.process_time()
        response = client.post(f"/clubs/{club_id}/cash/entries", data=typed)
        body = response.get_data()
        spent.append((time.process_time() - started) * 1000)
        assert response.status_code == 302, response.status_code
        size = len(body)
    db.close()
    return statistics.median(spent), size


def pages(club_id: int, member: int, evening: int, entry: int) -> dict[str, str]:
    return {
        "baseline: the club's page": f"/clubs/{club_id}",
        "the cash box": f"/clubs/{club_id}/cash",
        "the cash box, older page": f"/clubs/{club_id}/cash?before=2026-06-01.1",
        "the cash box, evening view": f"/clubs/{club_id}/cash?evening={evening}",
        "a member's statement": f"/clubs/{club_id}/members/{member}/statement",
        "the evening's page": f"/evenings/{evening}",
        "an entry's reversal, to confirm": f"/clubs/{club_id}/cash/entries/{entry}/reverse",
        "a member's statement, CSV": f"/clubs/{club_id}/members/{member}/statement.csv",
        "a member's statement, PDF": f"/clubs/{club_id}/members/{member}/statement.pdf",
    }


def measure(entries: int, repeats: int = 3, pdf: bool = True) -> dict[str, tuple[float, int]]:
    """Each page's median CPU (ms) and its size in bytes, at ``entries`` ledger rows."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cashbox.sqlite"
        app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        club_id, evenings = build(path, client, entries)
        db = connect(path)
        member = int(
            db.execute(
                "select member_id from ledger group by member_id order by count(*) desc limit 1"
            ).fetchone()[0]
        )
        payment = int(  # a payment in the middle of the ledger, not reversed
            db.execute(
                "select id from ledger l where kind = 'payment' and not exists (select 1 from"
                " ledger r where r.reverses = l.id) order by id limit 1 offset ?",
                [entries // 8],
            ).fetchone()[0]
        )
        db.close()
        out = {}
        shown = pages(club_id, member, evenings[len(evenings) // 2], payment)
        for name, page in shown.items():
            if name.endswith("PDF") and not pdf:
                continue
            out[name] = cpu(client, page, 1 if name.endswith("PDF") else repeats)
        out["a payment typed in the cash box"] = paid_in(client, path, club_id, repeats)
    return out


def table(found: dict[int, dict[str, tuple[float, int]]], sizes: tuple[int, ...]) -> list[str]:
    """The figures as docs/performance.md's table: each page's ms at each size, its ratio
    at the largest to the smallest, its size in bytes at the largest."""
    small, large = sizes[0], sizes[-1]
    cells = " | ".join(f"{size:,} entries: ms" for size in sizes)
    out = [f"| page | {cells} | {large:,} ÷ {small:,} | bytes at {large:,} |"]
    out.append("|---|" + "---:|" * (len(sizes) + 2))
    for name in found[small]:
        ms = [found[size][name][0] for size in sizes]
        said = " | ".join(f"{m:,.0f}" for m in ms)
        out.append(f"| {name} | {said} | {ms[-1] / ms[0]:.1f} | {found[large][name][1]:,} |")
    return out


def main() -> None:
    print(f"the treasurer's pages, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC")
    found = {size: measure(size) for size in SIZES}
    print("\n".join(table(found, SIZES)))


if __name__ == "__main__":
    sys.exit(main())
