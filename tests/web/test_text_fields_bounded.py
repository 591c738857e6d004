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
from urllib.parse import urljoin, urlsplit

import pytest
from flask_wtf import FlaskForm
from fuzz_app import build_world
from test_fuzz import EVERY_ROUTE
from wtforms.fields.core import UnboundField
from wtforms.validators import Length

import scorekeeper.web  # noqa: F401  every form class imported
from scorekeeper.i18n import COOKIE as LANGUAGE_COOKIE
from scorekeeper.web.forms import NAME_TOO_LONG
from scorekeeper.web.printing import pdf as printing

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


@pytest.fixture(autouse=True)
def pdfs_not_drawn(monkeypatch):
    """Both walks skip what is not HTML; the PDFs among the pages were drawn all the same,
    by WeasyPrint, for nothing (28 answers, 5.6 of the file's ~16 CPU-s): their views still
    run whole (the page drawn for the PDF, every refusal), only its layout into a PDF is
    left out. Drawing each PDF is the subject of its own tests (the settlements', the
    evening's, the statement's, the event's, test_fuzz's every route)."""
    monkeypatch.setattr(printing, "pdf_bytes", lambda *_: b"%PDF-1.7\n% not drawn here\n")


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    from apps import fresh_database

    path = fresh_database(tmp_path_factory.mktemp("bounded") / "b.sqlite")
    return build_world(str(path), RATELIMIT_ENABLED=False)


def world_places(world) -> dict[str, list]:
    """Each route argument's values in the fuzz world: the pages both walks open."""
    return {
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
        "file": ["style.css"],
    }


def test_every_text_input_of_every_page_has_the_servers_bound(world):
    bounds = length_bounds()
    stranger = world.client.application.test_client()
    places = {**world_places(world), "code": ["en"]}
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


class Forms(HTMLParser):
    """The POST forms of a page as a browser would send them: each one's action, the values
    drawn in its fields (a radio button or box checked, a list's option selected, a text
    area's text), its first named submit button, and its text inputs with their bound."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.form: dict | None = None
        self.select: str | None = None
        self.area: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        seen = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.form = None
            if seen.get("method", "get").lower() == "post":
                self.form = {"action": seen.get("action", ""), "data": [], "texts": []}
                self.form["submit"] = []
                self.forms.append(self.form)
            return
        if self.form is None or not seen.get("name") or "disabled" in seen:
            if tag == "option" and self.select is not None and self.form is not None:
                self._option(seen)
            return
        name, kind = seen["name"], seen.get("type", "text").lower()
        if tag == "input" and kind in TEXT_TYPES:
            self.form["texts"].append((name, seen.get("id", ""), seen.get("maxlength")))
        if tag == "input" and kind in ("radio", "checkbox") and "checked" not in seen:
            return
        if (tag == "input" and kind == "submit") or (
            tag == "button" and seen.get("type", "submit") == "submit"
        ):
            primary = "primary" in seen.get("class", "").split()
            if primary or not self.form["submit"]:  # the form's own button, else its first
                self.form["submit"] = [(name, seen.get("value", ""))]
            return
        if tag == "button":
            return
        if tag == "input":
            self.form["data"].append((name, seen.get("value", "")))
        elif tag == "textarea":
            self.area = name
            self.form["data"].append((name, ""))
            self.form["texts"].append((name, seen.get("id", ""), seen.get("maxlength")))
        elif tag == "select":
            self.select = name

    def _option(self, seen: dict[str, str]) -> None:
        assert self.form is not None and self.select is not None
        value = seen.get("value", "")
        chosen = [i for i, (key, _) in enumerate(self.form["data"]) if key == self.select]
        if not chosen:
            self.form["data"].append((self.select, value))
        elif "selected" in seen:
            self.form["data"][chosen[0]] = (self.select, value)

    def handle_data(self, data: str) -> None:
        if self.area is not None and self.form is not None:
            key, text = self.form["data"][-1]
            self.form["data"][-1] = (key, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.area = None


def body(form: dict, field: str, typed: str) -> dict[str, list[str]]:
    """The form's fields as sent, ``field`` holding ``typed``, its button pressed (the one
    drawn ``primary``, else its first: "Create the game", not "Apply the preset")."""
    out: dict[str, list[str]] = {}
    for key, value in [*form["data"], *form["submit"]]:
        if key and key != field:
            out.setdefault(key, []).append(value)
    out[field] = [typed]
    return out


FRENCH = {"Accept-Language": "fr"}
"""The pages' first language, asked outright (the world's browser asks for none)."""


def refusal(answer, field_id: str, bound: str) -> str | None:
    """What is wrong with ``answer`` to a field of id ``field_id`` sent past its bound, or
    None: a 422 whose field is marked refused and names its message, the bound's words."""
    if answer.status_code != 422:
        return f"answered {answer.status_code}"
    said = answer.get_data(as_text=True)
    marked = re.search(rf'<[^>]*\bid="{field_id}"[^>]*>', said) if field_id else None
    if marked is None:
        return "no field of that id drawn again"
    if 'aria-invalid="true"' not in marked.group(0):
        return "the field not marked refused"
    if f'aria-describedby="{field_id}-error"' not in marked.group(0):
        return "the field names no message"
    message = re.search(rf'id="{field_id}-error">([^<]*)<', said)
    if message is None or message.group(1) != bound:
        return f"said {message and message.group(1)!r}"
    return None


