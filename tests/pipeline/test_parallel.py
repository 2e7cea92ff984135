"""The forked renderer: a child never runs the parent's code, is always reaped, and is stopped when the parent fails."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import assert_is_the_bundled_kit, live_children, run_cli

from generator.pipeline import parallel

pytestmark = [pytest.mark.skipif(not parallel.fork_available(), reason="no fork on this system"), pytest.mark.forks]


def big_result():
    return b"x" * (4 * 1024 * 1024)  # far more than a pipe holds: the child blocks until the parent reads


def test_result_comes_back_and_the_child_is_reaped():
    child = parallel.start(lambda: {"answer": 42})
    assert child.result() == {"answer": 42}
    assert not child.running
    assert live_children() == []


def test_an_exception_in_the_child_reaches_the_parent_as_a_korean_failure():
    def broken():
        raise ValueError("깨짐")

    child = parallel.start(broken)
    with pytest.raises(parallel.ChildFailed, match="ValueError: 깨짐"):
        child.result()
    assert live_children() == []


@pytest.mark.parametrize("escape", [SystemExit(3), KeyboardInterrupt(), GeneratorExit()])
def test_a_child_never_returns_into_the_callers_code(tmp_path: Path, escape):
    """Whatever the work raises, only the parent goes on past start(): the marker file holds one pid."""
    marker = tmp_path / "after-start"

    def work():
        raise escape

    child = parallel.start(work)
    with marker.open("a") as stream:
        stream.write(f"{os.getpid()}\n")
    with pytest.raises(parallel.ChildFailed):
        child.result()
    assert marker.read_text().split() == [str(os.getpid())]


def test_a_child_whose_pipe_is_closed_leaves_through_exit_and_not_into_the_parent(tmp_path: Path):
    marker = tmp_path / "after-start"
    child = parallel.start(big_result)
    with marker.open("a") as stream:
        stream.write(f"{os.getpid()}\n")
    os.close(child.read_fd)  # the parent gives up reading: the child's write fails with a broken pipe
    child.read_fd = None
    _, status = os.waitpid(child.pid, 0)
    child.pid = None
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1
    assert marker.read_text().split() == [str(os.getpid())]


def test_stop_ends_a_blocked_child_at_once(monkeypatch):
    """The child is blocked for ever (its result fills the pipe and nobody reads): stop kills it, and does not wait
    for it to finish."""
    child = parallel.start(big_result)
    pid = child.pid
    signals: list[tuple[int, int]] = []
    kill = os.kill
    monkeypatch.setattr(os, "kill", lambda target, number: signals.append((target, number)) or kill(target, number))
    child.stop()
    child.stop()  # twice is harmless
    assert signals == [(pid, parallel.signal.SIGKILL)]
    assert live_children() == []


def test_interrupt_while_waiting_stops_the_child(monkeypatch):
    child = parallel.start(big_result)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fdopen", interrupted)
    with pytest.raises(KeyboardInterrupt):
        child.result()
    assert live_children() == []


@pytest.mark.slow
def test_a_document_failing_beside_the_almanac_stops_the_almanac_child(content, tmp_path, monkeypatch):
    """The night sheet fails while the almanac renders in the child: the build ends quickly and leaves no process."""
    import generator.documents.night_sheet as night_sheet

    def refuse(*args, **kwargs):
        raise RuntimeError("renderer broke halfway")

    monkeypatch.setattr(night_sheet, "build", refuse)
    stopped: list[int | None] = []
    stop = parallel.Child.stop
    monkeypatch.setattr(parallel.Child, "stop", lambda child: stopped.append(child.pid) or stop(child))
    result = run_cli("build", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert [pid for pid in stopped if pid is not None], "the almanac child was waited for, not stopped"
    assert live_children() == []


def test_ctrl_c_during_the_build_stops_the_almanac_child(content, tmp_path, monkeypatch):
    import generator.documents.script_sheet as script_sheet

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(script_sheet, "build", interrupted)
    result = run_cli("build", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code != 0
    assert "BrokenPipeError" not in result.output and "Traceback" not in result.output
    assert live_children() == []


@pytest.mark.slow
def test_the_kit_made_with_the_almanac_child_is_the_kit_made_in_one_process(tmp_path):
    result = run_cli("build", "in-space", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "만드는 중: 해설서… (다른 코어에서)" in result.output
    assert_is_the_bundled_kit(tmp_path / "in-space")
    assert live_children() == []


@pytest.mark.parametrize(
    "runnable, cpus, free", [(1, 2, True), (2, 2, False), (5, 2, False), (3, 4, True), (1, 1, False)]
)
def test_a_child_is_used_only_when_a_core_is_free(monkeypatch, runnable, cpus, free):
    monkeypatch.delenv("BOTC_PNP_PARALLEL", raising=False)
    monkeypatch.setattr(parallel, "_runnable_now", lambda: runnable)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cpus)), raising=False)
    assert parallel.core_free() is free


@pytest.mark.slow
def test_a_busy_machine_builds_the_kit_in_one_process(monkeypatch, tmp_path):

    monkeypatch.delenv("BOTC_PNP_PARALLEL", raising=False)
    monkeypatch.setattr(parallel, "core_free", lambda: False)
    started = []
    monkeypatch.setattr(parallel, "start", lambda work: started.append(work))
    result = run_cli("build", "--out", tmp_path, "--quiet")
    assert result.exit_code == 0, result.output
    assert not started and (tmp_path / "in-space" / "almanac-booklet.pdf").stat().st_size > 0


# A build in a fresh process that records, at the fork, what the almanac child and this process each load afterwards.
RECORD_THE_FORK = """
import json, sys
from pathlib import Path
from generator.keep import usercache
from generator.pipeline import parallel, rendering

