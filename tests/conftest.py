"""The suite's hooks and shared fixtures: one test run named for its workers, no process left behind, a private copy
of content/ per test, the bundled kits shared by the workers, the slow marker. The helpers tests import live in
tests/support/ (pdf.py, kits.py, content.py, processes.py); `from conftest import …` still finds them here."""

from __future__ import annotations

import gc
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest
from support import content as _content
from support.content import (  # noqa: F401  (tests import these from conftest)
    CONTENT,
    REPO,
    bundled_ids,
    codes,
    content_copy,
    detach,
    edit_character,
    edit_order,
    edit_yaml,
    file_stats,
    library_ids,
    read_yaml,
    script_ids,
    validate,
    with_code,
    write_script,
    write_yaml,
)
from support.kits import _KITS, assert_is_the_bundled_kit, bundled_kit, shared_across_workers  # noqa: F401
from support.pdf import (  # noqa: F401
    _READINGS,
    fonts_not_nanum_subsets,
    numbers_at_size,
    pdf_chars,
    pdf_font_names,
    pdf_page_texts,
    read_once_per_pdf,
    region_text,
)
from support.processes import live_children, run_cli, run_in_threads  # noqa: F401

# A worker holds the kits' PDFs and the characters read from them (millions of small objects) for the whole run, and
# with CPython's default thresholds every full collection walked all of them again: a fifth of a worker's time. The
# young generation is collected every 50,000 allocations instead of 700, the older ones far more rarely.
gc.set_threshold(50_000, 20, 100)


def pytest_configure(config):
    """Adopt orphaned grandchildren (Linux PR_SET_CHILD_SUBREAPER), so a process a test leaves behind is seen; name
    this run for the workers it starts (they inherit the environment), so they can share what they compute."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        import tempfile
        import uuid

        os.environ["BOTC_PNP_TEST_RUN"] = uuid.uuid4().hex
        # the almanac renders in its child whatever the machine's load, so the tests exercise that path
        os.environ["BOTC_PNP_PARALLEL"] = "always"
        # the user's cache folder (parsed fonts, converted icons) is never touched by tests: one for this run
        os.environ["BOTC_PNP_CACHE_DIR"] = str(
            Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{os.environ['BOTC_PNP_TEST_RUN']}" / "cache"
        )
        import atexit

        atexit.register(_remove_the_runs_folder)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        import atexit

        atexit.register(_leave_without_freeing)  # registered first, so it runs after every other exit handler
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
        except (OSError, AttributeError):
            pass


def _leave_without_freeing() -> None:
    """A worker's last step: it has sent its results and run every other exit handler, and what is left is freeing the
    millions of objects its tests kept (kits, readings, parsed content) one by one, which held the run's end for
    seconds while both cores were idle."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config):
    """Garbage is collected once here, while pytest still reports what a finalizer raises, and what survives is
    frozen: pytest's own collections at the end then skip the large heap the tests kept instead of walking it again."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def builds_here_render_in_one_process(request):
    """A build a test runs in this process renders every document here, one after the other, unless the test is
    marked `forks`: forking the almanac out of a worker that holds the shared kits cost a sixth more CPU per build
    (the child copies the pages it touches and forgets what it warmed), and the two workers already fill both cores.
    The forked path is tested where it is the subject (the tests marked `forks`) and in every `python -m generator`
    process the tests start, which inherits BOTC_PNP_PARALLEL=always and forks as a user's build does."""
    if request.node.get_closest_marker("forks"):
        yield
        return
    from generator.pipeline import parallel

    with parallel.no_fork():
        yield


@pytest.fixture(autouse=True)
def no_process_survives():
    """Every test must leave no process behind: a survivor is killed, reaped, and fails the test."""
    yield
    if not Path("/proc/self").exists():
        return
    survivors = live_children()
    for pid, _ in survivors:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert not survivors, f"processes left running by this test: {survivors}"


@pytest.fixture(autouse=True)
def pristine_content_untouched():
    """A test that wrote into a file shared through content_copy fails (and the shared copy is made again)."""
    _content._pristine.pop("used", None)
    yield
    if (
        _content._pristine.pop("used", None)
        and _content._fingerprint(_content._pristine["folder"]) != _content._pristine["fingerprint"]
    ):
        shutil.rmtree(_content._pristine.pop("folder").parent, ignore_errors=True)
        pytest.fail("this test changed a file of its content copy in place: detach(path) first (tests/conftest.py)")


@pytest.fixture(scope="module")
def game():
    """The bundled script as every document is made from it (one per test module: some modules change it)."""
    from generator.load.game import load_game

    loaded, report = load_game("in-space")
    assert loaded is not None and not report.errors
    return loaded


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A full copy of the bundled content folder; tests edit it freely and point load_game / --content at it."""
    return content_copy(tmp_path / "content")


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (README's command): one worker per core this process may use. A third worker on two cores once
    filled the waits on builds and Chromium (285 s against 316 s); since the tests read the shared kits and their
    paths and words without pdfplumber, what each worker builds and reads for itself costs more than the waits:
    180 s against 192–200 s for the whole suite here, and 183 s either way once the workers shared their kits
    again, with less CPU for two (2026-12-02)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return cores


def pytest_sessionfinish(session):
    """Every process lets go of the kits and characters it kept: pytest collects garbage once more as it closes, and
    walking what is still held took seconds."""
    _KITS.clear()
    _READINGS.clear()


def _remove_the_runs_folder() -> None:
    """The controller's (or the only process's) last step: the run's shared folder goes. An exit handler registered
    before any other runs after them all, so the parses a process saves into the run's cache as it exits (the only
    process's own, or a worker's still closing when the controller's session ends) are not left behind in a folder
    made again."""
    import tempfile

    shutil.rmtree(
        Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{os.environ['BOTC_PNP_TEST_RUN']}", ignore_errors=True
    )


@pytest.fixture(scope="session")
def kit():
    """bundled_kit as a fixture: kit('letter') → (game, files); every test that reads the bundled kit shares it."""
    return bundled_kit


SLOW_FIXTURES = {"kit"}  # the first test that reads a bundled kit builds it: seconds of every document


def pytest_collection_modifyitems(config, items):
    """A test that reads a whole bundled kit is marked slow like the modules that build, browse or start processes,
    so that `pytest -m "not slow"` stays the quick loop."""
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
