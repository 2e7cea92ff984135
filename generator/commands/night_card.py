"""`botc-pnp night-card`: a script → output/<script-id>/night-card.pdf, both night orders on one upright page."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = """한 장 밤 순서(night-card.pdf)를 만듭니다: 첫날 밤과 다른 밤을 한 쪽에 나란히, 단계마다 아이콘·이름·한 줄 안내. 마도서 옆에 두고 보세요."""


def register(app: typer.Typer) -> None:
    register_document_command(app, "night-card", ["night_card"], HELP)
