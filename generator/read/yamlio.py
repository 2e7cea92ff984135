"""YAML files on disk → plain Python data with NFC text and the line of every key, or a Korean finding."""

from __future__ import annotations

import copy
import marshal
import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from generator.caches import kept, remembered
from generator.disk import NotReadable, read_capped
from generator.findings import Report
from generator.josa import quoted
from generator.keep import parsecache
from generator.limits import MAX_FILE_BYTES, MAX_YAML_LINES
from generator.read.yamlerrors import YAML_PROBLEM_FALLBACK, syntax_finding, translate_yaml_problem


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
        shown = display_path(self.path)
        return f"{shown}:{line}" if line else shown


class Places:
    """'file:line' of a mapping's keys and of its list items as 'key[n]' (1-based), worked out only when a message
    asks (most fields never need one). Behaves like a read-only dict for get() and `in`."""

    def __init__(self, located: Located, prefix: tuple = ()):
        self.located = located
        self.prefix = prefix

    def _path(self, key: str) -> tuple:
        name, _, rest = key.partition("[")
        path = (*self.prefix, name)
        if rest.endswith("]") and rest[:-1].isdigit():
            path += (int(rest[:-1]) - 1,)
        return path

    def get(self, key: str, default=None):
        path = self._path(key)
        return self.located.where(*path) if path in self.located.lines else default

    def __contains__(self, key: str) -> bool:
        return self._path(key) in self.located.lines

    def __eq__(self, other) -> bool:  # the same place in the same file, however many times it was loaded
        return isinstance(other, Places) and (self.located.path, self.prefix) == (other.located.path, other.prefix)

    __hash__ = None

    def __deepcopy__(self, memo) -> Places:
        return self  # a read-only view: dataclasses.asdict and copies need not duplicate the whole file


def display_path(path: Path) -> str:
    """The path as messages show it: relative to the working folder when it lies inside it."""
    return _display_path(str(path), os.getcwd())


@remembered(maxsize=4096)
def _display_path(path: str, cwd: str) -> str:
    try:
        return _relative(_resolved(path, cwd), _resolved_folder(cwd, cwd)) or path
    except (ValueError, OSError, RuntimeError):
        return path


def _resolved(path: str, cwd: str) -> str:
    """The path with its links followed (Path.resolve), the folder's resolution shared by its files (a library has
    hundreds in one). Strings, not Path objects: every message's place and every character's source is one of these."""
    folder, name = os.path.split(path)
    if name in ("", ".", "..") or os.path.islink(path):
        return os.path.realpath(path)
    return os.path.join(_resolved_folder(folder or ".", cwd), name)


@remembered(maxsize=256)
def _resolved_folder(folder: str, cwd: str) -> str:  # cwd: a relative folder resolves against it
    return os.path.realpath(folder)


def _relative(path: str, folder: str) -> str | None:
    """`path` relative to `folder` (both resolved) when it lies inside it, as Path.relative_to gives it; else None."""
    if os.path.normcase(path) == os.path.normcase(folder):
        return "."
    prefix = folder if folder.endswith(os.sep) else folder + os.sep
    return path[len(prefix) :] if os.path.normcase(path).startswith(os.path.normcase(prefix)) else None


@remembered(maxsize=1)
def _no_alias_loader():
    """A pure-Python SafeLoader that refuses anchors and aliases: hand-written content never needs them and they can
    blow up memory. (PyYAML is imported only when a file is parsed: most runs find every parse in generator.keep.parsecache.)"""
    import yaml

    class NoAliasLoader(yaml.SafeLoader):
        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()
                raise yaml.composer.ComposerError(
                    None, None, "YAML 별칭(*이름)은 사용할 수 없습니다. 같은 값을 그대로 다시 쓰세요", event.start_mark
                )
            return super().compose_node(parent, index)

    return NoAliasLoader


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


@remembered(maxsize=1)
def _plain_tags() -> dict:
    import yaml

    return {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}


