"""How one document's cost grows with the script: CPU seconds of rendering it for synthetic scripts of 50, 100 and 181
characters (bench/synthetic.py), each in a fresh process, after loading, checking and one untimed render (imports,
fonts, templates); the paragraph caches are emptied before the timed render and the user cache is off, so its
layout work is all done again.

Usage: .venv/bin/python bench/scale.py [--document script_sheet] [--runs N] [--sizes 50,100,181]

Target (issue 25): the character sheet for 181 characters costs at most 2.5× what it costs for 50. Printed: the median
CPU time of each size and its ratio to the smallest. Exit 1 when a run fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(BENCH_DIR))

from synthetic import make_synthetic  # noqa: E402

CHILD = """
import sys, time
from generator.typeset.fonts import register_fonts
from generator.options import RenderOptions
from generator.pipeline.checking import check_script as validate_game
from generator.pipeline.rendering import render_one
game, report = validate_game(sys.argv[2], sys.argv[3])
register_fonts()
render_one(sys.argv[1], game, RenderOptions())  # imports, fonts and templates, not timed
from generator.typeset import paragraph as hangul_paragraph
from generator.typeset import words
for cache in (hangul_paragraph.BREAKS, hangul_paragraph.PARSED, words._SEGMENTS, words._WIDTHS):
    cache.clear()  # the timed render breaks every paragraph again, as a fresh `build` does
game, report = validate_game(sys.argv[2], sys.argv[3])
started = time.process_time()
render_one(sys.argv[1], game, RenderOptions())
print(time.process_time() - started)
"""


def one_run(document: str, script: str, content: Path) -> float:
    env = {**os.environ, "BOTC_PNP_CACHE_DIR": ""}  # no kept parses or line ends: the layout work is measured whole
    done = subprocess.run(
        [sys.executable, "-c", CHILD, document, script, str(content)], cwd=ROOT, capture_output=True, text=True, env=env
    )
    if done.returncode != 0:
        raise SystemExit(f"{document} for {script} failed:\n{done.stderr[-2000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--document", default="script_sheet")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="50,100,181")
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    results = {}
    with tempfile.TemporaryDirectory(prefix="botc-scale-") as temp:
        for count in sizes:
            content, script = make_synthetic(ROOT / "content", Path(temp) / f"content-{count}", count)
            results[count] = statistics.median(one_run(args.document, script, content) for _ in range(args.runs))
    smallest = results[sizes[0]]
    print(f"{args.document}: CPU seconds of one render (layout caches emptied), median of {args.runs} fresh processes")
    for count, seconds in results.items():
        print(f"  {count:4d} characters  {seconds:.3f} s  {seconds / smallest:.2f}× {sizes[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
