"""The peer, side by side (issue 53): scriptmaker 4.0.0 (HTML → PDF with WeasyPrint) and botc-pnp making the same
documents of the same script, each run a fresh process, paired and interleaved; CPU, wall and peak memory.

Usage: .venv/bin/python bench/peer.py [--runs N] [--warmup N] [--venv DIR] [--output PATH]
       (or bench/run.py --peer, which adds these figures and targets to bench/latest.json)

The peer is never a dependency of botc-pnp or of its tests: on first use this program makes its own virtual
environment (default ~/.cache/botc-pnp-bench/scriptmaker-4.0.0, or $XDG_CACHE_HOME/…, or --venv) and installs
scriptmaker==4.0.0 there from PyPI, with pydyf pinned below 0.11: scriptmaker asks for WeasyPrint 62, which calls
pydyf's Stream.transform, and pydyf 0.11 removed it (with the newest pydyf every render stops with an
AttributeError). Later runs reuse that environment. WeasyPrint needs Pango (≥ 1.44), HarfBuzz and fontconfig as
system libraries (Debian: libpango-1.0-0, libpangoft2-1.0-0, libharfbuzz0b, fontconfig); without them this
program says so and exits 2. scriptmaker's ghostscript and poppler are only for its --postprocess, not used here.

The script is Trouble Brewing, written as the publisher's JSON by `botc-pnp export-json trouble-brewing`.
scriptmaker takes the official characters' text from its own data (English), so the two programs print the same
characters, each in its language. The pairs:
  sheet   botc-pnp sheet trouble-brewing           | python -m scriptmaker make-pdf --script TB.json
          (scriptmaker's CLI, installed without a console script, makes only the character sheet without --full)
  night   botc-pnp night trouble-brewing           | the same steps as `make-pdf --full` with the sheet left out
          (its CLI cannot make the night order alone): Datastore, add_official_characters, load_script,
          simple_nightorder = False, Renderer().render_nightorder — the full-text night order, like ours
  kit     botc-pnp build trouble-brewing (8 PDFs)  | python -m scriptmaker make-pdf --script TB.json --full
Each peer run writes into an emptied folder, and a run counts only if its PDF is there (scriptmaker's CLI prints a
traceback and exits 0 when a render fails). Ratios are peer/botc-pnp of the medians (≥ 10× is the target for the
sheet and the night order, in CPU).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(BENCH_DIR))

from measure import (  # noqa: E402
    MB,
    Case,
    cli_command,
    fmt_s,
    fmt_size,
    fmt_x,
    mark,
    pairwise,
    ratio_of_medians,
    run_rounds,
    spread,
    usable,
    warm_up,
)

PEER = "scriptmaker==4.0.0"
PEER_PINS = ("pydyf<0.11",)  # see the module docstring
SCRIPT = "trouble-brewing"
PEER_TARGET = 10.0  # the peer's CPU over ours, sheet and night order
PAIRS = (  # name, our command, the peer's document, the endings of the PDF names the peer writes
    ("sheet", "sheet", "sheet", ("-script.pdf",)),
    ("night", "night", "night", ("-nights-full.pdf",)),
    ("kit", "build", "sheet+night", ("-script.pdf", "-nights-full.pdf")),
)

NIGHT_ONLY = """
import json, sys
from scriptmaker import Datastore, Renderer
with open(sys.argv[1]) as file:
    script_json = json.load(file)
