"""The French pages elide "de" before a seat's name that starts with a vowel (play17).

docs/translations.md, *Elision*: on a French page, *de* before a name starting with a vowel
(or an h and a vowel) becomes *d’* ("Relevé d’Anne"). A club's evening had Hélène take over
Anne's seat at a Manille table; the game page, the evening, the room's settlement (page and
PDF) and the table's settlement said "Hélène a repris la place de Anne", and the seat page's
link for one who left read "… reprend la place de Émile".
"""

from test_seat_hands_over import taking_over_allowed
from test_take_seat import seed_until, take

FR = {"Accept-Language": "fr"}


def test_a_seat_taken_over_is_elided_on_the_game_and_seat_pages(client):
    game = taking_over_allowed(client, seed_until(client, 4))
    assert take(client, game, "0", "Émile", "takes_over").status_code == 302  # Anne's seat
    page = client.get(game, headers=FR).get_data(as_text=True)
    assert "À partir du coup 5, Émile a repris la place d’Anne." in page
    assert "la place de Anne" not in page
    seat = client.get(game + "/seat", headers=FR).get_data(as_text=True)
    # Anne left her own seat, Émile sits there now: the link for her to come back
    assert "Anne reprend la place d’Émile" in seat
    assert "la place de Émile" not in seat
    # a consonant keeps its "de", and English is untouched
    assert take(client, game, "1", "Denis").status_code == 302  # Denis plays for Bruno
    english = client.get(game).get_data(as_text=True)
    assert "From coup 5, Émile has taken over the seat of Anne." in english
