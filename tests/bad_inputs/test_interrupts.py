"""Interrupts and exit codes: a stop at any moment leaves the old kit or the new one, no temporary, no process,
no traceback; SIGTERM is handled like Ctrl-C; a killed build's leftovers are cleaned by the next one.

Real signals are sent to `python -m generator` processes. To stop one at a chosen point, the test starts it through
a small wrapper that patches that point to write a marker file and wait; the test sends the signal once the marker
appears. The autouse fixture in tests/conftest.py fails any test that leaves a process behind (the forked almanac
renderer included: orphans are re-parented to the test process).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import run_cli
from hostile import SMALL, temporaries

from generator import PROJECT_ROOT
from generator.write.files import remove_stale_temporaries

pytestmark = pytest.mark.slow  # stops builds running in their own processes

KIT = [
    "almanac-booklet.pdf",
    "almanac.pdf",
    "grimoire.pdf",
    "info-cards.pdf",
    "night-card.pdf",
    "night-order.pdf",
    "script.pdf",
    "tokens.pdf",
    "town-square.pdf",
]

WRAPPER = r"""
import faulthandler, os, signal, sys, time
from contextlib import contextmanager
from pathlib import Path

faulthandler.register(signal.SIGUSR1, all_threads=True)  # finish() asks a build that does not end where it is

marker = Path(os.environ["STOP_MARKER"])
point = os.environ["STOP_POINT"]


def wait_here():
    marker.write_text(str(os.getpid()))
    time.sleep(60)


if point == "rendering":  # the parent draws the night sheet while the forked child draws the almanac
    import generator.documents.night_sheet as night_sheet
    original_build = night_sheet.build

    def slow_build(*args, **kwargs):
        wait_here()
        return original_build(*args, **kwargs)

    night_sheet.build = slow_build
elif point == "written":  # every temporary written in full, nothing renamed yet
    import generator.write.files as write
    original_held = write.interrupts_held

    @contextmanager
    def paused():
        wait_here()
        with original_held():
            yield

    write.interrupts_held = paused
elif point == "annotated":  # reportlab rebuilds an exception raised while drawing as type(exc)(its own text)
    import generator.documents.night_sheet as night_sheet
    from reportlab.lib.utils import annotateException

    def annotated_build(*args, **kwargs):
        try:
            wait_here()
        except BaseException:
            annotateException("\nraised by class KeepInFrame wrap\n")

    night_sheet.build = annotated_build
elif point == "caching":  # the kit is written; the parses this run made are going into the user's cache
    import generator.keep.usercache as usercache
    original_store = usercache.store

    def slow_store(kind, key, value):
        if kind in ("frags", "lines", "yaml") and not marker.exists():  # once: a stop retries the save at exit
            wait_here()
        return original_store(kind, key, value)

    usercache.store = slow_store
elif point == "renaming":  # the signal comes between two renames of the kit
    original_replace = os.replace
    count = [0]

    def replace(source, target):
        original_replace(source, target)
        count[0] += 1
        if count[0] == 2:
            marker.write_text(str(os.getpid()))
            os.kill(os.getpid(), int(os.environ["STOP_SIGNAL"]))

    os.replace = replace

from generator.cli import main

sys.argv = ["botc-pnp", *sys.argv[1:]]
main()
"""


@pytest.fixture(scope="module")
def old_kit(tmp_path_factory):
    """A content folder with a small script, and the kit built from it under an old title."""
    root = tmp_path_factory.mktemp("interrupts")
    content = root / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    script = content / "scripts" / "stop.yaml"
    # declared for up to 9 players, which six characters cannot fill: setup errors, so the build needs --force
    script.write_text(f"id: stop\ntitle: 옛 제목\nplayers: 5-9\ncharacters: [{', '.join(SMALL)}]\n", encoding="utf-8")
    result = run_cli("build", script, "--content", content, "--out", root / "out", "--force")
    assert result.exit_code == 1, result.output  # a small script has setup errors: --force, exit 1
    script.write_text(script.read_text(encoding="utf-8").replace("옛 제목", "새 제목"), encoding="utf-8")
    return content, script, root / "out"


def kit_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def start(
    args, cwd: Path, point: str | None = None, stop_signal: int = signal.SIGTERM, cache: Path | None = None
) -> tuple[subprocess.Popen, Path]:
    marker = cwd / f"marker-{point}"
    env = {
        **os.environ,
        "PYTHONPATH": str(PROJECT_ROOT),
        "STOP_MARKER": str(marker),
        "STOP_POINT": point or "",
        "STOP_SIGNAL": str(int(stop_signal)),
    }
    if cache is not None:
        env["BOTC_PNP_CACHE_DIR"] = str(cache)
    command = (
        [sys.executable, "-c", WRAPPER, *map(str, args)]
        if point
        else [sys.executable, "-m", "generator", *map(str, args)]
    )
    with ctrl_c_not_ignored():
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, marker


@contextmanager
def ctrl_c_not_ignored():
    """The build is started as from a terminal, where Ctrl-C is not ignored. A shell without job control starts a
    background job (`pytest … &` in a script) with SIGINT ignored, every process under it inherits that, and the
    tool rightly leaves a signal its caller ignored alone: the Ctrl-C cases then waited a minute for a stop that
    never came. A handler of Python's own is not inherited across exec, so the build starts with the default."""
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def wait_for(condition, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if process.poll() is not None:
            out, err = process.communicate()
            raise AssertionError(f"ended before the stop point (exit {process.returncode}):\n{out}{err}")
        if time.monotonic() > deadline:
            process.kill()
            process.communicate()
            raise AssertionError("the stop point was never reached")
        time.sleep(0.02)


def finish(process: subprocess.Popen) -> tuple[int, str]:
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGUSR1)  # the wrapper's faulthandler prints every thread's stack
        time.sleep(1)
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"the build did not end within 60 s of the stop; where it was:\n{err[-4000:]}") from None
    return process.returncode, out + err


