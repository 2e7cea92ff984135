"""A content folder → its Library kept loaded between requests, loaded again only when one of its files changes.

The CLI loads the library once per run; the server answers many requests from one process, so it keeps the loaded
library, the fonts and the parsed icons, and notices edits by comparing every file's size and modification time
(a few hundred stat calls, about a millisecond) before each use. `serve` renders in a pool of worker processes
(pool.py); without one, rendering here is serialised by one lock: reportlab's font state and pdfium are not made
for concurrent use.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.model import Library


@dataclass(frozen=True)
class Loaded:
    library: Library
    findings: tuple  # what loading the content folder reported: every answer starts with these, as the CLI's does
    unreadable: bool
    lookup: object  # names → ids (generator/pipeline/library.py id_lookup)
    signature: tuple


def content_signature(folder: Path) -> tuple:
    """Every file under `folder` with its size and modification time: changes when any file is edited, added or removed."""
    entries = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            try:
                stat = os.stat(os.path.join(root, name))
            except OSError:
                continue
            entries.append((root, name, stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


class Warm:
    """The server's loaded state: the content folder's library (fresh), and the lock every render takes."""

    def __init__(self, content_dir: Path | None = None):
        self.content_dir = Path(content_dir or DEFAULT_CONTENT_DIR)
        self.render_lock = threading.Lock()
        self._reload_lock = threading.Lock()
        self._loaded: Loaded | None = None
        self.loads = 0  # how often the folder was read: tests use it to see that nothing is read twice
        self.pool = None  # worker processes that render (generator/server/pool.py), once start_pool() ran

    def loaded(self) -> Loaded:
        signature = content_signature(self.content_dir)
        with self._reload_lock:
            if self._loaded is None or self._loaded.signature != signature:
                self._loaded = self._load(signature)
            return self._loaded

    def _load(self, signature: tuple) -> Loaded:
        from generator.pipeline.library import id_lookup, load_library

        library, report = load_library(self.content_dir)  # the icons parsed before are dropped with it
        self.loads += 1
        return Loaded(library, tuple(report.findings), report.unreadable, id_lookup(library.characters), signature)

    def warm_up(self) -> None:
        """Loads content and fonts before the first request, so the first click is as quick as the rest."""
        from generator.pipeline.rendering import prepare_fonts

        self.loaded()
        with self.render_lock:
            prepare_fonts()

    def start_pool(self) -> None:
        """Renders go to worker processes from now on (not with BOTC_PNP_SINGLE_PROCESS=1, nor on one core)."""
        from generator.server.pool import RenderPool, default_workers

        if self.pool is not None or os.environ.get("BOTC_PNP_SINGLE_PROCESS") == "1" or default_workers() < 2:
            return
        pool = RenderPool()
        try:
            pool.start()
        except BaseException:
            pool.close()
            raise
        self.pool = pool

    def stop_pool(self) -> None:
        """Ends the workers, then multiprocessing's helper process, so the server leaves no process behind."""
        pool, self.pool = self.pool, None
        if pool is not None:
            import gc

            from generator.server.pool import stop_resource_tracker

            pool.close()
            del pool
            gc.collect()  # the pool's queues release their semaphores before their tracker ends
            stop_resource_tracker()