datastore = Datastore(sys.argv[2])
datastore.add_official_characters()
script = datastore.load_script(script_json)
script.options.simple_nightorder = False
print(Renderer().render_nightorder(script, output_folder=datastore.workspace))
"""

PROBE = "import weasyprint, scriptmaker; print(weasyprint.__version__)"


class PeerUnavailable(Exception):
    """The peer cannot run here; the message says why and what it would take."""


def default_venv() -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "botc-pnp-bench" / PEER.replace("==", "-")


def peer_python(venv: Path, log) -> Path:
    """The peer's interpreter in its own environment, made and filled on first use (network: PyPI, once)."""
    python = venv / "bin" / "python"
    stamp = venv / "bench-peer.txt"
    wanted = " ".join((PEER, *PEER_PINS))
    if not (python.exists() and stamp.exists() and stamp.read_text(encoding="utf-8").strip() == wanted):
        log(f"peer: making {venv} and installing {wanted} from PyPI (once)")
        made = subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], capture_output=True, text=True)
        if made.returncode != 0:
            raise PeerUnavailable(f"cannot make a virtual environment at {venv}:\n{made.stderr[-1500:]}")
        pip = subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", PEER, *PEER_PINS],
            capture_output=True,
            text=True,
        )
        if pip.returncode != 0:
            raise PeerUnavailable(
                f"pip could not install {wanted} into {venv} (is PyPI reachable?):\n{pip.stderr[-1500:]}"
            )
        stamp.write_text(wanted + "\n", encoding="utf-8")
    probe = subprocess.run([str(python), "-c", PROBE], capture_output=True, text=True)
    if probe.returncode != 0 and "ModuleNotFoundError" in probe.stderr:
        raise PeerUnavailable(
            f"the peer's environment {venv} is incomplete; remove that folder and run again to "
            f"reinstall.\n{probe.stderr[-1500:]}"
        )
    if probe.returncode != 0:
        raise PeerUnavailable(
            "scriptmaker is installed but WeasyPrint cannot start: it needs the system libraries Pango (≥ 1.44), "
            "HarfBuzz and fontconfig (Debian: apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b "
            f"fontconfig).\n{probe.stderr[-1500:]}"
        )
    log(f"peer: {PEER} with WeasyPrint {probe.stdout.strip()} in {venv}")
    return python


def export_script(cli: list[str], path: Path) -> None:
    done = subprocess.run(
        [*cli, "export-json", SCRIPT, "-o", str(path), "-q"], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0 or not path.is_file():
        raise SystemExit(f"peer: botc-pnp export-json {SCRIPT} failed:\n{done.stdout}{done.stderr}")


def emptied(folder: Path):
    def before() -> None:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)

    return before


def wrote(folder: Path, endings: tuple[str, ...]):
    def check(sample) -> str:
        names = [p.name for p in (folder / "pdf").glob("*.pdf")]
        missing = [e for e in endings if not any(n.endswith(e) for n in names)]
        return f"(exit 0 but no *{', *'.join(missing)} written; its output:)" if missing else ""

    return check


def peer_groups(cli: list[str], python: Path, script_json: Path, temp: Path) -> list[list[Case]]:
    """[ours, the peer's] for the sheet, the night order and the kit."""
    groups = []
    for name, command, peer_doc, endings in PAIRS:
        out = temp / f"ours-{name}"
        ours = Case(
            f"ours-{name}",
            f"botc-pnp {command} {SCRIPT}",
            [*cli, command, SCRIPT, "--out", str(out)],
            pdf_dir=out / SCRIPT,
            note=f"botc-pnp {command}",
        )
        folder = temp / f"peer-{name}"
        if name == "night":
            peer_command = [str(python), "-c", NIGHT_ONLY, str(script_json), str(folder)]
        else:
            peer_command = [
                str(python),
                "-m",
                "scriptmaker",
                "make-pdf",
                "--script",
                str(script_json),
                "--output-folder",
                str(folder),
                *(["--full"] if name == "kit" else []),
            ]
        peer = Case(
            f"peer-{name}",
            f"scriptmaker {peer_doc}",
            peer_command,
            pdf_dir=folder / "pdf",
            note=f"scriptmaker 4.0.0 {peer_doc}",
            before=emptied(folder),
            check=wrote(folder, endings),
        )
        groups.append([ours, peer])
    return groups


def peer_ratios(groups: list[list[Case]]) -> dict[str, float | None]:
    ratios = {}
    for ours, peer in groups:
        name = ours.name.removeprefix("ours-")
        for what in ("cpu", "wall"):
            ratios[f"peer/ours {name} {what}"] = ratio_of_medians(peer, ours, what)
        ratios[f"peer/ours {name} memory"] = (peer.peak() / ours.peak()) if peer.peak() and ours.peak() else None
    return ratios


