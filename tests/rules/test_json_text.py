"""The report and game file written faster are the same bytes as ``json.dumps(indent=2)``.

``gamefile.json_text`` writes the containers of plain values with the C
encoder, and ``write_json`` streams a report's coups one by one; both must
give exactly what the standard library's pure-Python encoder gives, for
random games of every kind (and the golden files, tests/shape/test_golden.py).
"""

from __future__ import annotations

import json

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_roundtrip import GAMES, KIND

from scorekeeper.rules import kinds, streamed_json
from scorekeeper.rules.gamefile import Stream, json_text, write_json, write_json_bytes


def reference(data):
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def streamed(data):
    out: list[str] = []
    write_json(data, out.append, buffer=64)
    return "".join(out)


@pytest.mark.parametrize("key", list(KIND))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_reports_and_files_are_written_byte_for_byte(key, data):
    kind = KIND[key]
    game = data.draw(GAMES[key], label="game")
    report = kind.replay(game)
    for value in (kind.dump_report(report), kinds.dump_file(game)):
        assert json_text(value) == reference(value)
    assert streamed(kind.dump_report_stream(report)) == reference(kind.dump_report(report))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5) | st.integers() | st.booleans(), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=examples(60, 200), deadline=None)
@given(value=JSON)
def test_any_json_value_is_written_as_json_dumps_writes_it(value):
    assert json_text(value) == reference(value)
    assert streamed(value) == reference(value)


def test_a_stream_is_written_as_a_list():
    data = {"a": 1, "coups": Stream(iter([{"x": [1, {}]}, []])), "none": Stream(iter(()))}
    assert streamed(data) == reference({"a": 1, "coups": [{"x": [1, {}]}, []], "none": []})


# ---- the UTF-8 writer of the command: orjson for a Stream of whole numbers -------------------


def streamed_bytes(data, errors="strict"):
    out: list[bytes] = []
    write_json_bytes(data, out.append, errors, buffer=64)
    return b"".join(out)


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of three items, so that a drawn list spans several orjson calls."""
    monkeypatch.setattr(streamed_json, "BATCH", 3)


def test_orjson_is_there():
    assert streamed_json.available  # a dependency: without it the command is slow, not wrong


@pytest.mark.parametrize("key", list(KIND))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_reports_are_written_as_utf8_byte_for_byte(key, data):
    kind = KIND[key]
    report = kind.replay(data.draw(GAMES[key], label="game"))
    wanted = reference(kind.dump_report(report)).encode()
    assert streamed_bytes(kind.dump_report_stream(report)) == wanted
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(streamed_json, "BATCH", 2)
        assert streamed_bytes(kind.dump_report_stream(report)) == wanted


WHOLE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()  # beyond 64 bits too: orjson refuses those, the standard way writes them
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.text()  # any character but surrogates: non-ASCII, controls, quotes, backslashes
    | st.sampled_from(["Chloé", "\u2028", "\x7f", '"\\', "\x00\x1f", "€𝄞"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=examples(50, 150), deadline=None)
@given(items=st.lists(WHOLE, max_size=8), head=WHOLE)
def test_a_stream_of_whole_numbers_is_written_as_json_dumps_writes_it(items, head):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(streamed_json, "BATCH", 3)
        value = {"head": head, "coups": Stream(iter(items), whole_numbers=True), "end": 1}
        wanted = {"head": head, "coups": items, "end": 1}
        assert streamed_bytes(value) == reference(wanted).encode()


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_a_surrogate_is_encoded_as_the_text_stream_would(small_batches, errors):
    """orjson refuses a lone surrogate: its batch is written the standard way."""
    items = [{"note": "a"}, {"note": "\udc80"}, {"n": 2**64}, {"note": "é"}]
    data = {"coups": Stream(iter(items), whole_numbers=True)}
    wanted = reference({"coups": items})
    if errors == "strict":
        with pytest.raises(UnicodeEncodeError):
            streamed_bytes(data, errors)
    else:
        assert streamed_bytes(data, errors) == wanted.encode("utf-8", errors)
