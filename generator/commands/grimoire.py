"""`botc-pnp grimoire`: a script → output/<script-id>/grimoire.pdf, a paper grimoire for one game night (seats for
the players, demon bluffs, the bag for that count, this script's nights with a blank per step, a day tracker)."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = (
    "마도서 기록지(grimoire.pdf)를 만듭니다: 플레이어 자리(이름·캐릭터·알림), 악마 블러프, 이 인원의 가방 구성, 이 스크립트의 "
    "밤 순서와 깨울 자리를 적는 빈칸, 낮 기록. 게임 날 이야기꾼이 종이 마도서로 씁니다."
)


def register(app: typer.Typer) -> None:
    register_document_command(app, "grimoire", ["grimoire"], HELP)
