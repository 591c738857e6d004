"""A tiny run of the championship load test (benchmarks/event_load.py, event_setup.py).

The event of the load test made with 16 players instead of 544 (four manillen
tables of two pairs), each table entering deals through its slip's manager
link, the phones' poll answered 304 while the standing they have is the one
kept, and every deal counted in the ranking.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from apps import new_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from event_setup import DEALS, make_event

from scorekeeper.web.events import public


def test_the_event_of_the_load_test_small(tmp_path, monkeypatch):
    path = str(tmp_path / "event.sqlite")
    made = make_event(path, "event-load", players=16)
    assert len(made["tables"]) == 4  # 16 players, four tables of two pairs
    app = new_app(
        {
            "SECRET_KEY": "event-load",
            "DATABASE": path,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    monkeypatch.setattr(public, "FRESH", 0.0)  # every poll sees the latest standing
    phone = app.test_client()
    read = f"/events/{made['read']}"
    first = phone.get(read)
    assert first.status_code == 200
    assert phone.get(read, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    for table in made["tables"]:
        manager = app.test_client()
        assert manager.get(table["manage"]).status_code == 302  # the slip's link
        for version, deal in enumerate(DEALS[:2], 1):
            response = manager.post(
                table["game"] + "/sheet/coups", data={**deal, "version": str(version)}
            )
            assert response.status_code == 302
    moved = phone.get(read, headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200
    # win_pct: a deal of 40 then one of 25 leave no table level (the totals of the two
    # sides differ), so at each table one pair wins: 8 players at 100 %, 8 at 0 %.
    assert moved.text.count("<b>100</b>") == 8 and moved.text.count("<b>0</b>") == 8
    # a phone's browser asks for gzip: the same page, the same ETag, compressed once per
    # drawing (the 544-player page: 55 kB, 4.8 kB gzipped)
    zipped = phone.get(read, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert gzip.decompress(zipped.data) == moved.data
    assert len(zipped.data) < len(moved.data) / 3
    assert zipped.headers["ETag"] == moved.headers["ETag"]
    again = phone.get(
        read, headers={"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]}
    )
    assert again.status_code == 304
