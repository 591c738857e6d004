"""The treasurer's lists a page at a time: the cash box's entries and a member's statement.

A club's year is 10,000 entries; the pages drew every one (1.7 s of CPU at 10,000,
docs/performance.md). They draw 50 lines a page, newest first, paged by (date, entry
number) with plain links, and their totals stay the whole ledger's. The ledger here is
typed entries whose dates do not follow their numbers (an entry typed late for an old day),
so the order by date then number is not the order entered.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from datetime import date, timedelta
from pathlib import Path

import sqlite_utils
from test_clubs import new_club
from test_settlement import pdf_text

from scorekeeper import clubs
from scorekeeper.cashbox.entries import EntryKind
from scorekeeper.clubs import accounts

ROW = re.compile(r'<tr id="entry-(\d+)">')
OLDER = re.compile(r'<a href="([^"]+)" rel="next">')
NEWER = re.compile(r'<a href="([^"]+)" rel="prev">')


def ledger_of(client, app) -> tuple[int, dict[str, int], list[tuple[str, int]]]:
    """A club of Anne and Bruno and 120 entries typed by the treasurer: Anne a fee of
    1.00 on every even entry, Bruno a prize of 2.50 on every odd one; entry n is dated
    2026-01-01 plus (n × 37 mod 120) days, so dates and numbers go their own ways. The
    club, its members, and every entry's (date, id)."""
    club = new_club(client)
    db = sqlite_utils.Database(app.config["DATABASE"])
    version = clubs.club(db, club).version  # type: ignore[union-attr]
    anne = clubs.add_member(db, club, "Anne", "", version)
    bruno = clubs.add_member(db, club, "Bruno", "", version + 1)
    version += 2
    written = []
    for n in range(120):
        day = (date(2026, 1, 1) + timedelta(days=n * 37 % 120)).isoformat()
        member, kind, amount = (
            (anne, EntryKind.FEE_SEASON, -100) if n % 2 == 0 else (bruno, EntryKind.PRIZE, 250)
        )
        written.append((day, accounts.post(db, club, version, member, kind, amount, day)))
        version += 1
    db.close()
    return club, {"Anne": anne, "Bruno": bruno}, written


def totals(page: str) -> tuple[str, str]:
    debts = re.search(r'<p id="debts-total">([^<]+)</p>', page)
    credits = re.search(r'<p id="credits-total">([^<]+)</p>', page)
    assert debts and credits
    return debts.group(1), credits.group(1)


def test_the_cash_box_pages_its_entries_newest_first_with_the_whole_ledgers_totals(client, app):
    club, _members, written = ledger_of(client, app)
    newest_first = [i for _day, i in sorted(written, reverse=True)]
    seen: list[list[int]] = []
    address = f"/clubs/{club}/cash"
    links = []
    while address:
        page = client.get(address).data.decode()
        seen.append([int(i) for i in ROW.findall(page)])
        # every page sums the whole ledger: Anne 60 fees of 1.00 = 60.00 owed, Bruno 60
        # prizes of 2.50 = 150.00 owed to them
        assert totals(page) == ("1 member owes the club €60.00.", "The club owes 1 member €150.00.")
        older = OLDER.findall(page)
        address = older[0].replace("&amp;", "&") if older else ""
        links.append(address)
    # 120 entries: 50, 50, 20, each once, by date then number, newest first
    assert [len(lines) for lines in seen] == [50, 50, 20]
    assert [i for lines in seen for i in lines] == newest_first
    assert "51–100 of 120 entries, newest first." in client.get(links[0]).data.decode()
    # from the oldest page, "newer" leads back to the middle one
    last = client.get(links[1]).data.decode()
    assert not OLDER.findall(last)
    newer = NEWER.findall(last)[0].replace("&amp;", "&")
    assert [int(i) for i in ROW.findall(client.get(newer).data.decode())] == seen[1]


