"""Every text field a page offers says in the browser the bound the server checks (play19).

The player fields had no ``maxlength`` while the server took at most 40 characters: 5,000
pasted into player 1 came back in the refusal and made the new-game page 36,209 px wide on
a 390 px phone. The bound has one home, the field's ``Length`` validator: WTForms draws
``maxlength`` from its flag, and a field a template writes by hand reads that flag. A name
field alone has none, on purpose (issue 25: a pasted name is never cut silently by the
browser, it is refused where it was typed; docs/guide-players.md): its long value breaks
inside the page instead (tests/browser/test_browser_long_value.py).
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
from scorekeeper.web.forms import NAME_TOO_LONG

TEXT_TYPES = {"text", "search", "email", "url", "tel"}
NOT_BOUNDED_BY_LENGTH = {
    ("/games/import", "textarea", "text"): "a game file's body: importing.MAX_BYTES, in bytes",
    ("/events/{event}", "input", "points"): "a number: its InRange bounds it, not a length",
}
"""Text fields whose server bound is no count of characters (the password is no text field)."""
NAMES = {
    *(
        (a, f"player{seat}")
        for a in ("/games/new", "/games/new/{name}", "/games/{game}/setup")
        for seat in range(4)
    ),
    ("/games/{game}/sheet/setup", "player0"),
    ("/games/{game}/seat", "player"),
    ("/clubs/{club}", "name"),
}
"""The name fields of the pages (a player's, the seat's newcomer, a member's): no maxlength."""


def a_name(address: str, name: str) -> bool:
    """A player's field (``player0``…), the seat's newcomer, a member's name: no maxlength."""
    return re.fullmatch(r"player\d*", name) is not None or (address, name) in NAMES


def unbounded(check: Length) -> bool:
    """A names' length check: refused beside the field, never cut by the browser."""
    return check.message is NAME_TOO_LONG


def length_bounds() -> dict[str, set[int]]:
    """Every ``Length`` bound the browser is told, by the field's name (not the names')."""
    bounds: dict[str, set[int]] = {}
    classes = [FlaskForm]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        for name, value in vars(cls).items():
            if not isinstance(value, UnboundField):
                continue
            for check in value.kwargs.get("validators") or []:
                if isinstance(check, Length) and check.max >= 0 and not unbounded(check):
                    bounds.setdefault(name, set()).add(check.max)
    return bounds


def test_every_length_check_draws_its_maxlength():
    # a Length whose flag is taken away leaves the browser unbounded: the names' alone
    classes = [FlaskForm]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        for name, value in vars(cls).items():
            if isinstance(value, UnboundField):
                for check in value.kwargs.get("validators") or []:
                    if isinstance(check, Length) and check.max >= 0:
                        flags = {} if unbounded(check) else {"maxlength": check.max}
                        assert check.field_flags == flags, (cls, name)


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
    # every field so named, each page: a page's rename field and its add field are both "name"
    checked: dict[tuple[str, str, str], list[str | None]] = {}
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
                    checked.setdefault((address, tag, name), []).append(longest)
                    if (address, tag, name) in NOT_BOUNDED_BY_LENGTH or a_name(address, name):
                        continue
                    assert longest is not None, (url, tag, name)
                    if name in bounds:  # one of the bounds the server checks a field so named
                        assert int(longest) in bounds[name], (url, name, longest, bounds[name])
    # the name fields: never cut by the browser (issue 25), the server's 40 said beside them
    for address, name in NAMES:
        seen = checked[(address, "input", name)]
        assert seen and set(seen) == {None}, (address, name, seen)