class _AliasFound(Exception):
    """The fast (C) parser met an alias: parse again with the pure-Python loader, which explains it in Korean.
    Carries the line of the value the alias repeats (the anchor)."""

    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


def _construct(node, loader, key_path, lines, duplicates, seen=None, folded=None):
    import yaml

    if seen is not None:
        # the C composer hands back the anchored node itself where an alias points at it
        if id(node) in seen:
            raise _AliasFound(node.start_mark.line + 1)
        seen.add(id(node))
    lines[key_path] = node.start_mark.line + 1
    expected_tag = _plain_tags().get(type(node))
    if expected_tag and node.tag != expected_tag:
        raise ContentShapeError(
            f"YAML 태그 {quoted(node.tag, '은')} 쓸 수 없습니다. 태그(!…) 없이 평범한 값만 쓰세요",
            node.start_mark.line + 1,
        )
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ContentShapeError(
                    "키에는 목록이나 묶음을 쓸 수 없습니다. 키는 글자 하나(예: name)여야 합니다",
                    key_node.start_mark.line + 1,
                )
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, str):
                key = unicodedata.normalize("NFC", key)
            line = key_node.start_mark.line + 1
            if key in result:
                duplicates.append((key_path + (key,), lines[key_path + (key,)], line))
            lines[key_path + (key,)] = line
            result[key] = _construct(value_node, loader, key_path + (key,), lines, duplicates, seen, folded)
            lines[key_path + (key,)] = line
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _construct(item, loader, key_path + (i,), lines, duplicates, seen, folded)
            for i, item in enumerate(node.value)
        ]
    if folded is not None and not node.style and node.end_mark.line > node.start_mark.line:
        folded.append((key_path, node.start_mark.line, node.end_mark.line))  # a plain value folded over lines
    try:
        return nfc(loader.construct_object(node, deep=True))
    except (ValueError, TypeError, OverflowError) as exc:
        shown = str(node.value)[:30] + ("…" if len(str(node.value)) > 30 else "")
        raise ContentShapeError(
            f"값 {quoted(shown, '을')} 해석할 수 없습니다(숫자나 날짜로 읽히지만 올바르지 않습니다). 글자로 쓰려면 따옴표로 감싸세요",
            node.start_mark.line + 1,
        ) from exc


def read_text(path: Path, report: Report) -> str | None:
    """The file's text, or None with an 'unreadable' finding (missing, not a regular file, too big, binary, not UTF-8).
    The path as messages show it is worked out only for a finding: a library load reads hundreds of good files."""
    try:
        raw = read_capped(path, MAX_FILE_BYTES)
    except NotReadable as problem:
        where = display_path(path)
        hint = " 내용 파일은 UTF-8 텍스트 파일이어야 합니다." if problem.code == "file-not-regular" else ""
        report.cannot_read(problem.code, f"{problem.message}: {where}.{hint}", where=where)
        return None
    if b"\x00" in raw:
        where = display_path(path)
        report.cannot_read(
            "file-binary", f"텍스트 파일이 아닙니다(이진 데이터). UTF-8 YAML 또는 JSON만 읽습니다: {where}", where=where
        )
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        where = display_path(path)
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
    if not text.strip():
        where = display_path(path)
        report.cannot_read("yaml-empty", f"빈 파일입니다: {where}", where=where)
        return None
    lines, commas = text.count("\n"), text.count(",")
    if lines + commas > MAX_YAML_LINES:
        where = display_path(path)
        report.cannot_read(
            "yaml-too-many",
            f"YAML 파일에 줄과 항목이 너무 많습니다(줄 {lines:,}개, 쉼표 {commas:,}개). 내용 파일 하나는 줄과 쉼표를 합쳐 "
            f"{MAX_YAML_LINES:,}개까지 읽습니다: {where}",
            where=where,
        )
        return None
    parsed, failure = _parse_fast_cached(text)
    if parsed is None:
        where = display_path(path)
        if len(text) > CAREFUL_PARSE_CHARS and _explainable(failure):
            _explain_fast_failure(failure, report, where)  # the careful loader would take seconds on a text this long
            return None
        parsed = _parse_explained(text, report, where)
        if parsed is None:
            return None
    data, lines, duplicates, folded = parsed
    located = Located(data, path, lines)
    if unencodable_text(text, located, report):
        return None
    if not (folded or duplicates):
        return located
    where = display_path(path)
    report_merged_items(text, folded, report, where)
    for key_path, first, second in duplicates:
        label = ".".join(str(k) for k in key_path)
        report.error(
            "yaml-duplicate-key",
            f"{quoted(label, '이')} 두 번 나옵니다({first}번째 줄과 {second}번째 줄). 뒤의 값이 앞의 값을 덮어쓰므로 하나만 남겨 주세요.",
            where=f"{where}:{second}",
        )
    return located


