"""Form bodies bounded before they are decoded (ops18).

Werkzeug bounds a ``multipart/form-data`` body (``max_form_parts``, 1,000 parts;
``max_form_memory_size`` a field, which the app sets to the body's own bound, app.py
``MAX_BODY``: smoke23) but not an ``application/x-www-form-urlencoded`` one, which it
decodes whole in one call (its ``formparser._parse_urlencoded`` says so: neither limit
applies there). Every form of the app without JavaScript is sent so, up to
``MAX_CONTENT_LENGTH`` (2 MB). Decoding costs a few tenths of a microsecond a field and a
percent-escape, and an invalid UTF-8 byte (``%ff``) three times as much, kept as ``%FF``
one call at a time: a 1.8 MB body of them took a second of CPU to decode, with the
session's CSRF token or without (the token is looked for in the decoded form).

- **Fields**: at most ``MAX_FIELDS``, counted before decoding (a byte count); more is
  refused 413, as Werkzeug refuses a multipart body of too many parts.
- **Bytes**: decoded as UTF-8, strictly: a body that is not (no browser sends one from a
  page in UTF-8) is read as an empty form, as Werkzeug reads a body it cannot parse, and
  the first invalid byte ends the decoding.

A request whose session holds no CSRF token is refused before its body is read at all
(``app.MethodFirstCSRF``).
"""

from __future__ import annotations

from typing import IO
from urllib.parse import parse_qsl

from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.formparser import FormDataParser

from ...clubs import MAX_MEMBERS

MAX_FIELDS = MAX_MEMBERS + 100
"""The most fields an urlencoded form may send: a fee to every member of a full club (one
``member`` field each, web/clubs/cash_forms.py), or a full club's members ticked on an
event's players, and the form's own few."""


class BoundedFormParser(FormDataParser):
    """Werkzeug's form parser, the urlencoded body bounded (above)."""

    def _parse_urlencoded(
        self,
        stream: IO[bytes],
        mimetype: str,
        content_length: int | None,
        options: dict[str, str],
    ) -> tuple[IO[bytes], MultiDict[str, str], MultiDict[str, FileStorage]]:
        raw = stream.read()  # within MAX_CONTENT_LENGTH, as Werkzeug reads it
        if raw.count(b"&") >= MAX_FIELDS:  # fields are separated by "&" (parse_qsl's default)
            raise RequestEntityTooLarge()
        # UnicodeDecodeError is a ValueError: the parser, silent, reads an empty form
        items = parse_qsl(raw.decode(), keep_blank_values=True, errors="strict")
        return stream, self.cls(items), self.cls()
