"""Script JSON text against the publisher's schema → Korean findings that name the item, its line and what is
accepted; and the line of each top-level item, for every message about it."""

from __future__ import annotations

import json

from generator.caches import remembered
from generator.findings import Report
from generator.josa import with_particle
from generator.load.publisher.text import JSON_TYPE_NAMES, META_ID, SCHEMA_PATH

# --- schema ------------------------------------------------------------------------------------------------


@remembered(maxsize=1)
def load_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def schema_branch(item) -> tuple[int, str]:
    """Which of the schema's item forms an item means to be: (index in items.oneOf, Korean name of the form)."""
    if isinstance(item, dict):
        if item.get("id") == META_ID:
            return 2, "스크립트 정보(_meta)"
        if set(item) == {"id"}:
            return 3, "공식 캐릭터 id"
        return 0, "캐릭터"
    return 1, "공식 캐릭터 id"


def _json_type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def field_label(path) -> str:
    parts = []
    for part in path:
        if isinstance(part, int):
            parts.append(f"{part + 1}번째 값")
        else:
            parts.append(f"'{part}'")
    return "의 ".join(parts)


def describe_schema_error(error) -> str:
    """One jsonschema error inside an item → a Korean sentence naming the field."""
    where = field_label(error.relative_path) or "항목"
    kind = error.validator
    value = error.instance
    if kind == "required":
        missing = [key for key in error.validator_value if isinstance(value, dict) and key not in value]
        return f"{where}에 필수 항목 {with_particle(', '.join(repr(m) for m in missing), '이')} 없습니다."
    if kind == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        extra = [key for key in value if key not in allowed] if isinstance(value, dict) else []
        return f"{where}에 형식에 없는 항목 {with_particle(', '.join(repr(e) for e in extra), '이')} 있습니다. 쓸 수 있는 항목: {', '.join(sorted(allowed))}"
    if kind == "enum":
        return f"{where} 값 {with_particle(repr(value), '은')} 쓸 수 없습니다. 쓸 수 있는 값: {', '.join(map(str, error.validator_value))}"
    if kind == "type":
        expected: list[str] = (
            error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        )
        names = " 또는 ".join(JSON_TYPE_NAMES.get(t, t) for t in expected)
        return f"{where} 값은 {names}이어야 합니다(지금은 {JSON_TYPE_NAMES.get(_json_type(value), _json_type(value))})."
    if kind == "maxLength":
        return f"{where} 값이 너무 깁니다({len(value)}자). {error.validator_value}자까지 쓸 수 있습니다."
    if kind == "maxItems":
        return f"{where}에 값이 너무 많습니다({len(value)}개). {error.validator_value}개까지 쓸 수 있습니다."
    if kind == "minItems":
        return f"{where}에 값이 너무 적습니다({len(value)}개). {error.validator_value}개 이상 있어야 합니다."
    if kind == "oneOf":
        return f"{where} 값 {value!r}의 형식이 맞지 않습니다(이미지는 주소 문자열 또는 주소 1~3개의 목록)."
    return f"{where}: {error.message}"


def check_schema(data, report: Report, where: str, ids: list[str | None], lines: dict[int, int]) -> None:
    """Errors for every schema violation, naming the item (by number and id) and the field."""
    from jsonschema import Draft202012Validator

    schema = load_schema()
    top = {key: value for key, value in schema.items() if key != "items"}
    for error in Draft202012Validator(top).iter_errors(data):
        if error.validator == "minItems":
            report.error(
                "schema",
                f"스크립트에는 항목이 {error.validator_value}개 이상 있어야 합니다(지금은 {len(data)}개).",
                where=where,
            )
        elif error.validator == "maxItems":
            report.error(
                "schema",
                f"스크립트에는 항목을 {error.validator_value}개까지 쓸 수 있습니다(지금은 {len(data)}개).",
                where=where,
            )
        else:
            report.error("schema", error.message, where=where)
    forms = schema["items"]["oneOf"]
    validators = [Draft202012Validator(form) for form in forms]
    for index, item in enumerate(data):
        branch, form_name = schema_branch(item)
        if not isinstance(item, (str, dict)):
            report.error(
                "schema",
                f"{index + 1}번째 항목은 캐릭터 id(문자열)나 키-값 묶음이어야 합니다(지금은 {JSON_TYPE_NAMES.get(_json_type(item), _json_type(item))}).",
                where=item_where(where, lines, index),
            )
            continue
        for error in sorted(validators[branch].iter_errors(item), key=lambda e: [str(p) for p in e.relative_path]):
            label = f"{index + 1}번째 항목" + (f"({ids[index]})" if ids[index] else "")
            report.error(
                "schema",
                f"{label}, {form_name}: {describe_schema_error(error)}",
                subject=ids[index],
                where=item_where(where, lines, index),
            )


# --- positions --------------------------------------------------------------------------------------------


def item_lines(text: str) -> dict[int, int]:
    """Line (1-based) where each top-level array item starts, by a small scan of the JSON text."""
    lines: dict[int, int] = {}
    depth = 0
    in_string = escaped = False
    expecting = False
    line = 1
    count = 0
    for ch in text:
        if ch == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if depth == 1 and expecting and not ch.isspace() and ch not in ",]":
            lines[count] = line
            count += 1
            expecting = False
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth == 1 and ch == "[":
                expecting = True
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 1:
            expecting = True
    return lines


def item_where(where: str, lines: dict[int, int], index: int) -> str:
    return f"{where}:{lines[index]}" if index in lines else where


JSON_PROBLEMS = (
    ("Expecting value", "값이 있어야 할 자리입니다(마지막 항목 뒤의 쉼표, 빠진 값, 작은따옴표를 확인해 주세요)"),
    ("Expecting ',' delimiter", "항목 사이에 쉼표(,)가 있어야 합니다"),
    ("Expecting ':' delimiter", "이름 뒤에 쌍점(:)이 있어야 합니다"),
    (
        "Expecting property name enclosed in double quotes",
        '항목 이름은 큰따옴표(")로 감싸야 합니다(마지막 항목 뒤의 쉼표도 확인해 주세요)',
    ),
    ("Extra data", "목록이 끝난 뒤에 글자가 더 있습니다"),
    ("Unterminated string", "따옴표로 연 글자가 닫히지 않았습니다"),
    ("Invalid control character", "글자 안에 줄바꿈이나 제어 문자가 그대로 있습니다(\\n으로 쓰세요)"),
    ("Invalid \\uXXXX escape", "\\u 뒤에는 16진수 네 자리가 와야 합니다"),
    ("Invalid \\escape", "역슬래시(\\) 뒤의 글자를 쓸 수 없습니다(역슬래시 자체는 \\\\로 쓰세요)"),
)


def json_problem(parser_message: str) -> str:
    return next(
        (korean for english, korean in JSON_PROBLEMS if parser_message.startswith(english)),
        "JSON 문법에 맞지 않는 글자입니다",
    )
