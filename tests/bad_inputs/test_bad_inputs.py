"""Every case of tests/bad_inputs/cases.yaml through the real CLI: exit code, Korean message, no traceback,
content untouched, no temporary file left in the output folder."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import yaml
from conftest import content_copy, detach, file_stats, pdf_page_texts
from typer.testing import CliRunner

from generator import PROJECT_ROOT
from generator.cli import app

CASES_DIR = Path(__file__).parent
CASES = yaml.safe_load((CASES_DIR / "cases.yaml").read_text(encoding="utf-8"))


def folder_state(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every file's size, change time and inode: a write, a replacement or a removal changes one of them (hashing
    the 250 files of every case's copy took a fifth of this module's time)."""
    stats = file_stats(folder)
    return {name: (stat.st_size, stat.st_mtime_ns, stat.st_ino) for name, stat in stats.items()}


# --- generated inputs (too big or too binary to commit) -------------------------------------------------------


def png_bytes(width: int, height: int) -> bytes:
    """A valid grey PNG of any size, built by hand so even a 100000×100000 one stays a few hundred KB."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    compressor = zlib.compressobj(9)
    row = b"\x00" + b"\x80" * width
    rows = min(height, 64)  # a bomb only needs its header to claim the size; a short stream is enough to be refused
    body = compressor.compress(row * rows) + compressor.flush()
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def generate(kind: str, root: Path, target: str) -> None:
    path = detach(root / target)
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "huge-yaml":
        with path.open("w", encoding="utf-8") as stream:
            stream.write("id: monk\nname: 수도사\nteam: townsfolk\nability: 능력\nnotes:\n")
            line = "- " + "가" * 200 + "\n"
            while stream.tell() < 2_200_000:
                stream.write(line)
    elif kind == "long-field":
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "notes: ['" + "아주 긴 메모 " * 1500 + "']\n", encoding="utf-8")
    elif kind == "png-bomb":
        path.write_bytes(png_bytes(100_000, 100_000))
    elif kind == "png-ok":
        path.write_bytes(png_bytes(64, 64))
    elif kind == "png-truncated":
        path.write_bytes(png_bytes(256, 256)[:60])
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 8)
    elif kind == "latin1":
        path.write_bytes("id: monk\nname: caf\u00e9\n".encode("latin-1"))
    elif kind == "json-deep":
        path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    elif kind == "json-long-number":
        path.write_text(
            '[{"id": "_meta", "name": "긴 숫자"}, {"id": "zz", "firstNight": ' + "9" * 5000 + "}]", encoding="utf-8"
        )
    elif kind == "yaml-deep":
        path.write_text("id: monk\nname: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    elif kind == "yaml-long-number":
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "notes: [" + "9" * 5000 + "]\n", encoding="utf-8")
    elif kind.startswith("long:"):  # long:<dotted key>:<length>: a YAML field set to Korean words of that length
        _, dotted, length = kind.split(":")
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        *parents, last = [int(k) if k.isdigit() else k for k in dotted.split(".")]
        target = data
        for key in parents:
            target = target[key]
        words = ("플레이어", "선택합니다", "밤에", "깨우세요", "알림을", "놓으세요", "그는", "사망합니다")
        text = " ".join(words[i % len(words)] for i in range(int(length)))[: int(length)].rstrip() or "가"
        target[last] = text + "가" * (int(length) - len(text))
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")
    elif kind == "regular-file":
        path.write_text("폴더가 있어야 할 자리에 있는 파일\n", encoding="utf-8")
    else:
        raise ValueError(kind)


def prepare(case: dict, tmp_path: Path) -> Path:
    """A fresh copy of the bundled content with the case's edits applied; returns the content folder."""
    content = content_copy(tmp_path / "content")
    fixture = case.get("fixture")
    if fixture:
        for source in sorted((CASES_DIR / fixture).rglob("*")):
            if source.is_file():
                (content / source.relative_to(CASES_DIR / fixture)).unlink(missing_ok=True)  # not through a shared link
        shutil.copytree(CASES_DIR / fixture, content, dirs_exist_ok=True)
    for name, text in (case.get("replace") or {}).items():
        target = content / name
        target.parent.mkdir(parents=True, exist_ok=True)
        detach(target).write_bytes(text.encode("utf-8"))
    for name, pairs in (case.get("sub") or {}).items():
        target = detach(content / name)
        text = target.read_text(encoding="utf-8")
        for old, new in pairs:
            assert old in text, f"{case['id']}: '{old}' not in {name}"
            text = text.replace(old, new, 1)
        target.write_bytes(text.encode("utf-8"))
    for name, text in (case.get("append") or {}).items():
        with detach(content / name).open("a", encoding="utf-8") as stream:
            stream.write(text)
    for name in case.get("delete") or []:
        (content / name).unlink()
    for target, kind in (case.get("generate") or {}).items():
        if target.startswith("@"):  # outside the content folder, relative to tmp_path
            generate(kind, tmp_path, target[1:])
        else:
            generate(kind, content, target)
    return content


