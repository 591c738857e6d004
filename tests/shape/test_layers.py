"""The package's shape (issue 34): concerns in packages, layers without a cycle.

``make lint`` runs import-linter over the contracts of ``pyproject.toml``; these
tests say the same of the shape from the import graph itself, so that a cycle
or a loose module fails the suite too, with the modules named.
"""

from __future__ import annotations

from pathlib import Path

import grimp

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("scorekeeper", exclude_type_checking_imports=True)


def test_at_most_eight_modules_lie_loose_at_the_package_root():
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(loose) <= 8, loose


def test_no_module_is_over_450_lines_but_the_1709_fold():
    """Small modules a reader takes in at once; l'Hombre's engine is the 1709 accounting,
    one fold kept whole (docs/architecture.md)."""
    fold = PACKAGE / "rules" / "hombre" / "engine.py"
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if path != fold and (lines := len(path.read_text().splitlines())) > 450
    }
    assert long == {}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_no_module_imports_itself_back_through_others():
    graph = _graph()
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _cycles(edges) == []


def test_no_package_imports_itself_back_through_others():
    """Between the top packages (``store``, ``clubs``, ``web``…), not only between modules."""
    graph = _graph()

    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if top(module) != top(imported) and top(module) != "scorekeeper":
                edges.setdefault(top(module), set()).add(top(imported))
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    """The check above can fail: a two-module and a three-module loop are found."""
    edges = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": set()}
    assert sorted(_cycles(edges)) == [["a", "b"], ["c", "d", "e"]]
