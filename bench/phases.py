"""Where the time of one `botc-pnp build` goes, phase by phase, in one process (for the numbers in README).

Usage: .venv/bin/python bench/phases.py [SCRIPT] [--content DIR] [--synthetic N] [--cprofile FILE]

Phases: imports (CLI, reportlab, jinja2; no command imports pypdf, and svglib only on an icon cache miss), load +
checks, font registration, icon parsing (every icon of the script, cold cache), then each document of DOCUMENTS in
build order. Inside each document, cProfile gives the cumulative time of a few known hot spots (layout passes,
imposition, icon drawing, font subsetting, PDF writing). Numbers are with cProfile on, so they run slower than in
the bench; compare them with each other, not with it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH_DIR))

# (label, file suffix, function name) summed over matches in each document's profile
HOT_SPOTS = [
    ("platypus layout+draw (doc.build)", "platypus/doctemplate.py", "build"),
    ("paragraph wrap", "platypus/paragraph.py", "wrap"),
    ("paragraph split", "platypus/paragraph.py", "split"),
    ("Korean paragraph line breaking", "generator/typeset/paragraph.py", "lines_for"),
    ("Korean paragraph drawing", "generator/typeset/paragraph.py", "_draw_line"),
    ("almanac page plan", "generator/documents/almanac/plan.py", "plan"),
    ("printed wording", "generator/load/wording.py", "words"),
    ("imposition (generator/impose)", "generator/pdf/impose.py", "impose"),
    ("pypdf merge_transformed_page", "pypdf/_page.py", "merge_transformed_page"),
    ("pypdf compress_identical_objects", "pypdf/_writer.py", "compress_identical_objects"),
    ("pypdf write", "pypdf/_writer.py", "write"),
    ("icon drawing (draw_icon)", "generator/art/icons.py", "draw_icon"),
    ("icon loading (_load_svg)", "generator/art/icons.py", "_load_svg"),
    ("reportlab canvas save", "pdfgen/canvas.py", "save"),
    ("font subsetting (makeSubset)", "pdfbase/ttfonts.py", "makeSubset"),
    ("stringWidth", "pdfbase/pdfmetrics.py", "stringWidth"),
    ("jinja2 render", "jinja2/environment.py", "render"),
    ("markup → paragraphs", "generator/typeset/markup.py", ""),
]


def hot_spots(stats: pstats.Stats) -> list[tuple[str, float, int]]:
    rows = []
    for label, file_suffix, func in HOT_SPOTS:
        total, calls = 0.0, 0
        for (filename, _, name), (_cc, nc, _tt, ct, callers) in stats.stats.items():
            if not filename.replace("\\", "/").endswith(file_suffix):
                continue
            if func and name != func:
                continue
            if not func:  # whole module: only count entry points called from outside it
                if any(caller[0].replace("\\", "/").endswith(file_suffix) for caller in callers):
                    continue
            # recursion: cProfile's ct for the outermost call already includes inner ones
            total += ct
            calls += nc
        if calls:
            rows.append((label, total, calls))
    return rows


def wrap_timer(module_name: str, dotted: str, inner: dict[str, list[float]]) -> None:
    """Replaces module.<dotted> (a function or Class.method) by a wrapper that adds each call's duration to inner."""
    import functools
    import importlib

    try:
        owner = importlib.import_module(module_name)
    except ImportError:
        return
    *path, name = dotted.split(".")
    for part in path:
        owner = getattr(owner, part, None)
    original = getattr(owner, name, None) if owner is not None else None
    if original is None:
        return
    times = inner.setdefault(dotted, [])

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            times.append(time.perf_counter() - started)

    setattr(owner, name, wrapper)


def timed(label: str, results: list, func, *args, **kwargs):
    started = time.perf_counter()
    value = func(*args, **kwargs)
    results.append((label, time.perf_counter() - started))
    return value


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("script", nargs="?", default="in-space")
    parser.add_argument("--content", type=Path)
    parser.add_argument("--synthetic", type=int, help="profile a synthetic script of N characters instead")
    parser.add_argument("--cprofile", type=Path, help="also dump the whole cProfile data of the documents here")
    parser.add_argument("--plain", action="store_true", help="no cProfile: true timings of the phases, no hot spots")
    args = parser.parse_args()

    phases: list[tuple[str, float]] = []
    started = time.perf_counter()
    timed("import generator.app (typer, commands)", phases, __import__, "generator.app")
    timed(
        "import reportlab.platypus + pdfgen",
        phases,
        lambda: (__import__("reportlab.platypus"), __import__("reportlab.pdfgen.canvas")),
    )
    timed("import jinja2", phases, __import__, "jinja2")

    temp = tempfile.TemporaryDirectory(prefix="botc-profile-")
    script, content = args.script, args.content
    if args.synthetic:
        from synthetic import make_synthetic

        content, script = make_synthetic(ROOT / "content", Path(temp.name) / "content", args.synthetic)

    from generator.art.icons import character_icon, clear_cache
    from generator.documents import DOCUMENTS, document_builder
    from generator.options import RenderOptions
    from generator.pipeline.checking import check_script as validate_game
    from generator.typeset.fonts import register_fonts

    game, report = timed("load + checks (validate_game)", phases, validate_game, script, content)
    if game is None:
        print("cannot load the script", file=sys.stderr)
        return 1
    timed("register_fonts (4 Nanum TTFs)", phases, register_fonts)
    options = RenderOptions()
    clear_cache()
    timed(
        f"icon parsing ({len(game.characters)} icons, cold)",
        phases,
        lambda: [character_icon(c, game, options) for c in game.characters],
    )
    clear_cache()

    details = []
    inner: dict[str, list[float]] = {}
    wrap_timer("generator.pdf.impose", "impose", inner)
    wrap_timer("generator.load.bag", "bag_rows", inner)
    wrap_timer("reportlab.platypus.doctemplate", "BaseDocTemplate.build", inner)
    combined = None
    for module_name, _label in DOCUMENTS:
        build = timed(f"import documents.{module_name}", phases, document_builder, module_name)
        profiler = cProfile.Profile()
        options = RenderOptions()
        for values in inner.values():
            values.clear()
        if not args.plain:
            profiler.enable()
        t0 = time.perf_counter()
        files = build(game, options)
        elapsed = time.perf_counter() - t0
        rows = []
        if not args.plain:
            profiler.disable()
            stats = pstats.Stats(profiler)
            combined = stats if combined is None else combined.add(stats)
            rows = hot_spots(stats)
        rows += [(f"[timer] {name}", sum(values), len(values)) for name, values in inner.items() if values]
        sizes = ", ".join(f"{name} {len(data) / 1024:.0f} KB" for name, data in files)
        on = "" if args.plain else " (cProfile on)"
        phases.append((f"document {module_name}{on} → {sizes}", elapsed))
        details.append((module_name, elapsed, rows))
    total = time.perf_counter() - started

    print(f"profile of build {script} ({len(game.characters)} characters), total {total:.2f} s")
    for label, seconds in phases:
        print(f"  {seconds:7.3f} s  {label}")
    for module_name, elapsed, rows in details:
        print(f"\n  {module_name}: {elapsed:.3f} s" + ("" if args.plain else " (cumulative, with cProfile overhead)"))
        for label, seconds, calls in sorted(rows, key=lambda r: -r[1]):
            print(f"    {seconds:7.3f} s  {calls:>6}×  {label}")
    if args.cprofile and combined is not None:
        combined.dump_stats(str(args.cprofile))
        print(f"\ncProfile data: {args.cprofile} (python -m pstats)")
    temp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
