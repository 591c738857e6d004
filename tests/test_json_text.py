"""The report and game file written faster are the same bytes as ``json.dumps(indent=2)``.

``gamefile.json_text`` writes the containers of plain values with the C
encoder, and ``write_json`` streams a report's coups one by one; both must
give exactly what the standard library's pure-Python encoder gives, for
random games of every kind (and the golden files, tests/test_golden.py).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_roundtrip import GAMES, KIND

from scorekeeper.rules import kinds
from scorekeeper.rules.gamefile import Stream, json_text, write_json


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


@settings(max_examples=200, deadline=None)
@given(value=JSON)
def test_any_json_value_is_written_as_json_dumps_writes_it(value):
    assert json_text(value) == reference(value)
    assert streamed(value) == reference(value)


def test_a_stream_is_written_as_a_list():
    data = {"a": 1, "coups": Stream(iter([{"x": [1, {}]}, []])), "none": Stream(iter(()))}
    assert streamed(data) == reference({"a": 1, "coups": [{"x": [1, {}]}, []], "none": []})
