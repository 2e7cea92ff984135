"""Helpers shared by the hostile-input tests beside this file: small scripts, folder snapshots, CLI runs in a
subprocess with a timeout (for inputs that could hang a process), and a way to read every file a run wrote."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from support.content import script_ids

from generator import PROJECT_ROOT

# a few characters (quick to build, but setup errors: build with --force) and a clean Trouble Brewing
SMALL = ["washerwoman", "empath", "monk", "butler", "poisoner", "imp"]
TROUBLE_BREWING = script_ids("trouble-brewing", travellers=False)


def write_script(content: Path, script_id: str, characters=TROUBLE_BREWING, name: str = "test") -> Path:
    """content/scripts/<name>.yaml with the given id (quoted exactly) and characters."""
    import json

    path = content / "scripts" / f"{name}.yaml"
    path.write_text(
        f"id: {json.dumps(script_id, ensure_ascii=False)}\ntitle: 시험\ncharacters: [{', '.join(characters)}]\n",
        encoding="utf-8",
    )
    return path


def snapshot(folder: Path) -> dict[str, tuple[str, str]]:
    """Every entry below `folder` (links not followed): relative path → (kind, content hash or link target)."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            relative = str(path.relative_to(folder))
            if path.is_symlink():
                found[relative] = ("link", os.readlink(path))
            elif path.is_dir():
                found[relative] = ("dir", "")
            elif path.is_file():
                found[relative] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                found[relative] = ("special", "")
    return found


def run_cli_process(*args, cwd: Path, timeout: float = 60, env: dict | None = None) -> subprocess.CompletedProcess:
    """`python -m generator …` in a child process that cannot outlive the timeout."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT), **(env or {})},
    )


def temporaries(folder: Path) -> list[Path]:
    """Files that look like a writer's temporaries (ours or anyone's) anywhere below `folder`."""
    return [p for p in folder.rglob("*") if p.name.endswith(".tmp")]
