"""No import circles in core/, firmware/ or tools/: the static import graph has no cycle.

A circle works on CPython as long as nobody touches a half-initialised module at import time,
and breaks the day an import moves or MicroPython imports in another order ("cannot import
name", an AttributeError on a module, or an ImportError only on the board). DESIGN.md wants
imports to point down; inside a layer that means a tree, not a ring.

The graph is read from the source: every `import` and `from ... import` at any depth (inside
functions too: a deferred import still closes the circle at run time), relative imports resolved
against the importing module's package. `import a.b.c` is an edge to the longest prefix that is
a module of the tree; `from pkg import name` is an edge to `pkg.name` when that is a module,
else to `pkg`. Imports of modules outside the layers read are not edges. Imports built at
run time (`__import__`, firmware/games' `package(id, part)`) are not seen.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("core", "firmware")
HOST = ("tools",)  # the host side: a graph of its own (it may import core/ and firmware/)


def modules(root, tops=LAYERS):
    """{dotted module name: path relative to root} of every .py file under the tops."""
    out = {}
    for top in tops:
        for p in sorted((root / top).rglob("*.py")):
            if "node_modules" in p.parts:  # the web page's and the emulator's npm packages
                continue
            parts = list(p.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = p.relative_to(root).as_posix()
    return out


def _resolve(node, package):
    """The absolute module an ImportFrom names, or None if it climbs above the top."""
    if node.level == 0:
        return node.module
    parts = package.split(".")
    if node.level > len(parts):
        return None
    base = parts[: len(parts) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _longest_module(name, mods):
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in mods:
            return prefix
    return None


def edges(root, mods):
    """{module: [(imported module, line, source text)]} within the tree, self-imports left out."""
    graph = {}
    for name, rel in mods.items():
        package = name if rel.endswith("/__init__.py") else name.rpartition(".")[0]
        tree = ast.parse((root / rel).read_text(), filename=rel)
        found = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.append((_longest_module(alias.name, mods), node))
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(node, package)
                if base is None:
                    continue
                for alias in node.names:
                    sub = base + "." + alias.name
                    found.append((sub if sub in mods else _longest_module(base, mods), node))
        out = []
        for dep, node in found:
            if dep is not None and dep != name:
                out.append((dep, node.lineno, ast.unparse(node)))
        graph[name] = sorted(set(out), key=lambda e: (e[1], e[0], e[2]))
    return graph


def components(graph):
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted({d for d, _, _ in graph[start]})))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, deps = work[-1]
            w = next(deps, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted({d for d, _, _ in graph[w]}))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def _shortest_cycle(graph, comp):
    """One shortest import path from comp's first module back to itself, inside comp."""
    start, members = comp[0], set(comp)
    came = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w, _, _ in graph[v]:
                if w == start:
                    path = [v]
                    while came[path[-1]] is not None:
                        path.append(came[path[-1]])
                    return list(reversed(path)) + [start]
                if w in members and w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError("not a cycle: " + str(comp))


def cycles(root, tops=LAYERS):
    """One report per import circle: its modules, a shortest loop, and every edge inside it
    with its file and line. Empty when the graph is acyclic."""
    mods = modules(root, tops)
    graph = edges(root, mods)
    reports = []
    for comp in components(graph):
        members = set(comp)
        lines = [
            "circle of %d modules: %s" % (len(comp), " -> ".join(_shortest_cycle(graph, comp)))
        ]
        for v in comp:
            for w, lineno, text in graph[v]:
                if w in members:
                    lines.append("  %s:%d: `%s` (-> %s)" % (mods[v], lineno, text, w))
        reports.append("\n".join(lines))
    return reports


def test_core_and_firmware_have_no_import_circle():
    found = cycles(ROOT)
    assert not found, "%d import circle(s); break each edge that points back up:\n%s" % (
        len(found),
        "\n".join(found),
    )


def test_tools_have_no_import_circle():
    # tools/ is a package a job (sim, board, play, bench, ...): a job that needs another's piece
    # imports it, and the two never need each other back.
    found = cycles(ROOT, HOST)
    assert not found, "%d import circle(s) in tools/:\n%s" % (len(found), "\n".join(found))


