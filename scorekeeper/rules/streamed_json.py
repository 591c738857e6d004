"""The items of a report's long list (its coups) written by orjson, in batches.

``json.dumps(indent=2)`` is the pure-Python encoder; writing a 100,000-coup
report with it, or walking each coup's containers in Python to hand the flat
ones to the C encoder (``gamefile._text``), costs more than the replay itself.
orjson's ``OPT_INDENT_2`` writes the same bytes as ``json.dumps(value,
ensure_ascii=False, indent=2)`` encoded as UTF-8 for str-keyed dicts, lists,
str, bool, None and ints, so a batch of items is written in one call and moved
to its depth by indenting every line (a JSON string never holds a raw line
break: orjson writes it ``\\n``). What orjson writes differently is refused
here: floats (``1e-05`` is ``0.00001`` to orjson, NaN is ``null``) are kept
out by the ``Stream``'s maker (``whole_numbers``); what orjson refuses (an int
beyond 64 bits, a lone surrogate, a non-str key) makes that batch be written
by the standard library's way (``fallback``), so it reads or fails as before.
tests/rules/test_json_text.py compares both with ``json.dumps``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; the standard way still works
    orjson = None  # type: ignore[assignment]

available = orjson is not None
BATCH = 500
"""Items per orjson call: large enough that the call's cost vanishes, small enough
that a batch of coups (about 1.3 KB each as text) stays well under a megabyte."""


def items(
    values: Iterable[Any], depth: int, fallback: Callable[[Any, int], str]
) -> Iterator[str | bytes]:
    """The JSON list of ``values`` at ``depth`` (its items one deeper), in pieces.

    ``fallback(item, depth)`` writes one item as ``json.dumps`` does (first line
    not indented), for a batch orjson refuses.
    """
    assert orjson is not None
    pad = b"\n" + b"  " * depth
    opening = b"[" + pad
    batch: list[Any] = []
    for value in values:
        batch.append(value)
        if len(batch) == BATCH:
            yield from _batch(batch, opening, pad, depth, fallback)
            opening = b"," + pad
            batch = []
    if batch:
        yield from _batch(batch, opening, pad, depth, fallback)
        opening = b"," + pad
    yield b"[]" if opening[0] == ord("[") else pad + b"]"


def _batch(
    batch: list[Any],
    opening: bytes,
    pad: bytes,
    depth: int,
    fallback: Callable[[Any, int], str],
) -> Iterator[str | bytes]:
    """One batch of items, preceded by ``opening`` (``[`` or ``,`` and a line break)."""
    assert orjson is not None
    try:
        text = orjson.dumps(batch, option=orjson.OPT_INDENT_2)
    except TypeError:  # orjson.JSONEncodeError: an item only the standard library writes
        inner = "\n" + "  " * (depth + 1)
        separator = opening.decode() + "  "
        for value in batch:
            yield separator + fallback(value, depth + 1)
            separator = "," + inner
        return
    # text is b"[\n  item,\n  item\n]": its items one level deep; pad adds ``depth`` levels
    yield opening + text[2:-2].replace(b"\n", pad)