def test_every_text_input_of_every_form_past_its_bound_is_said_beside_it(world):
    """Each POST form of every page, as drawn, sent with one text input a character past
    the bound its page says (``maxlength``): 422, the page again with the bound said beside
    that field (``{id}-error``, the field ``aria-invalid`` and naming it: forms.marked) in the
    catalog's words, and nothing written. The cash box's answered a bare 400 (fix24c)."""
    from test_fuzz import snapshot

    app = world.client.application
    manager, stranger = app.test_client(), app.test_client()
    manager._cookies = dict(world.client._cookies)  # their rights; their language is the header's
    manager.delete_cookie(LANGUAGE_COOKIE)
    places = world_places(world)
    sent: set[tuple[str, str, str]] = set()
    wrong: list[tuple[str, ...]] = []
    for method, address in EVERY_ROUTE:
        if method != "GET" or address == "/lang/{code}":  # no language chosen: the header's
            continue
        keys = re.findall(r"{(\w+)}", address)
        for values in itertools.product(*(places[key] for key in keys)):
            url = address.format(**dict(zip(keys, values)))
            for browser in (manager, stranger):
                page = browser.get(url, headers=FRENCH)
                if page.mimetype != "text/html":
                    continue
                forms = Forms()
                forms.feed(page.get_data(as_text=True))
                for form in forms.forms:
                    target = urljoin("http://localhost" + url, form["action"] or url)
                    target = urlsplit(target)._replace(scheme="", netloc="").geturl()
                    for name, field_id, longest in form["texts"]:
                        if longest is None:
                            continue  # a name (never cut: its own test), a game file
                        shape = (re.sub(r"\d+", "N", target), name, address)
                        if shape in sent:
                            continue
                        sent.add(shape)
                        typed = "x" * (int(longest) + 1)
                        before = snapshot(world.path)
                        answer = browser.post(target, data=body(form, name, typed), headers=FRENCH)
                        where = (url, target, name)
                        # the catalog's French words (messages.po: "Au plus %(num)d caractères.")
                        found = refusal(answer, field_id, f"Au plus {longest} caractères.")
                        if found is not None:
                            wrong.append((*where, found))
                        if snapshot(world.path) != before:
                            wrong.append((*where, "written"))
    assert wrong == [], "\n".join(map(str, wrong))
    # every page's forms were found and sent (26 fields of 20 forms when written): the cash
    # box's, the club's, the events', the games' notes, rules and money, a phone's name
    fields = {name for _target, name, _page in sent}
    assert {"amount", "note", "received_by", "title", "short_name", "chip_value"} <= fields
    assert {"currency", "name", "names", "reason", "poule_system", "takst"} <= fields
    assert len(sent) >= 26, sorted(sent)
