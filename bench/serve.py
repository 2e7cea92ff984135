"""Benchmark for `botc-pnp serve` (issue 15): answer times over real HTTP from a warm server, against the targets.

Usage: .venv/bin/python bench/serve.py [--runs N] [--quick] [--output PATH]

A server runs in this process (the same app and threaded werkzeug server `botc-pnp serve` uses, content and fonts
loaded first) and every request goes over loopback HTTP, so the figures include HTTP and JSON, as a browser sees them.
  page        GET /                                 the library page (181 characters inlined)
  search-*    GET /api/characters?q=…               초성, a name, a team filter, everything
  validate-25 POST /api/validate                    a 25-character script (findings, setup table, script state)
  preview     POST /api/preview                     the sheet's first page as PNG
  zip-*       POST /api/build                       the whole kit as a zip (Trouble Brewing, the bundled 31)
and, for comparison with the zip, `botc-pnp build` of the same scripts in a fresh process (what a user types) and
repeated inside one warm process (fonts and modules loaded; the almanac on the second core, as the CLI does).
Targets: page and search < 100 ms, validate-25 < 300 ms, zip no slower than build. Medians of N runs after one
warm-up; figures go to bench/serve-latest.json (or --output). Exit code 0 when every request succeeded.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT))

TB = [
    "washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller", "undertaker", "monk", "ravenkeeper",
    "virgin", "slayer", "soldier", "mayor", "butler", "drunk", "recluse", "saint", "poisoner", "spy", "scarletwoman",
    "baron", "imp", "beggar", "bureaucrat", "gunslinger", "scapegoat", "thief",
]
WARM_CLI = """
import json, sys, time
from pathlib import Path
from generator.commands.common import Console
from generator.commands.produce import produce
from generator.documents import DOCUMENTS
from generator.options import RenderOptions
script, out, runs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
def once():
    started = time.perf_counter()
    produce(script, None, out, RenderOptions(), [name for name, _ in DOCUMENTS], Console(quiet=True))
    return time.perf_counter() - started
once()
print(json.dumps([once() for _ in range(runs)]))
"""


def publisher(ids, title) -> bytes:
    return json.dumps([{"id": "_meta", "name": title}, *ids], ensure_ascii=False).encode("utf-8")


def timed(url: str, body: bytes | None, runs: int) -> dict:
    def once() -> float:
        headers = {"Content-Type": "application/json"} if body is not None else {}  # the server takes JSON bodies only
        request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET", headers=headers)
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=60) as response:
            data = response.read()
            if response.status != 200 or not data:
                raise RuntimeError(f"{url}: {response.status}")
        return time.perf_counter() - started

    once()  # warm-up
    values = [once() for _ in range(runs)]
    return {"median": statistics.median(values), "max": max(values), "runs": runs}


def cli_fresh(script: Path, runs: int, work: Path) -> dict:
    command = [str(ROOT / ".venv" / "bin" / "botc-pnp"), "build", str(script), "--out", str(work / "fresh"), "-q"]
    values = []
    for index in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(command, check=True, cwd=work, capture_output=True)
        if index:
            values.append(time.perf_counter() - started)
    return {"median": statistics.median(values), "max": max(values), "runs": runs}


def cli_warm(script: Path, runs: int, work: Path) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", WARM_CLI, str(script), str(work / "warm"), str(runs)], check=True, cwd=ROOT, capture_output=True, text=True
    )
    values = json.loads(result.stdout.strip().splitlines()[-1])
    return {"median": statistics.median(values), "max": max(values), "runs": runs}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="3 runs, and only Trouble Brewing for the kit")
    parser.add_argument("--output", type=Path, default=BENCH_DIR / "serve-latest.json")
    args = parser.parse_args(argv)
    runs = 3 if args.quick else args.runs

    from generator.server import create_app
    from generator.server.run import running_in_thread

    work = Path(tempfile.mkdtemp(prefix="botc-serve-bench-"))
    try:
        return measure(args, runs, work, create_app, running_in_thread)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure(args, runs: int, work: Path, create_app, running_in_thread) -> int:
    app = create_app(workspace=work / "scripts")
    started = time.perf_counter()
    app.extensions["botc"]["warm"].warm_up()
    startup = time.perf_counter() - started
    results: dict[str, dict] = {}
    scripts = {"tb": (publisher(TB, "불길한 조짐"), work / "tb.json")}
    with running_in_thread(app) as url:
        state = json.loads(urllib.request.urlopen(f"{url}/api/scripts/bundled/in-space").read())["script"]
        envelope = {
            "script": [{"id": "_meta", "name": state["title"], "author": state["author"]}, *[c["id"] for c in state["characters"]]],
            "named_characters": state["named_characters"], "notes": state["notes"],
        }
        if not args.quick:
            scripts["in-space"] = (json.dumps(envelope, ensure_ascii=False).encode("utf-8"), None)
        results["page"] = timed(f"{url}/", None, runs)
        for name, query in (("search-choseong", {"q": "ㅅㅌㅂ"}), ("search-name", {"q": "세탁"}),
                            ("search-team", {"team": "악마", "edition": "tb"}), ("search-all", {})):
            results[name] = timed(f"{url}/api/characters?{urllib.parse.urlencode(query)}", None, runs)
        results["validate-25"] = timed(f"{url}/api/validate", publisher(TB[:25], "스물다섯"), runs)
        results["preview"] = timed(f"{url}/api/preview", scripts["tb"][0], runs)
        for name, (body, _path) in scripts.items():
            results[f"zip-{name}"] = timed(f"{url}/api/build?name={name}", body, max(3, runs // 2))
    scripts["tb"][1].write_bytes(scripts["tb"][0])
    results["build-fresh-tb"] = cli_fresh(scripts["tb"][1], max(3, runs // 2), work)
    results["build-warm-tb"] = cli_warm(scripts["tb"][1], max(3, runs // 2), work)
    if "in-space" in scripts:
        results["build-fresh-in-space"] = cli_fresh(Path("in-space"), max(3, runs // 2), work)
        results["build-warm-in-space"] = cli_warm(Path("in-space"), max(3, runs // 2), work)

    targets = [(name, 0.100) for name in results if name == "page" or name.startswith("search")] + [("validate-25", 0.300)]
    print(f"{'case':<22}{'median':>10}{'max':>10}   target")
    for name, figures in results.items():
        limit = dict(targets).get(name)
        note = f"< {limit * 1000:.0f} ms {'✔' if figures['median'] < limit else '✘'}" if limit else ""
        print(f"{name:<22}{figures['median'] * 1000:>8.0f} ms{figures['max'] * 1000:>7.0f} ms   {note}")
    print(f"{'server start-up':<22}{startup * 1000:>8.0f} ms   (content, fonts; before the address is printed)")
    for name in [n for n in scripts]:
        zipped, fresh, warm = (results[f"{kind}-{name}"]["median"] for kind in ("zip", "build-fresh", "build-warm"))
        verdict = "✔" if zipped <= fresh else "✘"
        print(f"zip-{name}: {zipped:.2f} s vs build {fresh:.2f} s (fresh process) {verdict}, {warm:.2f} s (warm process, two cores)")
    args.output.write_text(json.dumps({
        "date": dt.datetime.now().isoformat(timespec="seconds"), "runs": runs, "quick": args.quick,
        "startup": startup, "cases": results,
    }, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
