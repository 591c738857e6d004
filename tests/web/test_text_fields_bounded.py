"""Every text field a page offers says in the browser the bound the server checks (play19).

The player fields had no ``maxlength`` while the server took at most 40 characters: 5,000
pasted into player 1 came back in the refusal and made the new-game page 36,209 px wide on
a 390 px phone. The bound has one home, the field's ``Length`` validator: WTForms draws
``maxlength`` from its flag, and a field a template writes by hand reads that flag.
"""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser

import pytest
from flask_wtf import FlaskForm
from fuzz_app import build_world
from test_fuzz import EVERY_ROUTE
from wtforms.fields.core import UnboundField
from wtforms.validators import Length

import scorekeeper.web  # noqa: F401  every form class imported
from scorekeeper.names import MAX_LENGTH

TEXT_TYPES = {"text", "search", "email", "url", "tel"}
NOT_BOUNDED_BY_LENGTH = {
    ("/games/import", "textarea", "text"): "a game file's body: importing.MAX_BYTES, in bytes",
    ("/events/{event}", "input", "points"): "a number: its InRange bounds it, not a length",
}
"""Text fields whose server bound is no count of characters (the password is no text field)."""


def length_bounds() -> dict[str, set[int]]:
    """Every ``Length`` bound of every form field of the app, by the field's name."""
    bounds: dict[str, set[int]] = {}
    classes = [FlaskForm]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        for name, value in vars(cls).items():
            if not isinstance(value, UnboundField):
                continue
            for check in value.kwargs.get("validators") or []:
                if isinstance(check, Length) and check.max >= 0:
                    bounds.setdefault(name, set()).add(check.max)
    return bounds


def test_every_length_check_draws_its_maxlength():
    # a Length whose flag is taken away (the names' had none) leaves the browser unbounded
    classes = [FlaskForm]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        for name, value in vars(cls).items():
            if isinstance(value, UnboundField):
                for check in value.kwargs.get("validators") or []:
                    if isinstance(check, Length) and check.max >= 0:
                        assert check.field_flags == {"maxlength": check.max}, (cls, name)


class TextInputs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        seen = dict(attrs)
        if (tag == "input" and (seen.get("type") or "text") in TEXT_TYPES) or tag == "textarea":
            self.found.append((tag, seen.get("name") or "", seen.get("maxlength")))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    from apps import fresh_database

    path = fresh_database(tmp_path_factory.mktemp("bounded") / "b.sqlite")
    return build_world(str(path), RATELIMIT_ENABLED=False)


def test_every_text_input_of_every_page_has_the_servers_bound(world):
    bounds = length_bounds()
    stranger = world.client.application.test_client()
    places = {
        "game": world.games,
        "n": [1],
        "club": [2],
        "member": world.members[:1],
        "evening": [1],
        "entry": world.entries[:1],
        "event": [1],
        "grant": world.grants[:1],
        "token": world.tokens[:1],
        "name": ["hombre", "brou", "manille"],
        "code": ["en"],
        "file": ["style.css"],
    }
    checked: dict[tuple[str, str, str], str | None] = {}
    for method, address in EVERY_ROUTE:
        if method != "GET":
            continue
        keys = re.findall(r"{(\w+)}", address)
        for values in itertools.product(*(places[key] for key in keys)):
            url = address.format(**dict(zip(keys, values)))
            for browser in (world.client, stranger):
                response = browser.get(url)
                if response.mimetype != "text/html":
                    continue
                inputs = TextInputs()
                inputs.feed(response.get_data(as_text=True))
                for tag, name, longest in inputs.found:
                    checked[(address, tag, name)] = longest
                    if (address, tag, name) in NOT_BOUNDED_BY_LENGTH:
                        continue
                    assert longest is not None, (url, tag, name)
                    if name in bounds:  # one of the bounds the server checks a field so named
                        assert int(longest) in bounds[name], (url, name, longest, bounds[name])
    # the fields play19 found unbounded: each player's, the seat's newcomer, a member's name
    for address in ("/games/new", "/games/new/{name}", "/games/{game}/setup"):
        for seat in range(4):
            assert checked[(address, "input", f"player{seat}")] == str(MAX_LENGTH), address
    assert checked[("/games/{game}/sheet/setup", "input", "player0")] == str(MAX_LENGTH)
    assert checked[("/games/{game}/seat", "input", "player")] == str(MAX_LENGTH)
    assert checked[("/clubs/{club}", "input", "name")] == str(MAX_LENGTH)
