"""`botc-pnp build`: a script → every document of the kit, after validation."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = (
    "검사를 먼저 한 뒤 키트의 모든 문서를 만듭니다: 캐릭터 시트, 밤 순서표, 한 장 밤 순서, 토큰, 정보 카드, 해설서(읽기용과 "
    "소책자용), 마도서 기록지. 토큰 옵션은 tokens 명령과 같습니다."
)


def every_document() -> list[str]:
    from generator.pipeline.rendering import document_names

    return document_names()


def register(app: typer.Typer) -> None:
    register_document_command(app, "build", every_document, HELP)
