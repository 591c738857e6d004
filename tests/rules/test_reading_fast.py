"""The fast ways of ``replay --json`` give what the plain ways give.

The game file reader skips its per-int check and its walk over every value
when a scan of the bytes shows they cannot refuse anything: it must accept
and refuse exactly what the exhaustive reader (every hook, the full walk)
does. The command writes its report as UTF-8 bytes (orjson for the coups):
the same bytes as the golden files, which were written by ``json.dumps``.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation import SEED
from test_cli import run_here

from scorekeeper.cli import main
from scorekeeper.rules import importing
from scorekeeper.rules.errors import GameError

GOLDEN = Path(__file__).parents[1] / "golden"


def exhaustive(raw: bytes) -> object:
    """What the reader gave before the scans: every int checked, every value walked."""
    text = raw.decode("utf-8")
    hooks = {"parse_float": importing._float, "parse_constant": importing._constant}
    try:
        data = json.loads(text, parse_int=importing._int, **hooks)
    except importing._Refused:
        return "refused: number"
    importing.check_bounds(data, None)
    return data


def outcome(read):
    try:
        return read()
    except GameError as error:
        return f"refused: {error}"


NUMBERS = (
    st.integers(-(10**12), 10**12)
    | st.sampled_from([10**9, -(10**9), 10**9 + 1, 999_999_999, 10**10, 2**70])
    | st.floats(allow_nan=True, allow_infinity=True)
)
TEXTS = st.text(max_size=5) | st.builds(
    lambda n, c: c * n, st.integers(195, 210), st.sampled_from(["a", "é", '"', "\\", "1"])
)
VALUES = st.recursive(
    st.none() | st.booleans() | NUMBERS | TEXTS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXTS, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(value=VALUES, indent=st.sampled_from([None, 2]))
def test_the_scans_accept_and_refuse_as_the_exhaustive_reader(value, indent):
    raw = json.dumps(value, ensure_ascii=False, indent=indent).encode()
    fast = outcome(lambda: importing.parse(raw, any_size=True))
    slow = outcome(lambda: exhaustive(raw))
    if isinstance(slow, str) and slow.startswith("refused"):
        assert isinstance(fast, str) and fast.startswith("refused"), fast
        assert ("out of bounds" in fast) == (slow == "refused: number")
    else:
        assert fast == slow or json.dumps(fast) == json.dumps(slow)  # NaN != NaN


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"a": 1000000001}', "out of bounds"),
        ('{"a": [1000000000, -1000000000, 12345678901]}', "out of bounds"),
        ('{"a": 1e-5}', None),
        ('{"a": NaN}', "out of bounds"),
        ('{"a": "' + "x" * 201 + '"}', "200 characters"),
        ('{"a": "' + "x" * 100 + '\\"' + "x" * 100 + '"}', "200 characters"),  # 201 characters
        ('{"a": "' + "é" * 150 + '"}', None),  # 300 bytes, 150 characters
    ],
)
def test_the_limits_hold_whatever_the_scans_say(text, message):
    got = outcome(lambda: importing.parse(text.encode(), any_size=True))
    if message is None:
        assert got == json.loads(text)
    else:
        assert message in got


def test_the_command_reads_a_long_file_when_asked(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**SEED, "coups": [{"pass": True}] * 5001}))
    refused = run_here(capsys, "replay", str(path))  # the bound and --any-size: main's
    assert refused.returncode == 2 and "5000 coups" in refused.stderr
    done = run_here(capsys, "replay", "--json", "--any-size", str(path))
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["coups"]) == 5001


@pytest.mark.parametrize("game", sorted(GOLDEN.glob("*.game.json")), ids=lambda p: p.name)
def test_the_command_writes_the_golden_report_bytes(game, capsysbinary):
    """The golden files were written through ``json.dumps``; the command now writes bytes.

    Its ``main`` in this process, its standard output as bytes (a UTF-8 stream with a
    buffer, as a process's, so the bytes path of ``write_report_json`` is taken): a new
    interpreter per file cost 0.25 CPU-s; ``test_cli`` runs the real process's report."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # as the console script is run in test_cli
        code = main(["replay", "--json", str(game)])
    golden = game.with_name(game.name.replace(".game.json", ".report.json")).read_bytes()
    assert b"exit %d\n" % code + capsysbinary.readouterr().out == golden
