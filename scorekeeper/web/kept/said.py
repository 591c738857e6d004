"""Whether a kept route's answer was drawn or handed out kept: its ``Server-Timing`` header.

``Server-Timing: draw;dur=<ms>`` when the answer was drawn for this request,
``Server-Timing: kept`` when a drawing was handed out again. The browser's
developer tools show it, the benchmarks read it, and so do the tests of the
real server, which cannot count the drawings inside its processes (a
drawing per version whatever the query string, issue 36). It says nothing a
stranger could not learn by timing the answer.
"""

from __future__ import annotations

import time

from flask import Response

HEADER = "Server-Timing"
KEPT = "kept"


def kept(response: Response) -> Response:
    response.headers[HEADER] = KEPT
    return response


def drawn(response: Response, started: float) -> Response:
    response.headers[HEADER] = f"draw;dur={(time.perf_counter() - started) * 1000:.1f}"
    return response