record = Path(sys.argv[1])
reads = []
read = usercache.load
usercache.load = lambda kind, *rest: (reads.append(kind), read(kind, *rest))[1]
at_fork = {}
start = parallel.start

def start_recording(work):
    at_fork.update(modules=set(sys.modules), reads=len(reads))
    return start(work)

parallel.start = start_recording
build_in_child = rendering.build_in_child

def child_recording(*args):
    result = build_in_child(*args)
    loaded = sorted(set(sys.modules) - at_fork["modules"])
    (record / "child.json").write_text(json.dumps({"modules": loaded, "reads": reads[at_fork["reads"]:]}))
    return result

rendering.build_in_child = child_recording
sys.argv = ["botc-pnp", "build", "in-space", "--out", str(record / "kit"), "--quiet"]
from generator.app import app
try:
    app()
except SystemExit:
    pass
(record / "parent.json").write_text(json.dumps({"modules": sorted(set(sys.modules) - at_fork["modules"])}))
"""


@pytest.mark.slow
def test_what_both_processes_need_is_loaded_once_before_the_fork(tmp_path):
    """The almanac child inherits the documents' modules, the modules they load on first use, the compiled markup
    templates and the kept parses' files: it loads no module the parent also loads after the fork and reads no parse
    file (each of those was once done twice, about a tenth of a kit's CPU)."""
    import json
    import subprocess
    import sys

    from generator.keep import parsecache

    env = {**os.environ, "BOTC_PNP_PARALLEL": "always"}
    done = subprocess.run(
        [sys.executable, "-c", RECORD_THE_FORK, str(tmp_path)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    child = json.loads((tmp_path / "child.json").read_text())
    parent = json.loads((tmp_path / "parent.json").read_text())
    twice = [name for name in set(child["modules"]) & set(parent["modules"]) if not name.startswith("encodings.")]
    assert twice == []
    assert "generator.typeset.paragraph" not in child["modules"]
    kinds = {kept.kind for kept in parsecache.STORES} | {"yaml", "frags", "lines"}
    assert [kind for kind in child["reads"] if kind in kinds] == []
