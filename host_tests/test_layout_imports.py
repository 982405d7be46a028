"""Layer rules read from the source: core imports only core, imports only point down, and no
package global shadows a submodule."""

# DESIGN.md "Layers": core/ is pure and imports nothing but itself (plus `micropython.const`
# behind a guard); firmware/ may use core/ and itself but never the host side (tools/,
# host_tests/). Neither may import `typing` unguarded: MicroPython has no such module, so an
# unguarded import works in every CPython test and crashes on the board. tools/ runs on the
# host and never imports the tests: what runs the firmware is tooling that tests import. Tests
# share helpers through host_tests/support/ (or tools/), never by importing a test module or
# conftest (fixtures only), so no test depends on another one's file.

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOST_ONLY = ("tools", "host_tests")
# What an ImportError guard may catch and still catch the board's ImportError.
GUARD_CATCHES = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")
CORE_RULE = "core imports only core (and `from micropython import const` inside try/except)"
TOOLS_RULE = "tools must not import the tests (host_tests): move what it needs into tools/"
TESTS_RULE = "tests share helpers through host_tests.support or tools, not a test module"


def _files(layer):
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / layer).rglob("*.py"))


def _is_test_module(module, names):
    """`host_tests.test_x`, `host_tests.conftest`, or `from host_tests import test_x`."""
    parts = module.split(".")
    if parts[0] != "host_tests":
        return False
    if len(parts) == 1:
        return any(n.startswith("test_") or n == "conftest" for n in names)
    return parts[1].startswith("test_") or parts[1] == "conftest"


def _parents(tree):
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def _catches_import_error(handler):
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in GUARD_CATCHES for t in types)


