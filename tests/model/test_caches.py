"""Every in-process cache of generator/ is registered in generator/caches.py, and clear_all() empties them all."""

from __future__ import annotations

import ast
from pathlib import Path

import generator
from generator import caches

PACKAGE = Path(generator.__file__).resolve().parent
# module-level mappings that hold what the code is, not what it computed
NOT_CACHES = {("check/advice.py", "CHECKS")}


def module_level_caches(path: Path) -> list[str]:
    """Names of functions wrapped by functools.lru_cache/cache, and of dicts assigned an empty {} at module level."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                name = ast.unparse(decorator)
                if name.startswith(("lru_cache", "functools.lru_cache", "cache", "functools.cache")):
                    found.append(node.name)
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Dict) and not value.keys:
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            found.append(ast.unparse(target))
    return found


def test_no_cache_escapes_the_registry():
    unregistered = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = str(path.relative_to(PACKAGE))
        if relative == "caches.py":
            continue
        unregistered += [
            f"{relative}: {name}" for name in module_level_caches(path) if (relative, name) not in NOT_CACHES
        ]
    assert unregistered == []


def test_clear_all_forgets_what_every_cache_holds():
    from generator.read.theme import load_theme, theme

    theme()
    store = caches.kept({"a": 1})

    @caches.remembered(maxsize=None)
    def square(n):
        return n * n

    square(3)
    assert load_theme.cache_info().currsize and store and square.cache_info().currsize
    caches.clear_all()
    assert load_theme.cache_info().currsize == 0 and store == {} and square.cache_info().currsize == 0
    assert theme().page.margin > 0  # read again on the next use


def test_the_registry_check_can_fail(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from functools import lru_cache\n_SEEN = {}\n@lru_cache(maxsize=1)\ndef f():\n    return 1\n")
    assert module_level_caches(module) == ["_SEEN", "f"]
