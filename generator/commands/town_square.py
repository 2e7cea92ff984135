"""`botc-pnp town-square`: a script → output/<script-id>/town-square.pdf, the Town Square laid in the middle of the
players' circle (a place per seat for the life token and the vote token, the title, the player-count table and the
setup changes) and a life token per place to cut out (the name on the alive side, the shroud on the back)."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = (
    "마을 광장(town-square.pdf)을 만듭니다: 둘러앉은 가운데에 까는 판(자리마다 생명 토큰과 투표 토큰 자리, 여행자 자리, "
    "스크립트 제목과 로고, 인원별 구성, 설정을 바꾸는 캐릭터)과 이름을 적는 생명 토큰(뒷면은 수의). 판은 A4·Letter 두 장을 "
    "이어 붙이거나 --a3로 A3 한 장에 찍습니다."
)


def register(app: typer.Typer) -> None:
    register_document_command(app, "town-square", ["town_square"], HELP)
