"""`botc-pnp sheet`: a script → output/<script-id>/script.pdf, the player sheet and its night-order back."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = """캐릭터 시트(script.pdf)를 만듭니다: 앞면은 플레이어용 캐릭터 목록, 뒷면은 밤 순서·징크스·여행자·설화."""


def register(app: typer.Typer) -> None:
    register_document_command(app, "sheet", "script_sheet", HELP)
