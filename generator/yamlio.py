"""YAML files on disk → plain Python data with NFC text and the line of every key, or a Korean finding."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.findings import Report

MAX_FILE_BYTES = 2_000_000


@dataclass
class Located:
    """Loaded YAML data plus the line (1-based) of each key path such as ('reminders', 2)."""

    data: object
    path: Path
    lines: dict[tuple, int] = field(default_factory=dict)

    def line(self, *key) -> int | None:
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get((), None)

    def where(self, *key) -> str:
        line = self.line(*key)
        return f"{display_path(self.path)}:{line}" if line else display_path(self.path)


def display_path(path: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _NoAliasLoader(yaml.SafeLoader):
    """Refuses anchors and aliases: hand-written content never needs them and they can blow up memory."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "YAML 별칭(*이름)은 사용할 수 없습니다", event.start_mark
            )
        return super().compose_node(parent, index)


def nfc(value):
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [nfc(v) for v in value]
    if isinstance(value, dict):
        return {nfc(k): nfc(v) for k, v in value.items()}
    return value


def _construct(node, loader, key_path, lines):
    lines[key_path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, str):
                key = unicodedata.normalize("NFC", key)
            lines[key_path + (key,)] = key_node.start_mark.line + 1
            result[key] = _construct(value_node, loader, key_path + (key,), lines)
            lines[key_path + (key,)] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, loader, key_path + (i,), lines) for i, item in enumerate(node.value)]
    return nfc(loader.construct_object(node, deep=True))


def read_text(path: Path, report: Report) -> str | None:
    """The file's text, or None with an 'unreadable' finding (missing, too big, binary, not UTF-8)."""
    where = display_path(path)
    try:
        size = path.stat().st_size
    except OSError:
        report.cannot_read("file-missing", f"파일을 찾을 수 없습니다: {where}", where=where)
        return None
    if size > MAX_FILE_BYTES:
        report.cannot_read(
            "file-too-big",
            f"파일이 너무 큽니다({size:,}바이트). 내용 파일은 {MAX_FILE_BYTES:,}바이트까지 읽습니다: {where}",
            where=where,
        )
        return None
    try:
        raw = path.read_bytes()
    except OSError as exc:
        report.cannot_read("file-unreadable", f"파일을 읽을 수 없습니다({exc.strerror}): {where}", where=where)
        return None
    if b"\x00" in raw:
        report.cannot_read("file-binary", f"텍스트 파일이 아닙니다(이진 데이터). UTF-8 YAML 또는 JSON만 읽습니다: {where}", where=where)
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        report.cannot_read(
            "file-encoding",
            f"UTF-8로 읽을 수 없습니다({exc.start}번째 바이트). 파일을 UTF-8로 저장해 주세요: {where}",
            where=where,
        )
        return None


def load_yaml(path: Path, report: Report) -> Located | None:
    text = read_text(path, report)
    if text is None:
        return None
    where = display_path(path)
    if not text.strip():
        report.cannot_read("yaml-empty", f"빈 파일입니다: {where}", where=where)
        return None
    loader = _NoAliasLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        place = f"{where}:{line}" if line else where
        problem = exc.problem or "알 수 없는 문제"
        report.cannot_read(
            "yaml-syntax",
            f"YAML 문법 오류: {translate_yaml_problem(problem)} ({place})",
            where=place,
        )
        return None
    except yaml.YAMLError as exc:
        report.cannot_read("yaml-syntax", f"YAML을 읽을 수 없습니다: {exc} ({where})", where=where)
        return None
    finally:
        loader.dispose()
    lines: dict[tuple, int] = {}
    try:
        data = _construct(node, loader, (), lines) if node is not None else None
    except (yaml.YAMLError, TypeError, ValueError, RecursionError) as exc:
        report.cannot_read("yaml-syntax", f"YAML 값을 해석할 수 없습니다: {exc} ({where})", where=where)
        return None
    return Located(data, path, lines)


_YAML_PROBLEMS = {
    "mapping values are not allowed here": "이 위치에는 '키: 값'을 쓸 수 없습니다(따옴표나 들여쓰기를 확인하세요)",
    "found character '\\t' that cannot start any token": "탭 문자는 들여쓰기에 쓸 수 없습니다(공백을 쓰세요)",
    "could not find expected ':'": "':'가 있어야 할 곳에 없습니다",
    "found unexpected end of stream": "따옴표나 괄호가 닫히지 않은 채 파일이 끝났습니다",
    "expected <block end>, but found '-'": "목록 항목(-)의 들여쓰기가 맞지 않습니다",
    "found undefined alias": "정의되지 않은 별칭을 사용했습니다",
}


def translate_yaml_problem(problem: str) -> str:
    for english, korean in _YAML_PROBLEMS.items():
        if problem.startswith(english):
            return korean
    return problem
