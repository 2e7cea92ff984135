"""`serve`'s render pool: spawned workers give the same files as rendering in the server's process, and not one of
them is left when the pool is closed."""

from __future__ import annotations

import pytest
from conftest import live_children, run_in_threads

from generator.server.pool import RenderPool, stop_resource_tracker

pytestmark = pytest.mark.slow  # starts render workers in their own processes


@pytest.fixture(scope="module", autouse=True)
def older_objects_frozen():
    """What the worker held before this module (kits, readings: millions of objects) is left out of the collections
    below, which only need to find this module's pools: a full collection over it took more than a second each. The
    objects are handed back to the collector after the module."""
    import gc

    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def tracker_ends(older_objects_frozen):
    """The pool's processes are ended by close(); multiprocessing's own helper ends with the process that started
    it, which here is the test process: end it once the test's pool is gone."""
    yield
    import gc

    gc.collect()
    stop_resource_tracker()


@pytest.fixture(scope="module")
def game():
    from generator.pipeline.checking import check_script as validate_game

    return validate_game("in-space", None)[0]


def render_here(game, modules):
    from generator.options import RenderOptions
    from generator.pipeline.rendering import render_documents

    options = RenderOptions()
    return render_documents(game, options, modules), options.report.findings


def test_workers_render_what_the_server_would_and_leave_nothing_behind(game):
    from generator.documents import DOCUMENTS
    from generator.options import RenderOptions

    modules = [name for name, _ in DOCUMENTS]
    pool = RenderPool(workers=2)
    try:
        pool.start()
        pids = pool.pids()
        assert len(pids) == 2
        results, errors = [], []

        def build():
            try:
                options = RenderOptions()
                results.append((pool.render(game, options, modules, 0), options.report.findings))
            except Exception as exc:  # noqa: BLE001 - the failure is the finding
                errors.append(exc)

        run_in_threads(build, 3)
    finally:
        pool.close()
    assert not errors
    assert not {pid for pid, _ in live_children()} & set(pids)
    expected_files, expected_findings = render_here(game, modules)
    for files, findings in results:
        assert [name for name, _ in files] == [name for name, _ in expected_files]
        assert files == expected_files  # byte for byte, almanac split off to another worker or not
        assert findings == expected_findings


def test_a_closed_pool_takes_no_job_and_closing_twice_is_harmless(game):
    from generator.options import RenderOptions

    pool = RenderPool(workers=1)
    pool.start()
    pids = pool.pids()
    pool.close()
    pool.close()
    assert pool.render(game, RenderOptions(), ["night_card"], 0) is None
    assert not {pid for pid, _ in live_children()} & set(pids)


def test_a_dead_worker_sends_the_job_back_to_the_server(game):
    import os
    import signal

    from generator.options import RenderOptions

    pool = RenderPool(workers=1)
    try:
        pool.start()
        os.kill(pool.pids()[0], signal.SIGKILL)
        assert pool.render(game, RenderOptions(), ["night_card"], 0) is None
    finally:
        pids = pool.pids()
        pool.close()
    assert not {pid for pid, _ in live_children()} & set(pids)
