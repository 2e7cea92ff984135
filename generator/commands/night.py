"""`botc-pnp night`: a script → output/<script-id>/night-order.pdf, the storyteller's night steps and setup page."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = """밤 순서표(night-order.pdf)를 만듭니다: 첫날 밤과 다른 밤의 진행 안내 전문, 인원별 설정표."""


def register(app: typer.Typer) -> None:
    register_document_command(app, "night", ["night_sheet"], HELP)
