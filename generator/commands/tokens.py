"""`botc-pnp tokens`: a script → output/<script-id>/tokens.pdf (character and reminder tokens), and PNGs with --png."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, ForceOpt, IconsOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, check_paper, friendly_errors,
)
from generator.options import RenderOptions

TOKEN_DEFAULTS = RenderOptions()

TokenSizeOpt = Annotated[float, typer.Option("--token-size", help="캐릭터 토큰 지름(mm). 44.45 mm는 1.75인치입니다.")]
ReminderSizeOpt = Annotated[float, typer.Option("--reminder-size", help="알림 토큰 지름(mm). 25.4 mm는 1인치입니다.")]
BleedOpt = Annotated[float, typer.Option("--bleed", help="도련(mm): 그림이 자르는 선 바깥으로 이만큼 더 나갑니다.")]
GapOpt = Annotated[float, typer.Option("--gap", help="토큰 사이 간격(mm, 도련 바깥끼리). 손 펀치를 쓰려면 3 mm 이상을 권합니다.")]
AbilityOpt = Annotated[bool, typer.Option("--ability-text", help="캐릭터 토큰 안에 능력 문장을 작게 넣습니다.")]
PngOpt = Annotated[
    Optional[Path],
    typer.Option("--png", help="토큰마다 PNG 파일(원 바깥 투명, 600 px)을 이 폴더에 씁니다: <id>.png, <id>-reminder-<n>.png.", show_default=False),
]


def _check_size(value: float, low: float, high: float, flag: str) -> float:
    if not low <= value <= high:
        raise typer.BadParameter(f"{value:g} mm는 쓸 수 없습니다. {low:g}–{high:g} mm 사이로 주세요.", param_hint=flag)
    return value


def token_render_options(paper, icons, token_size, reminder_size, bleed, gap, ability_text, png=None) -> RenderOptions:
    """The checked render options of the token flags; `build` takes the same flags."""
    return RenderOptions(
        paper=check_paper(paper),
        icons_dir=icons,
        token_size_mm=_check_size(token_size, 15, 120, "--token-size"),
        reminder_size_mm=_check_size(reminder_size, 10, 120, "--reminder-size"),
        bleed_mm=_check_size(bleed, 0, 5, "--bleed"),
        gap_mm=_check_size(gap, 0, 30, "--gap"),
        ability_text=ability_text,
        png_dir=png,
    )


def register(app: typer.Typer) -> None:
    @app.command("tokens")
    def tokens(
        script: ScriptArg = "in-space",
        token_size: TokenSizeOpt = TOKEN_DEFAULTS.token_size_mm,
        reminder_size: ReminderSizeOpt = TOKEN_DEFAULTS.reminder_size_mm,
        bleed: BleedOpt = TOKEN_DEFAULTS.bleed_mm,
        gap: GapOpt = TOKEN_DEFAULTS.gap_mm,
        ability_text: AbilityOpt = False,
        png: PngOpt = None,
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """캐릭터 토큰과 알림 토큰(tokens.pdf)을 만듭니다. 자르는 선은 지정한 지름과 정확히 같고, 쪽마다 50 mm 확인 막대가 있습니다."""
        from generator.commands.produce import produce

        options = token_render_options(paper, icons, token_size, reminder_size, bleed, gap, ability_text, png)
        console = Console(quiet)
        with friendly_errors(console, debug):
            more = (lambda game: write_pngs(game, options, console)) if png is not None else None
            produce(script, content, out, options, ["tokens"], console, force, more_files=more)


def write_pngs(game, options: RenderOptions, console: Console) -> list[Path]:
    """The PNG tokens of the game the PDF was just made from (loaded and checked once), replaced together."""
    from generator.documents.tokens import png_files
    from generator.write import prepare_folder, write_files

    console.info(f"만드는 중: 토큰 PNG → {options.png_dir}…")
    folder = prepare_folder(Path(options.png_dir))
    written = write_files(folder, png_files(game, options))
    console.info(f"저장함: PNG {len(written)}개 ({options.png_dir})")
    return written