def unencodable_text(text: str, located: Located, report: Report) -> bool:
    """True, with an unreadable finding at its line, when a value holds a lone surrogate (see generator.read.encodable)."""
    from generator.read import encodable

    if not encodable.may_hold_surrogates(text):
        return False
    found = encodable.first_unencodable(located.data)
    if found is None:
        return False
    key_path, code_point = found
    place = f"'{encodable.field_name(key_path)}'" if key_path else "파일"
    report.cannot_read("text-unencodable", encodable.message(place, code_point), where=located.where(*key_path))
    return True


def report_merged_items(text: str, folded: list[tuple[tuple, int, int]], report: Report, where: str) -> None:
    """A line starting with '- ' inside a plain value that YAML folded over several lines: an over-indented list
    item that silently joined the text before it ('- 첫째\n  - 둘째' reads as one item '첫째 - 둘째')."""
    if not folded:
        return
    source = text.splitlines()
    for key_path, start, end in folded:
        for index in range(start + 1, min(end, len(source) - 1) + 1):
            stripped = source[index].lstrip()
            if stripped == "-" or stripped.startswith(("- ", "-\t")):
                if key_path and isinstance(key_path[-1], int):
                    owner = f"'{'.'.join(str(k) for k in key_path[:-1])}'의 {key_path[-1] + 1}번째 항목"
                else:
                    owner = f"'{'.'.join(str(k) for k in key_path)}'"
                report.error(
                    "yaml-merged-item",
                    f"{index + 1}번째 줄은 '-'로 시작하지만 들여쓰기가 더 깊어 새 항목이 아니라 {owner}에 이어 붙었습니다. "
                    "새 항목이라면 '-'를 위 항목의 '-'와 같은 칸에 맞추고, 글의 일부라면 값 전체를 따옴표로 감싸세요.",
                    where=f"{where}:{index + 1}",
                )
                break


def _explainable(failure) -> bool:
    import yaml

    return isinstance(failure, (yaml.MarkedYAMLError, ContentShapeError, _AliasFound))


def _parse_fast(text: str):
    """((data, lines, duplicates, folded), None) with libyaml's C parser, or (None, the exception) when anything is unusual:
    then the pure-Python loader parses again, so every problem gets the same Korean explanation."""
    import yaml

    if not getattr(yaml, "__with_libyaml__", False):
        return None, None
    loader = yaml.CSafeLoader(text)
    lines: dict[tuple, int] = {}
    duplicates: list[tuple[tuple, int, int]] = []
    folded: list[tuple[tuple, int, int]] = []
    try:
        node = loader.get_single_node()
        data = _construct(node, loader, (), lines, duplicates, set(), folded) if node is not None else None
    except Exception as failure:  # noqa: BLE001 - any trouble: the careful loader reports it
        return None, failure
    finally:
        loader.dispose()
    return (data, lines, duplicates, folded), None


