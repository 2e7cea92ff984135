"""generator/'s modules and the imports between them → no circle: a module never needs, however indirectly, a module that
needs it. Every import counts, also one inside a function (kept there so that start-up stays quick): a lazy import
hides a circle from Python at start-up, not from a reader."""

from __future__ import annotations

import ast
from pathlib import Path

import generator

PACKAGE = Path(generator.__file__).resolve().parent


def module_names() -> dict[str, Path]:
    """{'generator.commands.build': path, …}: every module and package of generator/."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The generator modules `module` imports anywhere in its text (top level, functions, classes, conditions)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # `from generator.commands import build` imports the module build; `from generator.x import f` imports x
            names.update(
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source for alias in node.names
            )
    targets = set()
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name and name != module:
            targets.add(name)
    return targets


def import_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of more than one module, as one circle through it (a → b → … → a)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm; generator/ is far too small for the recursion limit
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(path_around(sorted(group), graph))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def path_around(group: list[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest circle from the group's first module back to it, for the failure message."""
    start = group[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & set(group)):
                if target == start:
                    return paths[node] + [start]
                if target not in paths:
                    paths[target] = paths[node] + [target]
                    following.append(target)
        frontier = following
    return group


def test_generator_has_no_import_circle():
    found = circles(import_graph())
    assert not found, "import circles in generator/: " + "; ".join(" → ".join(circle) for circle in found)


def test_the_graph_sees_imports_inside_functions_and_relative_imports(tmp_path):
    """The reader the circle test relies on: a lazy import inside a function and a relative import are edges."""
    modules = {
        "generator": tmp_path / "__init__.py",
        "generator.a": tmp_path / "a.py",
        "generator.b": tmp_path / "b.py",
    }
    modules["generator"].write_text("", encoding="utf-8")
    modules["generator.a"].write_text("def f():\n    from generator.b import g\n    return g\n", encoding="utf-8")
    modules["generator.b"].write_text("from . import a\n\ndef g():\n    return a\n", encoding="utf-8")
    graph = {name: imported(name, path, modules) for name, path in modules.items()}
    assert graph == {"generator": set(), "generator.a": {"generator.b"}, "generator.b": {"generator.a"}}
    assert circles(graph) == [["generator.a", "generator.b", "generator.a"]]


def test_the_graph_reads_every_module_of_the_package():
    graph = import_graph()
    assert {
        "generator.cli",
        "generator.commands.produce",
        "generator.server.api",
        "generator.documents.almanac.book",
    } <= set(graph)
    assert "generator.pipeline.printing" in graph["generator.commands.produce"]  # a lazy import, inside produce()


# --- the layout: one folder per stage, each using only the stages before it ------------------------------------

# Stages in the order a run passes through them (docs/ARCHITECTURE.md). read and pdf know nothing of the game.
STAGES = {"read": 0, "pdf": 0, "load": 1, "typeset": 2, "art": 3, "check": 4, "documents": 5, "write": 6, "pipeline": 7}
KEEP = "keep"  # the user's cache: any stage may keep what it made
MODEL = {
    "generator",
    "generator.model",
    "generator.findings",
    "generator.josa",
    "generator.limits",
    "generator.options",
    "generator.disk",
    "generator.interrupts",
    "generator.invocation",
    "generator.process",
    "generator.caches",
}  # the vocabulary every stage speaks; they use no stage
DOORS = {"commands", "server"}
ENTRY = {"generator.cli", "generator.app", "generator.__main__"}  # the command line's own start


def place(module: str) -> str:
    """'model', 'entry', 'keep', a door ('commands', 'server') or a stage name."""
    if module in MODEL:
        return "model"
    if module in ENTRY:
        return "entry"
    return module.split(".")[1]


def layout_breaks(graph: dict[str, set[str]]) -> list[str]:
    breaks = []
    for module, targets in sorted(graph.items()):
        here = place(module)
        for target in sorted(targets):
            there = place(target)
            if there in DOORS and here not in DOORS | {"entry"}:
                breaks.append(f"{module} → {target}: only the doors and the entry point use a door")
            elif here == "server" and there == "commands":
                breaks.append(f"{module} → {target}: the server does not use the command line's commands")
            elif here == "model" and there != "model":
                breaks.append(f"{module} → {target}: the model uses no stage")
            elif here == KEEP and there not in (KEEP, "model"):
                breaks.append(f"{module} → {target}: the cache keeps what stages make, it uses no stage")
            elif here in STAGES and there in STAGES and STAGES[there] > STAGES[here]:
                breaks.append(f"{module} → {target}: {here} comes before {there}")
    return breaks


