"""A page sent gzipped to a browser that takes it: the one reading of ``Accept-Encoding``
and the one ``Vary`` shared by the director's page (compressed at each reload) and an
event's read pages (compressed once a drawing, kept with it).

``scorekeeper serve`` alone (a club's laptop, no proxy) sends what the app gives it, and
Caddy and nginx leave an answer already compressed as it is. A browser that says
``gzip;q=0`` (or only ``identity``) gets the page as drawn; ``*`` takes gzip. A HEAD is
answered with the headers of the GET (Flask drops the body), its length the sent one's.
"""

from __future__ import annotations

import gzip

from flask import Response, request


def takes_gzip() -> bool:
    """The browser accepts a gzipped answer (gzip or ``*`` at a quality above 0)."""
    return request.accept_encodings.quality("gzip") > 0


def packed(body: bytes, level: int) -> bytes:
    """``body`` gzipped at zlib's ``level``, the same bytes each time (no time stamp)."""
    return gzip.compress(body, compresslevel=level, mtime=0)


def varies(response: Response) -> Response:
    """An answer that depends on ``Accept-Encoding`` says so to any cache between (its 304
    too): a proxy must not give one browser's gzipped page to another that takes none."""
    response.vary.add("Accept-Encoding")
    return response


def html_sent(page: bytes, level: int, kept: bytes | None = None) -> Response:
    """``page`` as HTML, gzipped if the browser takes it: ``kept``, its gzipped copy when
    one is kept with its drawing, else compressed now at ``level``."""
    if takes_gzip():
        response = Response(packed(page, level) if kept is None else kept, mimetype="text/html")
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = Response(page, mimetype="text/html")
    return varies(response)
