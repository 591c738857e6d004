"""Members with equal results are listed by name in the reader's collation on the room's
settlement, as the season lists them (web/formats/collation.py: a page's list; the ties of
money's cents stay the club's order), not in the order they were first seated.

Each table plays one coup: the first seat's demande, and the third seat takes the nine
tricks (codille): −9, −9, +18 (the engine's nets, asserted through the game's report).
"""

from __future__ import annotations

import re

from test_club_money_one_figure import ROOM, club_at
from test_clubs import _hombre, club_version, new_evening
from web import SEED_COUPS, enter, report


def seat(client, evening: int, names: tuple[str, str, str]) -> None:
    seated = {f"player{i}": name for i, name in enumerate(names)}
    response = client.post(f"/games/new?evening={evening}", data={**_hombre(), **seated})
    assert response.status_code == 302, response.data.decode()[-1500:]
    game = response.headers["Location"]
    assert enter(client, game, "A demande A0 B0 C9").status_code == 302
    assert list(report(client, game)["net"].values()) == [-9, -9, 18]


def room_members(client, evening: int) -> list[tuple[str, str]]:
    page = client.get(ROOM.format(evening)).data.decode()
    start = page.index('id="members"')
    members = page[start : page.index("</section>", start)]
    return re.findall(r'<th scope="row">([^<]+)</th><td class="num"><b>([^<]+)</b>', members)


def season_names(client, club: int) -> list[str]:
    page = client.get(f"/clubs/{club}/season").data.decode()
    return re.findall(r'<tr[^>]*><th scope="row">(?:<a[^>]*>)?([^<]+)<', page)


def test_equal_nets_are_listed_by_name_not_by_seat(client, app):
    # seated Bruno, Anne, Chloé: Bruno −9, Anne −9, Chloé +18; Anne before Bruno
    club = club_at(client, "0.10")
    evening = new_evening(client, app, club, "2026-11-29")
    seat(client, evening, ("Bruno", "Anne", "Chloé"))
    assert room_members(client, evening) == [("Chloé", "+18"), ("Anne", "−9"), ("Bruno", "−9")]


def test_a_danish_reader_reads_the_room_in_the_seasons_order(client, app):
    # Bo, Åse, Øjvind and Ærø lose 9 each; Carl and Anders win 18. In Danish Æ, Ø and Å come
    # after Z, in that order: Bo, Ærø, Øjvind, Åse. The season read so; the room listed
    # them first seated (Bo, Åse, Øjvind, Ærø).
    club = club_at(client, "0.10")
    evening = new_evening(client, app, club, "2026-11-29")
    seat(client, evening, ("Bo", "Åse", "Carl"))
    seat(client, evening, ("Øjvind", "Ærø", "Anders"))
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "da"
    listed = [name for name, _ in room_members(client, evening)]
    assert listed == ["Anders", "Carl", "Bo", "Ærø", "Øjvind", "Åse"]
    assert season_names(client, club)[:6] == listed


def names_in(page: str, start: str, end: str, pattern: str) -> list[str]:
    part = page[page.index(start) :]
    return re.findall(pattern, part[: part.index(end)])


