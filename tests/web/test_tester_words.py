"""A tester's findings on the words of the pages (French first): plurals by the number
shown, dates in words, a list's repeated name named as such, one id per cash box field.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from test_clubs import new_club, new_evening, seed_table
from test_events import hombre_deal, new_event, open_table, post, ranking, tables
from test_readers_language import add_members

ISO_DAY = re.compile(r">[^<]*\b\d{4}-\d{2}-\d{2}\b[^<]*<")  # an ISO date shown as text


@pytest.mark.parametrize(
    ("language", "before", "after"),
    [
        # French: 0 and 1 take the singular ("0 donne", "1 donne"), 2 the plural
        ("fr", "0 donne sur 2", "1 donne sur 2"),
        ("en", "0 deals of 2", "1 deal of 2"),
        ("nl", "0 spellen van 2", "1 spel van 2"),  # spel / spellen: docs/translations.md
    ],
)
def test_the_directors_page_counts_deals_played_in_the_readers_plural(app, language, before, after):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="total", deals="2")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    assert before in client.get("/events/1").text
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    assert after in client.get("/events/1").text


@pytest.mark.parametrize(("language", "month"), [("fr", "novembre"), ("en", "November")])
def test_event_lists_and_the_close_page_say_the_date_in_words(client, app, language, month):
    club = new_club(client)
    new_event(client, kind="hombre", seating="3", method="total", deals="1")
    evening = new_evening(client, app, club, "2026-11-27")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    for path in ("/events", "/", f"/evenings/{evening}/close"):
        page = client.get(path)
        assert page.status_code == 200, path
        assert not ISO_DAY.search(page.text), (path, ISO_DAY.findall(page.text))
        assert month in page.text or path != f"/evenings/{evening}/close", path
    close = client.get(f"/evenings/{evening}/close").text
    assert (
        "← Soirée du 27 novembre 2026" if language == "fr" else "← Evening of November 27, 2026"
    ) in close


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "PIET et Piet\N{NARROW NO-BREAK SPACE}: deux fois le même nom dans la liste"),
        ("en", "PIET and Piet are the same name twice in the list"),
    ],
)
def test_one_name_twice_in_a_list_is_named_as_a_repeat(app, language, words):
    client = app.test_client()
    new_event(client, kind="hombre", seating="3", method="total", deals="1")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    response = post(client, app, "players", names="Piet\nPIET")
    assert response.status_code == 422
    assert words in response.text
    assert "inscrit sous" not in response.text and "registered already" not in response.text


def test_each_cash_box_form_has_its_own_field_ids(client, app):
    club = new_club(client)
    add_members(client, app, club, ["Anne", "Bruno"])
    page = client.get(f"/clubs/{club}/cash").text
    ids = re.findall(r'\bid="([^"]+)"', page)
    repeated = [name for name, times in Counter(ids).items() if times > 1]
    assert repeated == []
    forms = re.findall(
        r'<form method="post"[^>]*id="(fee|charge|payment|prize)">(.*?)</form>', page, re.S
    )
    assert [name for name, _ in forms] == ["fee", "charge", "payment", "prize"]
    for name, body in forms:
        for target in re.findall(r'<label for="([^"]+)"', body):
            assert target.startswith(name + "-"), (name, target)
            assert f'id="{target}"' in body, (name, target)
        assert 'name="amount" ' in body or 'name="amount"' in body


@pytest.mark.parametrize(("language", "colon"), [("fr", "\N{NARROW NO-BREAK SPACE}:"), ("en", ":")])
def test_separators_come_from_the_catalog(client, app, language, colon):
    """French sets a narrow no-break space before a colon; English none."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_table(client, evening, "Anne", "Bruno", "Chloé")
    new_event(client, kind="hombre", seating="3", method="total", deals="1")
    post(client, app, "players", names="Anne\nBert\nCarl")
    post(client, app, "draw")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    for path in (game + "/settlement", f"/evenings/{evening}/settlement"):
        page = client.get(path).text
        assert re.search(r"→ <b>[^<]+</b>" + colon + " ", page), path  # "Bruno → Chloé : 93 jetons"
    token = ranking(app)[1].event.read_token  # the event's read page
    assert f"Table 1{colon} " in client.get(f"/events/{token}").text