def fresh_out(old_kit, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(old_kit[2], out)
    return out


@pytest.mark.parametrize("point, stop_signal", [("rendering", signal.SIGINT), ("written", signal.SIGTERM)])
def test_a_stop_before_the_renames_keeps_the_old_kit(old_kit, tmp_path, point, stop_signal):
    content, script, _ = old_kit
    out = fresh_out(old_kit, tmp_path)
    before = kit_bytes(out / "stop")
    process, marker = start(["build", script, "--content", content, "--out", out, "--force"], tmp_path, point)
    wait_for(marker.exists, process)
    process.send_signal(stop_signal)
    code, output = finish(process)
    assert code == 128 + stop_signal, output
    assert "Traceback" not in output and "중단했습니다" in output
    assert "이전에 만든 파일은 그대로 있습니다" in output
    assert kit_bytes(out / "stop") == before
    assert temporaries(out) == []


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM])
def test_a_stop_during_the_renames_replaces_the_whole_kit_and_says_so(old_kit, tmp_path, stop_signal):
    content, script, _ = old_kit
    out = fresh_out(old_kit, tmp_path)
    before = kit_bytes(out / "stop")
    process, _ = start(
        ["build", script, "--content", content, "--out", out, "--force"], tmp_path, "renaming", stop_signal
    )
    code, output = finish(process)
    assert code == 128 + stop_signal, output
    after = kit_bytes(out / "stop")
    assert sorted(after) == KIT and all(after[name] != before[name] for name in KIT)  # all new, none old
    assert "이미 새로 저장한 파일" in output and all(name in output for name in KIT)
    assert temporaries(out) == [] and "Traceback" not in output


def test_a_killed_build_leaves_temporaries_that_the_next_build_removes(old_kit, tmp_path):
    content, script, _ = old_kit
    out = fresh_out(old_kit, tmp_path)
    before = kit_bytes(out / "stop")
    process, marker = start(["build", script, "--content", content, "--out", out, "--force"], tmp_path, "written")
    wait_for(marker.exists, process)
    process.kill()  # SIGKILL: no handler runs, the temporaries stay
    finish(process)
    assert len(temporaries(out)) == len(KIT)
    assert {name: data for name, data in kit_bytes(out / "stop").items() if name in KIT} == before
    result = run_cli("night", script, "--content", content, "--out", out, "--force")  # any later run into the folder
    assert result.exit_code == 1, result.output
    assert temporaries(out) == []
    assert sorted(p.name for p in (out / "stop").iterdir()) == KIT


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_rebuilt_by_reportlab_still_exits_with_its_code(old_kit, tmp_path, stop_signal):
    """The stop arrives while reportlab draws, and reportlab re-raises it with text instead of the signal number."""
    content, script, _ = old_kit
    process, marker = start(
        ["night", script, "--content", content, "--out", fresh_out(old_kit, tmp_path), "--force"],
        tmp_path,
        "annotated",
        stop_signal,
    )
    wait_for(marker.exists, process)
    process.send_signal(stop_signal)
    code, output = finish(process)
    assert code == 128 + stop_signal, output
    assert "Traceback" not in output and "중단했습니다" in output and "예상하지 못한" not in output


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_while_the_cache_is_written_after_the_kit_prints_no_traceback(old_kit, tmp_path, stop_signal):
    """The race 1 build in 40 lost: a stop while the run's new parses were written at exit gave Python's
    'Exception ignored in atexit callback' traceback. The kit is whole either way."""
    content, script, _ = old_kit
    out = fresh_out(old_kit, tmp_path)
    (tmp_path / "cache").mkdir(mode=0o700)
    script.write_text(
        script.read_text(encoding="utf-8").replace("새 제목", "캐시 제목"), encoding="utf-8"
    )  # new parses
    try:
        process, marker = start(
            ["build", script, "--content", content, "--out", out, "--force"],
            tmp_path,
            "caching",
            stop_signal,
            cache=tmp_path / "cache",
        )
        wait_for(marker.exists, process)
        process.send_signal(stop_signal)
        code, output = finish(process)
    finally:
        script.write_text(script.read_text(encoding="utf-8").replace("캐시 제목", "새 제목"), encoding="utf-8")
    assert code == 128 + stop_signal, output
    assert "Traceback" not in output and "Exception" not in output and "중단했습니다" in output
    assert f"완료: 파일 {len(KIT)}개" in output and sorted(kit_bytes(out / "stop")) == KIT
    assert temporaries(out) == []


