"""The command line speaks Korean: help pages, defaults, and usage errors (exit 2, no English boilerplate)."""

import pytest
from typer.testing import CliRunner

from generator.cli import COMMAND_MODULES, app

runner = CliRunner()
COMMANDS = [name.replace("_", "-") for name in COMMAND_MODULES]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_page_is_korean_and_shows_defaults(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    for english in ("Usage:", "Options:", "Show this message", "[default:"):
        assert english not in result.output
    assert "사용법:" in result.output and "이 도움말을 보여 주고 끝냅니다." in result.output


def test_build_help_shows_its_default_paper():
    result = runner.invoke(app, ["build", "--help"])
    assert "[기본값: a4]" in result.output


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["buld"], "알 수 없는 명령입니다: 'buld' 혹시 'build' 명령을"),
        (["validate", "--nope"], "알 수 없는 옵션입니다: --nope"),
        (["tokens", "--token-size", "abc"], "'--token-size' 값 'abc'는 숫자가 아닙니다"),
        (["build", "--paper", "a3"], "a4 또는 letter 중 하나를 고르세요"),
        (["validate", "in-space", "extra"], "필요 없는 인자가 더 있습니다: extra"),
    ],
)
def test_usage_errors_are_korean_with_exit_code_2(args, fragment):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Error:" not in result.output and "Traceback" not in result.output
