"""The Dutch and Danish pages in the clubs' own words (words24): what two players found on
the pages of a Flemish manillen café (smoke24) and of a Danish l'hombre club (smoke25), each
asserted on the page in that language (docs/translations.md)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from babel.messages.pofile import read_po
from test_close_ends_tables import seed_start
from test_clubs import club_version, new_club, new_evening
from test_languages import DANOIS
from test_web_four import POULE, coup_data
from test_web_sheets import FOUR, new_sheet, version

CATALOGS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def words(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def errors(page: str) -> list[str]:
    return [html.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]*)<', page)]


def get(client, path: str, language: str) -> str:
    page = client.get(path, headers={"Accept-Language": language}).text
    assert f'<html lang="{language}">' in page
    return page


def catalog(language: str):
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle)


def test_dutch_says_tornooi_everywhere():
    """One word for an event in Dutch: "tornooi"; "toernooi" was left in the note about a
    round's evenings still open and in a competition table's refusal."""
    said = [m.string for m in catalog("nl") if m.id and "toernooi" in str(m.string)]
    assert said == []
    nl = catalog("nl")
    assert (
        "het tornooi sluit er geen af"
        in nl["Closing an evening ends its tables: the event closes none."].string
    )


def test_the_ratings_page_in_dutch_and_danish(client):
    club = new_club(client)
    for language, word in (("nl", "Speelsterkte"), ("da", "Ratingtal")):
        page = words(get(client, f"/clubs/{club}", language))
        assert word in page, language  # the club page's link
        assert "Ratings" not in page, language
        page = words(get(client, f"/clubs/{club}/ratings", language))
        assert f"<title>{word}" in get(client, f"/clubs/{club}/ratings", language), language
        assert "Rating" not in page.replace(word, ""), language


def test_a_manillen_event_ranks_by_its_points_and_its_pairs_are_duos(client):
    """A new event for manillen, sent back (no name): its total in points, the game's unit
    (no chip at manillen); pairs are "duo's", the seating's and the format's."""
    data = {"kind": "manille", "seating": "pairs", "format": "pairs", "rounds": "3"}
    data |= {"method": "total", "bye": "average", "name": ""}
    page = client.post("/events/new", data=data, headers={"Accept-Language": "nl"}).text
    shown = words(page)
    assert "Totaal van de punten" in shown and "jetons of punten" not in shown
    assert "Vaste duo’s" in shown and "Tafels van vier, twee duo’s" in shown
    assert "koppel" not in shown


def test_dutch_cash_words(client):
    """A lost game is a "partij" (a "spel" is a deal), cash is "contant"."""
    club = new_club(client)
    member = {"name": "Anne", "short_name": "", "version": club_version(client.application)}
    assert client.post(f"/clubs/{club}/members", data=member).status_code == 302
    page = words(get(client, f"/clubs/{club}/cash", "nl"))
    assert "Bijdrage per verloren partij" in page and "verloren spel" not in page
    assert "contant" in page.lower() and "cash" not in page.lower().replace("cash-", "")


def test_an_engine_refusal_starts_with_a_capital_in_every_language(client):
    """A manillen target lower than one deal can mark: the engine's words beside the field,
    its first letter a capital as the forms' own refusals ("Dit veld is vereist.")."""
    data = {**FOUR, "first_dealer": "0", "create": "1", "variant": "belge", "target": "5"}
    said = {"nl": "Het doel moet hoger zijn dan", "en": "The target must be more than"}
    for language, start in said.items():
        response = client.post(
            "/games/new/manille", data=data, headers={"Accept-Language": language}
        )
        assert response.status_code == 422
        assert any(e.startswith(start) for e in errors(response.text)), errors(response.text)


def test_a_manillen_deal_without_a_trump_names_the_trumps_in_dutch(client):
    game = new_sheet(client, "manille", variant="belge", deals="8", sans_atout="0")
    data = {"version": version(client, game), "points": "40"}
    response = client.post(game + "/sheet/coups", data=data, headers={"Accept-Language": "nl"})
    assert response.status_code == 422
    said = "Kies ♠ schoppen, ♥ harten, ♦ ruiten, ♣ klaveren of zonder troef."
    assert errors(response.text) == [said]
    page = response.text  # beside the trump field: after its buttons, before the contre's
    assert page.rindex('name="trump"') < page.index(said) < page.index('name="contre"')
    bad = {**data, "version": version(client, game), "trump": "coeur", "contre": "kloppen"}
    response = client.post(game + "/sheet/coups", data=bad, headers={"Accept-Language": "nl"})
    assert errors(response.text) == ["Kies —, meegegaan ×2 of tegengeklopt ×4."]
    assert "surcontre" not in words(response.text)


