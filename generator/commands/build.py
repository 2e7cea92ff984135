"""`botc-pnp build`: a script → every document of the kit, after validation."""

from __future__ import annotations

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, CreepOpt, DebugOpt, EnglishOpt, ForceOpt, IconsOpt, NamesOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg,
    StyleOpt, friendly_errors,
)
from generator.commands.tokens import (
    TOKEN_DEFAULTS, AbilityOpt, BleedOpt, CopiesOpt, GapOpt, LightShroudsOpt, NoExtrasOpt, NoRemindersOpt, OnlyOpt, PlayersOpt,
    ReminderSizeOpt,
    TokenSizeOpt, token_render_options,
)


def register(app: typer.Typer) -> None:
    @app.command("build")
    def build(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
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
        english: EnglishOpt = False,
        light_shrouds: LightShroudsOpt = False,
        names: NamesOpt = "ours",
        style: StyleOpt = "clean",
        creep: CreepOpt = 0.0,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """검사를 먼저 한 뒤 키트의 모든 문서를 만듭니다: 캐릭터 시트, 밤 순서표, 한 장 밤 순서, 토큰, 정보 카드, 해설서(읽기용과 소책자용). 토큰 옵션은 tokens 명령과 같습니다."""
        from generator.commands.produce import produce
        from generator.documents import DOCUMENTS

        console = Console(quiet)
        with friendly_errors(console, debug):
            options = token_render_options(paper, icons, token_size, reminder_size, bleed, gap, ability_text, None,
                                           only, copies, no_reminders, no_extras, players, english, light_shrouds,
                                           style, creep, names)
            produce(script, content, out, options, [name for name, _ in DOCUMENTS], console, force)
