"""A printable Game and RenderOptions → the chosen documents' files (name, bytes), in registry order: the almanac in a
forked child when a core is free (parallel.py), every other document here; a text too long for its page becomes a
Korean TextDoesNotFit."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from generator.findings import TextDoesNotFit
from generator.keep import parsecache
from generator.options import RenderOptions

# The almanac takes about as long as all the other documents together, so it gets the second core when one is
# free; when other work holds it, a child would only queue behind that work, and everything renders here.
SEPARATE_PROCESS = ("almanac",)


def render_documents(
    game, options: RenderOptions, modules: list[str], progress: Callable[[str], None] = lambda line: None
) -> list[tuple[str, bytes]]:
    """Every chosen document's files, in the order of `modules`; the almanac renders in a child process beside the rest
    when a core is free. `progress` hears a Korean line as each document starts."""
    from generator.pipeline import parallel

    labels = document_labels()
    prepare_fonts()  # (done already when the game was made printable) before forking: the child inherits the fonts
    waiting = {}
    try:
        if len(modules) > 1 and any(m in SEPARATE_PROCESS for m in modules) and parallel.core_free():
            if parallel.fork_available():
                from generator.typeset.fonts import unpack_subset_tables

                unpack_subset_tables()  # once here rather than once in each process
                load_before_forking(modules, game, options)
            for module_name in modules:
                if module_name in SEPARATE_PROCESS:
                    elsewhere = " (다른 코어에서)" if parallel.fork_available() else ""  # macOS, Windows: right here
                    progress(f"만드는 중: {labels.get(module_name, module_name)}…{elsewhere}")
                    waiting[module_name] = parallel.start(partial(build_in_child, module_name, game, options))
        results = {}
        for module_name in modules:
            if module_name not in waiting:
                progress(f"만드는 중: {labels.get(module_name, module_name)}…")
                results[module_name] = render_one(module_name, game, options)
        for module_name, child in waiting.items():
            files, findings, failure, parses = child.result()
            parsecache.adopt(parses)  # the child's new parses are saved with this process's
            seen = set(options.report.findings)
            options.report.findings.extend(f for f in findings if f not in seen)
            if failure:
                raise TextDoesNotFit(failure)
            results[module_name] = files
    finally:
        parallel.stop_all(waiting.values())  # a failure or Ctrl-C above must not leave a child running
    if options.sheet_copies > 1 and "script_sheet" in results:
        from generator.pdf.repeat import repeat_pages

        results["script_sheet"] = [
            (name, repeat_pages(data, options.sheet_copies)) for name, data in results["script_sheet"]
        ]
    return [item for module_name in modules for item in results[module_name]]


def render_one(module_name: str, game, options: RenderOptions) -> list[tuple[str, bytes]]:
    """One document's files; a text too long for its page becomes TextDoesNotFit instead of reportlab's English."""
    from reportlab.platypus.doctemplate import LayoutError

    from generator.check.lengths import layout_failure_message
    from generator.documents import DOCUMENTS, document_builder

    try:
        return document_builder(module_name)(game, options)
    except LayoutError as exc:
        raise TextDoesNotFit(
            layout_failure_message(game, dict(DOCUMENTS).get(module_name, module_name), str(exc))
        ) from exc


def build_in_child(module_name: str, game, options: RenderOptions):
    """build_with_findings and what the child parsed or used from the kept parses (it ends without saving them)."""
    return (*build_with_findings(module_name, game, options), parsecache.handed_over())


def build_with_findings(module_name: str, game, options: RenderOptions):
    """(files, new findings, Korean failure or None): what the forked child sends back."""
    before = len(options.report.findings)
    try:
        files, failure = render_one(module_name, game, options), None
    except TextDoesNotFit as exc:
        files, failure = [], str(exc)
    return files, options.report.findings[before:], failure


def prepare_fonts() -> None:
    """The fonts registered with reportlab, once per process: before the checks of a printable game (the glyph check
    then reads the fonts reportlab parsed instead of parsing them again) and before any render."""
    from generator.typeset.fonts import register_fonts

    register_fonts()


# Loaded on first use (so `validate` and `--help` stay quick) by both the almanac and the other documents.
LOADED_ON_FIRST_USE = ("tossi", "reportlab.graphics.renderPDF", "generator.keep.iconcache")


def load_before_forking(modules: list[str], game, options: RenderOptions) -> None:
    """What the child and this process would each load after the fork, loaded once before it: the documents'
    modules (reportlab's platypus and graphics, the Korean paragraph and its line breaker), the modules they load on
    first use, the characters' icons (parsed, or read from the user's cache) and their forms in the colour most
    documents draw them in, the markup templates compiled when no rendered markup is kept, and the kept parses' files
    read (their checksums checked)."""
    import importlib

    from generator.art.icon_drawing import prime_forms
    from generator.art.icons import character_icon
    from generator.documents import document_builder
    from generator.documents.parts import icon_color
    from generator.typeset.markup import compile_templates_when_cold

    for name in modules:
        document_builder(name)
    icons = [character_icon(c, game, options) for c in game.characters]  # in the sheet's order: warnings as before
    prime_forms([(icon, icon_color(c.team)) for icon, c in zip(icons, game.characters)])
    for name in LOADED_ON_FIRST_USE:
        importlib.import_module(name)
    compile_templates_when_cold()
    parsecache.read_all()


def document_labels() -> dict[str, str]:
    """{document module: its Korean name for progress lines}, in build order."""
    from generator.documents import DOCUMENTS

    return dict(DOCUMENTS)


def document_names() -> list[str]:
    """Every document module, in build order: what `build` makes and what the page may ask for."""
    return list(document_labels())


def load_documents() -> None:
    """Every document module imported and the fonts registered: a worker that renders for the page starts warm."""
    from generator.documents import document_builder

    prepare_fonts()
    for name in document_names():
        document_builder(name)
