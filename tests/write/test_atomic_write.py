"""Outputs are replaced only when complete: a failed or interrupted build keeps the previous PDF byte for byte and
leaves no temporary file; a good build replaces it; the content folder is never written to."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from conftest import run_cli

from generator.read.file_names import safe_folder_name
from generator.write.files import OutputError, prepare_folder, write_atomic


def hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def leftovers(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]


def refuse(*args, **kwargs):
    raise RuntimeError("renderer broke halfway")


@pytest.fixture
def sheet_built(content, tmp_path):
    """The bundled script's sheet, built once into tmp/out; returns (out folder, script.pdf bytes)."""
    out = tmp_path / "out"
    result = run_cli("sheet", "--content", content, "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "in-space" / "script.pdf"
    return out, pdf.read_bytes()


def test_failed_renderer_keeps_previous_pdf(content, tmp_path, sheet_built, monkeypatch):
    out, before = sheet_built
    import generator.documents.script_sheet as script_sheet

    monkeypatch.setattr(script_sheet, "build", refuse)
    result = run_cli("sheet", "--content", content, "--out", out)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "이전에 만든 파일은 그대로 있습니다" in result.output
    assert (out / "in-space" / "script.pdf").read_bytes() == before
    assert not leftovers(out)


@pytest.mark.slow
def test_build_failing_on_a_later_document_writes_nothing(content, tmp_path, sheet_built, monkeypatch):
    """The sheet renders first and fine; the night sheet then fails: nothing is written, not even the good sheet."""
    out, before = sheet_built
    import generator.documents.night_sheet as night_sheet

    monkeypatch.setattr(night_sheet, "build", refuse)
    result = run_cli("build", "--content", content, "--out", out)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in (out / "in-space").iterdir()) == ["script.pdf"]
    assert (out / "in-space" / "script.pdf").read_bytes() == before
    assert not leftovers(out)


def test_debug_shows_the_traceback(content, tmp_path, monkeypatch):
    import generator.documents.script_sheet as script_sheet

    monkeypatch.setattr(script_sheet, "build", refuse)
    result = run_cli("sheet", "--content", content, "--out", tmp_path / "out", "--debug")
    assert result.exit_code == 1
    assert "renderer broke halfway" in result.output


def test_successful_build_replaces_the_old_file(content, tmp_path):
    out = tmp_path / "out"
    old = out / "in-space" / "script.pdf"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"an old, stale sheet")
    result = run_cli("sheet", "--content", content, "--out", out)
    assert result.exit_code == 0, result.output
    assert old.read_bytes().startswith(b"%PDF")
    assert not leftovers(out)


@pytest.mark.slow
def test_build_never_modifies_content(content, tmp_path):
    before = hashes(content)
    stamps = {p: p.stat().st_mtime_ns for p in content.rglob("*") if p.is_file()}
    result = run_cli("build", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert hashes(content) == before
    assert {p: p.stat().st_mtime_ns for p in content.rglob("*") if p.is_file()} == stamps


def test_output_inside_content_is_refused(content):
    """--out inside the content folder is refused before anything is written: content is never written to."""
    before = hashes(content)
    result = run_cli("sheet", "--content", content, "--out", content / "printed")
    assert result.exit_code == 2, result.output
    assert "내용 폴더" in result.output and "Traceback" not in result.output
    assert hashes(content) == before
    assert not (content / "printed").exists()


# --- write_atomic itself ------------------------------------------------------------------------------------


def test_write_atomic_failed_rename_keeps_old_file(tmp_path, monkeypatch):
    target = tmp_path / "doc.pdf"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OutputError) as caught:
        write_atomic(target, b"new")
    assert "이전에 만든 파일은 그대로 있습니다" in str(caught.value) and "저장 공간이 부족합니다" in str(caught.value)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["doc.pdf"]


def test_write_atomic_interrupted_keeps_old_file(tmp_path, monkeypatch):
    target = tmp_path / "doc.pdf"
    target.write_bytes(b"old")

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new" * 1000)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["doc.pdf"]


def test_write_atomic_replaces_and_creates_folders(tmp_path):
    target = tmp_path / "a" / "b" / "doc.pdf"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["doc.pdf"]


def test_prepare_folder_refuses_a_file_in_the_way(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("파일", encoding="utf-8")
    with pytest.raises(OutputError) as caught:
        prepare_folder(blocker / "out")
    assert "blocker" in str(caught.value) and "폴더가 아니라 파일" in str(caught.value)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("in-space", "in-space"),
        ("나의 스크립트", "나의 스크립트"),
        ("../../etc", "%2E.%2F..%2Fetc"),
        ("..", "%2E%2E"),
        (".", "%2E"),
        ("", "%"),
        ("a/b\\c:d", "a%2Fb%5Cc%3Ad"),
        (".hidden", "%2Ehidden"),
        ("50%", "50%25"),
        (" x ", "%20x%20"),
    ],
)
def test_safe_folder_name(name, expected):
    assert safe_folder_name(name) == expected
