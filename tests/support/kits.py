"""The bundled kits → built once per test run on each paper and shared by the pytest-xdist workers (a kit costs
seconds of every document); any value computed once per run the same way."""

from __future__ import annotations

import os
from pathlib import Path

_KITS: dict = {}


def shared_across_workers(key: str, compute):
    """compute() once per test run even with several pytest-xdist workers: the first worker to ask computes under a
    file lock and pickles the value into a folder private to this run; the others read it. (One process: compute.)"""
    import fcntl
    import hashlib
    import pickle
    import tempfile

    run = os.environ.get("BOTC_PNP_TEST_RUN")
    if not run or not os.environ.get("PYTEST_XDIST_WORKER"):
        return compute()
    folder = Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{run}"
    folder.mkdir(exist_ok=True)
    path = folder / f"{hashlib.sha256(key.encode()).hexdigest()}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return pickle.loads(path.read_bytes())
        value = compute()
        path.write_bytes(pickle.dumps(value))
        return value


def bundled_kit(paper: str = "a4", script: str = "in-space"):
    """(game, {file name: bytes}) of a bundled script's whole kit on `paper`, built once per test run."""
    if (script, paper) not in _KITS:
        from generator.load.game import load_game

        game, report = load_game(script)
        assert game is not None, report.lines()
        key = f"bundled-kit-{paper}" if script == "in-space" else f"bundled-kit-{script}-{paper}"
        _KITS[script, paper] = (game, shared_across_workers(key, lambda: _build_kit(paper, script)))
    return _KITS[script, paper]


def _build_kit(paper: str, script: str = "in-space") -> dict[str, bytes]:
    from generator.documents import DOCUMENTS, document_builder
    from generator.load.game import load_game
    from generator.options import RenderOptions

    game, _ = load_game(script)
    files: dict[str, bytes] = {}
    for module_name, _ in DOCUMENTS:
        files.update(document_builder(module_name)(game, RenderOptions(paper=paper)))
    return files


def assert_is_the_bundled_kit(folder: Path, paper: str = "a4") -> None:
    """Every file a build wrote into `folder` is, byte for byte, the bundled kit on `paper` (and no file more or less)."""
    _, files = bundled_kit(paper)
    made = {path.name: path.read_bytes() for path in folder.iterdir()}
    assert sorted(made) == sorted(files)
    assert all(made[name] == files[name] for name in files), [name for name in files if made[name] != files[name]]
