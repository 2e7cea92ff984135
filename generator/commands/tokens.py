"""`botc-pnp tokens`: a script → output/<script-id>/tokens.pdf (character and reminder tokens), and PNGs with --png."""

from __future__ import annotations

from pathlib import Path

import typer

from generator.commands.common import Console
from generator.commands.document_command import register_document_command
from generator.options import RenderOptions

HELP = (
    "캐릭터 토큰, 알림 토큰, 플레이어마다 수의·투표 토큰(tokens.pdf)을 만듭니다. 자르는 선은 지정한 지름과 정확히 같고, "
    "쪽마다 설명과 50 mm 확인 막대가 있습니다."
)


def register(app: typer.Typer) -> None:
    register_document_command(app, "tokens", ["tokens"], HELP, more_files=write_pngs)


def write_pngs(game, options: RenderOptions, console: Console) -> list[Path]:
    """The PNG tokens of the game the PDF was just made from (loaded and checked once), replaced together; nothing
    without --png."""
    from generator.pipeline.output import write_token_pngs

    if options.png_dir is None:
        return []
    console.info(f"만드는 중: 토큰 PNG → {options.png_dir}…")
    written = write_token_pngs(game, options)
    console.info(f"저장함: PNG {len(written)}개 ({options.png_dir})")
    return written
