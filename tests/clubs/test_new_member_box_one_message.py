"""The "new member" box under an imported file's field names the name it tells new: "Chloé —
new member". It was the name and the box's words ("new member") joined by a dash in Python
(web/starting/creating.py), so that no language could put the name elsewhere or say it
otherwise. It is one message now, ``%(name)s — new member``, with its placeholder, in every
catalog; the box says each catalog's own words.

The file is test_a_part_of_a_members_name_imported's: a player "Chloé" beside the member
Chloé Dubois, which the import asks about.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po
from test_a_part_of_a_members_name_imported import _club, _file

import scorekeeper

MESSAGE = "%(name)s — new member"
CATALOGS = Path(scorekeeper.__file__).parent / "translations"


def box_label(page: str) -> str:
    found = re.search(r'name="new_member" value="Chloé"> <span>([^<]+)</span>', page)
    assert found is not None, page[-1500:]
    return found.group(1)


def said(language: str) -> str:
    """The catalog's words for the box, Chloé put in (English: the message itself)."""
    if language == "en":
        return MESSAGE % {"name": "Chloé"}
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        message = read_po(handle).get(MESSAGE)
    assert message is not None and "%(name)s" in message.string, language
    return message.string % {"name": "Chloé"}


def test_the_files_new_member_box_is_one_message_in_every_language(client, app):
    evening = _club(client, app, "Chloé Dubois")
    text = _file(["Anne", "Bruno", "Chloé"], "Bruno", "Denis")
    expected = {
        "en": "Chloé — new member",
        "fr": "Chloé — nouveau membre",
        "da": "Chloé — nyt medlem",
        "nl": "Chloé — nieuw lid",
    }
    for language, words in expected.items():
        response = client.post(
            f"/games/import?evening={evening}",
            data={"text": text},
            headers={"Accept-Language": language},
        )
        assert response.status_code == 422
        assert box_label(response.text) == said(language) == words, language
