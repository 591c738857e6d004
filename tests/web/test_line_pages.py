"""Issue 45, large work: the settlement PDF's journal drawn apart (web/printing/line_pages.py).

The journal's lines are drawn straight into the PDF after WeasyPrint's pages.
These tests read the PDFs back with pdftotext: every coup of the engine's report
with its enjeu, each payment and the nets after it, in the four languages; every
page's running head says which page of how many, WeasyPrint's included; a name
the journal's font lacks still prints (WeasyPrint draws that journal); and the
pages hold every line once, in order, inside the margins.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from flask_babel import force_locale, gettext
from hypothesis import given, settings
from hypothesis import strategies as st
from notation import game_file
from test_settlement import numbered_lines
from web import report

from scorekeeper.web.formats.words import JOURNAL_INDENT, signed
from scorekeeper.web.printing import line_pages
from scorekeeper.web.printing import pdf as printing
from scorekeeper.web.printing.line_pages import HEIGHT, MARGIN_Y, LinePages, cut, paginate

COUPS = [
    *("C demande A2 B2 C5", "B retourne A2 B5 C2", "A sans_prendre A5 B2 C2"),
    *("B demande A4 B4 C1", "pass", "C demande A5 B2 C2", "A retourne A0 B0 C9"),
] * 20
"""140 coups: three journal pages or so, every kind of payment (test_settlement's long game)."""


def pdf_pages(data: bytes, tmp_path: Path) -> list[str]:
    """The PDF's text, page by page (pdftotext's form feeds)."""
    path = tmp_path / "out.pdf"
    path.write_bytes(data)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")[:-1]


def import_game(client, names: dict[str, str]) -> str:
    """A long game of ``names`` imported as a game file; its page's path."""
    data = game_file(*COUPS, poules_to_play=1000)
    data["players"] = list(names.values())
    for c in data["coups"]:  # the notation's seats A, B, C by the names above
        if "hombre" in c:
            c["hombre"] = names[c["hombre"]]
            c["tricks"] = {names[seat]: tricks for seat, tricks in c["tricks"].items()}
    answer = client.post("/games/import", data={"text": json.dumps(data)})
    assert answer.status_code == 302
    return str(answer.headers["Location"])


def assert_every_coup(
    pages: list[str], coups: list[dict], title: str, head: str, end: str = "\f"
) -> None:
    """From the journal's title to the end: every coup once, in order, with its enjeu, each
    transfer in turn and the nets after it (the engine's report); every page after the
    first names the sheet and says 'n / all of them'. The journal ends at ``end``."""
    start = next(n for n, page in enumerate(pages) if title in page)
    for n, page in enumerate(pages[1:], 2):
        assert re.search(rf"^\s*{re.escape(head)}.* — {n} / {len(pages)}\s*$", page, re.M), (
            n,
            page[:300],
        )
    body = "\n".join(pages[start:])
    body = body[body.index(title) :].split(end)[0]
    entries = numbered_lines(body.splitlines(), head, r" *(\d+) (\(\d+\) .*)")
    assert list(entries) == [c["n"] for c in coups]
    for c in coups:
        entry = entries[c["n"]]
        assert entry.startswith(f"({c['enjeu']}) "), entry
        at = 0
        for t in c["transfers"]:
            at = entry.index(f"{t['from']}→{t['to']} {t['amount']}", at)
        nets = " / ".join(signed(v) for v in c["net"].values())
        assert entry.endswith(" · " + nets), (entry, nets)


@pytest.mark.parametrize("language", ["fr", "en", "da", "nl"])
def test_the_journal_drawn_apart_says_every_coup_in_each_language(app, client, tmp_path, language):
    game = import_game(client, {"A": "Anne-Sophie", "B": "Bruno", "C": "Chloé"})
    answer = client.get(game + "/settlement.pdf", headers={"Accept-Language": language})
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    pages = pdf_pages(answer.data, tmp_path)
    with app.test_request_context(), force_locale(language):
        title, head = gettext("Payment journal"), gettext("Settlement")
    journal = [n for n, page in enumerate(pages) if title in page]
    assert len(journal) == 1 and journal[0] >= 1  # its own landscape pages, after the sheet
    assert_every_coup(pages, report(client, game)["coups"], title, head)
    fonts = subprocess.run(
        ["pdffonts", str(tmp_path / "out.pdf")], capture_output=True, text=True, check=True
    ).stdout
    assert "DejaVuSansMono" in fonts  # the journal's, embedded (subset)


def test_a_name_the_font_lacks_is_printed_by_weasyprint(client, tmp_path):
    names = {"A": "李娜", "B": "Bruno", "C": "Chloé"}
    assert not line_pages.drawable(names.values()) and line_pages.drawable(["Chloé→Bruno −3"])
    game = import_game(client, names)
    pages = pdf_pages(client.get(game + "/settlement.pdf").data, tmp_path)
    coups = report(client, game)["coups"]  # the footer after the journal, as before
    assert_every_coup(pages, coups, "Payment journal", "Settlement", "Game file SHA-256")
    assert any("李娜→Chloé" in page for page in pages)


def test_the_heads_of_weasyprints_pages_count_the_pages_drawn_apart(app, tmp_path):
    """Three pages laid out by WeasyPrint, then two of lines: 'n / 5' on pages 2 to 5."""
    html = (
        '<!doctype html><html lang="en"><body class="sheet"><header class="sheet-head">'
        "<h1>The sheet</h1></header>"
        '<p style="break-after: page">one</p><p style="break-after: page">two</p><p>three</p>'
        "</body></html>"
    )
    lines = [f"{n:>4} line" for n in range(1, 81)]  # 80 lines: a page holds 50 to 60
    apart = LinePages("The sheet", "Lines", "Each line says its number.", lines)
    data = printing.pdf_bytes(html, app.static_folder, apart)
    pages = pdf_pages(data, tmp_path)
    assert len(pages) == 5
    for n in range(2, 6):
        assert re.search(rf"The sheet — {n} / 5", pages[n - 1]), pages[n - 1][:200]
    found = [int(m) for m in re.findall(r"^\s*(\d+) line$", "\n".join(pages[3:]), re.M)]
    assert found == list(range(1, 81))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 400), st.integers(0, 300))
