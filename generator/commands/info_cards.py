"""`botc-pnp info-cards`: a script → output/<script-id>/info-cards.pdf, the storyteller's cards shown at night."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = """정보 카드(info-cards.pdf)를 만듭니다: 밤에 플레이어에게 보여 주는 카드('이 플레이어가 악마입니다' 등), A4 한 장에 네 장씩.

카드 문장은 내용 폴더의 info_cards.yaml에 있고, 스크립트의 밤 안내문이 쓰는 카드도 모두 들어갑니다. 100 % 크기로 인쇄해 가는 표시선을 따라 자르세요. 카드마다 언제 보여 주는지는 카드에 인쇄하지 않고 마지막 쪽(정보 카드 안내, 자르지 않음)에 모읍니다."""


def register(app: typer.Typer) -> None:
    register_document_command(app, "info-cards", ["info_cards"], HELP)