def _is_type_checking(test):
    """`if TYPE_CHECKING:`, `if typing.TYPE_CHECKING:` or `if False:`."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    if isinstance(test, ast.Attribute):
        return test.attr == "TYPE_CHECKING"
    return isinstance(test, ast.Constant) and test.value is False


def _guard(node, parents):
    """'try' or 'if' when `node` sits in a guard that survives the import failing, else None."""
    child = node
    while child in parents:
        parent = parents[child]
        if isinstance(parent, ast.Try) and child in parent.body:
            if any(_catches_import_error(h) for h in parent.handlers):
                return "try"
        if isinstance(parent, ast.If) and child in parent.body and _is_type_checking(parent.test):
            return "if"
        child = parent
    return None


def _imports(tree, package):
    """(node, source text, absolute module, imported names) for every import.

    Relative imports are resolved against `package`; one that climbs above the top package
    comes back as its dotted form (".." + name).
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                # One finding per module of `import os, sys`, each showing only its own name.
                yield node, ast.unparse(ast.Import(names=[alias])), alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            text = ast.unparse(node)
            names = tuple(a.name for a in node.names)
            parts = package.split(".")
            if node.level == 0:
                module = node.module
            elif node.level > len(parts):
                module = "." * node.level + (node.module or "")
            else:
                base = parts[: len(parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            yield node, text, module, names


def violations(source, path):
    """Every layer-rule break in `source` (the text of `path`, e.g. "core/rng.py")."""
    parts = path[:-3].split("/")
    layer = parts[0]
    package = ".".join(parts[:-1])  # both core/x.py and core/__init__.py live in `core`
    tree = ast.parse(source, filename=path)
    parents = _parents(tree)
    found = []

    def fail(node, text, why):
        found.append(path + ":" + str(node.lineno) + ": `" + text + "`: " + why)

    for node, text, module, names in _imports(tree, package):
        top = module.split(".")[0]
        guard = _guard(node, parents)
        if top == "" or module.startswith("."):
            fail(node, text, "relative import climbs out of the " + layer + " package")
        elif layer == "tools":
            if top == "host_tests":
                fail(node, text, TOOLS_RULE)
        elif layer == "host_tests":
            if _is_test_module(module, names):
                fail(node, text, TESTS_RULE)
        elif top == "typing":
            if guard is None:
                fail(node, text, "`typing` does not exist on MicroPython: import it in a guard")
        elif top == "__future__":
            fail(node, text, "`from __future__` fails on MicroPython")
        elif layer == "core":
            if top == "core":
                continue
            if top == "micropython" and names == ("const",) and guard == "try":
                continue
            fail(node, text, CORE_RULE)
        elif top in HOST_ONLY:
            fail(node, text, layer + " must not import the host side (" + top + ")")
    if layer == "core":
        for node in ast.walk(tree):
            call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            if call and node.func.id == "__import__":
                fail(node, ast.unparse(node), CORE_RULE + "; no dynamic imports")
    return found


@pytest.mark.parametrize("path", _files("core"))
def test_core_imports_only_core(path):
    assert violations((ROOT / path).read_text(), path) == []


@pytest.mark.parametrize("path", _files("firmware"))
def test_firmware_imports_only_core_firmware_and_the_board(path):
    assert violations((ROOT / path).read_text(), path) == []


@pytest.mark.parametrize("path", _files("tools"))
def test_tools_never_import_the_tests(path):
    assert violations((ROOT / path).read_text(), path) == []


@pytest.mark.parametrize("path", _files("host_tests"))
def test_tests_never_import_another_test_module(path):
    assert violations((ROOT / path).read_text(), path) == []


def test_there_is_core_code_to_check():
    # A wrong ROOT would silently parametrize over nothing.
    assert "core/__init__.py" in _files("core")
    assert "tools/play/transcript.py" in _files("tools")  # and tools/ is read recursively


GUARDED_CONST = "try:\n    from micropython import const\nexcept ImportError:\n    pass\n"
GUARDED_TYPING = "try:\n    from typing import Any\nexcept ImportError:\n    pass\n"
TYPE_CHECKING_TYPING = "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from typing import Any\n"

ALLOWED = [
    ("core/a.py", "from core import rng\nimport core.errors\n"),
    ("core/a.py", "from core.errors import IllegalAction\n"),
    ("core/a.py", "from . import rng\nfrom .errors import SaveError\n"),
    ("core/sub/a.py", "from .. import rng\nfrom ..errors import SaveError\n"),
    ("core/a.py", GUARDED_CONST),
    ("core/a.py", GUARDED_TYPING),
    ("core/a.py", TYPE_CHECKING_TYPING),
    ("core/a.py", "def f():\n    from core import timer as m\n    return m\n"),
    ("firmware/a.py", "from core import rng\nfrom firmware import buttons\n"),
    ("firmware/a.py", "import machine\nimport framebuf\nfrom micropython import const\n"),
    ("firmware/a.py", "import json\nimport os\nfrom time import ticks_ms\n"),
    ("firmware/a.py", GUARDED_TYPING),
    (
        "tools/a.py",
        "from core import ruleset\nfrom firmware import buttons\nimport tools.sim.cli\n",
    ),
    ("tools/a.py", "from tools.runtimes import ROOT\nfrom . import simproc\n"),
    ("tools/sub/a.py", "from typing import Any\nfrom __future__ import annotations\n"),
    ("tools/a.py", "import host_testsuite\nfrom hosts import tests\n"),
    (
        "host_tests/test_a.py",
        "from host_tests.support.appsim import start\nimport tools.sim.cli\n",
    ),
    ("host_tests/test_a.py", "from host_tests import support\nfrom .support import faults\n"),
    ("host_tests/support/a.py", "from host_tests.support.rulesets import RULESETS\n"),
]

REJECTED = [
    ("core/a.py", "import json\n", 1, "import json"),
    ("core/a.py", "x = 1\nfrom random import choice\n", 2, "from random import choice"),
    ("core/a.py", "import time\n", 1, "import time"),
    ("core/a.py", "from firmware import buttons\n", 1, "from firmware import buttons"),
    ("core/a.py", "def f():\n    import tools.sim.cli\n", 2, "import tools.sim.cli"),
    ("core/a.py", "from .. import tools\n", 1, "from .. import tools"),
    ("core/a.py", "from micropython import const\n", 1, "from micropython import const"),
    ("core/a.py", GUARDED_CONST.replace("const", "alloc_emergency_exception_buf"), 2, "alloc"),
    ("core/a.py", "try:\n    import json\nexcept ImportError:\n    pass\n", 2, "import json"),
    ("core/a.py", GUARDED_TYPING.replace("ImportError", "ValueError"), 2, "from typing"),
    ("core/a.py", "from typing import Any\n", 1, "from typing import Any"),
    ("core/a.py", "if DEBUG:\n    from typing import Any\n", 2, "from typing import Any"),
    ("core/a.py", "from __future__ import annotations\n", 1, "__future__"),
    ("core/a.py", "m = __import__('json')\n", 1, "__import__('json')"),
    ("firmware/a.py", "import tools.sim.process\n", 1, "import tools.sim.process"),
    ("firmware/a.py", "\n\nfrom host_tests import helpers\n", 3, "from host_tests"),
    ("firmware/a.py", "from typing import Any\n", 1, "from typing import Any"),
    ("firmware/sub/a.py", "from ... import tools\n", 1, "from ... import tools"),
    ("tools/a.py", "from host_tests.runtimes import ROOT\n", 1, "from host_tests.runtimes"),
    ("tools/a.py", "import os\n\nimport host_tests\n", 3, "import host_tests"),
    ("tools/sub/a.py", "def f():\n    from host_tests import playdriver\n", 2, "playdriver"),
    ("tools/sub/a.py", "from ... import host_tests\n", 1, "from ... import host_tests"),
    ("host_tests/test_a.py", "from host_tests.test_b import helper\n", 1, "test_b"),
    ("host_tests/test_a.py", "from host_tests.conftest import RULESETS\n", 1, "conftest"),
    ("host_tests/test_a.py", "from . import test_b\n", 1, "from . import test_b"),
    ("host_tests/support/a.py", "import host_tests.test_b\n", 1, "import host_tests.test_b"),
]


@pytest.mark.parametrize("path, source", ALLOWED)
def test_checker_allows(path, source):
    assert violations(source, path) == []


@pytest.mark.parametrize("path, source, line, text", REJECTED)
def test_checker_rejects_and_names_file_line_and_import(path, source, line, text):
    found = violations(source, path)
    assert len(found) == 1, found
    assert found[0].startswith(path + ":" + str(line) + ": `")
    assert text in found[0]


def test_checker_names_each_module_of_one_import_line():
    found = violations("import core.rng, os, sys as s\n", "core/a.py")
    assert [f.split("`")[1] for f in found] == ["import os", "import sys as s"]


# A package's global named like one of its submodules shadows it: `from pkg import sub` then
# returns the global, not the module, once pkg/__init__.py has run (and on MicroPython also
# when the submodule was imported first). Binding the submodule itself (`from . import sub`) is
# no shadow.
SHADOW_RULE = "shadows the submodule of the same name; rename the global"


def _submodules(package_dir):
    """The names `from pkg import NAME` could mean as a module: NAME.py and NAME/ packages."""
    names = {p.stem for p in package_dir.glob("*.py") if p.name != "__init__.py"}
    names |= {p.name for p in package_dir.iterdir() if (p / "__init__.py").exists()}
    return names


def _bound_names(target):
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for elt in target.elts:
            yield from _bound_names(elt)
    elif isinstance(target, ast.Starred):
        yield from _bound_names(target.value)


def _globals(body, package):
    """(name, node, text) for every global the statements bind, through module-level if/try/
    for/while/with blocks but not into def or class bodies; the import of a submodule under its
    own name is left out."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield (
                node.name,
                node,
                ("class " if isinstance(node, ast.ClassDef) else "def ") + node.name,
            )
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in _bound_names(target):
                    yield name, node, name + " = ..."
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            for name in _bound_names(node.target):
                yield name, node, name + " = ..."
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            for name in _bound_names(node.target):
                yield name, node, "for " + name
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    for name in _bound_names(item.optional_vars):
                        yield name, node, "with ... as " + name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                yield name, node, ast.unparse(ast.Import(names=[alias]))
        elif isinstance(node, ast.ImportFrom):
            base = next(_imports(ast.Module(body=[node], type_ignores=[]), package))[2]
            for alias in node.names:
                name = alias.asname or alias.name
                if base == package and alias.name == name:
                    continue  # `from . import sub`: the global is the submodule itself
                text = ast.unparse(
                    ast.ImportFrom(module=node.module, names=[alias], level=node.level)
                )
                yield name, node, text
        for field in ("body", "orelse", "finalbody"):
            yield from _globals(getattr(node, field, []), package)
        for handler in getattr(node, "handlers", []):
            if handler.name:
                yield handler.name, handler, "except ... as " + handler.name
            yield from _globals(handler.body, package)


def shadows(source, path, submodules):
    """Every global of package `path` (".../__init__.py") named like one of `submodules`."""
    package = ".".join(path[:-3].split("/")[:-1])
    tree = ast.parse(source, filename=path)
    return [
        "%s:%d: `%s`: %s" % (path, node.lineno, text, SHADOW_RULE)
        for name, node, text in _globals(tree.body, package)
        if name in submodules
    ]


INITS = [p for p in _files("core") + _files("firmware") if p.endswith("/__init__.py")]


@pytest.mark.parametrize("path", INITS)
def test_no_package_global_shadows_a_submodule(path):
    pkg = ROOT / path[: -len("/__init__.py")]
    found = shadows((ROOT / path).read_text(), path, _submodules(pkg))
    assert not found, "\n".join(found)


def test_the_shadow_check_sees_the_packages():
    assert "core/timebomb/__init__.py" in INITS and "firmware/games/__init__.py" in INITS
    assert {"rules", "save", "view"} <= _submodules(ROOT / "core" / "undercover")
    assert "timebomb" in _submodules(ROOT / "firmware" / "games")  # packages count too


SHADOWING = [
    ("def save(game):\n    pass\n", 1, "def save"),
    ("class view:\n    pass\n", 1, "class view"),
    ("x = 1\nrules = {}\n", 2, "rules = ..."),
    ("a, (b, save) = 1, (2, 3)\n", 1, "save = ..."),
    ("try:\n    pass\nexcept ImportError:\n    view = None\n", 4, "view = ..."),
    ("if X:\n    from core.rng import save\n", 2, "from core.rng import save"),
    ("from .rules import rules\n", 1, "from .rules import rules"),
    ("from . import view as save\n", 1, "from . import view as save"),
    ("import core.rng as rules\n", 1, "import core.rng as rules"),
    ("import save.x\n", 1, "import save.x"),
    ("for view in ():\n    pass\n", 1, "for view"),
]


@pytest.mark.parametrize("source, line, text", SHADOWING)
def test_shadow_check_names_the_global_and_its_line(source, line, text):
    found = shadows(source, "core/g/__init__.py", {"rules", "save", "view"})
    assert len(found) == 1, found
    assert found[0].startswith("core/g/__init__.py:%d: `%s`" % (line, text))


@pytest.mark.parametrize(
    "source",
    [
        "from . import rules\nfrom core.g import save, view\n",
        "def f():\n    save = 1\n    from . import view as rules\n",
        "class Game:\n    rules = None\n\n    def view(self):\n        pass\n",
        "from .rules import Game\nrules_table = {}\nimport core.rng\n",
    ],
)
def test_shadow_check_allows_the_submodule_itself_and_locals(source):
    assert shadows(source, "core/g/__init__.py", {"rules", "save", "view"}) == []
