"""A stop the table cannot take says why where it was asked, as an error (the fuzz's rule).

Found by the fuzz with other random draws: ``POST /games/<id>/stop`` on a game with no coup
answered 422 with the reason only as a notice, so the refusal was not shown as one.
"""

from __future__ import annotations

from web import new_game


def test_stopping_a_game_without_a_coup_is_refused_as_an_error(client):
    game = new_game(client)
    asked = client.get(game + "/stop").data.decode()
    assert 'class="notice" id="stop-refused"' in asked  # the question: the reason as a notice
    refused = client.post(game + "/stop", data={"confirmed": "1"})
    assert refused.status_code == 422
    body = refused.data.decode()
    assert 'class="error" id="stop-refused" role="alert"' in body
    assert "No coup has been played" in body
