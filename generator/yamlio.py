"""YAML files on disk → plain Python data with NFC text and the line of every key, or a Korean finding."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.findings import Report
from generator.josa import quoted

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
                None, None, "YAML 별칭(*이름)은 사용할 수 없습니다. 같은 값을 그대로 다시 쓰세요", event.start_mark
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


class ContentShapeError(Exception):
    """A YAML construct that parses but has no meaning in content (a list used as a key, a custom tag)."""

    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.message = message
        self.line = line


_PLAIN_TAGS = {
    yaml.MappingNode: "tag:yaml.org,2002:map",
    yaml.SequenceNode: "tag:yaml.org,2002:seq",
}


def _construct(node, loader, key_path, lines, duplicates):
    lines[key_path] = node.start_mark.line + 1
    expected_tag = _PLAIN_TAGS.get(type(node))
    if expected_tag and node.tag != expected_tag:
        raise ContentShapeError(f"YAML 태그 {quoted(node.tag, '은')} 쓸 수 없습니다. 태그(!…) 없이 평범한 값만 쓰세요", node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ContentShapeError("키에는 목록이나 묶음을 쓸 수 없습니다. 키는 글자 하나(예: name)여야 합니다", key_node.start_mark.line + 1)
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, str):
                key = unicodedata.normalize("NFC", key)
            line = key_node.start_mark.line + 1
            if key in result:
                duplicates.append((key_path + (key,), lines[key_path + (key,)], line))
            lines[key_path + (key,)] = line
            result[key] = _construct(value_node, loader, key_path + (key,), lines, duplicates)
            lines[key_path + (key,)] = line
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, loader, key_path + (i,), lines, duplicates) for i, item in enumerate(node.value)]
    try:
        return nfc(loader.construct_object(node, deep=True))
    except (ValueError, TypeError, OverflowError) as exc:
        shown = str(node.value)[:30] + ("…" if len(str(node.value)) > 30 else "")
        raise ContentShapeError(
            f"값 {quoted(shown, '을')} 해석할 수 없습니다(숫자나 날짜로 읽히지만 올바르지 않습니다). 글자로 쓰려면 따옴표로 감싸세요",
            node.start_mark.line + 1,
        ) from exc


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
    lines: dict[tuple, int] = {}
    duplicates: list[tuple[tuple, int, int]] = []
    try:
        node = loader.get_single_node()
        data = _construct(node, loader, (), lines, duplicates) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        _syntax(report, where, mark.line + 1 if mark else None, translate_yaml_problem(exc.problem or exc.context or ""))
        return None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        _syntax(report, where, line, f"YAML에 쓸 수 없는 제어 문자(U+{exc.character:04X})가 있습니다. 지워 주세요"
                if isinstance(exc.character, int) else str(exc))
        return None
    except ContentShapeError as exc:
        _syntax(report, where, exc.line, exc.message)
        return None
    except RecursionError:
        _syntax(report, where, None, "괄호나 들여쓰기가 너무 깊게 겹쳐 있습니다")
        return None
    except (yaml.YAMLError, TypeError, ValueError) as exc:
        _syntax(report, where, None, f"값을 해석할 수 없습니다({exc})")
        return None
    finally:
        loader.dispose()
    for key_path, first, second in duplicates:
        label = ".".join(str(k) for k in key_path)
        report.error(
            "yaml-duplicate-key",
            f"{quoted(label, '이')} 두 번 나옵니다({first}번째 줄과 {second}번째 줄). 뒤의 값이 앞의 값을 덮어쓰므로 하나만 남겨 주세요.",
            where=f"{where}:{second}",
        )
    return Located(data, path, lines)


def _syntax(report: Report, where: str, line: int | None, problem: str) -> None:
    place = f"{where}:{line}" if line else where
    report.cannot_read("yaml-syntax", f"YAML 문법 오류: {problem or '알 수 없는 문제'} ({place})", where=place)


_YAML_PROBLEMS = {
    "mapping values are not allowed here": "이 위치에는 '키: 값'을 쓸 수 없습니다. 값에 ': '가 들어 있으면 값 전체를 따옴표로 감싸고, 아니면 들여쓰기를 확인하세요",
    "found character '\\t' that cannot start any token": "탭 문자는 들여쓰기에 쓸 수 없습니다(공백을 쓰세요)",
    "found a tab character": "탭 문자는 들여쓰기에 쓸 수 없습니다(공백을 쓰세요)",
    "found character": "이 문자로는 값을 시작할 수 없습니다. 값 전체를 따옴표로 감싸세요",
    "could not find expected ':'": "':'가 있어야 할 곳에 없습니다. '키: 값' 형식인지, 따옴표가 닫혔는지 확인하세요",
    "found unexpected end of stream": "따옴표나 괄호가 닫히지 않은 채 파일이 끝났습니다",
    "expected ',' or ']'": "목록의 닫는 괄호 ']'가 없거나 항목 사이에 쉼표가 없습니다",
    "expected ',' or '}'": "묶음의 닫는 괄호 '}'가 없거나 항목 사이에 쉼표가 없습니다",
    "expected <block end>, but found '-'": "목록 항목(-)의 들여쓰기가 맞지 않습니다",
    "expected <block end>": "들여쓰기가 맞지 않습니다. 같은 단계의 항목은 같은 칸에서 시작해야 합니다",
    "expected a single document": "한 파일에는 YAML 문서 하나만 쓸 수 있습니다('---' 구분선을 지우세요)",
    "but found another document": "한 파일에는 YAML 문서 하나만 쓸 수 있습니다('---' 구분선을 지우세요)",
    "found undefined alias": "YAML 별칭(*이름)은 사용할 수 없습니다",
    "found duplicate anchor": "YAML 별칭(*이름)은 사용할 수 없습니다",
    "expected alphabetic or numeric character": "YAML 별칭(*)이나 앵커(&) 이름이 올바르지 않습니다. 값이 *나 &로 시작하면 따옴표로 감싸세요",
    "found unknown escape character": "큰따옴표 안에 알 수 없는 역슬래시(\\) 표기가 있습니다. 작은따옴표로 감싸거나 \\를 두 번 쓰세요",
    "could not determine a constructor for the tag": "이 YAML 태그(!…)는 쓸 수 없습니다. 태그 없이 평범한 값만 쓰세요",
    "found unhashable key": "키에는 목록이나 묶음을 쓸 수 없습니다",
}


def translate_yaml_problem(problem: str) -> str:
    for english, korean in _YAML_PROBLEMS.items():
        if problem.startswith(english):
            return korean
    if problem[:1] and "\uac00" <= problem[0] <= "\ud7a3":
        return problem  # raised by our own loader, already Korean
    return f"{problem} (YAML 구문을 확인하세요)"