def _explain_fast_failure(failure: Exception, report: Report, where: str) -> None:
    """A long file's problem as libyaml found it, in Korean (the careful loader would say the same, slowly)."""
    if isinstance(failure, ContentShapeError):
        syntax_finding(report, where, failure.line, failure.message)
        return
    if isinstance(failure, _AliasFound):
        syntax_finding(
            report, where, failure.line, "YAML 별칭(*이름)은 사용할 수 없습니다. 같은 값을 그대로 다시 쓰세요"
        )
        return
    mark = failure.problem_mark or failure.context_mark
    syntax_finding(
        report,
        where,
        mark.line + 1 if mark else None,
        translate_yaml_problem(failure.problem or "", failure.context or ""),
    )


_PARSED: dict[str, tuple] = kept({})  # text → (what _parse_fast made of it, its data as marshal bytes or None)
_PARSED_LIMIT = 1024
_PARSED_TEXT_LIMIT = 64_000  # characters: only content-sized files are kept


def _parse_fast_cached(text: str):
    """_parse_fast, remembering good parses of small texts by their text; each caller gets its own copy of the data
    (the line map and the lists of notes are only read)."""
    hit = _PARSED.get(text)
    if hit is None:
        kept = parsecache.YAML.lookup("located:" + text) if len(text) <= _PARSED_TEXT_LIMIT else None
        if kept is not None:
            return tuple(kept), None  # new objects: nothing to copy
        parsed, failure = _parse_fast(text)
        if parsed is None or len(text) > _PARSED_TEXT_LIMIT:
            return parsed, failure
        parsecache.YAML.remember("located:" + text, parsed)
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[text] = hit = parsed, frozen(parsed[0])
    (data, lines, duplicates, folded), blob = hit
    return (copied(data, blob), lines, duplicates, folded), None


def frozen(data) -> bytes | None:
    """Parsed YAML data as marshal bytes to copy it from, or None when it holds a value marshal cannot keep (a date)."""
    try:
        return marshal.dumps(data)
    except ValueError:
        return None


def copied(data, blob: bytes | None):
    """A copy of parsed YAML data: from its marshal bytes (ten times deepcopy's speed, made once per text) unless it
    holds a date."""
    return marshal.loads(blob) if blob is not None else copy.deepcopy(data)


def _parse_explained(text: str, report: Report, where: str):
    """The pure-Python loader (refuses aliases): (data, lines, duplicates, folded), or None with a Korean finding."""
    import yaml

    loader = _no_alias_loader()(text)
    lines: dict[tuple, int] = {}
    duplicates: list[tuple[tuple, int, int]] = []
    folded: list[tuple[tuple, int, int]] = []
    try:
        node = loader.get_single_node()
        data = _construct(node, loader, (), lines, duplicates, None, folded) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        syntax_finding(
            report,
            where,
            mark.line + 1 if mark else None,
            translate_yaml_problem(exc.problem or exc.context or "", exc.context or ""),
        )
        return None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        syntax_finding(
            report,
            where,
            line,
            f"YAML에 쓸 수 없는 제어 문자(U+{exc.character:04X})가 있습니다. 지워 주세요"
            if isinstance(exc.character, int)
            else "YAML에 쓸 수 없는 문자가 있습니다. 지워 주세요",
        )
        return None
    except ContentShapeError as exc:
        syntax_finding(report, where, exc.line, exc.message)
        return None
    except RecursionError:
        syntax_finding(report, where, None, "괄호나 들여쓰기가 너무 깊게 겹쳐 있습니다")
        return None
    except (yaml.YAMLError, TypeError, ValueError):
        syntax_finding(report, where, None, YAML_PROBLEM_FALLBACK)
        return None
    finally:
        loader.dispose()
    return data, lines, duplicates, folded


CAREFUL_PARSE_CHARS = 200_000  # past this, a file's syntax error is explained from libyaml's report (the careful
# pure-Python loader needs about 3 s a megabyte)
