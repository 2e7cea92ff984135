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


def test_readme_examples_run_in_the_order_written():
    """`new FOLDER` refuses a folder that exists: no example before it may make or write that folder (issue 52: the
    README's `tokens --png 폴더` made the folder its `new 폴더` then refused). Forms with placeholders are skipped."""
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    made: dict[str, str] = {}
    for command in re.findall(r"\.venv/bin/botc-pnp ([^`\n|]*)", text):
        if re.search(r"[\[<…]|\.\.\.", command):
            continue
        for kind, target in re.findall(r"(\bnew|--png|--out|-o)\s+([^\s`)]+)", command):
            folder = target.split("/")[0] if kind == "-o" else target
            if kind == "new":
                assert folder not in made, f"`new {folder}` after `{made[folder]}`, which made it"
            made.setdefault(folder, command.strip())
    assert made  # the README has such examples