def test_the_pages_hold_every_line_once_in_order_inside_the_margins(count, legend):
    lines = [f"line {n}" for n in range(count)]
    laid = paginate(LinePages("head", "Title", "word " * legend, lines))
    drawn = [text for page in laid for _, _, text in page if text.startswith("line ")]
    assert drawn == lines
    for page in laid:
        assert page
        for _, baseline, _ in page:
            assert MARGIN_Y < baseline <= HEIGHT - MARGIN_Y


@given(st.text(st.sampled_from("ab →−"), max_size=700), st.integers(20, 200))
def test_a_line_longer_than_the_page_is_cut_and_says_all_it_said(line, width):
    parts = cut(line, width)
    assert all(len(part) <= width for part in parts)
    assert parts[0] + "".join(part[JOURNAL_INDENT:] for part in parts[1:]) == line
    assert all(part.startswith(" " * JOURNAL_INDENT) for part in parts[1:])


def test_the_heads_with_the_whole_count_are_pdf_css_heads():
    """printing.TOTAL is static/pdf.css's running head with the number of pages written in."""
    css = (Path(__file__).resolve().parents[2] / "static" / "pdf.css").read_text()
    head = re.search(r"@top-left \{ content: ([^;]*);", css)
    assert head is not None
    assert f"content: {head[1]} }}".replace('" / " counter(pages)', '" / 7"') in printing.TOTAL % 7


KITCHEN = [
    *("Mette jeu_simple Mette5 Karen2 Søren2", "Karen solo Jens1 Karen4 Søren4"),
    *("Søren tourne Jens4 Mette3 Søren2", "pass", "Mette nolo_pur Mette1 Karen4 Søren4"),
    *("Karen jeu_simple Jens2 Karen4 Søren3", "Søren pique Jens3 Mette3 Søren3"),
    *("Jens solo_pique Jens5 Mette2 Karen2", "Karen nolo_pur Mette5 Karen0 Søren4"),
    *("Jens grand_tourne Jens5 Karen3 Søren1", "Søren solo Jens2 Mette2 Søren5"),
    *("Jens nolo_ouvert Jens3 Mette4 Karen2", "Karen jeu_simple Mette1 Karen4 Søren4"),
    "Søren tourne Jens2 Karen1 Søren6",
]
"""The play-through of 2026-11-30: a Danish table of four (DLU rates), Ib taking over
Søren's seat from coup 11, money in kroner."""


def test_the_footer_is_never_cut_from_its_sha(client, tmp_path):
    """That game's PDF in Danish had three pages, the second holding one line: the footer's
    "run scorekeeper replay game.json", cut from the SHA-256 it checks (on page 1). The
    footer is one block: the SHA and the command on the same page."""
    coups: list[dict[str, object]] = []
    for text in KITCHEN:
        if text == "pass":
            coups.append({"pass": True})
            continue
        hombre, contract, *tricks = text.split()
        coup = {
            "hombre": hombre,
            "contract": contract,
            "tricks": {t[:-1]: int(t[-1]) for t in tricks},
        }
        if contract == "grand_tourne":
            coup["black_aces"] = True
        coups.append(coup)
    data = {
        "format": "scorekeeper-game/1",
        "game": "hombre",
        "players": ["Jens", "Mette", "Karen", "Søren"],
        "first_dealer": "Jens",
        "rules": {"accounting": "danois", "rates": "dlu", "nolo_ouvert_bonus": False},
        "coups": coups,
        "seat_changes": [{"coup": 11, "seat": "Søren", "player": "Ib", "way": "takes_over"}],
        "money": {"chip_value": "0.25", "currency": "DKK"},
    }
    answer = client.post("/games/import", data={"text": json.dumps(data)})
    game = answer.headers["Location"].rstrip("/")
    pdf = client.get(game + "/settlement.pdf", headers={"Accept-Language": "da"})
    pages = pdf_pages(pdf.data, tmp_path)
    assert "Ib" in pages[0] and "+21" in pages[0]  # the game as played: Ib's own net
    (with_sha,) = [page for page in pages if "SHA-256" in page]
    assert "scorekeeper replay game.json" in with_sha
