"""The director's page of a 136-table round: its first view in a fresh server process and a
reload, in CPU seconds, and its weight (docs/performance.md, "The director's page at 136
tables"). Then each table's QR code asked for alone, as a director opening its link does.

    .venv/bin/python benchmarks/director_first_view.py [--reps 5] [--players 544]

``make bench`` runs it; the suite runs it tiny (tests/events/test_director_codes_once.py).
"""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from event_setup import EVENT, PLAYERS


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--players", type=int, default=PLAYERS)
    args = parser.parse_args(argv)
    from scorekeeper import create_app
    from scorekeeper.db import get_db
    from scorekeeper.events import records as stored
    from scorekeeper.web.table import links

    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "DATABASE": f"{folder}/bench.db",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()
    assert client.post("/events/new", data=EVENT).status_code == 302

    def version() -> str:
        with app.app_context():
            return str(stored.event(get_db(), 1).version)  # type: ignore[union-attr]

    names = "\n".join(f"Player {n:03d}" for n in range(1, args.players + 1))
    assert client.post("/events/1/players", data={"names": names, "version": version()})
    assert client.post("/events/1/draw", data={"version": version()}).status_code == 302
    client.get("/events/1")  # templates compiled, the standing kept: what a process has
    first, again = [], []
    for _ in range(args.reps):
        links._qr_drawn.cache_clear()  # a process started since
        start = time.process_time()
        page = client.get("/events/1")
        first.append(time.process_time() - start)
        start = time.process_time()
        client.get("/events/1")
        again.append(time.process_time() - start)
    body = page.get_data()
    print(f"first view: {', '.join(f'{s * 1000:.0f}' for s in first)} ms CPU")
    print(f"reload:     {', '.join(f'{s * 1000:.0f}' for s in again)} ms CPU")
    print(f"page: {len(body) / 1000:.0f} kB, gzipped {len(gzip.compress(body, 1)) / 1000:.0f} kB")
    codes = [a for a in page.text.split('"') if a.endswith("/qr.svg")]
    if codes:
        links._qr_drawn.cache_clear()
        start = time.process_time()
        sizes = [len(client.get(address).get_data()) for address in codes]
        spent = time.process_time() - start
        print(
            f"{len(codes)} codes asked for one by one: {spent * 1000:.0f} ms CPU, "
            f"{spent / len(codes) * 1000:.1f} ms each, {sum(sizes) / len(sizes) / 1000:.1f} kB each"
        )


if __name__ == "__main__":
    main()