def command_line(case: dict, tmp_path: Path, content: Path) -> list[str]:
    places = {"content": str(content), "tmp": str(tmp_path), "out": str(tmp_path / "out")}
    args = [str(a).format(**places) for a in case.get("args", [])]
    command = case.get("run", "validate")
    line = [command, *args]
    if "--content" not in args:
        line += ["--content", str(content)]
    if command not in ("validate", "export-json") and "--out" not in args:
        line += ["--out", places["out"]]
    return line


def pdf_text(folder: Path) -> str:
    """Everything the PDFs in `folder` print, whitespace removed (pdfium: the whole kit in well under a second)."""
    texts = []
    for pdf in sorted(folder.rglob("*.pdf")):
        texts.extend(pdf_page_texts(pdf))
    return "".join("".join(texts).split())


QUICK_COMMANDS = ("validate", "export-json")  # they read and check; every other command renders documents


def as_param(case: dict):
    """A case with `xfail: reason` is a known crash in code outside the input layer, reported to its owner; a case that
    renders documents or starts a process is slow."""
    marks = [pytest.mark.xfail(reason=case["xfail"], strict=False)] if case.get("xfail") else []
    if case.get("subprocess") or case.get("run", "validate") not in QUICK_COMMANDS:
        marks.append(pytest.mark.slow)
    return pytest.param(case, marks=marks, id=case["id"])


@pytest.mark.parametrize("case", [as_param(c) for c in CASES])
def test_bad_input(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    content = prepare(case, tmp_path)
    before = folder_state(content)
    line = command_line(case, tmp_path, content)
    if case.get("subprocess"):
        completed = subprocess.run(
            [sys.executable, "-m", "generator", *line],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        )
        code, output = completed.returncode, completed.stdout + completed.stderr
    else:
        result = CliRunner().invoke(app, line)
        code, output = result.exit_code, result.output
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), output
    assert "Traceback" not in output
    assert code == case["exit"], f"exit {code}, expected {case['exit']}:\n{output}"
    for fragment in map(shown_kind, as_list(case.get("message"))):
        assert fragment in output, f"'{fragment}' not in:\n{output}"
    for fragment in as_list(case.get("absent")):
        assert fragment not in output, f"'{fragment}' should not be in:\n{output}"
    assert folder_state(content) == before, "the content folder was modified"
    out = tmp_path / "out"
    if out.is_dir():
        leftovers = [p for p in out.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]
        assert not leftovers, leftovers
    if case.get("pdf_text"):
        text = pdf_text(out)
        assert text, "no PDF text"
        for fragment in as_list(case["pdf_text"]):
            assert "".join(fragment.split()) in text, f"'{fragment}' not printed"


def shown_kind(fragment: str) -> str:
    """A finding code in a case stands for the Korean label the CLI prints for it ('(아이콘 없음)')."""
    from generator.findings import kind_labels

    return f"({kind_labels()[fragment]})" if fragment in kind_labels() else fragment


def as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def test_corpus_is_large_enough():
    assert len(CASES) >= 40
    assert len({c["id"] for c in CASES}) == len(CASES)
