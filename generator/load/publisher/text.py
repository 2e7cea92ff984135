"""Ids and texts between the publisher's script JSON and our content: id spellings, reminder marks and the
:reminder: icon, and the shared names of the format (_meta, night keys, fields)."""

from __future__ import annotations

import re
import unicodedata

from generator import DEFAULT_CONTENT_DIR
from generator.josa import PLACEHOLDER, fill_named
from generator.keep.patterns import compiled

SCHEMA_PATH = DEFAULT_CONTENT_DIR / "schema" / "script-schema.json"
META_ID = "_meta"
# the publisher's special night-order entries → our fixed step ids (the same words today; kept as a table on purpose)
PUBLISHER_STEPS = {"dusk": "dusk", "minioninfo": "minioninfo", "demoninfo": "demoninfo", "dawn": "dawn"}
OUR_STEPS = {ours: theirs for theirs, ours in PUBLISHER_STEPS.items()}
JSON_NIGHT_KEYS = {"first_night": "firstNight", "other_nights": "otherNight"}
JSON_REMINDER_KEYS = {"first_night": "firstNightReminder", "other_nights": "otherNightReminder"}

# publisher field → our Character field, for the fields a full character may carry
TEXT_FIELDS = {"name": "name", "team": "team", "ability": "ability", "flavor": "flavor"}
LIST_FIELDS = {"reminders": "reminders", "remindersGlobal": "global_reminders"}
FIELD_LABELS_KO = {
    "name": "이름",
    "team": "팀",
    "ability": "능력",
    "flavor": "분위기 글",
    "reminders": "알림 토큰",
    "global_reminders": "전역 알림 토큰",
    "first_night": "첫날 밤 안내",
    "other_nights": "다른 밤 안내",
    "setup": "설정 변경",
}

REMINDER_ICON = ":reminder:"
REMINDER_ICON_IN_TEXT = compiled(r" ?:reminder:")
# a sentence that tells the storyteller to put a marked reminder token down: "… *죽음* 알림을 놓으세요."
PLACING_SENTENCE = compiled(r"[^.!?]*?\*[^*\n.!?]+\*[^.!?]*?놓(?:으세요|습니다|아\s*두세요)[^.!?]*[.!?]")

JSON_TYPE_NAMES = {
    "string": "문자열",
    "number": "숫자",
    "integer": "정수",
    "boolean": "참/거짓(true/false)",
    "array": "목록([...])",
    "object": "키-값 묶음({...})",
    "null": "빈 값",
}


# --- ids and texts ---------------------------------------------------------------------------------------


def normalize_id(raw: str) -> str:
    """The publisher's id matching: lowercase with spaces and punctuation removed ('Fang Gu', 'fang_gu' → 'fanggu')."""
    text = unicodedata.normalize("NFKC", raw).lower()
    return re.sub(r"[^a-z0-9]", "", text)


def to_publisher_text(text: str | None, named_name: str | None = None, reminder_icons: bool = True) -> str:
    """Our text → the format's: '{named}' filled in, '*토큰*' kept (the format's own emphasis for reminder tokens),
    and ' :reminder:' after each sentence that puts a marked reminder token down."""
    if not text:
        return ""
    result = fill_named(text, named_name) if PLACEHOLDER.search(text) else text
    if reminder_icons and REMINDER_ICON not in result:
        result = PLACING_SENTENCE.sub(lambda m: m.group(0) + " " + REMINDER_ICON, result)
    return result


def from_publisher_text(text: str | None) -> str | None:
    """The format's text → ours: ':reminder:' icons dropped (we print no icon there); '*TOKEN*' is already our mark."""
    if text is None:
        return None
    result = unicodedata.normalize("NFC", REMINDER_ICON_IN_TEXT.sub("", text)).strip()
    return result or None
