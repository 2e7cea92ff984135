"""`botc-pnp almanac`: a script → the almanac (해설서) as a reading-order PDF and an imposed saddle-stitch booklet."""

from __future__ import annotations

import typer

from generator.commands.document_command import register_document_command

HELP = """해설서를 만듭니다: almanac.pdf(A5 쪽, 읽는 순서)와 almanac-booklet.pdf(A4 가로에 두 쪽씩, 중철 제본용).

소책자는 양면 인쇄에서 '짧은 쪽으로 넘기기'를 고르고 100 % 크기로 인쇄한 뒤, 반으로 접어 가운데를 스테이플로 박으세요.
--paper letter이면 Letter 용지에 Letter 절반 크기 쪽으로 만듭니다. 12장(48쪽)이 넘는 소책자는 --creep으로 안쪽 장의 밀림을
보정할 수 있습니다."""


def register(app: typer.Typer) -> None:
    register_document_command(app, "almanac", ["almanac"], HELP)