def test_every_module_lives_in_its_stage_and_uses_only_earlier_ones():
    graph = import_graph()
    unknown = [m for m in graph if place(m) not in {"model", "entry", KEEP, *DOORS, *STAGES}]
    assert unknown == [], f"modules outside the stages' folders: {unknown}"
    assert layout_breaks(graph) == []


def test_the_layout_rule_can_fail():
    graph = {
        "generator.load.game": {"generator.write.files"},
        "generator.write.files": set(),
        "generator.model": {"generator.load.game"},
        "generator.check.text": {"generator.server.api"},
        "generator.server.api": {"generator.commands.tokens"},
        "generator.commands.tokens": set(),
    }
    assert len(layout_breaks(graph)) == 4


# --- the doors use the pipeline ---------------------------------------------------------------------------------

# A door (the command line, the page) parses input and presents results: it imports the pipeline, the model and its
# own helpers, not the stages. The exceptions kept, each with its reason:
DOOR_EXCEPTIONS = {
    # a request's text is checked at the door for what no answer can carry (a lone surrogate), before any stage runs
    ("generator.server.requests", "generator.read.encodable"): "the door's own input check",
    # the page is drawn in the templates' colours (team colours of its CSS, the colour a homebrew icon is recoloured in)
    ("generator.server.pages", "generator.read.theme"): "the page's colours and fonts",
    ("generator.server.characters", "generator.read.theme"): "the page's colours",
    # the page's views of a game are the library's words and the publisher's format, made by the same functions the
    # documents print with and export-json writes with; the editor reads a character as the publisher JSON is read
    ("generator.server.tables", "generator.load.notes"): "the page words setup changes as the documents do",
    ("generator.server.tables", "generator.load.players"): "the page shows a script's player range as it is written",
    ("generator.server.tables", "generator.load.publisher.characters"): "the printed words of an ability",
    ("generator.server.tables", "generator.load.search"): "names the page resolves as the library search does",
    ("generator.server.tables", "generator.load.standard_order"): "the publisher's order the page sorts by",
    ("generator.server.tables", "generator.load.wording"): "the printed wording of content text",
    ("generator.server.tables", "generator.write.export_json"): "the script state is the publisher's objects",
    ("generator.server.tables", "generator.load.publisher.text"): "a guessed night place in the format's own keys",
    ("generator.server.editor", "generator.load.publisher.extras"): "the editor keeps the fields the format passes on",
    ("generator.server.editor", "generator.load.publisher.text"): "the editor speaks the format's field names",
    ("generator.server.editor", "generator.write.export_json"): "a night place as the format numbers it",
    ("generator.server.scripts", "generator.read.yamlio"): "the workspace's script list reads its YAML files",
    ("generator.server.scripts", "generator.load.players"): "a saved script's player range, as written",
}


def door_breaks(graph: dict[str, set[str]]) -> list[str]:
    breaks = []
    for module, targets in sorted(graph.items()):
        if place(module) not in DOORS:
            continue
        for target in sorted(targets):
            if place(target) in STAGES and place(target) != "pipeline" and (module, target) not in DOOR_EXCEPTIONS:
                breaks.append(f"{module} → {target}: a door reaches the stages through generator/pipeline/")
    return breaks


def test_the_doors_use_the_pipeline_not_the_stages():
    graph = import_graph()
    assert door_breaks(graph) == []
    unused = [pair for pair in DOOR_EXCEPTIONS if pair[1] not in graph.get(pair[0], set())]
    assert unused == [], f"exceptions no longer needed: {unused}"


def test_the_door_rule_can_fail():
    graph = {
        "generator.commands.build": {"generator.documents.tokens", "generator.pipeline.rendering"},
        "generator.server.api": {"generator.read.yamlio"},
    }
    assert len(door_breaks(graph)) == 2


def test_nothing_outside_the_doors_imports_a_door():
    graph = import_graph()
    users = sorted(
        f"{m} → {t}" for m, ts in graph.items() for t in ts if place(t) in DOORS and place(m) not in DOORS | {"entry"}
    )
    assert users == []
