"""The suite's compiled files, made once by pytest's main process before its workers start.

A fresh clone has none: every ``pytest -n`` worker rewrote the asserts of every test module
it imported (pytest's assertion rewriting, pure Python: 5.5 CPU-s a process here) and
compiled the package, each for itself and at the same time, and wrote the same files. Made
once, split over the cores, the workers find them and only read them: measured on a fresh
tree (12:10-12:13 UTC), three workers collecting the suite took 26.6 and 24.6 CPU-s, and
16.1 and 15.2 with this. A checkout that has them (a second run) spends a few milliseconds
here looking.

The rewritten modules are pytest's own cached files, made by pytest's own functions (its
private ones: a pytest whose functions differ only loses the saving, and a worker still
checks each file's source hash before it uses it, as for any cached file).
"""

from __future__ import annotations

import compileall
import fnmatch
import importlib.util
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest

PYTESTS_OWN = ("_read_pyc", "_rewrite_test", "_write_pyc_fp", "get_cache_dir", "PYC_TAIL")
"""pytest's functions used here (a pytest without them: the workers rewrite, as before)."""

PACKAGE = "scorekeeper"
"""Compiled as Python compiles it on import (the workers, the servers and commands)."""


def compile_once(config: pytest.Config) -> None:
    """In pytest's main process under ``-n``: the test modules rewritten and the package
    and the tests' helpers compiled, where their compiled files are missing or stale."""
    workers = config.getoption("numprocesses", None)
    if hasattr(config, "workerinput") or not workers or sys.dont_write_bytecode:
        return
    try:
        from _pytest.assertion import rewrite
    except ImportError:  # pragma: no cover - a pytest without it: the workers rewrite
        return
    if config.getini("enable_assertion_pass_hook"):
        return  # the rewritten code depends on that setting: left to the workers
    if not all(hasattr(rewrite, name) for name in PYTESTS_OWN):
        return
    root = config.rootpath
    patterns = [*config.getini("python_files"), "conftest.py"]
    rewritten, plain = [], []
    files = {
        path
        for folder in [*config.getini("testpaths"), PACKAGE]
        for path in (root / folder).rglob("*.py")
    }
    for path in sorted(files):
        if any(part.startswith(".") or part == "__pycache__" for part in path.parts):
            continue
        if any(fnmatch.fnmatch(path.name, pattern) for pattern in patterns):
            if rewrite._read_pyc(path, _rewritten_pyc(path)) is None:
                rewritten.append(path)
        elif not Path(importlib.util.cache_from_source(str(path))).exists():
            plain.append(path)  # one made stale by an edit is compiled again on import
    if not rewritten and not plain:
        return
    cores = min(len(os.sched_getaffinity(0)), int(workers))
    shares: list[tuple[list[Path], list[Path]]] = [([], []) for _ in range(cores)]
    for index, path in enumerate(sorted(rewritten, key=lambda p: -p.stat().st_size)):
        shares[index % cores][0].append(path)
    for index, path in enumerate(plain):
        shares[index % cores][1].append(path)
    with ProcessPoolExecutor(cores, mp_context=get_context("fork")) as pool:
        for done in pool.map(_compile, *zip(*shares, strict=True)):
            assert done is None


def _rewritten_pyc(path: Path) -> Path:
    from _pytest.assertion import rewrite

    return rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)


def _compile(rewritten: list[Path], plain: list[Path]) -> None:
    """One core's share: pytest's rewritten files written as pytest writes them (a temporary
    file renamed over the old), then the plain modules as Python compiles them on import."""
    from _pytest.assertion import rewrite

    for path in rewritten:
        try:
            # the config only says whether to call the pass hook: not set, checked above
            source_hash, code = rewrite._rewrite_test(path, None)  # type: ignore[arg-type]
            pyc = _rewritten_pyc(path)
            pyc.parent.mkdir(exist_ok=True)
            part = pyc.with_name(f"{pyc.name}.{os.getpid()}")
            with open(part, "wb") as file:
                rewrite._write_pyc_fp(file, source_hash, code)
            os.replace(part, pyc)
        except Exception:  # a file it cannot rewrite is left to the workers
            continue
    for path in plain:
        compileall.compile_file(path, quiet=2)
