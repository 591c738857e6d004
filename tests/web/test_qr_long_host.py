"""A Host header a stranger chose: a link's QR code begins with it, a page's links are built
with it.

Without ``PUBLIC_URL`` a link begins with the address the page was opened with: the
request's ``Host``, which anyone may send thousands of characters long on the links page
of a game they made themselves."""

from __future__ import annotations

import re

import pytest
from web import new_game

from scorekeeper.web.table import links


def _host(length: int) -> str:
    """A host name of about ``length`` characters, in labels of 60 (the most is 63)."""
    return ".".join(["a" * 60] * (length // 61)) + ".example"


def _links_page(app, client, game: str, host: str):
    """The game's links page asked with ``host``, with the browser's cookies."""
    cookies = "; ".join(f"{key[2]}={cookie.value}" for key, cookie in client._cookies.items())
    game_id = re.search(r"/games/([0-9]+)", game).group(1)
    stranger = app.test_client(use_cookies=False)
    return stranger.get(f"/games/{game_id}/links", headers={"Host": host, "Cookie": cookies})


def test_a_link_too_long_for_a_code_is_shown_without_one(app):
    """A QR code holds at most 2,331 bytes (version 40, level M): a link past that was a
    segno DataOverflowError, a 500."""
    client = app.test_client()
    game = new_game(client)
    response = _links_page(app, client, game, _host(2400))
    assert response.status_code == 200
    assert _host(2400) in response.text  # the link is still there to copy


def test_a_long_links_code_is_not_kept(app):
    """Each code kept of a 2,000-character link is 49 KB (1,024 of them: 50 MB a process);
    a link as served (about 100 characters) is kept, a long one drawn and let go."""
    client = app.test_client()
    game = new_game(client)
    links._qr_drawn.cache_clear()
    assert _links_page(app, client, game, "scores.example.org").status_code == 200
    kept = links._qr_drawn.cache_info().currsize
    assert kept >= 1  # the table's link
    response = _links_page(app, client, game, _host(2000))
    assert response.status_code == 200 and "<svg" in response.text  # drawn all the same
    assert links._qr_drawn.cache_info().currsize == kept


@pytest.mark.parametrize("host", ["a..b", "a" * 64 + ".example", ".example"])
def test_a_host_no_address_is_made_of_is_a_400(app, host):
    """An empty label or one past 63 letters: werkzeug can build no link with the Host
    (BadHost, 400), and the error page, whose links are built with it, raised again: a 500
    on every address, the static files' too. A plain 400 in the reader's language now."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    client = app.test_client()
    for path in ("/", "/games/new", "/static/style.css"):
        response = client.get(path, headers={"Host": host, "Accept-Language": "en"})
        assert response.status_code == 400, path
        assert response.text == "This request could not be read. Reload the page and try again."
