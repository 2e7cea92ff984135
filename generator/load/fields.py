"""One YAML mapping of a content file → typed values, with every problem recorded as a finding naming the file,
line and key; and the Korean 'did you mean' suggestions every loader uses."""

from __future__ import annotations

import datetime
import difflib

from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.limits import MAX_LIST_ITEMS, MAX_TEXT_LENGTH
from generator.model import TEAM_NAMES_KO, Character
from generator.read.yamlio import Located, Places, display_path

TYPE_NAMES = {str: "문자열", list: "목록", dict: "키-값 묶음", int: "정수"}


class Fields:
    """Typed access to one YAML mapping that records every problem in the report with file, line and key."""

    def __init__(self, located: Located, mapping: dict, report: Report, prefix: tuple = (), subject: str | None = None):
        self.located = located
        self.mapping = mapping
        self.report = report
        self.prefix = prefix
        self.subject = subject

    def where(self, key) -> str:
        return self.located.where(*self.prefix, key)

    def places(self) -> Places:
        """'file:line' of every key, and of every list item as 'key[n]' (1-based), for messages about one field."""
        return Places(self.located, self.prefix)

    def _label(self, key) -> str:
        return ".".join(str(k) for k in (*self.prefix, key))

    def warn_unknown(self, allowed: set[str]) -> None:
        for key in self.mapping:
            if key not in allowed:
                self.report.warning(
                    "unknown-key",
                    f"알 수 없는 항목 '{self._label(key)}': 무시합니다.{did_you_mean(str(key), allowed)} "
                    f"쓸 수 있는 항목: {', '.join(sorted(allowed))}",
                    subject=self.subject,
                    where=self.where(key),
                )

    def _wrong_type(self, key, expected: type, value) -> None:
        self.report.error(
            "wrong-type",
            f"{quoted(self._label(key), '은')} {with_particle(TYPE_NAMES[expected], '이어야')} 합니다(지금은 {type_name(value)}).",
            subject=self.subject,
            where=self.where(key),
        )

    def text(self, key, required: bool = False) -> str | None:
        value = self.mapping.get(key)
        if value is None:
            if required:
                self.missing(key)
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            self._wrong_type(key, str, value)
            return None
        if required and not value.strip():
            self.missing(key)
            return None
        if len(value) > MAX_TEXT_LENGTH:
            self.report.error(
                "text-too-long",
                f"{quoted(self._label(key), '이')} 너무 깁니다({len(value):,}자). {MAX_TEXT_LENGTH:,}자까지 쓸 수 있습니다.",
                subject=self.subject,
                where=self.where(key),
            )
            return None
        return value

    def text_list(self, key, limit: int = MAX_LIST_ITEMS, what: str = "항목") -> list[str]:
        """The list of texts under `key`; past `limit` items an error states the limit and only the first are used."""
        value = self.mapping.get(key)
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self._wrong_type(key, list, value)
            return []
        if len(value) > limit:
            self.report.error(
                "too-many",
                f"'{self._label(key)}'에 {with_particle(what, '이')} 너무 많습니다({len(value):,}개). {limit:,}개까지 쓸 수 있어 앞의 {limit:,}개만 씁니다.",
                subject=self.subject,
                where=self.where(key),
            )
            value = value[:limit]
        items = []
        for index, item in enumerate(value):
            if isinstance(item, (int, float)) and not isinstance(item, bool):
                item = str(item)
            if not isinstance(item, str):
                self.report.error(
                    "wrong-type",
                    f"'{self._label(key)}'의 {index + 1}번째 항목은 문자열이어야 합니다(지금은 {type_name(item)}).",
                    subject=self.subject,
                    where=self.located.where(*self.prefix, key, index),
                )
                continue
            if len(item) > MAX_TEXT_LENGTH:
                self.report.error(
                    "text-too-long",
                    f"'{self._label(key)}'의 {index + 1}번째 항목이 너무 깁니다({len(item):,}자).",
                    subject=self.subject,
                    where=self.located.where(*self.prefix, key, index),
                )
                continue
            items.append(item)
        return items

    def mapping_of(self, key) -> dict:
        value = self.mapping.get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            self._wrong_type(key, dict, value)
            return {}
        return value

    def named_mapping_of(self, key, what: str) -> dict:
        """A mapping whose keys are ids or names: a key that is not text (`null:`, `12:`, a date) is an error and
        is left out."""
        named = {}
        for name, value in self.mapping_of(key).items():
            if isinstance(name, str) and name.strip():
                named[name] = value
                continue
            shown = "null" if name is None else str(name).lower() if isinstance(name, bool) else str(name)
            self.report.error(
                "wrong-type",
                f"'{self._label(key)}'의 키 {quoted(shown, '은')} 쓸 수 없습니다. {with_particle(what, '은')} 글자로 써야 합니다"
                f"(숫자나 null, 날짜처럼 읽히면 따옴표로 감싸세요).",
                subject=self.subject,
                where=self.located.where(*self.prefix, key, name),
            )
        return named

    def missing(self, key) -> None:
        self.report.error(
            "missing-field",
            f"필수 항목 {quoted(self._label(key), '이')} 없거나 비어 있습니다.",
            subject=self.subject,
            where=self.located.where(*self.prefix) if self.prefix else display_path(self.located.path),
        )


