"""The pages assume no player's gender, in any language (words26).

The ratings page said "from every table he played … little is known of him yet" (fr "il",
da "han", nl "hij"), the seat page "plays for him: the money stays his", the pot "each keeps
what he put in", a refused bonus "he shows no bonus hand" (the Danish "han"), and so on. Each
is rephrased so that no gendered pronoun stands for a player, a member or the director.

English (the msgids) and Danish say every "it" of a thing with its own word ("it"; "den",
"det"), so no "he" nor "han" may be left anywhere; French and Dutch give things a gender
("il" for a phone, "hij" for a link), so their rephrased sentences are checked one by one.
"""

from __future__ import annotations

import re

import pytest
from test_clubs import new_club
from test_clubs_pages_words import catalog, get, words

ENGLISH = re.compile(r"\b(he|him|his|himself)\b", re.I)
DANISH = re.compile(r"\b(han|ham|hans|hun|hende|hendes)\b", re.I)
# French "elle" may stand for "la personne", Dutch "haar" for a card: not for a player here
FRENCH = re.compile(r"\bil\b|\b(pour|c’est) lui\b|\bcelui qui\b", re.I)
DUTCH = re.compile(r"\b(hij|hem|wiens)\b|\bzijn (eigen spellen|resultaat|ploeg)\b", re.I)
PERSON = {"fr": FRENCH, "da": DANISH, "nl": DUTCH}


def texts(message) -> list[str]:
    given = message.string
    return [given] if isinstance(given, str) else list(given)


def test_no_english_msgid_nor_danish_string_says_he():
    """Every msgid and every Danish string (a page's words, a refusal, a help line)."""
    english = [m.id for m in catalog("fr") if m.id and ENGLISH.search(str(m.id))]
    assert english == []
    danish = [t for m in catalog("da") if m.id for t in texts(m) if DANISH.search(t)]
    assert danish == []


# the sentences that spoke of a player (or the director) with "he", by their msgid now
REPHRASED = [
    "{name} deals and sits out this coup, so shows no bonus hand",
    "plays for the absent player: the money stays the absent player's",
    "plays for the absent player: the points stay the absent player's",
    "takes over: each keeps their own wins and losses",
    "This table's rules keep each seat's money with its player until the end (1709): a"
    " newcomer plays for the absent player. A club may allow taking over in its own rules.",
    "In the direction of play: each player is followed by the neighbour on the right.",
    "Still in the pot: %(chips)s. Nobody has paid it yet: when the game stops, every chip goes"
    " back to whoever put it in.",
    "The player who renounced or cheated: the deal counts 0 for the dealer if it was the"
    " dealer, 60 if it was an opponent.",
    "The card the dealer turned: its points go at once to the dealer's team.",
]


@pytest.mark.parametrize("language", sorted(PERSON))
def test_the_rephrased_sentences_use_no_pronoun_for_a_player(language):
    said = catalog(language)
    for msgid in REPHRASED:
        (text,) = texts(said[msgid])
        assert text and not PERSON[language].search(text), (msgid, text)
    # the seat page's two long help lines, the director's correction, the cash box's
    # "Settled", the 1709 house rule's help: found by their words (they are long)
    for start in (
        "From coup %(n)s, someone else sits",  # the seat page's two help lines
        "This round of the competition is closed",  # the director's correction
        "Settled: the part of",  # the cash box's column
        "Off (1709): whoever sits down",  # the house rule's help
    ):
        found = [m for m in said if m.id and str(m.id).startswith(start)]
        assert found, start
        for text in (t for m in found for t in texts(m)):
            assert text and not PERSON[language].search(text), text


# The ratings page's help line, what it must still say in each language (hand-written from
# its meaning: a player's level, from the club's tables, a newcomer's moving faster), and no
# pronoun for the player.
RATINGS = {
    "en": ("player is almost surely above", "from every table played at the club", "newcomer"),
    "fr": (
        "qu’un joueur dépasse presque sûrement",
        "toutes les tables jouées au cercle",
        "nouveau venu",
    ),
    "da": (
        "en spiller næsten med sikkerhed ligger over",
        "alle borde spillet i klubben",
        "nykommers",
    ),
    "nl": ("een speler vrijwel zeker boven zit", "alle tafels gespeeld in de club", "nieuwkomer"),
}
ANY = {"en": ENGLISH, **PERSON}


@pytest.mark.parametrize("language", sorted(RATINGS))
def test_the_ratings_page_assumes_no_gender(client, language):
    club = new_club(client)
    page = get(client, f"/clubs/{club}/ratings", language)
    help_line = words(re.findall(r'<p class="help">(.*?)<a ', page, re.S)[0])
    for said in RATINGS[language]:
        assert said in help_line, (language, said, help_line)
    assert not ANY[language].search(help_line), help_line
