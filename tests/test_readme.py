"""README's first section holds the two commands CI and users run; CI must run exactly the test one."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def command_after(marker: str) -> str:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return lines[lines.index(marker) + 1].strip()


def test_readme_has_build_and_test_commands():
    assert command_after("<!-- build-command -->").endswith("botc-pnp build")
    assert "pytest" in command_after("<!-- test-command -->")


def test_ci_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in script and 'bash -c "$command"' in script
