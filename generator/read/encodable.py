"""Parsed JSON or YAML data → the first text in it that cannot be written as UTF-8, and where it is.

Such text is a lone surrogate (U+D800–U+DFFF on its own), which only an escape like `\\ud800` in a JSON or YAML file
(or a request body) can produce: a UTF-8 file cannot hold one. Nothing made from it can be printed, saved or sent,
so the loaders treat it as unreadable input, like a file that is not UTF-8, and name the field it is in.
"""

from __future__ import annotations

from generator.keep.patterns import compiled

_ESCAPE = compiled(r"\\[uU]")  # the only way a surrogate gets into the text of a UTF-8 file
_SURROGATE = compiled("[\ud800-\udfff]")


def may_hold_surrogates(text: str) -> bool:
    """False when `text` has no \\u escape, so data parsed from it needs no walk (the common case)."""
    return bool(_ESCAPE.search(text)) or bool(_SURROGATE.search(text))


def unencodable_in(text: str) -> str | None:
    """'U+D800' for the first lone surrogate in `text`, or None."""
    found = _SURROGATE.search(text)
    return f"U+{ord(found.group()):04X}" if found else None


def first_unencodable(data) -> tuple[tuple, str] | None:
    """(key path, 'U+D800') of the first string (a value or a key) holding a lone surrogate, or None.
    The walk uses its own stack: deeply nested input cannot exhaust Python's."""
    stack: list[tuple[tuple, object]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            found = unencodable_in(value)
            if found:
                return path, found
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                if isinstance(key, str) and unencodable_in(key):
                    return path, unencodable_in(key)  # the key itself cannot be shown: its mapping is named
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in reversed(list(enumerate(value))))
    return None


def field_name(path: tuple) -> str:
    """('reminders', 2) → 'reminders[3]', as findings name fields (list items counted from 1)."""
    shown = ""
    for key in path:
        shown += f"[{key + 1}]" if isinstance(key, int) else (f".{key}" if shown else str(key))
    return shown


def item_place(path: tuple) -> str:
    """Where in a publisher JSON list: (2, 'name') → 3번째 항목의 'name'."""
    if not path or not isinstance(path[0], int):
        return f"'{field_name(path)}'" if path else "스크립트"
    rest = field_name(path[1:])
    return f"{path[0] + 1}번째 항목의 '{rest}'" if rest else f"{path[0] + 1}번째 항목"


def message(place: str, code_point: str) -> str:
    """The Korean explanation: `place` names the field ('title' or 3번째 항목의 'name'), then the code point."""
    return (
        f"{place}에 UTF-8로 쓸 수 없는 문자({code_point}, 짝이 없는 서로게이트)가 있습니다. "
        "\\ud800 같은 이스케이프를 지우거나 실제 글자로 바꿔 주세요."
    )
