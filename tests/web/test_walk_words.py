"""The words the walk-through found (issue 45's walk, point 8): a date on the cash box's
evening view in the reader's words, the Flemish clubs' word for the draw's seed, the season's
and the ratings' CSV headers in the reader's language."""

from __future__ import annotations

from test_clubs import new_club, new_evening, seed_table
from test_clubs_words import catalog, holds


def test_the_cash_boxs_evening_view_says_the_date_in_words(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(f"/clubs/{club}/cash?evening={evening}").text
    said = page[page.index('id="for-evening"') :].split("</p>", 1)[0]
    assert "27 novembre 2026" in said and "2026-11-27" not in said


def test_the_dutch_seed_is_the_flemish_clubs_lotingsnummer():
    """Dutch "zaad" is a plant's seed; the Flemish clubs draw (loting): every Dutch entry
    about the draw's seed says "lotingsnummer" (docs/translations.md)."""
    seeds = [(i, s) for i, s in catalog("nl") if holds(i, "seed") or holds(i, "Seed")]
    assert len(seeds) >= 5  # the event form, the rounds, the results
    assert [s for _, s in seeds if "zaad" in s.lower() or "lotingsnummer" not in s.lower()] == []


def test_the_season_for_a_spreadsheet_speaks_the_readers_language(client, app):
    """The comma file keeps its keys (tools read them: ``member``, ``per_100_coups``); the
    semicolon file has the reader's headers and decimal comma. The seed at 0.05 € a chip:
    Anne −72 chips = −3.60 €, over 7 coups: −72 × 100 / 7 = −1028.6 per 100 coups (one
    decimal, as the comma file and the page have it)."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    tools = client.get(f"/clubs/{club}/season.csv").text.lstrip("\ufeff").splitlines()
    assert tools[0].startswith("member,short_name,evenings,coups,as_hombre,outcomes,")
    page = client.get(f"/clubs/{club}/season").text
    assert "sep=semicolon" in page
    people = client.get(f"/clubs/{club}/season.csv?sep=semicolon").text
    lines = people.lstrip("\ufeff").splitlines()
    assert lines[0].startswith("Membre;") and "EUR" in lines[0]
    anne = next(line.split(";") for line in lines if line.startswith("Anne;"))
    assert anne[-1] == "-3,60" and anne[-2] == "-1028,6"
    assert any(line.startswith("Anne,") and line.endswith(",-1028.6,-3.60") for line in tools)


def test_the_ratings_for_a_spreadsheet_speak_the_readers_language(client, app):
    """The comma file keeps its keys and full figures (``family,place,member,…``); the
    semicolon file names the game and the columns in the reader's words, μ and σ with their
    decimal comma at two decimals, as the page shows them."""
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    seed_table(client, evening, "Anne", "Bruno", "Chloé")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    tools = client.get(f"/clubs/{club}/ratings.csv").text.lstrip("\ufeff").splitlines()
    assert tools[0] == "family,place,member,games,mu,sigma,ordinal,provisional"
    assert "sep=semicolon" in client.get(f"/clubs/{club}/ratings").text
    people = client.get(f"/clubs/{club}/ratings.csv?sep=semicolon").text
    lines = people.lstrip("\ufeff").splitlines()
    assert lines[0] == "Spel;Plaats;Lid;Tafels;μ;σ;Speelsterkte;Voorlopig"
    by_key = {line.split(",")[2]: line.split(",") for line in tools[1:]}
    for line in lines[1:]:
        cells = line.split(";")
        mu = float(by_key[cells[2]][4])
        assert cells[4] == f"{mu:.2f}".replace(".", ",") and cells[7] == "voorlopig"
