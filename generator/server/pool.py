"""A render request (Game, RenderOptions, documents) → the documents' files, made by a small pool of worker
processes so that `serve` builds on every core.

The server answers on threads, and forking beside threads is unsafe, so the workers are started by spawn: fresh
interpreters that import the engine, register the fonts and import every document's module once (pre-warmed)
before the first request. A kit is split in two jobs, the almanac and the rest, so one build uses two cores and
several builds share them. The workers never outlive the server: `close()` ends them, and on Linux each also asks
the kernel to end it when the server process dies (multiprocessing's resource tracker ends with the server too). When the pool cannot run a job (a worker died, the pool could
not start), the job is rendered in the server's own process, as before the pool.
"""

from __future__ import annotations

import os
import threading

SPLIT_OFF = "almanac"  # as long as the rest of the kit together (see commands/produce.py)


def default_workers() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, 4))


class RenderPool:
    def __init__(self, workers: int | None = None):
        self.workers = workers or default_workers()
        self._executor = None
        self._lock = threading.Lock()
        self._closed = False
        self._started: dict = {}

    def start(self) -> None:
        """Starts the workers and waits until each has loaded fonts and documents (a few tenths of a second)."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self._executor is not None or self._closed:
                return
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
            warming = [self._executor.submit(_warm, index) for index in range(self.workers)]
        for future in warming:
            future.result()
        with self._lock:
            # every worker ever started, so close() joins one that died (a broken executor forgets its processes)
            self._started = dict(getattr(self._executor, "_processes", None) or {}) if self._executor else {}

    def close(self) -> None:
        """Ends every worker (a job under way is abandoned) and waits for them; safe to call twice."""
        with self._lock:
            executor, self._executor, self._closed = self._executor, None, True
        if executor is None:
            return
        known = {**getattr(self, "_started", {}), **(getattr(executor, "_processes", None) or {})}
        processes = list(known.values())
        manager = getattr(executor, "_executor_manager_thread", None)
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
                process.join(timeout=10)
        executor.shutdown(wait=True)
        if manager is not None:  # a broken pool's manager may still be tearing down: it uses the queues dropped below
            manager.join(timeout=10)
        # drop the queues now (their semaphores are released and unregistered from multiprocessing's resource
        # tracker), not at some later collection: the tracker is ended right after (stop_resource_tracker)
        for owner in (executor, manager):
            for name in ("_call_queue", "_result_queue", "call_queue", "result_queue"):
                if owner is not None and getattr(owner, name, None) is not None:
                    setattr(owner, name, None)

    def pids(self) -> list[int]:
        executor = self._executor
        return sorted((getattr(executor, "_processes", None) or {}).keys()) if executor else []

    def render(self, game, options, modules: list[str], generation: int) -> list[tuple[str, bytes]] | None:
        """The files of `modules` in order, or None when the pool cannot take the job (render it here instead).
        Findings the workers made are added to options.report; TextDoesNotFit comes back as raised there."""
        from concurrent.futures.process import BrokenProcessPool

        executor = self._executor
        if executor is None:
            return None
        jobs = [modules]
        if SPLIT_OFF in modules and len(modules) > 1:
            jobs = [[SPLIT_OFF], [m for m in modules if m != SPLIT_OFF]]
        try:
            futures = [executor.submit(_render_job, game, options, job, generation) for job in jobs]
            results = [future.result() for future in futures]
        except (BrokenProcessPool, RuntimeError, OSError):
            return None  # a worker died or the pool is shutting down: the caller renders in its own process
        by_module: dict[str, list] = {}
        seen = set(options.report.findings)
        for files_by_module, findings in results:
            by_module.update(files_by_module)
            for finding in findings:
                if finding not in seen:
                    options.report.findings.append(finding)
                    seen.add(finding)
        return [item for module in modules for item in by_module[module]]


# -- in the worker -----------------------------------------------------------------------------------------------

_generation = None


def _worker_start(parent: int) -> None:
    """Each worker: die with the server (Linux), leave Ctrl-C to the server, load fonts and every document."""
    import signal

    from generator.pipeline import parallel

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parallel._die_with_parent(parent)
    from generator.pipeline.rendering import load_documents

    load_documents()


def _warm(index: int) -> int:
    return os.getpid()


def _render_job(game, options, modules: list[str], generation: int):
    """({module: files}, findings) of one job; the icon cache is emptied when the server reloaded content."""
    global _generation
    from generator.pipeline import parallel
    from generator.pipeline.library import forget_pictures
    from generator.pipeline.rendering import render_documents

    if generation != _generation:
        forget_pictures()
        _generation = generation
    before = len(options.report.findings)
    files_by_module = {}
    with parallel.no_fork():
        for module in modules:
            files_by_module[module] = render_documents(game, options, [module])
    return files_by_module, options.report.findings[before:]


def stop_resource_tracker() -> None:
    """multiprocessing starts one helper process (the resource tracker) beside spawned workers, for the life of the
    process: it ends by itself when the server ends (its pipe closes). Tests that run a pool inside the test
    process end it here, once the pool is closed and collected, so that no process outlives the test."""
    try:
        from multiprocessing import resource_tracker

        stop = getattr(resource_tracker._resource_tracker, "_stop", None)
        if stop is not None:
            stop()
    except (ImportError, AttributeError, OSError, ChildProcessError):
        pass