def test_sans_atout_owed_past_the_deals_counts_them_in_dutch(client):
    # 3 deals, two teams: Eux chooses at deal 2 only (3 // 2 = 1 deal), owing 2
    data = {**FOUR, "first_dealer": "0", "create": "1", "variant": "belge", "deals": "3"}
    response = client.post(
        "/games/new/manille", data={**data, "sans_atout": "2"}, headers={"Accept-Language": "nl"}
    )
    assert response.status_code == 422
    assert (
        "Elke troefmaker moet 2 keer zonder troef spelen, maar een van hen maakt maar in 1 spel"
        " van de 3 troef" in errors(response.text)
    )
    # 5 deals: 5 // 2 = 2 deals for the one who chooses least, owing 3
    response = client.post(
        "/games/new/manille",
        data={**data, "deals": "5", "sans_atout": "3"},
        headers={"Accept-Language": "nl"},
    )
    assert any("in 2 spellen van de 5 troef" in e for e in errors(response.text))


def test_danish_takst_refusal_names_no_field_path_and_takes_the_unions_spil(client):
    data = {**DANOIS, "preset": "danois", "rates": "texte"}
    response = client.post(
        "/games/new", data={**data, "takst": "ren nolo 4 4 2000"}, headers={"Accept-Language": "da"}
    )
    assert response.status_code == 422
    assert "ren nolo: hver af dens tre takster er fra 0 til 1.000" in errors(response.text)
    assert "rules.takst" not in words(response.text)
    # the Union's "spil" (its melding table) is the jeu simple, "alm. spil" on the page
    response = client.post("/games/new", data={**data, "takst": "spil 1 1 2"})
    assert response.status_code == 302, errors(response.text)
    page = words(get(client, response.headers["Location"], "da"))
    assert "alm. spil 1 1 2" in page


def test_an_import_without_a_game_key_says_it_is_missing(client):
    response = client.post(
        "/games/import",
        data={"text": json.dumps({"format": "scorekeeper-game/1", "players": ["A", "B", "C"]})},
        headers={"Accept-Language": "da"},
    )
    assert response.status_code == 422
    page = words(response.text)
    assert "Nøglen game mangler: den er en af hombre, brou, manille." in page
    assert "None" not in page


def test_the_dealer_who_sits_out_is_named_without_a_pronoun(client):
    response = client.post("/games/new", data={**POULE, "player0": "Birthe", "player3": "Denis"})
    game = response.headers["Location"]
    # at four the dealer sits out: Birthe (seat A) deals coup 1
    said = {
        "da": "Birthe giver og sidder over i dette spil og kan derfor ikke være spilfører",
        "en": "Birthe deals and sits out this coup, so cannot be the hombre",
        "fr": "Birthe donne et ne joue pas ce coup, donc ne peut pas être l’hombre",
        "nl": "Birthe deelt en speelt dit spel niet mee, en kan dus geen hombre zijn",
    }
    for language, line in said.items():
        data = {**coup_data("A demande A5 B2 C2"), "version": version(client, game)}
        response = client.post(game + "/coups", data=data, headers={"Accept-Language": language})
        assert response.status_code == 422
        assert errors(response.text) == [line], language


def test_the_game_page_says_the_evenings_close_stopped_the_table(client, app):
    club = new_club(client)
    evening = new_evening(client, app, club, "2026-11-27")
    game = seed_start(client, evening, 4)
    closed = {"version": club_version(app), "confirmed": "1"}
    assert client.post(f"/evenings/{evening}/close", data=closed).status_code == 302
    history = words(get(client, game + "/history", "da"))
    assert "aftenens lukning stoppede bordet" in history
    for path in (game, game + "/settlement"):
        page = words(get(client, path, "da"))
        assert "Aftenens lukning stoppede bordet efter sine 4 spil" in page, path
        assert "Bordet stoppede her" not in page, path
