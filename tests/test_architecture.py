"""The house rules of the code base, checked on the source (DESIGN 1, issue 12).

- No import circles anywhere in ``engine/``, ``saves/`` and ``tui/``: every import that runs
  (at module level or inside a function) counts; imports under ``if TYPE_CHECKING:`` do not.
- Dependencies point one way: ``engine`` imports neither ``saves`` nor ``tui``; ``saves`` does not
  import ``tui``.
- Generic modules name no ruleset (the top of ``tui/``, ``tui/screens/``, ``tui/widgets/``,
  ``tui/commands/``, ``saves/``): a ruleset's code lives in its own folders and reaches the generic
  code through the registries. Docstrings and comments may name one as an example.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "saves", "tui")
GENERIC = ("tui", "tui/screens", "tui/widgets", "tui/commands", "saves")
RULESET_WORD = re.compile(r"battletech|papermech", re.IGNORECASE)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every module an import statement that runs would load (TYPE_CHECKING blocks left out)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _graph() -> dict[str, set[str]]:
    sources = _sources()
    graph: dict[str, set[str]] = {}
    for module, path in sources.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for name in _runtime_imports(tree, module, path.name == "__init__.py"):
            # importing a.b.c runs a and a.b too; a name imported from a package may be a module
            parts = name.split(".")
            targets.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        graph[module] = {t for t in targets if t in sources and t != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:  # noqa: C901 - Tarjan, as written
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def _is_ancestor(package: str, module: str) -> bool:
    return module.startswith(f"{package}.")


def test_there_are_no_import_circles() -> None:
    graph = _graph()
    # A package's __init__ runs before its modules, so a module importing its own package (to
    # reach a sibling the package re-exports) is not a circle of its own making: leave those out.
    graph = {m: {t for t in ts if not _is_ancestor(t, m)} for m, ts in graph.items()}
    assert _cycles(graph) == []


@pytest.mark.parametrize(
    ("low", "high"), [("engine", "saves"), ("engine", "tui"), ("saves", "tui")]
)
def test_dependencies_point_one_way(low: str, high: str) -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in _graph().items()
        if module.split(".")[0] == low
        for target in targets
        if target.split(".")[0] == high
    )
    assert wrong == []


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # attribute docstrings: a string statement right after an assignment
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for before, statement in itertools.pairwise(body):
                if (
                    isinstance(before, (ast.Assign, ast.AnnAssign))
                    and isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                ):
                    found.add(id(statement.value))
    return found


def _named_rulesets(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    where = path.relative_to(ROOT)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        found.extend(
            f"{where}:{getattr(node, 'lineno', '?')}: {word!r}"
            for word in words
            if RULESET_WORD.search(word)
        )
    return found


def test_generic_modules_name_no_ruleset() -> None:
    paths = [p for folder in GENERIC for p in sorted((ROOT / folder).glob("*.py"))]
    assert paths, "the generic folders have no modules"
    assert [hit for path in paths for hit in _named_rulesets(path)] == []


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The checkers themselves: a circle and a ruleset's name in code are found."""
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    source = ROOT / "tui" / "_probe_for_test.py"
    assert not source.exists()
    sample = tmp_path / "sample.py"
    sample.write_text('"""Docstring: BattleTech is fine here."""\nNAME = "papermech"\n')
    tree = ast.parse(sample.read_text())
    docs = _docstrings(tree)
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]
    assert strings == ["papermech"]