def test_the_entry_point_loads_nothing_heavy_before_the_handlers():
    """What the console script and `python -m generator` import before main() installs the handlers."""
    code = (
        "import sys; from generator.cli import main; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'reportlab', 'yaml', 'generator')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    ).stdout
    assert eval(loaded) == ["generator", "generator.cli", "generator.interrupts", "generator.process"]


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_while_starting_prints_no_traceback(old_kit, tmp_path, stop_signal):
    """The signal comes as soon as the handler is in place, while Typer and reportlab are still loading."""
    content, _, _ = old_kit
    process, _ = start(["validate", "--content", content], tmp_path)
    status = Path(f"/proc/{process.pid}/status")

    def handler_installed() -> bool:
        try:
            caught = next(line for line in status.read_text().splitlines() if line.startswith("SigCgt:"))
        except (OSError, StopIteration):
            return False
        return bool(int(caught.split()[1], 16) & (1 << (signal.SIGTERM - 1)))

    wait_for(handler_installed, process, seconds=30)
    process.send_signal(stop_signal)
    code, output = finish(process)
    assert code == 128 + stop_signal, output
    assert "Traceback" not in output and "중단했습니다" in output


def test_only_our_stale_temporaries_are_removed(tmp_path):
    folder = tmp_path / "kit"
    folder.mkdir()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    stale = [f".night-order.pdf.{dead}.abcd1234.tmp", f".botc-pnp-probe.{dead}.zz9_zz9_.tmp"]
    kept = [
        f".script.pdf.{os.getpid()}.abcd1234.tmp",  # a live writer (this process)
        ".notes.tmp",  # not our pattern
        "draft.pdf.tmp",
        "script.pdf",
    ]
    for name in stale + kept:
        (folder / name).write_bytes(b"x")
    old_style = folder / ".tokens.pdf.k3j2h1g0.tmp"  # written before process ids were in the name
    old_style.write_bytes(b"x")
    recent_old_style = folder / ".almanac.pdf.a1b2c3d4.tmp"
    recent_old_style.write_bytes(b"x")
    os.utime(old_style, (time.time() - 3600, time.time() - 3600))
    (folder / f".dir.{dead}.abcd1234.tmp").mkdir()  # a folder with our pattern is not ours to remove
    (folder / "sub").mkdir()
    (folder / "sub" / f".x.pdf.{dead}.abcd1234.tmp").write_bytes(b"x")  # only the output folder itself is cleaned
    removed = remove_stale_temporaries(folder)
    assert sorted(p.name for p in removed) == sorted(stale + [old_style.name])
    left = {p.name for p in folder.iterdir()}
    assert set(kept) | {recent_old_style.name, f".dir.{dead}.abcd1234.tmp", "sub"} == left
    assert (folder / "sub" / f".x.pdf.{dead}.abcd1234.tmp").exists()


# --- exit codes ---------------------------------------------------------------------------------------------


def test_export_json_with_force_and_errors_exits_1(old_kit, tmp_path):
    content, script, _ = old_kit
    target = tmp_path / "small.json"
    result = run_cli("export-json", script, "--content", content, "-o", target, "--force")
    assert result.exit_code == 1, result.output
    assert target.is_file() and "--force" in result.output


def test_tokens_png_with_force_and_errors_writes_and_says_so(old_kit, tmp_path):
    content, script, _ = old_kit
    png = tmp_path / "png"
    result = run_cli("tokens", script, "--content", content, "--out", tmp_path / "out", "--png", png, "--force")
    assert result.exit_code == 1, result.output
    written = sorted(p.name for p in png.iterdir())
    assert "imp.png" in written and f"PNG {len(written)}개" in result.output
    assert "tokens.pdf" in result.output and "--force로 만들었지만" in result.output
