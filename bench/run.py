"""Benchmark for botc-pnp (issues 8 and 25): fresh-process wall time, CPU time and peak memory of validate and build.

Usage: .venv/bin/python bench/run.py [--runs N] [--warmup N] [--quick] [--output PATH] [--strict]

Every measured command runs in a new process (one untimed warm-up, then N timed runs; medians reported; the child's
CPU time (user+sys) and peak RSS come from os.wait4):
  validate        botc-pnp validate in-space
  kit             botc-pnp build in-space --out <temp>            (the whole kit)
  floor           bench/floor.py: same fonts, same pages, same text, no layout (fixture taken from the built kit);
                  its runs alternate with the kit's, so a machine that gets busier affects both alike
  kit-50/kit-200  the same for synthetic scripts of 50 and 200 characters (bench/synthetic.py)
  sheet-50/-181   the character sheet alone for 50 and 181 characters, CPU of one render (bench/scale.py)
Before measuring, the package is byte-compiled (python -m compileall), as Python itself does on a first run unless
PYTHONDONTWRITEBYTECODE is set; the warm-up run fills the user cache (generator.keep.usercache) as a user's first run
does. --quick measures only validate and kit. The figures go to bench/latest.json (or --output). Exit code: 0 when
every command ran, 1 when one failed (or, with --strict, when a target fails), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(BENCH_DIR))

from synthetic import make_synthetic  # noqa: E402

BUNDLED_SCRIPT = "in-space"
SYNTHETIC_SIZES = (50, 200)
SHEET_SIZES = (50, 181)
MB = 1024 * 1024

# target name, limit, unit; checked in targets()
SIZE_LIMITS = {"script": 400 * 1024, "tokens": 2 * MB, "almanac": int(1.5 * MB)}


@dataclass
class Sample:
    wall: float
    cpu: float
    maxrss: int  # bytes
    returncode: int
    stdout: str
    stderr: str


@dataclass
class Case:
    name: str
    label: str
    command: list[str]
    pdf_dir: Path | None = None
    samples: list[Sample] = field(default_factory=list)
    warmup: Sample | None = None
    note: str = ""
    pdfs: dict[str, int] = field(default_factory=dict)
    pages: int | None = None

    @property
    def ok(self) -> bool:
        runs = ([self.warmup] if self.warmup else []) + self.samples
        return bool(runs) and all(s.returncode == 0 for s in runs)

    def median(self, what: str) -> float | None:
        values = [getattr(s, what) for s in self.samples if s.returncode == 0]
        return statistics.median(values) if values else None

    def peak(self) -> int | None:
        values = [s.maxrss for s in self.samples if s.maxrss]
        return max(values) if values else None


def cli_command() -> list[str]:
    script = Path(sys.executable).parent / "botc-pnp"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "generator"]


def measure(command: list[str], cwd: Path) -> Sample:
    """Runs command in a new process; wall from spawn to reap, CPU and peak RSS of that child from wait4."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Sample(
            wall=wall,
            cpu=usage.ru_utime + usage.ru_stime,
            maxrss=usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024),
            returncode=process.returncode,
            stdout=out.read().decode("utf-8", "replace"),
            stderr=err.read().decode("utf-8", "replace"),
        )


def pdf_sizes(folder: Path | None) -> dict[str, int]:
    if folder is None or not folder.is_dir():
        return {}
    return {p.name: p.stat().st_size for p in sorted(folder.glob("*.pdf"))}


def page_count(folder: Path | None) -> int | None:
    if folder is None or not folder.is_dir():
        return None
    from pypdf import PdfReader

    return sum(len(PdfReader(p).pages) for p in sorted(folder.glob("*.pdf")))


def write_fixture(kit_dir: Path, fixture: Path) -> int:
    """The text of every page of every PDF of the kit → a JSON fixture for the floor; returns the page count."""
    from pypdf import PdfReader

    pdfs = []
    pages = 0
    for path in sorted(kit_dir.glob("*.pdf")):
        reader = PdfReader(path)
        entry = {"name": path.name, "pages": []}
        for page in reader.pages:
            box = page.mediabox
            text = page.extract_text() or ""
            lines = [line for line in text.splitlines() if line.strip()]
            entry["pages"].append({"width": float(box.width), "height": float(box.height), "lines": lines})
            pages += 1
        pdfs.append(entry)
    fixture.write_text(json.dumps({"pdfs": pdfs}, ensure_ascii=False), encoding="utf-8")
    return pages


