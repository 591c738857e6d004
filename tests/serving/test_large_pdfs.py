"""Issue 45, large work: the PDFs of long games and large events (benchmarks/large_pdfs.py).

The results PDF of a 600-player event took 5 s on a quiet machine: a table row
per player, a cell per figure, a list item per table. It prints its ranking and
its rounds as lines of text now; these tests read the PDF back and find every
player's place, name, figures and total in the order of the ranking, and every
table of every round. The first PDF after a start compiled its templates in the
process that drew it: ``warm`` compiles them before the fork. And the benchmark
itself runs once, tiny.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from apps import new_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import large_pdfs

from scorekeeper.db import get_db
from scorekeeper.events import records
from scorekeeper.events.standing import compute
from scorekeeper.web.events.words import figure_text
from scorekeeper.web.printing import pdf as printing


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """Two small games and an event of 16 players over two rounds, as the benchmark makes."""
    database = tmp_path_factory.mktemp("large") / "bench.sqlite"
    return database, large_pdfs.build(database, large_pdfs.SMALL)


def make_app(database: Path) -> Any:
    return new_app(
        {
            "DATABASE": str(database),
            "SECRET_KEY": large_pdfs.SECRET,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )


def pdf_text(data: bytes, tmp_path: Path) -> str:
    assert shutil.which("pdftotext"), "poppler-utils is part of the test set-up"
    (tmp_path / "results.pdf").write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "results.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_the_results_pdf_says_every_line_of_the_ranking_and_every_table(built, tmp_path):
    database, cases = built
    app = make_app(database)
    path = next(p for case, p in cases.items() if case.startswith("results"))
    answer = app.test_client().get(path, headers={"Accept-Language": "en"})
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    text = pdf_text(answer.data, tmp_path)
    with app.app_context():
        event = records.event_by_read(get_db(), path.split("/")[2])
        assert event is not None
        standing = compute(get_db(), event.id)
    assert len(standing.lines) == large_pdfs.SMALL["players"]
    assert len(standing.plays) == large_pdfs.SMALL["rounds"]
    lines = text.splitlines()
    # no one has a correction here: no Correction column, as on the page
    assert re.search(r"#\s+Player\s+R1\s+R2\s+Total", text), text[:800]
    for line in standing.lines:
        place = f"{line.place}{'=' if line.shared else ''}"
        figures = [figure_text(f) for f in line.rounds] + [figure_text(line.figure)]
        pattern = r"\s+".join(re.escape(part) for part in [place, line.player])
        pattern += r"\b.*" + r"\s+".join(re.escape(f) for f in figures) + r"$"
        found = [row for row in lines if re.search(pattern, row.strip())]
        assert len(found) == 1, (pattern, text[:1500])
    # every table of every round, with its result (a deal of 40, 25, 31 or 60 points)
    for play in standing.plays:
        for table in play.tables:
            said = f"Table {table.table}: "
            assert sum(row.strip().startswith(said) for row in lines) >= 1, said
    tables = sum(len(play.tables) for play in standing.plays)
    assert len(re.findall(r"^\s*Table \d+: .* — \d+ · \d+$", text, re.M)) == tables


def test_the_first_pdf_after_warm_compiles_no_template(built, monkeypatch):
    database, cases = built
    app = make_app(database)
    assert {"events/results.html", "hombre/settlement.html"} <= printing.PRINTED
    printing.warm(app)
    compiled: list[str | None] = []
    original = app.jinja_env.compile

    def compile(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(name)
        return original(source, name, *args, **kwargs)

    monkeypatch.setattr(app.jinja_env, "compile", compile)
    path = next(p for case, p in cases.items() if case.startswith("results"))
    assert app.test_client().get(path).data.startswith(b"%PDF")
    assert compiled == []


def test_the_benchmark_tiny(built):
    database, cases = built
    took = large_pdfs.one_start(database, list(cases.values()), None)
    assert len(took) == 3 and all(wall > 0 and cpu >= 0 for wall, cpu in took)
