"""One module per output document: a Game and RenderOptions → named PDF files (bytes), written by the write stage."""

from __future__ import annotations

import importlib

# (module under generator.documents, what it makes, in Korean for progress messages) in build order
DOCUMENTS: list[tuple[str, str]] = [
    ("script_sheet", "캐릭터 시트"),
    ("night_sheet", "밤 순서표"),
    ("night_card", "한 장 밤 순서"),
    ("tokens", "토큰"),
    ("info_cards", "정보 카드"),
    ("almanac", "해설서"),
    ("grimoire", "마도서 기록지"),
    ("town_square", "마을 광장"),
]


def document_builder(module_name: str):
    return importlib.import_module(f"generator.documents.{module_name}").build