def run_case(case: Case, runs: int, warmups: int, log) -> None:
    for _ in range(warmups):
        log(f"  {case.label}: warm-up")
        case.warmup = measure(case.command, ROOT)
        if case.warmup.returncode != 0:
            log(f"  {case.label}: FAILED (exit {case.warmup.returncode})\n{tail(case.warmup)}")
            return
    for index in range(runs):
        if not timed_run(case, index, runs, log):
            return
    record_outputs(case)


def run_alternating(first: Case, second: Case, runs: int, warmups: int, log) -> None:
    """first, second, first, second …: the ratio of their medians is not skewed by the machine's drift."""
    for _ in range(warmups):
        second.warmup = measure(second.command, ROOT)
    for index in range(runs):
        if not (timed_run(first, index, runs, log) and timed_run(second, index, runs, log)):
            return
    record_outputs(first)
    record_outputs(second)


def timed_run(case: Case, index: int, runs: int, log) -> bool:
    """One measured run added to the case; False (and its output logged) when the command failed."""
    sample = measure(case.command, ROOT)
    case.samples.append(sample)
    log(f"  {case.label}: run {index + 1}/{runs} {sample.wall:.2f} s")
    if sample.returncode != 0:
        log(f"  {case.label}: FAILED (exit {sample.returncode})\n{tail(sample)}")
        return False
    return True


def record_outputs(case: Case) -> None:
    case.pdfs = pdf_sizes(case.pdf_dir)
    case.pages = page_count(case.pdf_dir)


def sheet_case(size: int, script_id: str, content: Path, runs: int, log) -> Case:
    """The character sheet alone: CPU seconds of one render in a fresh process (bench/scale.py's measurement)."""
    from scale import one_run

    case = Case(f"sheet-{size}", f"sheet {script_id}", [], note=f"character sheet only, {size} characters (CPU of one render)")
    for index in range(runs):
        cpu = one_run("script_sheet", script_id, content)
        case.samples.append(Sample(wall=cpu, cpu=cpu, maxrss=0, returncode=0, stdout="", stderr=""))
        log(f"  {case.label}: run {index + 1}/{runs} {cpu:.3f} s CPU")
    return case