def peer_targets(ratios: dict) -> list[dict]:
    rows = []
    for name, label in (("sheet", "sheet"), ("night", "night order")):
        value = ratios.get(f"peer/ours {name} cpu")
        passed = None if value is None else value >= PEER_TARGET
        rows.append(
            {
                "group": "issue 53",
                "target": f"{label}: ≥ {PEER_TARGET:g}× less CPU than scriptmaker",
                "value": value,
                "limit": PEER_TARGET,
                "shown": fmt_x(value),
                "mark": mark(passed),
                "status": "SKIP" if passed is None else ("PASS" if passed else "FAIL"),
            }
        )
    return rows


def peer_table(groups: list[list[Case]], ratios: dict) -> str:
    lines = [
        f"peer: {PEER} vs botc-pnp, {SCRIPT}, medians of paired runs (peer/ours: how many times ours is cheaper)",
        f"{'pair':<7} {'ours cpu':>9} {'peer cpu':>9} {'×cpu':>7} {'pairs ×cpu':>12} {'ours wall':>10} "
        f"{'peer wall':>10} {'×wall':>7} {'ours peak':>10} {'peer peak':>10} {'×mem':>6}",
    ]
    for ours, peer in groups:
        name = ours.name.removeprefix("ours-")
        lines.append(
            f"{name:<7} {fmt_s(ours.median('cpu')):>9} {fmt_s(peer.median('cpu')):>9} "
            f"{fmt_x(ratios.get(f'peer/ours {name} cpu')):>7} {spread(pairwise(peer, ours, 'cpu')):>12} "
            f"{fmt_s(ours.median('wall')):>10} {fmt_s(peer.median('wall')):>10} "
            f"{fmt_x(ratios.get(f'peer/ours {name} wall')):>7} {fmt_size(ours.peak()):>10} {fmt_size(peer.peak()):>10} "
            f"{fmt_x(ratios.get(f'peer/ours {name} memory')):>6}"
        )
    return "\n".join(lines)


def compare(cli: list[str], venv: Path, runs: int, warmup: int, temp: Path, log) -> tuple[list[list[Case]], dict]:
    """Prepares the peer, warms both sides up (fonts, caches, fontconfig), then runs the pairs in rounds."""
    python = peer_python(venv, log)
    script_json = temp / f"{SCRIPT}.json"
    export_script(cli, script_json)
    groups = peer_groups(cli, python, script_json, temp)
    for group in groups:
        for case in group:
            warm_up(case, max(warmup, 1), ROOT, log)
    log(f"peer: {runs} round(s) of {', '.join(g[0].name.removeprefix('ours-') for g in groups)}")
    run_rounds([g for g in groups if all(usable(c) for c in g)], runs, ROOT, log)
    return groups, peer_ratios(groups)


def case_figures(case: Case) -> dict:
    return {
        "label": case.label,
        "ok": case.ok,
        "cpu_median_s": case.median("cpu"),
        "wall_median_s": case.median("wall"),
        "cpu_runs_s": [round(s.cpu, 4) for s in case.samples],
        "wall_runs_s": [round(s.wall, 4) for s in case.samples],
        "peak_rss_bytes": case.peak(),
        "peak_rss_runs_mb": [round(s.maxrss / MB, 1) for s in case.samples],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="scriptmaker 4.0.0 and botc-pnp, side by side")
    parser.add_argument("--runs", type=int, default=5, help="paired rounds (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs of each command first (default 1)")
    parser.add_argument("--venv", type=Path, default=default_venv(), help="the peer's own virtual environment")
    parser.add_argument("--output", type=Path, help="also write the figures here as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="botc-peer-") as temp:
        try:
            groups, ratios = compare(cli_command(), args.venv, args.runs, args.warmup, Path(temp), log)
        except PeerUnavailable as problem:
            print(f"peer: cannot run: {problem}", file=sys.stderr)
            return 2
    rows = peer_targets(ratios)
    print(
        f"{dt.datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} CPUs, load average (1 min) before "
        f"{load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}"
    )
    print(peer_table(groups, ratios))
    for row in rows:
        print(f"  {row['mark']} {row['target']:<46} {row['shown']}")
    if args.output:
        figures = {
            "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
            "runs": args.runs,
            "cases": {c.name: case_figures(c) for g in groups for c in g},
            "ratios": ratios,
            "targets": rows,
        }
        args.output.write_text(json.dumps(figures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0 if all(c.ok for g in groups for c in g) else 1


if __name__ == "__main__":
    sys.exit(main())
