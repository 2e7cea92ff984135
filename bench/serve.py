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
Renders go to the worker pool `serve` starts (--no-pool: in the server's process, as before the pool). With
--concurrency also 1, 2 and 4 simultaneous TB zips (3 rounds, median) and the resident memory of the server and
its workers after 5 and after 50 builds.
Targets: page and search < 100 ms, validate-25 < 300 ms, zip no slower than build. Medians of N runs after one
warm-up; figures go to bench/serve-latest.json (or --output). Exit code 0 when every request succeeded.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import statistics
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


def bundled_script_ids(name: str) -> list[str]:
    import yaml

    return list(
        yaml.safe_load((ROOT / "content" / "scripts" / f"{name}.yaml").read_text(encoding="utf-8"))["characters"]
    )


TB = bundled_script_ids("trouble-brewing")
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
        [sys.executable, "-c", WARM_CLI, str(script), str(work / "warm"), str(runs)],
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    values = json.loads(result.stdout.strip().splitlines()[-1])
    return {"median": statistics.median(values), "max": max(values), "runs": runs}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="3 runs, and only Trouble Brewing for the kit")
    parser.add_argument("--output", type=Path, default=BENCH_DIR / "serve-latest.json")
    parser.add_argument("--no-pool", action="store_true", help="render in the server's process, as before the pool")
    parser.add_argument(
        "--concurrency",
        action="store_true",
        help="also: 2 and 4 simultaneous TB zips (3 rounds each), memory after 5 and 50 builds",
    )
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
    warm = app.extensions["botc"]["warm"]
    warm.warm_up()
    if not args.no_pool:
        warm.start_pool()  # as `botc-pnp serve` does before it shows its address
    startup = time.perf_counter() - started
    try:
        return measure_warm(args, runs, work, app, warm, startup, running_in_thread)
    finally:
        warm.stop_pool()


def concurrent_builds(url: str, body: bytes, count: int, rounds: int) -> dict:
    """Median wall time until all of `count` simultaneous kit zips have answered."""
    import threading

    def one(errors: list) -> None:
        request = urllib.request.Request(
            f"{url}/api/build?name=tb", data=body, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                response.read()
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    values = []
    for _ in range(rounds):
        errors: list = []
        threads = [threading.Thread(target=one, args=(errors,)) for _ in range(count)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        values.append(time.perf_counter() - started)
        if errors:
            raise RuntimeError(f"{count} concurrent builds: {errors[0]}")
    return {"median": statistics.median(values), "max": max(values), "runs": rounds}


def resident_bytes(pids: list[int]) -> int:
    """Sum of VmRSS of the processes (Linux /proc); 0 elsewhere."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def memory_over_builds(url: str, body: bytes, warm) -> dict:
    import os

    def pids() -> list[int]:
        return [os.getpid(), *(warm.pool.pids() if warm.pool else [])]

    after = {}
    for count in range(1, 51):
        urllib.request.urlopen(
            urllib.request.Request(
                f"{url}/api/build?name=tb", data=body, method="POST", headers={"Content-Type": "application/json"}
            ),
            timeout=120,
        ).read()
        if count in (5, 50):
            after[count] = resident_bytes(pids())
    return after


def measure_warm(args, runs: int, work: Path, app, warm, startup: float, running_in_thread) -> int:
    results: dict[str, dict] = {}
    memory: dict[int, int] = {}
    scripts = {"tb": (publisher(TB, "불길한 조짐"), work / "tb.json")}
    with running_in_thread(app) as url:
        state = json.loads(urllib.request.urlopen(f"{url}/api/scripts/bundled/in-space").read())["script"]
        envelope = {
            "script": [
                {"id": "_meta", "name": state["title"], "author": state["author"]},
                *[c["id"] for c in state["characters"]],
            ],
            "named_characters": state["named_characters"],
            "notes": state["notes"],
        }
        if not args.quick:
            scripts["in-space"] = (json.dumps(envelope, ensure_ascii=False).encode("utf-8"), None)
        results["page"] = timed(f"{url}/", None, runs)
        for name, query in (
            ("search-choseong", {"q": "ㅅㅌㅂ"}),
            ("search-name", {"q": "세탁"}),
            ("search-team", {"team": "악마", "edition": "tb"}),
            ("search-all", {}),
        ):
            results[name] = timed(f"{url}/api/characters?{urllib.parse.urlencode(query)}", None, runs)
        results["validate-25"] = timed(f"{url}/api/validate", publisher(TB[:25], "스물다섯"), runs)
        results["preview"] = timed(f"{url}/api/preview", scripts["tb"][0], runs)
        for name, (body, _path) in scripts.items():
            results[f"zip-{name}"] = timed(f"{url}/api/build?name={name}", body, max(3, runs // 2))
        if args.concurrency:
            for count in (1, 2, 4):
                results[f"concurrent-{count}-tb"] = concurrent_builds(url, scripts["tb"][0], count, 3)
            memory = memory_over_builds(url, scripts["tb"][0], warm)
    scripts["tb"][1].write_bytes(scripts["tb"][0])
    results["build-fresh-tb"] = cli_fresh(scripts["tb"][1], max(3, runs // 2), work)
    results["build-warm-tb"] = cli_warm(scripts["tb"][1], max(3, runs // 2), work)
    if "in-space" in scripts:
        results["build-fresh-in-space"] = cli_fresh(Path("in-space"), max(3, runs // 2), work)
        results["build-warm-in-space"] = cli_warm(Path("in-space"), max(3, runs // 2), work)

    targets = [(name, 0.100) for name in results if name == "page" or name.startswith("search")] + [
        ("validate-25", 0.300)
    ]
    print(f"{'case':<22}{'median':>10}{'max':>10}   target")
    for name, figures in results.items():
        limit = dict(targets).get(name)
        note = f"< {limit * 1000:.0f} ms {'✔' if figures['median'] < limit else '✘'}" if limit else ""
        print(f"{name:<22}{figures['median'] * 1000:>8.0f} ms{figures['max'] * 1000:>7.0f} ms   {note}")
    print(f"{'server start-up':<22}{startup * 1000:>8.0f} ms   (content, fonts; before the address is printed)")
    for name in [n for n in scripts]:
        zipped, fresh, warm_cli = (results[f"{kind}-{name}"]["median"] for kind in ("zip", "build-fresh", "build-warm"))
        verdict = "✔" if zipped <= fresh else "✘"
        print(
            f"zip-{name}: {zipped:.2f} s vs build {fresh:.2f} s (fresh process) {verdict}, {warm_cli:.2f} s (warm process, two cores)"
        )
    if args.concurrency:
        two, four = results["concurrent-2-tb"]["median"], results["concurrent-4-tb"]["median"]
        print(
            f"concurrent TB zips: 1 {results['concurrent-1-tb']['median']:.2f} s, 2 {two:.2f} s, 4 {four:.2f} s "
            f"(4/2 = {four / two:.2f}×, target ≤ 1.3×)"
        )
        growth = memory[50] / memory[5] - 1
        print(
            f"RSS (server{' + workers' if warm.pool else ''}): after 5 builds {memory[5] / 2**20:.0f} MB, after 50 "
            f"{memory[50] / 2**20:.0f} MB ({growth:+.1%}, target within 10 %)"
        )
    args.output.write_text(
        json.dumps(
            {
                "date": dt.datetime.now().isoformat(timespec="seconds"),
                "runs": runs,
                "quick": args.quick,
                "startup": startup,
                "cases": results,
                "pool": warm.pool is not None,
                "rss_after_builds": memory,
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