def tail(sample: Sample, lines: int = 12) -> str:
    out = sample.stdout.strip().splitlines()[-lines // 2:]
    err = sample.stderr.strip().splitlines()[-lines:]
    return "\n".join("    " + line for line in [*out, *err])


def validation_errors(cli: list[str], script: str, content: Path) -> int:
    """Error count of `validate --json` (0 when it cannot tell), to decide whether a synthetic build needs --force."""
    sample = measure([*cli, "validate", script, "--content", str(content), "--json"], ROOT)
    try:
        findings = json.loads(sample.stdout)
    except json.JSONDecodeError:
        return 0 if sample.returncode == 0 else 1
    return sum(1 for f in findings if isinstance(f, dict) and f.get("level") == "error")


def fmt_s(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f} s"


def fmt_size(size: int | None) -> str:
    if size is None:
        return "—"
    return f"{size / MB:.2f} MB" if size >= MB else f"{size / 1024:.0f} KB"


def find_pdf(pdfs: dict[str, int], key: str) -> tuple[str, int] | None:
    if f"{key}.pdf" in pdfs:
        return f"{key}.pdf", pdfs[f"{key}.pdf"]
    candidates = [(n, s) for n, s in pdfs.items() if n.startswith(key)]
    return max(candidates, key=lambda item: item[1]) if candidates else None


def targets(cases: dict[str, Case], ratios: dict[str, float | None]) -> list[dict]:
    results = []

    def add(name: str, value, limit, shown: str, passed: bool | None, strict_less: bool = False):
        status = "SKIP" if passed is None else ("PASS" if passed else "FAIL")
        results.append({"target": name, "value": value, "limit": limit, "shown": shown, "status": status})

    kit, validate = cases.get("kit"), cases.get("validate")
    kit_wall = kit.median("wall") if kit else None
    add("kit wall ≤ 1.5 s", kit_wall, 1.5, fmt_s(kit_wall), None if kit_wall is None else kit_wall <= 1.5)
    for name, key, limit in (("kit wall ≤ 2× floor", "kit/floor wall", 2.0), ("kit CPU ≤ 2.5× floor", "kit/floor cpu", 2.5),
                             ("validate ≤ 0.2× kit", "validate/kit", 0.2), ("sheet 181 ≤ 2.5× sheet 50", "sheet 181/50", 2.5)):
        ratio = ratios.get(key)
        add(name, ratio, limit, "—" if ratio is None else f"{ratio:.2f}×", None if ratio is None else ratio <= limit)
    v_wall = validate.median("wall") if validate else None
    add("validate ≤ 0.4 s", v_wall, 0.4, fmt_s(v_wall), None if v_wall is None else v_wall <= 0.4)
    big = cases.get("kit-200")
    big_wall = big.median("wall") if big else None
    add("200 chars ≤ 6 s", big_wall, 6.0, fmt_s(big_wall), None if big_wall is None else big_wall <= 6.0)
    growth = ratios.get("200/50")
    add("time(200)/time(50) ≤ 4.5", growth, 4.5, "—" if growth is None else f"{growth:.2f}",
        None if growth is None else growth <= 4.5)
    peaks = [c.peak() for n, c in cases.items() if n != "floor" and c.peak() is not None]
    peak = max(peaks) if peaks else None
    add("peak memory < 300 MB", peak, 300 * MB, fmt_size(peak), None if peak is None else peak < 300 * MB)
    pdfs = kit.pdfs if kit else {}
    for key, limit in SIZE_LIMITS.items():
        found = find_pdf(pdfs, key)
        if found is None:
            add(f"{key}.pdf < {fmt_size(limit)}", None, limit, "not built", None if not (kit and kit.ok) else False)
        else:
            name, size = found
            add(f"{key}.pdf < {fmt_size(limit)}", size, limit, f"{fmt_size(size)} ({name})", size < limit)
    return results


def report_table(cases: dict[str, Case], ratios: dict, target_rows: list[dict], runs: int, load: dict) -> str:
    lines = [f"botc-pnp bench — {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPUs, "
             f"Python {platform.python_version()}, medians of {runs} fresh-process runs",
             f"load average (1 min) before {load['before'][0]:.2f}, after {load['after'][0]:.2f}"
             + ("  — machine busy: wall times are inflated, compare cpu" if max(load['before'][0], load['after'][0]) > (os.cpu_count() or 1) else "")]
    header = f"{'case':<16} {'wall':>8} {'min–max':>13} {'cpu':>8} {'peak RSS':>9} {'pages':>6} {'PDF total':>10}  note"
    lines += [header, "-" * len(header)]
    for case in cases.values():
        walls = [s.wall for s in case.samples if s.returncode == 0]
        spread = f"{min(walls):.2f}–{max(walls):.2f}" if walls else "—"
        total = sum(case.pdfs.values()) if case.pdfs else None
        note = case.note if case.ok else f"FAILED {case.note}".strip()
        lines.append(
            f"{case.name:<16} {fmt_s(case.median('wall')):>8} {spread:>13} {fmt_s(case.median('cpu')):>8} "
            f"{fmt_size(case.peak()):>9} {('—' if case.pages is None else case.pages):>6} {fmt_size(total):>10}  {note}"
        )
    if ratios:
        lines.append("")
        lines.append("ratios: " + ", ".join(f"{k} = {'—' if v is None else f'{v:.2f}'}" for k, v in ratios.items()))
    lines.append("")
    lines.append("PDF sizes:")
    for case in cases.values():
        if case.pdfs:
            lines.append(f"  {case.name:<14} " + ", ".join(f"{n} {fmt_size(s)}" for n, s in case.pdfs.items()))
        elif case.pdf_dir is not None:
            lines.append(f"  {case.name:<14} (no PDF written)")
    lines.append("")
    lines.append("targets:")
    for row in target_rows:
        lines.append(f"  {row['status']:<5} {row['target']:<28} {row['shown']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="botc-pnp benchmark (fresh process per run, medians).")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case (default 5), after one warm-up")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs per case before the timed ones (default 1)")
    parser.add_argument("--quick", action="store_true", help="only validate and the bundled kit; no synthetic, no floor")
    parser.add_argument("--output", type=Path, default=BENCH_DIR / "latest.json", help="JSON figures (default bench/latest.json)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    cli = cli_command()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="botc-bench-") as temp:
        temp_dir = Path(temp)
        cases: dict[str, Case] = {}
        cases["validate"] = Case("validate", "validate in-space", [*cli, "validate", BUNDLED_SCRIPT])
        kit_out = temp_dir / "out-kit"
        cases["kit"] = Case("kit", "build in-space", [*cli, "build", BUNDLED_SCRIPT, "--out", str(kit_out)],
                            pdf_dir=kit_out / BUNDLED_SCRIPT)
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
                cases[f"kit-{size}"] = Case(f"kit-{size}", f"build {script_id}", command, pdf_dir=out / script_id, note=note)

        log("bench: byte-compiling the package (what Python does on a first run unless PYTHONDONTWRITEBYTECODE is set)")
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=False,
                       stdout=subprocess.DEVNULL)
        log(f"bench: {args.runs} run(s) per case, after one warm-up")
        run_case(cases["validate"], args.runs, args.warmup, log)
        kit = cases["kit"]
        if args.quick:
            run_case(kit, args.runs, args.warmup, log)
        else:
            run_case(kit, 0, max(args.warmup, 1), log)  # its PDFs give the floor its pages and text
            if kit.ok and kit.pdf_dir is not None and kit.pdf_dir.is_dir():
                fixture = temp_dir / "floor-fixture.json"
                write_fixture(kit.pdf_dir, fixture)
                floor_out = temp_dir / "out-floor"
                cases["floor"] = Case(
                    "floor", "floor", [sys.executable, str(BENCH_DIR / "floor.py"), str(fixture), str(floor_out)],
                    pdf_dir=floor_out, note="same fonts, pages and text; drawString only",
                )
                run_alternating(kit, cases["floor"], args.runs, args.warmup, log)
            else:
                log("  floor: skipped (the kit wrote no PDF)")
            for size in SYNTHETIC_SIZES:
                run_case(cases[f"kit-{size}"], args.runs, args.warmup, log)
            for size in SHEET_SIZES:
                content, script_id = make_synthetic(ROOT / "content", temp_dir / f"sheet-{size}", size)
                cases[f"sheet-{size}"] = sheet_case(size, script_id, content, args.runs, log)

        ratios: dict[str, float | None] = {}
        if not args.quick:
            floor = cases.get("floor")
            for what in ("wall", "cpu"):
                mine, least = kit.median(what), floor.median(what) if floor else None
                ratios[f"kit/floor {what}"] = mine / least if mine and least else None
            w50, w200 = cases["kit-50"].median("wall"), cases["kit-200"].median("wall")
            ratios["200/50"] = w200 / w50 if w50 and w200 else None
            s50, s181 = cases["sheet-50"].median("cpu"), cases["sheet-181"].median("cpu")
            ratios["sheet 181/50"] = s181 / s50 if s50 and s181 else None
        v_wall, k_wall = cases["validate"].median("wall"), kit.median("wall")
        ratios["validate/kit"] = v_wall / k_wall if v_wall and k_wall else None
        target_rows = targets(cases, ratios)
        load = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]}
        print(report_table(cases, ratios, target_rows, args.runs, load))

        figures = {
            "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
            "runs": args.runs,
            "warmup": args.warmup,
            "load_average_1_5_15min": load,
            "quick": args.quick,
            "cases": {
                name: {
                    "command": " ".join(Path(c.command[0]).name if i == 0 else part for i, part in enumerate(c.command)),
                    "ok": c.ok,
                    "note": c.note,
                    "wall_median_s": c.median("wall"),
                    "cpu_median_s": c.median("cpu"),
                    "wall_runs_s": [round(s.wall, 4) for s in c.samples],
                    "peak_rss_bytes": c.peak(),
                    "pages": c.pages,
                    "pdfs": c.pdfs,
                }
                for name, c in cases.items()
            },
            "ratios": ratios,
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
