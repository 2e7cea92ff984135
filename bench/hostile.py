"""Cost of hostile inputs (issue 14, group 5): each case in a fresh `python -m generator` process, with wall time,
CPU time (user+sys) and peak memory of the process and its children.

Usage: .venv/bin/python bench/hostile.py [--source DIR] [--only NAME ...] [--timeout SECONDS]

--source runs another checkout of the code (e.g. an older commit unpacked with `git archive`) with this venv, to
compare before and after. Each case builds its inputs in a temporary folder from the bundled content. No limit is
asserted here; tests/bad_inputs/test_input_costs.py holds generous bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TROUBLE_BREWING = (
    "washerwoman librarian investigator chef empath fortuneteller undertaker monk ravenkeeper virgin slayer soldier mayor "
    "butler drunk recluse saint poisoner spy scarletwoman baron imp"
).split()


def setup_spares(tmp: Path, content: Path) -> list:
    (content / "spares.yaml").write_text("imp: {count: 100000, reason: 많이}\n", encoding="utf-8")
    return ["tokens", "--content", content, "--out", tmp / "out"]


def unknown_ids(count: int):
    def setup(tmp: Path, content: Path) -> list:
        script = content / "scripts" / "typos.yaml"
        script.write_text(
            "id: typos\ntitle: 오타\ncharacters:\n" + "".join(f"- unknownid{i}\n" for i in range(count)),
            encoding="utf-8",
        )
        return ["validate", script, "--content", content]

    return setup


def setup_meta(tmp: Path, content: Path) -> list:
    meta = {
        "id": "_meta",
        "name": "긴 순서",
        "firstNight": (TROUBLE_BREWING * 1000)[:20_000],
        "otherNight": (TROUBLE_BREWING * 1000)[:20_000],
    }
    script = tmp / "long.json"
    script.write_text(json.dumps([meta, *TROUBLE_BREWING]), encoding="utf-8")
    return ["build", script, "--content", content, "--out", tmp / "out", "--force"]


def setup_reminders(tmp: Path, content: Path) -> list:
    path = content / "characters" / "monk.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("reminders: [안전]", "reminders:\n" + "- 알림\n" * 200_000),
        encoding="utf-8",
    )
    return ["tokens", "--content", content, "--out", tmp / "out", "--force"]


def png_icons(side: int):
    def setup(tmp: Path, content: Path) -> list:
        from PIL import Image

        icons = tmp / "icons"
        icons.mkdir()
        Image.linear_gradient("L").resize((side, side)).convert("RGB").save(icons / "model.png")
        import yaml

        for character_id in yaml.safe_load((content / "scripts" / "in-space.yaml").read_text(encoding="utf-8"))[
            "characters"
        ]:
            shutil.copy(icons / "model.png", icons / f"{character_id}.png")
        return ["build", "--content", content, "--out", tmp / "out", "--icons", icons]

    return setup


def setup_svg(tmp: Path, content: Path) -> list:
    icons = tmp / "icons"
    icons.mkdir()
    body = "".join(f'<path d="M{i % 500} {i % 300} l3 4 l-2 1 z"/>' for i in range(120_000))
    (icons / "washerwoman.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{body}</svg>', encoding="utf-8"
    )
    return ["build", "--content", content, "--out", tmp / "out", "--icons", icons]


def setup_yaml_values(tmp: Path, content: Path) -> list:
    (content / "characters" / "monk.yaml").write_text("id: monk\nnotes: [" + "a," * 990_000 + "a\n", encoding="utf-8")
    return ["validate", "--content", content]


def setup_yaml_error(tmp: Path, content: Path) -> list:
    body = "".join(f"- 메모 {i} 아주 긴 메모입니다 가나다라\n" for i in range(30_000))
    (content / "characters" / "monk.yaml").write_text("id: monk\nnotes:\n" + body + "bad: [\n", encoding="utf-8")
    return ["validate", "--content", content]


def setup_all_characters(tmp: Path, content: Path) -> list:
    ids = sorted(p.stem for p in (content / "characters").glob("*.yaml"))
    script = content / "scripts" / "all.yaml"
    script.write_text("id: all\ntitle: 전부\ncharacters: [" + ", ".join(ids) + "]\n", encoding="utf-8")
    return ["build", script, "--content", content, "--out", tmp / "out", "--force"]


CASES = {
    "spares-100k": setup_spares,
    "unknown-20k": unknown_ids(20_000),
    "unknown-60k": unknown_ids(60_000),
    "meta-order-20k": setup_meta,
    "reminders-200k": setup_reminders,
    "png-31x4096": png_icons(4096),
    "png-31x2048": png_icons(2048),
    "svg-120k-paths": setup_svg,
    "yaml-1M-values": setup_yaml_values,
    "yaml-2MB-error": setup_yaml_error,
    "all-181-build": setup_all_characters,  # real printed content: may take longer, linearly
}


def measure(source: Path, args: list, cwd: Path, timeout: float) -> tuple[str, float, float, float]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", *map(str, args)],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _, status, usage = _wait(process, timeout)  # usage covers the children it reaped (the almanac renderer)
    except TimeoutError:
        os.killpg(process.pid, 9)
        process.wait()
        return "timeout", time.perf_counter() - started, float("nan"), float("nan")
    wall = time.perf_counter() - started
    return str(os.waitstatus_to_exitcode(status)), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _wait(process: subprocess.Popen, timeout: float):
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return pid, status, usage
        if time.monotonic() > deadline:
            raise TimeoutError
        time.sleep(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="the checkout whose generator/ runs (default: this one)"
    )
    parser.add_argument("--only", nargs="*", default=None, help="case names to run")
    parser.add_argument("--timeout", type=float, default=600)
    options = parser.parse_args()
    print(f"{'case':<16} {'exit':>7} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}")
    for name, setup in CASES.items():
        if options.only and name not in options.only:
            continue
        with tempfile.TemporaryDirectory(prefix="botc-hostile-") as folder:
            tmp = Path(folder)
            content = tmp / "content"
            shutil.copytree(options.source / "content", content)
            args = setup(tmp, content)
            code, wall, cpu, peak = measure(options.source, args, tmp, options.timeout)
            print(f"{name:<16} {code:>7} {wall:>8.1f} {cpu:>8.1f} {peak:>8.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