def test_the_graph_reads_the_real_tree():
    # A wrong ROOT would find no modules and so no circles.
    mods = modules(ROOT)
    assert "core" in mods and "core.rng" in mods and "firmware.play.hub" in mods
    graph = edges(ROOT, mods)
    assert any(dep == "core.rng" for dep, _, _ in graph["core.timebomb"])
    tools = modules(ROOT, HOST)
    assert "tools.sim.process" in tools and "tools.bench.board" in tools
    assert any(dep == "tools.sim.frames" for dep, _, _ in edges(ROOT, tools)["tools.pico"])


def _tree(tmp_path, files):
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_checker_finds_a_circle_and_names_its_edges(tmp_path):
    root = _tree(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/a.py": "from core import b\n",
            "core/b.py": "import os\n\n\ndef f():\n    from . import c\n",
            "core/c.py": "from core.a import thing\n",
            "core/d.py": "from core import a\n",
        },
    )
    found = cycles(root, ("core",))
    assert len(found) == 1, found
    report = found[0]
    assert report.startswith("circle of 3 modules: core.a -> core.b -> core.c -> core.a")
    assert "core/a.py:1: `from core import b` (-> core.b)" in report
    assert "core/b.py:5: `from . import c` (-> core.c)" in report  # inside a function
    assert "core/c.py:1: `from core.a import thing` (-> core.a)" in report
    assert "core/d.py" not in report  # imports into the circle but is not part of it


def test_checker_passes_an_acyclic_tree(tmp_path):
    root = _tree(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/a.py": "from core import b, c\nimport core.c\n",
            "core/b.py": "from core.c import X\nimport core\n",
            "core/c.py": "import json\nX = 1\n",
            "core/p/__init__.py": "from .q import Y\n",
            "core/p/q.py": "from core import c\nY = 2\n",
        },
    )
    assert cycles(root, ("core",)) == []


def test_from_package_import_a_submodule_is_an_edge_to_the_submodule(tmp_path):
    # The package imports its part and the part imports the package's other part: no circle,
    # because `from core.p import r` reaches core.p.r, not core.p.
    files = {
        "core/__init__.py": "",
        "core/p/__init__.py": "from core.p import q\n",
        "core/p/q.py": "from core.p import r\n",
        "core/p/r.py": "from ..p import s\n",
        "core/p/s.py": "",
    }
    root = _tree(tmp_path, files)
    mods = modules(root, ("core",))
    graph = edges(root, mods)
    assert [d for d, _, _ in graph["core.p"]] == ["core.p.q"]
    assert [d for d, _, _ in graph["core.p.q"]] == ["core.p.r"]
    assert [d for d, _, _ in graph["core.p.r"]] == ["core.p.s"]
    assert cycles(root, ("core",)) == []
    # A name that is not a submodule is an edge to the package itself, which closes a circle.
    root = _tree(tmp_path, {"core/p/s.py": "from core.p import q as _q, Game\n"})
    found = cycles(root, ("core",))
    assert len(found) == 1 and "core/p/s.py:1" in found[0] and "(-> core.p)" in found[0]


@pytest.mark.parametrize(
    "source, dep",
    [
        ("import core.p.q\n", "core.p.q"),
        ("import core.p.q.Thing\n", "core.p.q"),
        ("from core.p.q import Thing\n", "core.p.q"),
        ("from . import q\n", "core.p.q"),
        ("from .q import Thing\n", "core.p.q"),
        ("from .. import p\n", "core.p"),
        ("from ..p import q\n", "core.p.q"),
        ("from core import p\n", "core.p"),
    ],
)
def test_import_forms_resolve_to_modules(tmp_path, source, dep):
    root = _tree(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/p/__init__.py": "",
            "core/p/q.py": "",
            "core/p/x.py": source,
        },
    )
    graph = edges(root, modules(root, ("core",)))
    assert [d for d, _, _ in graph["core.p.x"]] == [dep]
