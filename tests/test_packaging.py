"""This checkout → a wheel → a fresh virtual environment (installed, not editable) → botc-pnp run from a folder outside
the clone, as a user who ran `pipx install` would: --version, characters, build trouble-brewing (the same bytes as this
checkout's build) and serve answering /.

The wheel is built offline with this environment's setuptools (`pip wheel --no-build-isolation --no-index`) from a copy
of the files it is made of, so the checkout gets no build/ or egg-info. The fresh environment gets the wheel alone
(`pip install --no-deps`); its dependencies are this environment's, reached through one .pth line, and `pip check`
confirms they satisfy what the wheel declares. Fetching them again from an index would only test pip and cost a
minute.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from pathlib import Path

import pytest

import generator
from tests.conftest import REPO, run_cli
from tests.server.test_serve_cli import served

pytestmark = pytest.mark.slow  # builds and installs the wheel

BUILD_INPUTS = ["pyproject.toml", "README.md", "generator", "content", "fonts", "templates"]
BUNDLED = {
    "content": "generator/data/content",
    "fonts": "generator/data/fonts",
    "templates": "generator/data/templates",
}
TIMEOUT = 120


def run(command: list, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT
    )


def checked(result: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert result.returncode == 0, f"{result.args}\n{result.stdout}\n{result.stderr}"
    return result


def build_wheel(tmp: Path) -> Path:
    source = tmp / "source"
    source.mkdir()
    for name in BUILD_INPUTS:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(REPO / name, source / name)
    checked(
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "--no-build-isolation",
                "--no-index",
                "-q",
                "-w",
                tmp / "dist",
                source,
            ],
            cwd=tmp,
        )
    )
    (wheel,) = (tmp / "dist").glob("botc_pnp-*.whl")
    return wheel


def fresh_environment(tmp: Path, wheel: Path) -> tuple[Path, dict]:
    """(its bin folder, the environment variables to run it with): a new venv holding the wheel, installed."""
    env_dir = tmp / "env"
    checked(run([sys.executable, "-m", "venv", "--without-pip", env_dir], cwd=tmp))
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    checked(
        run(
            [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel],
            cwd=tmp,
        )
    )
    site = Path(
        checked(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=tmp)).stdout.strip()
    )
    ours = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "botc_pnp_test_dependencies.pth").write_text("".join(f"{folder}\n" for folder in ours), encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = os.pathsep.join([str(bin_dir), env.get("PATH", "")])
    return bin_dir, env


def test_a_wheel_installed_anywhere_works_as_the_clone_does(tmp_path):
    """One test, not several: the steps share a wheel and an environment, and xdist would build them per worker.
    The source copy, the wheel and the environment (about 40 MB) are removed at the end, pass or fail."""
    try:
        wheel = build_wheel(tmp_path)
        wheel_carries_every_module_and_every_bundled_file(wheel)
        bin_dir, env = fresh_environment(tmp_path, wheel)
        botc_pnp = bin_dir / "botc-pnp"
        elsewhere = tmp_path / "my-club"  # the user's own folder, outside the clone
        elsewhere.mkdir()
        installed_copy_reads_its_own_files_and_meets_its_requirements(bin_dir, env, elsewhere)
        version_and_characters_work(botc_pnp, env, elsewhere)
        build_writes_the_same_kit_into_the_users_output_folder(botc_pnp, env, elsewhere, tmp_path / "clone")
        serve_answers_the_page(botc_pnp, env, elsewhere)
    finally:
        for made in ("source", "dist", "env", "my-club", "clone"):
            shutil.rmtree(tmp_path / made, ignore_errors=True)


STAGE_PACKAGES = (
    "read",
    "keep",
    "load",
    "load/publisher",
    "check",
    "typeset",
    "art",
    "pdf",
    "documents",
    "documents/almanac",
    "write",
    "pipeline",
    "commands",
    "server",
)  # docs/ARCHITECTURE.md's stage table


def wheel_carries_every_module_and_every_bundled_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"generator/{package}/__init__.py" for package in STAGE_PACKAGES} <= names
    modules = {path.relative_to(REPO).as_posix() for path in (REPO / "generator").rglob("*.py")}
    assert modules - names == set()
    for folder, inside in BUNDLED.items():
        files = {
            f"{inside}/{path.relative_to(REPO / folder).as_posix()}"
            for path in (REPO / folder).rglob("*")
            if path.is_file()
        }
        assert files and files - names == set(), folder


def installed_copy_reads_its_own_files_and_meets_its_requirements(bin_dir: Path, env: dict, elsewhere: Path) -> None:
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    where = checked(
        run(
            [python, "-c", "import generator; print(generator.PACKAGE_DIR); print(generator.DEFAULT_CONTENT_DIR)"],
            elsewhere,
            env,
        )
    )
    package, content = where.stdout.split("\n")[:2]
    assert (
        Path(package).is_relative_to(bin_dir.parent.resolve()) and Path(content) == Path(package) / "data" / "content"
    )
    checked(run([sys.executable, "-m", "pip", "--python", python, "check"], elsewhere, env))


def version_and_characters_work(botc_pnp: Path, env: dict, elsewhere: Path) -> None:
    assert checked(run([botc_pnp, "--version"], elsewhere, env)).stdout == f"botc-pnp {generator.__version__}\n"
    found = checked(run([botc_pnp, "characters", "ㅅㅌㅂ"], elsewhere, env)).stdout
    assert "washerwoman" in found and "세탁부" in found


def build_writes_the_same_kit_into_the_users_output_folder(
    botc_pnp: Path, env: dict, elsewhere: Path, clone_out: Path
) -> None:
    result = checked(run([botc_pnp, "build", "trouble-brewing"], elsewhere, env))
    made = sorted((elsewhere / "output" / "trouble-brewing").iterdir())
    assert [path.suffix for path in made] == [".pdf"] * 9, result.stdout
    assert "저장함: output/trouble-brewing/script.pdf" in result.stdout
    clone = run_cli("build", "trouble-brewing", "--out", clone_out, "-q")
    assert clone.exit_code == 0, clone.output
    for path in made:
        assert path.read_bytes() == (clone_out / "trouble-brewing" / path.name).read_bytes(), path.name


def serve_answers_the_page(botc_pnp: Path, env: dict, elsewhere: Path) -> None:
    with served(elsewhere, program=botc_pnp, env=env) as server:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", server.url)
        page = urllib.request.urlopen(server.url, timeout=30).read().decode("utf-8")
        assert f"botc-pnp {generator.__version__}" in page and "스크립트 만들기" in page
        code, rest, errors = server.stop(signal.SIGTERM)
        assert code == 143 and "서버를 멈췄습니다." in rest, errors
