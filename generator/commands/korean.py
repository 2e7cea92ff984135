"""Typer's built-in English help and usage-error wording → Korean, through the command classes Typer lets us supply."""

from __future__ import annotations

import re

import typer
from typer.core import TyperCommand, TyperGroup

from generator.caches import remembered
from generator.josa import quoted, with_particle

# Typer's own fixed phrases in help pages, in the order they are replaced.
HELP_PHRASES = [
    ("Usage: ", "사용법: "),
    ("[OPTIONS]", "[옵션]"),
    ("COMMAND [ARGS]...", "명령 [인자]..."),
    ("Show this message and exit.", "이 도움말을 보여 주고 끝냅니다."),
    ("[required]", "[필수]"),
    ("\nArguments:\n", "\n인자:\n"),
    ("\nOptions:\n", "\n옵션:\n"),
    ("\nCommands:\n", "\n명령:\n"),
]


# Typer's usage-error messages (regular expression, flags, Korean) → Korean, naming the same thing and saying what
# is accepted.
ERROR_WORDING = [
    (
        r"No such option: (\S+)(?: Did you mean (.+)\?| \(Possible options: (.+)\))?",
        0,
        lambda m: (
            f"알 수 없는 옵션입니다: {m[1]}" + (f" 혹시 {m[2] or m[3]} 옵션을 찾으셨나요?" if m[2] or m[3] else "")
        ),
    ),
    (
        r"No such command '(.+?)'\.(?: Did you mean '(.+)'\?)?",
        0,
        lambda m: f"알 수 없는 명령입니다: '{m[1]}'" + (f" 혹시 '{m[2]}' 명령을 찾으셨나요?" if m[2] else ""),
    ),
    (r"Missing argument '(.+)'\.", 0, lambda m: f"필요한 인자 {with_particle(m[1], '이')} 없습니다."),
    (r"Missing option '(.+)'\.", 0, lambda m: f"필요한 옵션 {with_particle(m[1], '이')} 없습니다."),
    (r"Option '(.+)' requires an argument\.", 0, lambda m: f"옵션 {m[1]}에는 값이 필요합니다."),
    (
        r"Got unexpected extra argument(?:\(s\)|s)? \((.+)\)",
        0,
        lambda m: f"필요 없는 인자가 더 있습니다: {m[1]}",
    ),
    (
        r"Invalid value for (.+?): '(.+)' is not a valid float\.?",
        0,
        lambda m: f"{m[1]} 값 {quoted(m[2], '은')} 숫자가 아닙니다. 예: 44.45",
    ),
    (
        r"Invalid value for (.+?): '(.+)' is not a valid integer\.?",
        0,
        lambda m: f"{m[1]} 값 {quoted(m[2], '은')} 정수가 아닙니다.",
    ),
    (
        r"Invalid value for (.+?): .*valid (?:number|float).*",
        re.S,
        lambda m: f"{m[1]} 값은 숫자여야 합니다. 예: 44.45",
    ),
    (r"Invalid value for (.+?): .*valid integer.*", re.S, lambda m: f"{m[1]} 값은 정수여야 합니다."),
    (r"Invalid value for (.+?): (.+)", re.S, lambda m: f"{m[1]} 값이 올바르지 않습니다: {m[2]}"),
    (r"Missing command\.", 0, lambda m: "명령이 필요합니다."),
]


@remembered(maxsize=1)
def error_patterns() -> list:
    """ERROR_WORDING compiled when a usage error is first translated: a command that runs as asked never needs it."""
    return [(re.compile(pattern, flags), render) for pattern, flags, render in ERROR_WORDING]


DEFAULT_MARK = re.compile(r"\[default:(\s+)")  # may wrap onto the next line in narrow terminals


def korean_help(text: str) -> str:
    for english, korean in HELP_PHRASES:
        text = text.replace(english, korean)
    return DEFAULT_MARK.sub(lambda m: "[기본값:" + m[1], text)


def korean_error(message: str) -> str:
    for pattern, render in error_patterns():
        match = pattern.fullmatch(message.strip())
        if match:
            return render(match)
    return message


def _usage_error_class():
    from typer._click.exceptions import UsageError

    return UsageError


class KoreanUsageError(_usage_error_class()):
    """A usage error printed in Korean: what went wrong, then where to find the help."""

    def show(self, file=None) -> None:
        hint = f"\n도움말: {self.ctx.command_path} --help" if self.ctx is not None else ""
        typer.echo(f"[오류] {self.format_message()}{hint}", err=True)


def _translated(error, ctx=None) -> KoreanUsageError:
    return KoreanUsageError(korean_error(error.format_message()), ctx=error.ctx or ctx)


class _KoreanMixin:
    def get_help(self, ctx) -> str:
        return korean_help(super().get_help(ctx))

    def get_usage(self, ctx) -> str:
        return korean_help(super().get_usage(ctx))

    def make_context(self, info_name, args, parent=None, **extra):
        from typer._click.exceptions import NoArgsIsHelpError, UsageError

        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except NoArgsIsHelpError:
            raise
        except UsageError as error:
            raise _translated(error) from None

    def invoke(self, ctx):
        from typer._click.exceptions import UsageError

        try:
            return super().invoke(ctx)
        except KoreanUsageError:
            raise
        except UsageError as error:
            raise _translated(error, ctx) from None


class KoreanCommand(_KoreanMixin, TyperCommand):
    pass


class KoreanGroup(_KoreanMixin, TyperGroup):
    def resolve_command(self, ctx, args):
        from typer._click.exceptions import UsageError

        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            raise _translated(error, ctx) from None


def use_korean_commands(app: typer.Typer) -> None:
    """Every command registered so far gets the Korean command class unless it chose its own."""
    for info in app.registered_commands:
        if info.cls is None or not issubclass(info.cls, KoreanCommand):
            info.cls = KoreanCommand
