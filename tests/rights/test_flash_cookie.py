"""The one-time messages ride in a cookie of their own (rights/sessions.py): the session's
cookie is not signed and sent again for a "Coup 1 saved" set, then taken.

The message still shows once, in the reader's language; a messages cookie not
signed by the server shows nothing; a forged session cookie is still refused.
"""

from __future__ import annotations

import pytest
from babel.support import Translations
from web import coup_data, new_game, version_of

from scorekeeper.i18n import LANGUAGES
from scorekeeper.rights.sessions import FLASHES

CATALOGS = "scorekeeper/translations"


def set_cookies(response) -> dict[str, str]:
    """The cookies an answer sets (name: the header's whole text)."""
    return {header.split("=", 1)[0]: header for header in response.headers.getlist("Set-Cookie")}


def saved_words(language: str) -> str:
    """What the catalog says for coup 1 saved, up to the coup's own words."""
    msgid = "Coup %(n)s saved: %(what)s"
    words = msgid if language == "en" else Translations.load(CATALOGS, [language]).ugettext(msgid)
    return words.split("%(what)s")[0] % {"n": 1}


def saved_box(page: str) -> str:
    return page.split('id="saved">')[1].split("</div>")[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_coup_saved_says_so_once_without_signing_the_session_again(app, language):
    client = app.test_client()
    client.set_cookie("lang", language)
    game = new_game(client)
    client.get(game)  # the manager link shown once, the day's cookie sent
    client.get(game)  # the CSRF token made (the session sent again once)
    data = {**coup_data("B demande A2 B5 C2"), "save": "1", "version": version_of(client, game)}
    posted = client.post(game + "/coups", data=data)
    assert posted.status_code == 302
    cookies = set_cookies(posted)
    assert "session" not in cookies and FLASHES in cookies  # only the message's cookie
    assert "HttpOnly" in cookies[FLASHES] and "SameSite=Lax" in cookies[FLASHES]
    page = client.get(game)
    assert saved_words(language) in saved_box(page.text)
    cookies = set_cookies(page)
    assert "session" not in cookies
    assert (
        cookies[FLASHES].startswith(f"{FLASHES}=;")
        and "Expires=Thu, 01 Jan 1970" in (cookies[FLASHES])
    )
    again = client.get(game)
    assert saved_words(language) not in again.text  # once
    assert set_cookies(again) == {}


def test_a_message_waits_for_the_page_that_shows_it(client):
    game = new_game(client)
    client.get(game)
    posted = client.post(game + "/coups", data={**coup_data("pass"), "version": "1"})
    assert posted.status_code == 302
    assert client.get(game + "/version").status_code == 200  # no page: the message stays
    assert "Coup 1 saved" in saved_box(client.get(game).text)
    assert "Coup 1 saved" not in client.get(game).text


def other(signature: str) -> str:
    """The signature with its first letter changed (not its last: padding bits)."""
    return ("A" if signature[0] != "A" else "B") + signature[1:]


def test_a_messages_cookie_not_signed_here_shows_nothing(client):
    game = new_game(client)
    client.get(game)
    client.post(game + "/coups", data={**coup_data("pass"), "version": "1"})
    payload, signature = client.get_cookie(FLASHES).value.rsplit(".", 1)
    client.set_cookie(FLASHES, f"{payload}.{other(signature)}")
    page = client.get(game)
    assert "Coup 1" not in saved_box(page.text)
    assert set_cookies(page)[FLASHES].startswith(f"{FLASHES}=;")  # dropped
    client.set_cookie(FLASHES, "not even signed")
    assert "Coup 1" not in saved_box(client.get(game).text)
    assert client.get_cookie(FLASHES) is None


def test_a_forged_session_is_still_refused(client):
    game = new_game(client)
    client.get(game)
    real = client.get_cookie("session").value
    payload, stamp, signature = real.rsplit(".", 2)
    client.set_cookie("session", f"{payload}.{stamp}.{other(signature)}")
    refused = client.post(game + "/coups", data={**coup_data("pass"), "version": "1"})
    assert refused.status_code == 404  # no rights, not even to see the game: not taken
    assert FLASHES not in set_cookies(refused)
    client.set_cookie("session", real)
    assert version_of(client, game) == "1"  # nothing stored


def test_a_session_signed_with_its_messages_inside_shows_them_once(client, app):
    """A cookie from before the messages had their own: shown once, then gone from both."""
    game = new_game(client)
    client.get(game)
    signing = app.session_interface.get_signing_serializer(app)
    data = signing.loads(client.get_cookie("session").value)
    client.set_cookie("session", signing.dumps({**data, FLASHES: [("message", "Older words")]}))
    page = client.get(game)
    assert "Older words" in saved_box(page.text)
    assert "session" in set_cookies(page)  # signed again, without them
    assert FLASHES not in signing.loads(client.get_cookie("session").value)
    assert "Older words" not in client.get(game).text


def test_a_short_message_is_sent_as_json_a_long_one_compressed_and_both_read_back(app):
    """zlib's set-up cost a POST more than the bytes it saved on a coup's message: a short
    payload is base64 of its JSON (itsdangerous marks a compressed one with a leading
    dot), a long one is compressed still; itsdangerous reads both, and the signature holds."""
    import base64
    import json

    from itsdangerous import BadSignature

    from scorekeeper.rights.sessions import SHORT

    signer = app.session_interface.flash_serializer(app)
    # a correction's message at a table of four (JSON escapes the arrows: it compresses)
    nets = ", ".join(
        f"{name} +{n} → -{n}" for n, name in enumerate(["Anne", "Bruno", "Chloé", "Denis"])
    )
    short = [["message", f"Coup 12 corrected. Nets: {nets}."]] * 3
    sent = signer.dumps(short)
    payload = sent.split(".")[0]
    assert not sent.startswith(".")
    assert json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    long = [["message", "Nets: " + ", ".join(f"P{n} +{n} → -{n}" for n in range(SHORT // 8))]]
    sent_long = signer.dumps(long)
    assert sent_long.startswith(".") and len(sent_long) < len(json.dumps(long))
    assert signer.loads(sent) == short and signer.loads(sent_long) == long
    with pytest.raises(BadSignature):
        signer.loads(sent[:-2] + ("A" if sent[-2] != "A" else "B") + sent[-1])
