"""Compiled patterns kept in the user's cache: a pattern made from the kept form is the pattern re.compile makes (same
text, flags, code and groups), text and bytes stay apart, a kept form the engine refuses is compiled anew, and a warm
`validate` compiles none of botc-pnp's patterns."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.keep import parsecache, patterns, usercache

REPO = Path(__file__).resolve().parents[2]

SAMPLES = [
    (r"(?<![가-힣A-Za-z])(?:뱀\ 조련사|뱀조련사|세탁부)", 0),
    (r"(?P<team>외지인|하수인|악마)\s*(?P<signed>[+\-−]\s*\d+)\s*명|(?P<other>[+\-−]\s*\d+)", 0),
    (r"^\s*(\d{1,2})\s*(?:[-–—~]\s*(\d{1,2}))?\s*(?:명)?\s*$", 0),
    (r"https?://[^\s/$.?#][^\s]*", re.IGNORECASE),
    (r"a.b  # a comment", re.VERBOSE | re.DOTALL),
    (r"[가-힣]+", re.ASCII),
    (rb"\d+\s+\d+\s+R\b", 0),
    (rb"url\(\s*['\"]?\s*(?!#)", re.IGNORECASE),
]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    patterns.PATTERNS.forget()
    yield tmp_path / "cache"
    patterns.PATTERNS.forget()


def read_again() -> None:
    """This process forgets what it read or made: the next look-up reads the cache file."""
    parsecache.save()
    patterns.PATTERNS.forget()


def same_pattern(made: re.Pattern, expected: re.Pattern) -> None:
    assert made == expected  # a Pattern compares its text, flags and code
    assert (made.groups, made.groupindex, made.flags) == (expected.groups, expected.groupindex, expected.flags)


@pytest.mark.parametrize(("text", "flags"), SAMPLES)
def test_a_kept_pattern_is_the_pattern_re_compiles(cache, text, flags):
    same_pattern(patterns.compiled(text, flags), re.compile(text, flags))
    read_again()
    assert patterns.PATTERNS.lookup(patterns.key_of(text, int(flags))) is not None
    kept = patterns.compiled(text, flags)
    same_pattern(kept, re.compile(text, flags))
    sample = "외지인 +1명 세탁부 7 https://example.org a\nb 12 0 R" if isinstance(text, str) else b"12 0 R url(x)"
    assert [m.span() for m in kept.finditer(sample)] == [m.span() for m in re.finditer(text, sample, flags)]


def test_text_and_bytes_of_the_same_letters_stay_apart(cache, monkeypatch):
    """Each is kept under its own key and read back without compiling: one key for both would hand the bytes pattern
    the text pattern's form (Unicode flag and classes), which the engine takes without a word."""
    patterns.compiled(r"\d+")
    patterns.compiled(rb"\d+")
    read_again()

    def compiled_again(text, flags):
        raise AssertionError(f"{text!r} was compiled again")

    monkeypatch.setattr(patterns, "_compile", compiled_again)
    same_pattern(patterns.compiled(r"\d+"), re.compile(r"\d+"))  # a text pattern: Unicode digits
    same_pattern(patterns.compiled(rb"\d+"), re.compile(rb"\d+"))  # a bytes pattern: ASCII digits


@pytest.mark.parametrize(
    "bad",
    [
        lambda form: (form[0], [0] * len(form[1]), *form[2:]),  # code words the engine does not know
        lambda form: (form[0], form[1][: len(form[1]) // 2], *form[2:]),  # code cut in half
        lambda form: (form[0], form[1], 99, *form[3:]),  # more groups than the code has
        lambda form: (form[0], form[1] + [2**40], *form[2:]),  # a word wider than the engine's
    ],
    ids=["zeroed", "cut", "groups", "too-wide"],
)
def test_a_kept_form_the_engine_refuses_is_compiled_anew(cache, bad):
    """Even signed with the user's secret (as the store writes it), a form the engine's own check refuses is not
    used."""
    text = r"(?P<team>외지인|하수인)\s*(\d+)명"
    good = patterns._compile(text, 0)
    patterns.PATTERNS.remember(patterns.key_of(text, 0), bad(good))
    read_again()
    same_pattern(patterns.compiled(text), re.compile(text))


def test_with_the_cache_off_patterns_are_compiled(tmp_path, monkeypatch):
    monkeypatch.setenv(usercache.ENV, "")
    patterns.PATTERNS.forget()
    same_pattern(patterns.compiled(SAMPLES[0][0]), re.compile(SAMPLES[0][0]))
    assert not patterns.PATTERNS.added


def test_a_very_long_pattern_is_compiled_as_re_does(cache, monkeypatch):
    """Its code would be over the store's entry limit: it is not worked out a second time to be refused there."""

    def copied_for_the_store(text, flags):
        raise AssertionError("a long pattern was compiled for the store")

    monkeypatch.setattr(patterns, "_compile", copied_for_the_store)
    names = "|".join(f"이름{number}" for number in range(3000))
    same_pattern(patterns.compiled(names), re.compile(names))
    assert not patterns.PATTERNS.added


def test_every_pattern_of_the_checks_and_documents_is_the_one_re_compiles():
    """The patterns the modules hold, however they were made (kept or compiled) in this process."""
    import generator.check.almanac_facts
    import generator.documents.almanac.entry
    import generator.load.wording
    import generator.pdf.objects  # noqa: F401 - bytes patterns

    held = [
        value
        for name, module in sorted(sys.modules.items())
        if name.startswith("generator.")
        for value in vars(module).values()
        if isinstance(value, re.Pattern)
    ]
    assert len(held) > 40
    for pattern in held:
        same_pattern(pattern, re.compile(pattern.pattern, pattern.flags))


def test_a_warm_validate_compiles_none_of_its_patterns(tmp_path):
    probe = (
        "import json\n"
        "from generator.keep import patterns\n"
        "made = []\n"
        "compile_now = patterns._compile\n"
        "patterns._compile = lambda text, flags: made.append(text) or compile_now(text, flags)\n"
        "from typer.testing import CliRunner\n"
        "from generator.cli import app, finish\n"
        "result = CliRunner().invoke(app, ['validate', 'trouble-brewing'])\n"
        "finish()\n"
        "print(json.dumps([result.exit_code, len(made), result.stdout]))\n"
    )
    env = {"PATH": "", usercache.ENV: str(tmp_path / "cache"), "PYTHONIOENCODING": "utf-8"}
    runs = []
    for _run in ("cold", "warm"):
        done = subprocess.run(
            [sys.executable, "-c", probe],
            cwd=REPO,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    (cold_code, cold_made, cold_out), (warm_code, warm_made, warm_out) = runs
    assert cold_code == warm_code == 0
    assert cold_made > 60  # the checks' patterns, compiled once
    assert warm_made == 0
    assert warm_out == cold_out
