"""A command line that names its command loads that command alone (generator/app.py app_for); help, the version and
a mistyped name still see every command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from generator.app import COMMAND_MODULES, app_for


def command_names(app) -> list[str]:
    return [info.name for info in app.registered_commands]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["validate", "in-space"], ["validate"]),
        (["night-card", "--help"], ["night-card"]),
        (["export-json"], ["export-json"]),
    ],
)
def test_a_named_command_alone(args, expected):
    assert command_names(app_for(args)) == expected


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["valdate"], ["-h", "validate"]])
def test_anything_else_gets_every_command(args):
    assert len(command_names(app_for(args))) == len(COMMAND_MODULES)


def run_module(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=60)


def test_validate_loads_no_other_command_module():
    probe = (
        "import json, sys; from generator.app import app_for; app_for(['validate']); "
        "print(json.dumps([m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('generator.commands.')]))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "validate" in loaded
    assert not set(loaded) & (set(COMMAND_MODULES) - {"validate"})


def test_the_help_reads_nothing_from_the_cache():
    """`botc-pnp --help` loads every command module: none of them may load the user's cache (and hashlib with it)."""
    probe = (
        "import sys; from generator.app import new_app; new_app(); print(sorted(m for m in sys.modules if 'keep' in m))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_mistyped_command_is_still_suggested_from_the_command_line():
    done = run_module("valdate")
    assert done.returncode == 2
    assert "알 수 없는 명령입니다: 'valdate' 혹시 'validate' 명령을 찾으셨나요?" in done.stderr
