"""The user's cache folder, damaged, crafted or not holding files at all: no code runs, nothing hangs, no traceback,
the exit code and every byte of the PDFs are those of a run with the cache off, and nothing outside it is removed.

Crafted files carry a valid header and a SHA-256 of their payload, as anyone could make: the checksum is keyed by the
user's secret, kept outside the cache folder, so they are never used. Crafted again with that secret (as a program of
the user's own could), each file is read all the way to its store's check of what it holds, which refuses any value
of another shape. Every run is a real `python -m generator` process with a timeout, in a cache folder of its own.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import time
from pathlib import Path

import pytest
from hostile import run_cli_process

from generator.keep import usercache

pytestmark = pytest.mark.slow  # builds in fresh processes

STORES = ("ttf", "ttfsum", "svg", "yaml", "frags", "lines", "glyphs", "markup", "pattern")
# one file of many parses, each kept as marshal bytes of its own
PARSE_STORES = ("yaml", "frags", "lines", "markup", "pattern")


def night_and_validate(cwd: Path, cache: Path | str, out: Path):
    """The night sheet (fonts, icons, YAML, markup, line ends) and validate (the fonts' letters), exit codes and output."""
    env = {usercache.ENV: str(cache)}
    night = run_cli_process("night", "trouble-brewing", "--out", out, cwd=cwd, env=env, timeout=60)
    checked = run_cli_process("validate", "trouble-brewing", cwd=cwd, env=env, timeout=60)
    return night, checked


def pdf(out: Path) -> bytes:
    return (out / "trouble-brewing" / "night-order.pdf").read_bytes()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The night sheet with the cache off, and a cache folder filled by one run (copied by each test)."""
    root = tmp_path_factory.mktemp("cache-reference")
    night, checked = night_and_validate(root, "", root / "off")
    assert night.returncode == 0 and checked.returncode == 0, night.stderr + checked.stderr
    filled = root / "filled"
    night, checked = night_and_validate(root, filled, root / "warm")
    assert night.returncode == 0 and checked.returncode == 0, night.stderr + checked.stderr
    assert {p.name for p in filled.iterdir()} >= set(STORES), sorted(p.name for p in filled.iterdir())
    return pdf(root / "off"), checked.stdout, filled


def copy_of(filled: Path, tmp_path: Path) -> Path:
    """A copy of the filled cache folder, with its secret beside it (`<folder>.key`)."""
    import shutil

    folder = tmp_path / "cache"
    shutil.copytree(filled, folder)
    os.chmod(folder, 0o700)
    shutil.copy2(filled.with_name(filled.name + ".key"), folder.with_name("cache.key"))
    return folder


def secret_of(folder: Path) -> bytes:
    return folder.with_name(folder.name + ".key").read_bytes()


def parts(path: Path) -> tuple[bytes, object]:
    """(header, value) of a cache file."""
    data = path.read_bytes()
    header_end = data.index(b"\n", len(usercache.MAGIC)) + 1
    return data[:header_end], marshal.loads(data[header_end + 32 :])


def rewrite(path: Path, value, secret: bytes | None = None) -> None:
    """The file holding `value` instead, its header kept: checksummed with the user's secret when given, else with a
    plain SHA-256."""
    import hmac

    header, _ = parts(path)
    payload = marshal.dumps(value)
    checksum = (
        hmac.new(secret, header + payload, hashlib.sha256).digest() if secret else hashlib.sha256(payload).digest()
    )
    path.write_bytes(header + checksum + payload)


def craft(folder: Path, change, secret: bytes | None = None, stores=STORES) -> None:
    """Every file of these stores rewritten with change(value); a parse store's entries are changed one by one."""
    for kind in stores:
        for path in sorted((folder / kind).glob("*.bin")):
            _, value = parts(path)
            if kind in PARSE_STORES:
                value = {digest: marshal.dumps(change(marshal.loads(data))) for digest, data in value.items()}
            else:
                value = change(value)
            rewrite(path, value, secret)


def emptied(value):
    """The same shape with every list and mapping left empty and every text blank: a paragraph with no words."""
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {key: emptied(item) for key, item in value.items()} if len(value) < 8 else {}
    if isinstance(value, tuple):
        return tuple(emptied(item) for item in value)
    if isinstance(value, str):
        return ""
    return value


def retyped(value):
    """The same shape with numbers turned into text and text into numbers."""
    if isinstance(value, list):
        return [retyped(item) for item in value]
    if isinstance(value, tuple):
        return tuple(retyped(item) for item in value)
    if isinstance(value, dict):
        return {key: retyped(item) for key, item in value.items()}
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return "0"
    if isinstance(value, str):
        return 0
    if isinstance(value, float):
        return 0
    return value


def zeroed(value):
    """Numbers set to zero where they were positive (a font's units per em, widths, sizes): division by zero."""
    if isinstance(value, list):
        return [zeroed(item) for item in value]
    if isinstance(value, tuple):
        return tuple(zeroed(item) for item in value)
    if isinstance(value, dict):
        return {key: zeroed(item) for key, item in value.items()}
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return 0
    if isinstance(value, bytes):
        return bytes(len(value))
    return value


def assert_as_without_cache(reference, tmp_path: Path, folder: Path) -> None:
    expected_pdf, expected_validate, _ = reference
    night, checked = night_and_validate(tmp_path, folder, tmp_path / "out")
    for run in (night, checked):
        assert run.returncode == 0, run.stdout + run.stderr
        assert "Traceback" not in run.stderr + run.stdout, run.stderr
    assert checked.stdout == expected_validate
    assert pdf(tmp_path / "out") == expected_pdf


def test_entries_crafted_without_the_users_secret_change_nothing(reference, tmp_path):
    """Paragraphs emptied, numbers zeroed, with a checksum anyone can make: not one file is used."""
    folder = copy_of(reference[2], tmp_path)
    craft(folder, emptied, stores=PARSE_STORES)
    craft(folder, zeroed, stores=("ttf", "ttfsum", "svg", "glyphs"))
    assert_as_without_cache(reference, tmp_path, folder)


@pytest.mark.parametrize("change", [retyped, lambda value: (value,)], ids=["retyped", "in-a-tuple"])
def test_entries_of_the_wrong_shape_change_nothing_even_with_the_secret(reference, tmp_path, change):
    """What a store makes itself (font tables, drawings, letters, markup and its frags, line ends) has one shape,
    checked value by value. The YAML store holds whatever a YAML file may say, which its readers check as they check
    the files; with the user's secret, a value written there is as trusted as the user's own content."""
    folder = copy_of(reference[2], tmp_path)
    craft(folder, change, secret_of(folder), tuple(s for s in STORES if s != "yaml"))
    assert_as_without_cache(reference, tmp_path, folder)


def code_words_zeroed(form):
    """A compiled pattern's form with its code words all zero: the shape it should have, code the engine refuses."""
    flags, code, *groups = form
    return (flags, [0] * len(code), *groups)


def test_pattern_code_the_engine_refuses_changes_nothing_even_with_the_secret(reference, tmp_path):
    """Every kept pattern of the right shape but with code words the regular expression engine does not accept: each
    is compiled again, and the checks find what they find without the cache."""
    folder = copy_of(reference[2], tmp_path)
    craft(folder, code_words_zeroed, secret_of(folder), stores=("pattern",))
    assert_as_without_cache(reference, tmp_path, folder)


def test_a_crafted_code_object_is_never_run(reference, tmp_path):
    """A code object that would write a marker file, in every store and where jinja2's compiled templates once were,
    checksummed with the user's secret (without it the file is not even decoded)."""
    marker = tmp_path / "ran"
    code = compile(f"open({str(marker)!r}, 'w').write('ran')", "<crafted>", "exec")
    folder = copy_of(reference[2], tmp_path)
    secret = secret_of(folder)
    craft(folder, lambda value: code, secret)
    (folder / "jinja").mkdir()
    template = next((folder / "ttf").glob("*.bin"))
    for name in ("a", "b"):
        target = folder / "jinja" / f"{name}.bin"
        target.write_bytes(template.read_bytes())
        rewrite(target, code, secret)
    assert_as_without_cache(reference, tmp_path, folder)
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_something_else_than_a_file_is_not_read(reference, tmp_path):
    """A named pipe would block a reader forever, /dev/zero would fill memory: neither is opened for reading. Each
    store gets each of them (a pipe, a link to /dev/zero, a folder) in turn."""
    folder = copy_of(reference[2], tmp_path)
    kinds = ["fifo", "dev-zero", "folder"]
    for number, store in enumerate(STORES):
        for path in sorted((folder / store).glob("*.bin")):
            path.unlink()
            kind = kinds[number % len(kinds)]
            if kind == "fifo":
                os.mkfifo(path)
            elif kind == "dev-zero":
                path.symlink_to("/dev/zero")
            else:
                path.mkdir()
    assert_as_without_cache(reference, tmp_path, folder)


def test_removing_stale_files_never_follows_a_link(reference, tmp_path):
    """A store's folder that is a link to somewhere else: its old .bin files there are not removed."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    keep = elsewhere / "old.bin"
    keep.write_bytes(b"someone else's")
    month_ago = time.time() - 40 * 86400
    os.utime(keep, (month_ago, month_ago))
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    for store in PARSE_STORES:
        (folder / store).symlink_to(elsewhere, target_is_directory=True)
    night, _ = night_and_validate(tmp_path, folder, tmp_path / "out")
    assert night.returncode == 0, night.stderr
    assert keep.read_bytes() == b"someone else's"
    assert pdf(tmp_path / "out") == reference[0]


@pytest.mark.parametrize("home", ["relative-home"])
def test_a_relative_home_means_no_cache(tmp_path, home):
    """HOME=relative-home would put a cache in whatever folder the command runs in: no cache at all instead."""
    env = {**os.environ, "HOME": home}
    env.pop(usercache.ENV, None)
    env.pop("XDG_CACHE_HOME", None)
    import subprocess
    import sys

    from generator import PROJECT_ROOT

    run = subprocess.run(
        [sys.executable, "-m", "generator", "night", "trouble-brewing", "--out", tmp_path / "out"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(PROJECT_ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_cache_folder_others_may_write_is_not_read(reference, tmp_path, monkeypatch):
    """A folder anyone may write (a shared drive, someone else's loose umask) could hold anyone's files."""
    folder = copy_of(reference[2], tmp_path)
    os.chmod(folder, 0o777)
    monkeypatch.setenv(usercache.ENV, str(folder))
    path = next((folder / "ttf").glob("*.bin"))
    header, value = parts(path)
    kind, key = header[len(usercache.MAGIC) : -1].decode().split("\0", 1)
    assert usercache.load(kind, key) is None
    os.chmod(folder, 0o700)
    assert usercache.load(kind, key) == value
