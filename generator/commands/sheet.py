"""`botc-pnp sheet`: a script → output/<script-id>/script.pdf, the player sheet and its night-order back
(with --copies N, that pair N times in duplex order for handing round the table)."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = (
    "캐릭터 시트(script.pdf)를 만듭니다: 앞면은 플레이어용 캐릭터 목록, 뒷면은 인원별 구성·밤 순서·징크스·여행자·설화. "
    "--copies로 플레이어 수만큼 만들 수 있습니다."
)


def register(app: typer.Typer) -> None:
    register_document_command(app, "sheet", ["script_sheet"], HELP)
