"""What a kept answer reads of the query string: declared by its route, nothing else keys it.

A page drawn once per version and handed out again is keyed by what makes
it. Keyed by the raw query string, every ``?x=<random>`` drew it again
(issue 24); keyed by ``?page=`` on every route, ``settlement.pdf?page=<n>``
of a 5,000-coup game was drawn afresh each time, 18.6 s against 5 ms kept
(issue 36). So each route says which arguments it reads (``@reads``), each
read as its view reads it (``READERS``: ``?page=abc`` is page 1, as the view
draws it); anything else in the query string is not part of the key, and a
value that draws what the default draws is left out, so that ``?page=1``,
``?page=0`` and no page at all are one drawing.

The same canonical form is the address a kept page names in its own links
(``address``): never the junk of whichever request drew it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode

from flask import redirect, request
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from ...clubs.season import DEFAULT_SORT, day, sort_name
from ...here import current_application, current_request

F = TypeVar("F", bound=Callable[..., Any])

ATTRIBUTE = "kept_arguments"
"""Where ``@reads`` writes the view's arguments (``functools.wraps`` carries it outward)."""


def _page(args: MultiDict[str, str]) -> str | None:
    """A page number as the paged views read it: not a number, or below 2, is page 1."""
    number = args.get("page", 1, type=int)
    return str(number) if number is not None and number > 1 else None


def _sep(args: MultiDict[str, str]) -> str | None:
    """The CSV files' separator: ``semicolon``, else the default comma."""
    return "semicolon" if args.get("sep") == "semicolon" else None


def _day(name: str) -> Callable[[MultiDict[str, str]], str | None]:
    """A season's date (``from``, ``to``) as the season reads it: not a date is no date."""

    def read(args: MultiDict[str, str]) -> str | None:
        return day(args.get(name, ""), "") or None

    return read


def _sort(args: MultiDict[str, str]) -> str | None:
    """A season's sort: one of its columns, else the default."""
    asked = sort_name(args.get("sort", ""))
    return None if asked == DEFAULT_SORT else asked


READERS: dict[str, Callable[[MultiDict[str, str]], str | None]] = {
    "page": _page,
    "sep": _sep,
    "from": _day("from"),
    "to": _day("to"),
    "sort": _sort,
}
"""Each argument a kept answer may read, read as its view reads it (None: the default)."""


def reads(*names: str) -> Callable[[F], F]:
    """Declare the query arguments a route's answer reads: right below its ``@bp.get``, so
    that the view the route registers carries them (``declared``)."""
    unknown = [name for name in names if name not in READERS]
    if unknown:
        raise ValueError(f"no reader for the arguments {unknown}")

    def declare(view: F) -> F:
        setattr(view, ATTRIBUTE, tuple(sorted(names)))
        return view

    return declare


def declared(endpoint: str | None = None) -> tuple[str, ...]:
    """The arguments the route of ``endpoint`` (default: this request's) reads."""
    endpoint = endpoint or current_request().endpoint  # the request itself, not its proxy
    view = current_application().view_functions.get(endpoint or "")
    return tuple(getattr(view, ATTRIBUTE, ()))


def canonical() -> tuple[tuple[str, str], ...]:
    """This request's declared arguments as its view reads them, defaults left out."""
    names = declared()
    if not names:  # most pages read none
        return ()
    args = current_request().args  # the request itself, not its proxy
    found = ((name, READERS[name](args)) for name in names)
    return tuple((name, value) for name, value in found if value is not None)


def key() -> str:
    """What makes this answer besides its rows: its path and the arguments it reads."""
    return current_request().path + "?" + urlencode(canonical())


def address() -> str:
    """The address of this answer as kept: its path and the arguments it reads, no junk."""
    arguments = canonical()
    return current_request().path + ("?" + urlencode(arguments) if arguments else "")


def asked_page() -> int:
    """The page number asked for, as the paged views read it (1 for anything else)."""
    return int(_page(request.args) or 1)


def past_the_last(pages: int) -> BaseResponse | None:
    """A page asked for past the last one: a redirect to the last (None: within the pages).

    Each page number past the last would draw the last page again under its own
    key; the redirect costs a game's row and a count, never a drawing.
    """
    if asked_page() <= pages:
        return None
    chosen = {**dict(canonical()), "page": str(pages)}
    if pages <= 1:
        chosen.pop("page")
    return redirect(request.path + ("?" + urlencode(chosen) if chosen else ""))
