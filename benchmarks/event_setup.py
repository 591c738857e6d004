"""The event of the load test: 544 manillen players drawn into 136 tables of two pairs.

Made in-process on the database the server will then serve (the same
routes as a director: the event's form, the registration, the draw), so the
load test starts from what a real championship's first round looks like.
``make_event(path, secret)`` returns the read token and each table's game
path and manager link (derived from the app's secret, as the slips show it).
"""

from __future__ import annotations

from typing import Any

PLAYERS = 544
DEALS = [
    {"trump": "coeur", "points": "40"},
    {"trump": "pique", "points": "25"},
    {"trump": "trefle", "points": "31"},
    {"trump": "carreau", "points": "60"},
]
"""What the tables enter, in turn (a manillen deal: the trump and the points taken)."""
EVENT = {
    "name": "WK manillen",
    "kind": "manillen",
    "seating": "pairs",
    "format": "individual",
    "rounds": "3",
    "method": "win_pct",
    "bye": "average",
    "seed": "2023",
    "new_partners": "y",
}


def make_event(path: str, secret: str, players: int = PLAYERS) -> dict[str, Any]:
    from scorekeeper import create_app
    from scorekeeper.db import get_db
    from scorekeeper.events import records as stored
    from scorekeeper.events.rounds import rounds
    from scorekeeper.web.events.rights import table_token

    app = create_app(
        {
            "SECRET_KEY": secret,
            "DATABASE": path,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()
    response = client.post("/events/new", data=EVENT)
    assert response.status_code == 302, response.status_code
    event_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        # the rules every table gets: deals enough for the run, no compulsory sans-atout
        db = get_db()
        db.execute(
            "update events set settings = json_set(settings, '$.rules',"
            ' json(\'{"variant": "belge", "deals": 200, "sans_atout": 0}\'))'
            " where id = ?",
            [event_id],
        )
        db.conn.commit()
        version = str(stored.event(db, event_id).version)  # type: ignore[union-attr]
    names = "\n".join(f"Player {n:03d}" for n in range(1, players + 1))
    response = client.post(f"/events/{event_id}/players", data={"names": names, "version": version})
    assert response.status_code == 302, response.status_code
    with app.app_context():
        version = str(stored.event(get_db(), event_id).version)  # type: ignore[union-attr]
    response = client.post(f"/events/{event_id}/draw", data={"version": version})
    assert response.status_code == 302, response.get_data(as_text=True)[-500:]
    with app.app_context():
        found = stored.event(get_db(), event_id)
        assert found is not None
        tables = [
            {
                "game": f"/games/{t.game_id}",
                "manage": f"/games/{t.game_id}/manage/{table_token(t.game_id)}",
            }
            for t in rounds(get_db(), event_id)[0].tables
        ]
    return {"event": event_id, "read": found.read_token, "tables": tables}
