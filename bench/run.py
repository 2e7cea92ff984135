"""Benchmark for botc-pnp (issues 8, 25 and 53): fresh-process wall time, CPU time and peak memory of validate, the
whole kit and each document, each against a floor that writes the same pages with plain reportlab calls.

Usage: .venv/bin/python bench/run.py [--runs N] [--warmup N] [--quick] [--documents LIST] [--peer]
                                     [--output PATH] [--strict]

Every measured command runs in a new process (bench/measure.py: wall from spawn to reap, CPU (user+sys) and peak RSS
of the process and its children from os.wait4); medians of N timed runs are reported:
  validate        botc-pnp validate in-space
  kit             botc-pnp build in-space --out <temp>            (the whole kit)
  floor           bench/floor.py: the kit's fonts, pages and text drawn with drawString, nothing else (the yardstick
                  of issues 25 and 53), its fixture read from the kit's PDFs
  <document>      each document's own command on the bundled script (sheet, night, night-card, tokens, info-cards,
                  almanac, grimoire: one per module in generator/documents DOCUMENTS)
  <document>-floor  bench/floor.py on that document's PDFs: the same pages, text and fonts, and the same paths and
                  form XObjects (icons) drawn as many times with plain canvas calls (see bench/floor.py)
  kit-50/kit-200  the kit for synthetic scripts of 50 and 200 characters (bench/synthetic.py)
  sheet-50/-181   the character sheet alone for 50 and 181 characters, CPU of one render (bench/scale.py)
Paired and interleaved: after the untimed runs (the first of each command fills the user cache, as a user's first
run does, and gives its floor the PDFs to copy), the timed runs go in rounds: validate, kit, kit floor, each document
and its floor, one run each; within a pair the order flips every round. A machine that gets busier or quieter during
the bench thus affects both sides of every ratio alike; the spread of the per-round ratios shows how noisy it was.
Before measuring, the package is byte-compiled (python -m compileall), as Python itself does on a first run unless
PYTHONDONTWRITEBYTECODE is set.

--quick leaves out the synthetic scripts, the kit's floor and the documents (unless --documents names some);
--documents sheet,tokens measures only those (none: no document); --peer adds scriptmaker side by side
(bench/peer.py; installs it into its own environment on first use). Targets (issue 53, and the older ones of issue
25 that still hold) are printed with ✔/✘ and written with the figures to bench/latest.json (or --output). Exit
code: 0 when every command ran, 1 when one failed (or, with --strict, when a target fails), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(BENCH_DIR))

from floor import fixture_from_pdfs  # noqa: E402
from measure import (  # noqa: E402
    MB,
    Case,
    Sample,
    cli_command,
    fmt_s,
    fmt_size,
    fmt_x,
    mark,
    measure,
    pairwise,
    ratio_of_medians,
    run_rounds,
    spread,
    usable,
    warm_up,
)
from synthetic import make_synthetic  # noqa: E402

BUNDLED_SCRIPT = "in-space"
SYNTHETIC_SIZES = (50, 200)
SHEET_SIZES = (50, 181)

# each module of generator.documents.DOCUMENTS → the command that makes that document alone
DOCUMENT_COMMANDS = {
    "script_sheet": "sheet",
    "night_sheet": "night",
    "night_card": "night-card",
    "tokens": "tokens",
    "info_cards": "info-cards",
    "almanac": "almanac",
    "grimoire": "grimoire",
    "town_square": "town-square",
}

# issue 53's targets
KIT_CPU_LIMIT = 2.0  # × the kit's floor
KIT_WALL_LIMIT = 1.8
VALIDATE_LIMIT = 0.15  # × the kit, wall time
DOCUMENT_LIMIT = 3.0  # × the document's own floor, CPU and wall
KIT_PEAK_LIMIT = 130 * MB

# issue 25's targets that issue 53 did not replace
SIZE_LIMITS = {"script": 400 * 1024, "tokens": 2 * MB, "almanac": int(1.5 * MB)}


def documents_to_measure(choice: str | None, quick: bool) -> list[tuple[str, str]]:
    """(module, command) of the documents asked for, in build order; every module of DOCUMENTS needs a command."""
    from generator.documents import DOCUMENTS

    missing = [module for module, _ in DOCUMENTS if module not in DOCUMENT_COMMANDS]
    if missing:
        raise SystemExit(f"bench: no command for document(s) {', '.join(missing)}: add them to DOCUMENT_COMMANDS")
    everything = [(module, DOCUMENT_COMMANDS[module]) for module, _ in DOCUMENTS]
    if choice is None:
        return [] if quick else everything
    if choice == "none":
        return []
    wanted = [name.strip() for name in choice.split(",") if name.strip()]
    known = {command for _, command in everything} | {module for module, _ in everything}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise SystemExit(
            f"bench: unknown document(s) {', '.join(unknown)}; known: {', '.join(c for _, c in everything)} (or none)"
        )
    return [(m, c) for m, c in everything if m in wanted or c in wanted]


def pdf_sizes(folder: Path | None) -> dict[str, int]:
    if folder is None or not folder.is_dir():
        return {}
    return {p.name: p.stat().st_size for p in sorted(folder.glob("*.pdf"))}


def page_count(folder: Path | None) -> int | None:
    if folder is None or not folder.is_dir():
        return None
    from pypdf import PdfReader

    return sum(len(PdfReader(p).pages) for p in sorted(folder.glob("*.pdf")))


def record_outputs(case: Case) -> None:
    case.pdfs = pdf_sizes(case.pdf_dir)
    case.pages = page_count(case.pdf_dir)


def floor_for(case: Case, temp_dir: Path, drawing: bool) -> Case | None:
    """The floor of a command whose PDFs are in case.pdf_dir (from its untimed run); None when it wrote none."""
    if not (case.ok and case.pdf_dir is not None and any(case.pdf_dir.glob("*.pdf"))):
        return None
    name = "floor" if case.name == "kit" else f"{case.name}-floor"
    fixture = temp_dir / f"{name}-fixture.json"
    summary = fixture_from_pdfs(case.pdf_dir, fixture, drawing)
    out = temp_dir / f"out-{name}"
    if drawing:
        skipped = sum(n for key, n in summary.items() if key.startswith("skipped"))
        note = (
            f"{summary.get('lines', 0)} lines, {summary.get('painted paths', 0)} paths, "
            f"{summary.get('form placements', 0)} forms placed" + (f", {skipped} ops not drawn" if skipped else "")
        )
    else:
        note = "same fonts, pages and text; drawString only"
    return Case(
        name,
        f"floor of {case.label}",
        [sys.executable, str(BENCH_DIR / "floor.py"), str(fixture), str(out)],
        pdf_dir=out,
        note=note,
    )


def sheet_case(size: int, script_id: str, content: Path, runs: int, log) -> Case:
    """The character sheet alone: CPU seconds of one render in a fresh process (bench/scale.py's measurement)."""
    from scale import one_run

    case = Case(
        f"sheet-{size}", f"sheet {script_id}", [], note=f"character sheet only, {size} characters (CPU of one render)"
    )
    for index in range(runs):
        cpu = one_run("script_sheet", script_id, content)
        case.samples.append(Sample(wall=cpu, cpu=cpu, maxrss=0, returncode=0, stdout="", stderr=""))
        log(f"  {case.label}: run {index + 1}/{runs} {cpu:.3f} s CPU")
    return case


def run_case(case: Case, runs: int, warmups: int, log) -> None:
    """A case on its own (the synthetic kits): untimed runs, then `runs` timed ones."""
    if warm_up(case, warmups, ROOT, log):
        run_rounds([[case]], runs, ROOT, log)
    record_outputs(case)


def validation_errors(cli: list[str], script: str, content: Path) -> int:
    """Error count of `validate --json` (0 when it cannot tell), to decide whether a synthetic build needs --force."""
    sample = measure([*cli, "validate", script, "--content", str(content), "--json"], ROOT)
    try:
        findings = json.loads(sample.stdout)
    except json.JSONDecodeError:
        return 0 if sample.returncode == 0 else 1
    return sum(1 for f in findings if isinstance(f, dict) and f.get("level") == "error")


def find_pdf(pdfs: dict[str, int], key: str) -> tuple[str, int] | None:
    if f"{key}.pdf" in pdfs:
        return f"{key}.pdf", pdfs[f"{key}.pdf"]
    candidates = [(n, s) for n, s in pdfs.items() if n.startswith(key)]
    return max(candidates, key=lambda item: item[1]) if candidates else None


def paired_ratios(cases: dict[str, Case], documents: list[tuple[str, str]]) -> dict[str, float | None]:
    ratios: dict[str, float | None] = {}
    for name, floor_name in [("kit", "floor"), *((c, f"{c}-floor") for _, c in documents)]:
        if floor_name in cases:
            for what in ("cpu", "wall"):
                ratios[f"{name}/floor {what}"] = ratio_of_medians(cases[name], cases[floor_name], what)
    for what in ("wall", "cpu"):
        ratios[f"validate/kit {what}"] = ratio_of_medians(cases.get("validate"), cases.get("kit"), what)
    return ratios


def targets(
    cases: dict[str, Case], ratios: dict[str, float | None], documents: list[tuple[str, str]], peer_rows: list[dict]
) -> list[dict]:
    """Issue 53's targets (the peer's from bench/peer.py), then issue 25's that still hold."""
    results = []

    def add(group: str, name: str, value, limit, shown: str, passed: bool | None):
        status = "SKIP" if passed is None else ("PASS" if passed else "FAIL")
        results.append(
            {
                "group": group,
                "target": name,
                "value": value,
                "limit": limit,
                "shown": shown,
                "mark": mark(passed),
                "status": status,
            }
        )

    def at_most(value, limit):
        return None if value is None else value <= limit

    for name, key, limit in (
        ("kit CPU ≤ 2.0× floor", "kit/floor cpu", KIT_CPU_LIMIT),
        ("kit wall ≤ 1.8× floor", "kit/floor wall", KIT_WALL_LIMIT),
        ("validate ≤ 0.15× kit (wall)", "validate/kit wall", VALIDATE_LIMIT),
    ):
        value = ratios.get(key)
        shown = fmt_x(value) + (f" (CPU {fmt_x(ratios.get('validate/kit cpu'))})" if key.startswith("validate") else "")
        add("issue 53", name, value, limit, shown, at_most(value, limit))
    for _, command in documents:
        cpu, wall = ratios.get(f"{command}/floor cpu"), ratios.get(f"{command}/floor wall")
        worst = max(cpu, wall) if cpu is not None and wall is not None else None
        add(
            "issue 53",
            f"{command} ≤ 3× its floor (CPU, wall)",
            worst,
            DOCUMENT_LIMIT,
            f"CPU {fmt_x(cpu)}, wall {fmt_x(wall)}",
            at_most(worst, DOCUMENT_LIMIT),
        )
    kit = cases.get("kit")
    kit_peak = kit.peak() if kit else None
    add(
        "issue 53",
        "kit peak memory ≤ 130 MB",
        kit_peak,
        KIT_PEAK_LIMIT,
        fmt_size(kit_peak),
        at_most(kit_peak, KIT_PEAK_LIMIT),
    )
    results.extend(peer_rows)

    kit_wall = kit.median("wall") if kit else None
    add("issue 25", "kit wall ≤ 1.5 s", kit_wall, 1.5, fmt_s(kit_wall), at_most(kit_wall, 1.5))
    validate = cases.get("validate")
    v_wall = validate.median("wall") if validate else None
    add("issue 25", "validate ≤ 0.4 s", v_wall, 0.4, fmt_s(v_wall), at_most(v_wall, 0.4))
    big = cases.get("kit-200")
    big_wall = big.median("wall") if big else None
    add("issue 25", "200 chars ≤ 6 s", big_wall, 6.0, fmt_s(big_wall), at_most(big_wall, 6.0))
    growth = ratios.get("200/50")
    add(
        "issue 25",
        "time(200)/time(50) ≤ 4.5",
        growth,
        4.5,
        "—" if growth is None else f"{growth:.2f}",
        at_most(growth, 4.5),
    )
    sheet_growth = ratios.get("sheet 181/50")
    add("issue 25", "sheet 181 ≤ 2.5× sheet 50", sheet_growth, 2.5, fmt_x(sheet_growth), at_most(sheet_growth, 2.5))
    peaks = [
        c.peak()
        for n, c in cases.items()
        if not n.endswith("floor") and not n.startswith("peer") and c.peak() is not None
    ]
    peak = max(peaks) if peaks else None
    add(
        "issue 25",
        "peak memory < 300 MB (any case)",
        peak,
        300 * MB,
        fmt_size(peak),
        None if peak is None else peak < 300 * MB,
    )
    pdfs = kit.pdfs if kit else {}
    for key, limit in SIZE_LIMITS.items():
        found = find_pdf(pdfs, key)
        if found is None:
            add(
                "issue 25",
                f"{key}.pdf < {fmt_size(limit)}",
                None,
                limit,
                "not built",
                None if not (kit and kit.ok) else False,
            )
        else:
            name, size = found
            add("issue 25", f"{key}.pdf < {fmt_size(limit)}", size, limit, f"{fmt_size(size)} ({name})", size < limit)
    return results


def cases_table(cases: dict[str, Case]) -> list[str]:
    header = f"{'case':<18} {'wall':>8} {'min–max':>11} {'cpu':>8} {'min–max':>11} {'peak RSS':>9} {'pages':>6} {'PDF total':>10}  note"
    lines = [header, "-" * len(header)]
    for case in cases.values():
        walls = [s.wall for s in case.samples if s.returncode == 0]
        cpus = [s.cpu for s in case.samples if s.returncode == 0]
        total = sum(case.pdfs.values()) if case.pdfs else None
        note = case.note if case.ok else f"FAILED {case.note}".strip()
        lines.append(
            f"{case.name:<18} {fmt_s(case.median('wall')):>8} {spread(walls):>11} {fmt_s(case.median('cpu')):>8} "
            f"{spread(cpus):>11} {fmt_size(case.peak()):>9} {('—' if case.pages is None else case.pages):>6} "
            f"{fmt_size(total):>10}  {note}"
        )
    return lines


def excess(case: Case, floor: Case) -> float | None:
    """CPU seconds a command spends above its floor: start-up weighs on both sides of a ratio, not on this."""
    mine, least = case.median("cpu"), floor.median("cpu")
    return None if mine is None or least is None else mine - least


def floors_table(cases: dict[str, Case], ratios: dict, documents: list[tuple[str, str]]) -> list[str]:
    """Each command against its floor: medians, their ratio, the range of the per-round ratios, the CPU seconds
    above the floor, and the target marks."""
    rows = [("kit", "floor", KIT_CPU_LIMIT, KIT_WALL_LIMIT)] + [
        (c, f"{c}-floor", DOCUMENT_LIMIT, DOCUMENT_LIMIT) for _, c in documents
    ]
    rows = [row for row in rows if row[0] in cases and row[1] in cases]
    if not rows:
        return []
    header = (
        f"{'against its floor':<18} {'cpu':>7} {'floor':>7} {'×cpu':>7} {'per round':>11} {'above':>7}  "
        f"{'wall':>7} {'floor':>7} {'×wall':>7} {'per round':>11}  {'peak':>9}  target"
    )
    lines = ["", header, "-" * len(header)]
    for name, floor_name, cpu_limit, wall_limit in rows:
        case, floor = cases[name], cases[floor_name]
        x_cpu, x_wall = ratios.get(f"{name}/floor cpu"), ratios.get(f"{name}/floor wall")
        cpu_ok = None if x_cpu is None else x_cpu <= cpu_limit
        wall_ok = None if x_wall is None else x_wall <= wall_limit
        lines.append(
            f"{name:<18} {fmt_s(case.median('cpu')):>7} {fmt_s(floor.median('cpu')):>7} {fmt_x(x_cpu):>7} "
            f"{spread(pairwise(case, floor, 'cpu')):>11} {fmt_s(excess(case, floor)):>7}  {fmt_s(case.median('wall')):>7} {fmt_s(floor.median('wall')):>7} "
            f"{fmt_x(x_wall):>7} {spread(pairwise(case, floor, 'wall')):>11}  {fmt_size(case.peak()):>9}  "
            f"{mark(cpu_ok)} ≤ {cpu_limit:g}× CPU, {mark(wall_ok)} ≤ {wall_limit:g}× wall"
        )
    return lines


def report(
    cases: dict[str, Case],
    ratios: dict,
    target_rows: list[dict],
    runs: int,
    load: dict,
    documents: list[tuple[str, str]],
    peer_text: str,
) -> str:
    busiest = max([load["before"][0], load["after"][0], *load["rounds"]])
    lines = [
        f"botc-pnp bench — {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, medians of {runs} fresh-process runs, paired in rounds",
        f"load average (1 min): before {load['before'][0]:.2f}, during {spread(load['rounds'])}, after "
        f"{load['after'][0]:.2f}"
        + (
            "  — machine busy: wall times are inflated, compare CPU and the ratios"
            if busiest > (os.cpu_count() or 1)
            else ""
        ),
    ]
    lines += cases_table(cases)
    lines += floors_table(cases, ratios, documents)
    if ratios:
        lines.append("")
        lines.append("ratios: " + ", ".join(f"{k} = {'—' if v is None else f'{v:.2f}'}" for k, v in ratios.items()))
    if peer_text:
        lines += ["", peer_text]
    lines.append("")
    lines.append("PDF sizes:")
    for case in cases.values():
        if case.pdfs:
            lines.append(f"  {case.name:<16} " + ", ".join(f"{n} {fmt_size(s)}" for n, s in case.pdfs.items()))
        elif case.pdf_dir is not None and not case.name.startswith("peer"):
            lines.append(f"  {case.name:<16} (no PDF written)")
    for group in dict.fromkeys(row["group"] for row in target_rows):
        lines.append("")
        lines.append(f"targets ({group}):")
        for row in target_rows:
            if row["group"] == group:
                lines.append(f"  {row['mark']} {row['target']:<44} {row['shown']}")
    return "\n".join(lines)


def case_figures(case: Case) -> dict:
    return {
        "command": " ".join(Path(part).name if i == 0 else part for i, part in enumerate(case.command)),
        "ok": case.ok,
        "note": case.note,
        "wall_median_s": case.median("wall"),
        "cpu_median_s": case.median("cpu"),
        "wall_runs_s": [round(s.wall, 4) for s in case.samples],
        "cpu_runs_s": [round(s.cpu, 4) for s in case.samples],
        "peak_rss_bytes": case.peak(),
        "peak_rss_runs_mb": [round(s.maxrss / MB, 1) for s in case.samples],
        "pages": case.pages,
        "pdfs": case.pdfs,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="botc-pnp benchmark (fresh process per run, paired rounds, medians).")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case (default 5), in rounds")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs per case before the timed ones (default 1)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="validate and the kit only: no kit floor, no synthetic scripts, no documents unless --documents",
    )
    parser.add_argument(
        "--documents",
        help="comma-separated documents to measure against their floors "
        f"({','.join(DOCUMENT_COMMANDS.values())}), or none; default all (none with --quick)",
    )
    parser.add_argument("--peer", action="store_true", help="also scriptmaker 4.0.0 side by side (bench/peer.py)")
    parser.add_argument(
        "--peer-venv", type=Path, help="the peer's own virtual environment (default: a user cache folder)"
    )
    parser.add_argument(
        "--output", type=Path, default=BENCH_DIR / "latest.json", help="JSON figures (default bench/latest.json)"
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")
    documents = documents_to_measure(args.documents, args.quick)

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    cli = cli_command()
    load_before = os.getloadavg()
    peer_text, peer_rows = "", []
    with tempfile.TemporaryDirectory(prefix="botc-bench-") as temp:
        temp_dir = Path(temp)
        cases: dict[str, Case] = {}
        cases["validate"] = Case("validate", "validate in-space", [*cli, "validate", BUNDLED_SCRIPT])
        kit_out = temp_dir / "out-kit"
        cases["kit"] = Case(
            "kit",
            "build in-space",
            [*cli, "build", BUNDLED_SCRIPT, "--out", str(kit_out)],
            pdf_dir=kit_out / BUNDLED_SCRIPT,
            note="the whole kit",
        )
        for module, command in documents:
            out = temp_dir / f"out-{command}"
            cases[command] = Case(
                command,
                f"{command} in-space",
                [*cli, command, BUNDLED_SCRIPT, "--out", str(out)],
                pdf_dir=out / BUNDLED_SCRIPT,
                note=f"documents/{module}",
            )

        log("bench: byte-compiling the package (what Python does on a first run unless PYTHONDONTWRITEBYTECODE is set)")
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=False, stdout=subprocess.DEVNULL
        )

        # untimed runs; a command with a floor needs one to give the floor its PDFs
        groups: list[list[Case]] = [[cases["validate"]]]
        warm_up(cases["validate"], args.warmup, ROOT, log)
        with_floor = [("kit", not args.quick, False)] + [(command, True, True) for _, command in documents]
        for name, floored, drawing in with_floor:
            case = cases[name]
            if not warm_up(case, max(args.warmup, 1) if floored else args.warmup, ROOT, log):
                continue
            floor = floor_for(case, temp_dir, drawing) if floored else None
            if floored and floor is None:
                log(f"  {case.label}: wrote no PDF, so no floor")
            if floor is not None:
                cases[floor.name] = floor
                warm_up(floor, args.warmup, ROOT, log)
            groups.append([case] if floor is None else [case, floor])

        log(f"bench: {args.runs} round(s) of {', '.join(c.name for g in groups for c in g)}")
        round_loads = run_rounds([g for g in groups if all(usable(c) for c in g)], args.runs, ROOT, log)
        for group in groups:
            for case in group:
                record_outputs(case)

        if not args.quick:
            for size in SYNTHETIC_SIZES:
                content, script_id = make_synthetic(ROOT / "content", temp_dir / f"content-{size}", size)
                out = temp_dir / f"out-{size}"
                command = [*cli, "build", script_id, "--content", str(content), "--out", str(out)]
                note = f"{size} characters"
                errors = validation_errors(cli, script_id, content)
                if errors:
                    command.append("--force")
                    note += f", --force ({errors} validation errors)"
                cases[f"kit-{size}"] = Case(
                    f"kit-{size}", f"build {script_id}", command, pdf_dir=out / script_id, note=note
                )
                run_case(cases[f"kit-{size}"], args.runs, args.warmup, log)
            for size in SHEET_SIZES:
                content, script_id = make_synthetic(ROOT / "content", temp_dir / f"sheet-{size}", size)
                cases[f"sheet-{size}"] = sheet_case(size, script_id, content, args.runs, log)

        ratios = paired_ratios(cases, documents)
        if not args.quick:
            w50, w200 = cases["kit-50"].median("wall"), cases["kit-200"].median("wall")
            ratios["200/50"] = w200 / w50 if w50 and w200 else None
            s50, s181 = cases["sheet-50"].median("cpu"), cases["sheet-181"].median("cpu")
            ratios["sheet 181/50"] = s181 / s50 if s50 and s181 else None

        if args.peer:
            import peer

            try:
                peer_groups, peer_ratio = peer.compare(
                    cli, args.peer_venv or peer.default_venv(), args.runs, args.warmup, temp_dir, log
                )
            except peer.PeerUnavailable as problem:
                log(f"peer: cannot run: {problem}")
                peer_text = f"peer: cannot run: {str(problem).splitlines()[0]}"
                peer_rows = [
                    {
                        "group": "issue 53",
                        "target": "peer comparison",
                        "value": None,
                        "limit": None,
                        "shown": "not run (see log)",
                        "mark": mark(None),
                        "status": "SKIP",
                    }
                ]
            else:
                for case in (c for g in peer_groups for c in g):
                    record_outputs(case)
                    cases[case.name] = case
                ratios.update(peer_ratio)
                peer_text = peer.peer_table(peer_groups, peer_ratio)
                peer_rows = peer.peer_targets(peer_ratio)

        target_rows = targets(cases, ratios, documents, peer_rows)
        load = {
            "before": [round(x, 2) for x in load_before],
            "after": [round(x, 2) for x in os.getloadavg()],
            "rounds": [round(x, 2) for x in round_loads],
        }
        print(report(cases, ratios, target_rows, args.runs, load, documents, peer_text))

        figures = {
            "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
            "runs": args.runs,
            "warmup": args.warmup,
            "load_average_1min": load,
            "quick": args.quick,
            "documents": [command for _, command in documents],
            "cases": {name: case_figures(c) for name, c in cases.items()},
            "ratios": ratios,
            "pairwise_ratios": {
                f"{name}/{other}": {
                    what: [round(r, 3) for r in pairwise(cases[name], cases[other], what)] for what in ("cpu", "wall")
                }
                for name, other in [
                    ("kit", "floor"),
                    *((c, f"{c}-floor") for _, c in documents),
                    *((f"peer-{n}", f"ours-{n}") for n in ("sheet", "night", "kit")),
                ]
                if name in cases and other in cases
            },
            "targets": target_rows,
        }
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(figures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        log(f"bench: figures written to {args.output}")

    if not all(c.ok for c in cases.values()):
        return 1
    if args.strict and any(row["status"] == "FAIL" for row in target_rows):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
