"""A browser asks ``/favicon.ico`` of a page that declares no icon (the wall did not; a PDF,
a JSON file never can): the app's icon answers, never a 404 in the console."""

from __future__ import annotations

import re
from pathlib import Path

from test_events import new_event, ranking

ICON = Path(__file__).parents[2] / "static" / "icons" / "icon-192.png"


def test_favicon_ico_is_the_apps_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.data == ICON.read_bytes()
    assert client.head("/favicon.ico").status_code == 200


def test_the_pages_and_the_wall_declare_the_icon(app, client):
    """The base template and the wall (a page of its own, which declared none) name it."""
    new_event(client, kind="hombre")
    token = ranking(app)[1].event.read_token
    for path in ("/", f"/events/{token}", f"/events/{token}/wall"):
        links = re.findall(r'<link rel="icon" href="([^"]+)"', client.get(path).text)
        assert links == ["/static/icons/icon-192.png"], (path, links)
