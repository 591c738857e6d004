"""The set-up form of a jetons and of a Danish game can be posted (it answered 500).

``store.set_table`` logs the rule set in words (``rules.describe()``), which
these two rule sets lacked; the ``Rules`` protocol now makes mypy ask for it.
"""

import json
import sqlite3

import pytest
from test_web_systems import DANOIS, JETONS, create, report


@pytest.mark.parametrize(
    ("data", "change", "summary"),
    [
        (JETONS, {"stake": "4"}, "jetons, stake 4, pass fee 2"),
        (DANOIS, {"ante": "6"}, "danois, ante 6, rates dlu"),
    ],
    ids=["jetons", "danois"],
)
def test_the_setup_of_a_jetons_or_danish_game_is_saved_and_logged(
    client, app, data, change, summary
):
    game = create(client, data)
    assert client.get(game + "/setup").status_code == 200
    response = client.post(game + "/setup", data={**data, **change, "version": "1"})
    assert response.status_code == 302, response.data.decode()[:2000]
    name, value = next(iter(change.items()))
    assert report(client, game)["rules"][name] == int(value)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        logged = conn.execute("select summary, after from changes order by id desc").fetchone()
    assert logged[0].startswith(summary)
    assert json.loads(logged[1])[name] == int(value)