def test_a_cursor_that_is_none_shows_the_first_page(client, app):
    club, _members, written = ledger_of(client, app)
    first = [i for _day, i in sorted(written, reverse=True)][:50]
    for cursor in ("", "x", "2026-01-01", "2026-13-45.1", "2026-01-01.999999999999", "1" * 80):
        for name in ("before", "after"):
            answer = client.get(f"/clubs/{club}/cash", query_string={name: cursor})
            assert answer.status_code == 200, (name, cursor)
            assert [int(i) for i in ROW.findall(answer.data.decode())] == first, (name, cursor)


def test_a_statement_pages_its_lines_and_its_balance_is_the_whole_ones(client, app):
    club, members, _written = ledger_of(client, app)
    anne = members["Anne"]
    base = f"/clubs/{club}/members/{anne}/statement"
    page = client.get(base).data.decode()
    # Anne's 60 fees: the newest 50 drawn, in their order (the balance reads down)
    amounts = re.findall(r'<td class="num">([^<]+)</td><td class="num">([^<]+)</td>', page)
    assert len(amounts) == 50
    # her balance after her 11th fee is −11.00, after her 60th −60.00
    assert amounts[0][1].strip() == "−€11.00" and amounts[-1][1].strip() == "−€60.00"
    assert "Anne owes the club €60.00." in page  # the whole statement's balance
    assert "60 entries" in page
    older = client.get(OLDER.findall(page)[0].replace("&amp;", "&")).data.decode()
    rest = re.findall(r'<td class="num">([^<]+)</td><td class="num">([^<]+)</td>', older)
    assert [b.strip() for _a, b in rest] == [f"−€{n}.00" for n in range(1, 11)]
    # the CSV, a download, holds every line: a header and 60
    lines = list(csv.reader(io.StringIO(client.get(base + ".csv").data.decode("utf-8-sig"))))
    assert len(lines) == 61 and lines[-1][4] == "-60.00"


def test_a_statements_pdf_prints_the_page_shown_and_says_which(client, app, tmp_path):
    """The PDF of every line took WeasyPrint 8 s of CPU at 1,000 lines (cash20): it prints
    the page shown, its link carrying the page's cursor, and says which lines it holds."""
    club, members, _written = ledger_of(client, app)
    base = f"/clubs/{club}/members/{members['Anne']}/statement"
    page = client.get(base).data.decode()
    pdf = client.get(base + ".pdf")
    assert pdf.status_code == 200 and pdf.data[:4] == b"%PDF"
    printed = pdf_text(pdf.data, tmp_path)
    # the newest page: her fees 11 to 60, balances −11.00 to −60.00, and the whole balance
    assert "1–50 of 60 entries" in printed
    assert "−€60.00" in printed and "−€11.00" in printed and "−€10.00" not in printed
    assert "Anne owes the club €60.00." in printed
    older = OLDER.findall(page)[0].replace("&amp;", "&")
    cursor = older.split("before=")[1].split("#")[0].split("&")[0]
    second = client.get(older).data.decode()
    link = f"{base}.pdf?before={cursor}"
    assert f'href="{link}"' in second  # the PDF of the older page
    printed = pdf_text(client.get(link).data, tmp_path)
    # her first 10 fees: balances −1.00 to −10.00; still the whole statement's balance
    assert "51–60 of 60 entries" in printed
    assert "−€10.00" in printed and "−€11.00" not in printed
    assert "Anne owes the club €60.00." in printed


def test_the_cashbox_benchmark_runs_small():
    """A tiny run of benchmarks/cashbox.py: its ledger built, every page asked."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from cashbox import measure, table

    found = {size: measure(size, repeats=1, pdf=False) for size in (40, 120)}
    assert all(ms > 0 for sized in found.values() for ms, _size in sized.values())
    # every page but the PDF (tested above): 7, an entry's reversal and a payment (cash21)
    assert len(found[40]) == len(found[120]) == 9
    printed = table(found, (40, 120))
    assert len(printed) == 2 + 9 and printed[0].startswith("| page | 40 entries: ms |")


def test_the_lost_fee_benchmark_runs_small():
    """A tiny run of benchmarks/lost_fee.py: an evening of one table, the fee charged,
    every page asked."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from lost_fee import measure

    found = measure(tables=1, repeats=1)
    assert len(found) == 4 and all(ms > 0 for ms in found.values())
