"""`botc-pnp tokens`: a script → output/<script-id>/tokens.pdf (character and reminder tokens), and PNGs with --png."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, EnglishOpt, ForceOpt, IconsOpt, NamesOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, friendly_errors, usage_errors,
)
from generator.options import RenderOptions

TOKEN_DEFAULTS = RenderOptions()

TokenSizeOpt = Annotated[float, typer.Option("--token-size", help="캐릭터 토큰 지름(mm). 44.45 mm는 1.75인치입니다.")]
ReminderSizeOpt = Annotated[float, typer.Option("--reminder-size", help="알림 토큰 지름(mm). 25.4 mm는 1인치입니다.")]
BleedOpt = Annotated[float, typer.Option("--bleed", help="도련(mm): 그림이 자르는 선 바깥으로 이만큼 더 나갑니다.")]
GapOpt = Annotated[float, typer.Option("--gap", help="토큰 사이 간격(mm, 도련 바깥끼리). 손 펀치를 쓰려면 3 mm 이상을 권합니다.")]
AbilityOpt = Annotated[bool, typer.Option("--ability-text", help="캐릭터 토큰 안에 능력 문장을 작게 넣습니다.")]
OnlyOpt = Annotated[
    Optional[str],
    typer.Option("--only", metavar="ID,ID…", help="이 캐릭터의 토큰과 알림 토큰만 만듭니다(잃어버린 토큰 다시 찍기). 쉼표로 여럿: imp,spy. 캐릭터 이름도 됩니다. shroud(수의)·vote(투표)도 고를 수 있습니다.", show_default=False),
]
CopiesOpt = Annotated[
    Optional[list[str]],
    typer.Option("--copies", metavar="ID=N", help="캐릭터 토큰 수를 정합니다(여분 목록 spares.yaml보다 우선). 형식 ID=N, 여러 번 쓸 수 있습니다: --copies imp=3", show_default=False),
]
NoRemindersOpt = Annotated[bool, typer.Option("--no-reminders", help="알림 토큰을 만들지 않습니다.")]
NoExtrasOpt = Annotated[bool, typer.Option("--no-extras", help="수의·투표 토큰과 여분 캐릭터 토큰을 만들지 않습니다.")]
PlayersOpt = Annotated[
    Optional[int],
    typer.Option("--players", metavar="N", help="플레이어 수: 수의 토큰과 투표 토큰을 각각 이만큼 만들고, 마도서 기록지(grimoire.pdf)의 자리도 이만큼입니다. 기본값: 스크립트의 최대 인원(15명, 스크립트가 players: 5-6처럼 인원을 적었으면 그 최대).", show_default=False),
]
LightShroudsOpt = Annotated[bool, typer.Option(
    "--light-shrouds", help="수의 토큰을 검은 원 대신 종이 바탕에 굵은 검은 테두리와 그림으로 찍습니다(잉크와 토너가 적게 들고 종이가 젖지 않습니다).")]
PngOpt = Annotated[
    Optional[Path],
    typer.Option("--png", help="토큰마다 PNG 파일(원 바깥 투명, 600 px)을 이 폴더에 씁니다: <id>.png, <id>-reminder-<n>.png.", show_default=False),
]


def token_render_options(*args, **kwargs) -> RenderOptions:
    """generator.options.token_render_options, its refusals as usage errors of the flag they name."""
    from generator import options

    with usage_errors():
        return options.token_render_options(*args, **kwargs)


def register(app: typer.Typer) -> None:
    @app.command("tokens")
    def tokens(
        script: ScriptArg = "in-space",
        token_size: TokenSizeOpt = TOKEN_DEFAULTS.token_size_mm,
        reminder_size: ReminderSizeOpt = TOKEN_DEFAULTS.reminder_size_mm,
        bleed: BleedOpt = TOKEN_DEFAULTS.bleed_mm,
        gap: GapOpt = TOKEN_DEFAULTS.gap_mm,
        ability_text: AbilityOpt = False,
        only: OnlyOpt = None,
        copies: CopiesOpt = None,
        no_reminders: NoRemindersOpt = False,
        no_extras: NoExtrasOpt = False,
        players: PlayersOpt = None,
        light_shrouds: LightShroudsOpt = False,
        english: EnglishOpt = False,
        names: NamesOpt = "ours",
        png: PngOpt = None,
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """캐릭터 토큰, 알림 토큰, 플레이어마다 수의·투표 토큰(tokens.pdf)을 만듭니다. 자르는 선은 지정한 지름과 정확히 같고, 쪽마다 설명과 50 mm 확인 막대가 있습니다."""
        from generator.commands.produce import produce

        options = token_render_options(paper, icons, token_size, reminder_size, bleed, gap, ability_text, png,
                                       only, copies, no_reminders, no_extras, players, english=english,
                                       light_shrouds=light_shrouds, names=names)
        console = Console(quiet)
        with friendly_errors(console, debug):
            more = (lambda game: write_pngs(game, options, console)) if png is not None else None
            produce(script, content, out, options, ["tokens"], console, force, more_files=more)


def write_pngs(game, options: RenderOptions, console: Console) -> list[Path]:
    """The PNG tokens of the game the PDF was just made from (loaded and checked once), replaced together."""
    from generator.documents.tokens import png_files
    from generator.write.files import prepare_folder, write_files

    console.info(f"만드는 중: 토큰 PNG → {options.png_dir}…")
    folder = prepare_folder(Path(options.png_dir))
    written = write_files(folder, png_files(game, options))
    console.info(f"저장함: PNG {len(written)}개 ({options.png_dir})")
    return written