def type_name(value) -> str:
    if value is None:
        return "빈 값"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "날짜(따옴표로 감싸면 글자가 됩니다)"
    if isinstance(value, float):
        return "실수"
    if isinstance(value, (bytes, bytearray)):
        return "이진 값(!!binary)"
    for python_type, name in TYPE_NAMES.items():
        if isinstance(value, python_type) and not isinstance(value, bool):
            return name
    return "참/거짓" if isinstance(value, bool) else type(value).__name__


def require_mapping(located: Located, report: Report, what: str) -> dict | None:
    if isinstance(located.data, dict):
        return located.data
    report.cannot_read(
        "wrong-shape",
        f"{what} 파일은 '키: 값' 묶음이어야 합니다(지금은 {type_name(located.data)}): {display_path(located.path)}",
        where=display_path(located.path),
    )
    return None


# --- characters -------------------------------------------------------------------------------------------


KOREAN_TEAMS = {name: team for team, name in TEAM_NAMES_KO.items()}


def did_you_mean(
    value: str, allowed, translations: dict[str, str] | None = None, cutoff: float = 0.6, shown=None, label=None
) -> str:
    """ " 혹시 'ability'인가요?" for the closest allowed spellings (a Korean word that `translations` knows is mapped
    first: '마을주민' → 'townsfolk'), else ''. Written without a particle after the Latin word; `shown` may add to
    each spelling (a character's Korean name)."""
    if translations and value.strip() in translations:
        close = [translations[value.strip()]]
    else:
        close = difflib.get_close_matches(value, list(allowed), n=3, cutoff=cutoff)
    if not close:
        return ""
    listed = ", ".join(label(c) if label else f"'{c}'" + (shown(c) if shown else "") for c in close)
    return f" 혹시 {listed}인가요?" if len(close) == 1 else f" 혹시 {listed} 중 하나인가요?"


def suggest(unknown: str, known, report: Report | None = None) -> str:
    """did_you_mean for character ids; a library's characters are shown with their Korean names. Each search costs
    time in the number of known ids, so one run spends at most MAX_SUGGESTIONS of them: a file with thousands of
    typos still gets each reported, quickly."""
    if not isinstance(unknown, str):
        return ""
    if report is not None:
        if report.suggestions_left <= 0:
            return ""
        report.suggestions_left -= 1

    def named(character_id: str) -> str:  # the Korean name first: what a storyteller knows the character by
        character = known.get(character_id) if isinstance(known, dict) else None
        return f"{character.name}('{character_id}')" if isinstance(character, Character) else f"'{character_id}'"

    return did_you_mean(unknown, [k for k in known if isinstance(k, str)], cutoff=0.5, label=named)