def test_every_list_of_a_club_page_is_in_the_readers_collation(client, app):
    # Éva, Ærø and Zoë at one table, Al, Strauß and Bo at another, both the seed: Éva and Al
    # −72, Ærø and Strauß −9, Zoë and Bo +81. In Danish Æ, Ø and Å come after Z; in
    # French and English Æ is an A and É an E. The season by name was code-point order
    # (Éva and Ærø after Zoë) in every language, and the cash box's "who owes the club" the
    # club's order (money's pairing) beside its fee form in the reader's.
    club = club_at(client, "0.10")
    evening = new_evening(client, app, club, "2026-11-29")
    for names in (("Éva", "Ærø", "Zoë"), ("Al", "Strauß", "Bo")):
        data = {**_hombre(), **{f"player{i}": name for i, name in enumerate(names)}}
        game = client.post(f"/games/new?evening={evening}", data=data).headers["Location"]
        for text in SEED_COUPS:
            assert enter(client, game, text).status_code == 302
    for language, everyone in (
        ("fr", ["Ærø", "Al", "Bo", "Éva", "Strauß", "Zoë"]),
        ("da", ["Al", "Bo", "Éva", "Strauß", "Zoë", "Ærø"]),
    ):
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        club_page = client.get(f"/clubs/{club}").data.decode()
        listed = re.findall(r'class="statement" href="[^"]+">([^<]+)<', club_page)
        assert listed == everyone
        season = client.get(f"/clubs/{club}/season?sort=name").data.decode()
        row = r'<tr><th scope="row">([^<]+)</th>'
        assert names_in(season, 'id="season"', "</table>", row) == everyone
        cash = client.get(f"/clubs/{club}/cash").data.decode()
        # the evening is open: the cash box lists what is left of it apart, as its room does
        left = names_in(cash, f'id="open-{evening}"', "</table>", r'statement">([^<]+)</a></th>')
        assert left == everyone
    close = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=close).status_code == 302
    for language, everyone in (
        ("fr", ["Ærø", "Al", "Bo", "Éva", "Strauß", "Zoë"]),
        ("da", ["Al", "Bo", "Éva", "Strauß", "Zoë", "Ærø"]),
    ):
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
        cash = client.get(f"/clubs/{club}/cash").data.decode()
        owing = names_in(cash, 'id="owing"', 'id="debts-total"', r'statement">([^<]+)</a></th>')
        assert owing == [name for name in everyone if name not in ("Zoë", "Bo")]


def evening_money(page: str) -> list[str]:
    """The names of a club table's "the evening, in the cash box", as listed."""
    part = page[page.index('id="evening-money"') :]
    return re.findall(r'<th scope="row">([^<]+)</th>', part[: part.index("</table>")])


def test_a_club_tables_evening_money_is_in_the_readers_collation(client, app, tmp_path):
    # Søren, Åse and Jens at one table: the first seat's demande, Jens takes the nine tricks:
    # Søren −9, Åse −9, Jens +18 chips, at 0.10 a chip −0.90, −0.90, +1.80. The club's
    # order (root collation, Å an A) is Åse, Jens, Søren; a Danish reader's is Jens,
    # Søren, Åse (Å after Z), as the room and the cash box list them. The table's "the
    # evening, in the cash box" listed the club's order, on the page and in its PDF.
    from test_settlement import pdf_text

    club = club_at(client, "0.10")
    evening = new_evening(client, app, club, "2026-11-03")
    seated = {f"player{i}": name for i, name in enumerate(("Søren", "Åse", "Jens"))}
    game = client.post(f"/games/new?evening={evening}", data={**_hombre(), **seated})
    game = game.headers["Location"]
    assert enter(client, game, "A demande A0 B0 C9").status_code == 302
    assert list(report(client, game)["net"].values()) == [-9, -9, 18]
    english = client.get(game + "/settlement").data.decode()
    assert evening_money(english) == ["Åse", "Jens", "Søren"]  # the root collation's
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "da"
    page = client.get(game + "/settlement").data.decode()
    assert evening_money(page) == ["Jens", "Søren", "Åse"]
    assert [name for name, _ in room_members(client, evening)][1:] == ["Søren", "Åse"]
    # the pairing of money keeps the club's order, whatever the reader's language
    said = re.compile(r'<ul class="settle">.*?</ul>', re.S)
    pays = [re.findall(r"<b>([^<]+)</b>", said.search(p).group(0)) for p in (english, page)]
    assert pays[0] == pays[1] and pays[0]
    printed = pdf_text(client.get(game + "/settlement.pdf").data, tmp_path)
    part = printed[printed.index("Aftenen, i kassen") :]
    assert [n for n in re.findall(r"^\s*(\w+)\s", part, re.M) if n in seated.values()] == [
        "Jens",
        "Søren",
        "Åse",
    ]
