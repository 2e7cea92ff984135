"""YAML parses and compiled templates kept in the user's cache: the same data as a fresh parse, a damaged file
ignored, nothing kept that marshal cannot hold, and a warm `validate` that never imports PyYAML."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.findings import Report
from generator.keep import parsecache, usercache
from generator.read.yamlio import load_yaml

pytestmark = pytest.mark.slow  # builds in fresh processes

REPO = Path(__file__).resolve().parents[2]
CHARACTER = REPO / "content" / "characters" / "washerwoman.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(usercache.ENV, str(folder))
    parsecache.YAML.forget()
    from generator.read import yamlio

    monkeypatch.setattr(yamlio, "_PARSED", {})  # this process's own memory of parses would answer first
    return folder


def located(path: Path):
    report = Report()
    result = load_yaml(path, report)
    return result, report


def forget_this_process(monkeypatch):
    from generator.read import yamlio

    parsecache.YAML.stored = None
    monkeypatch.setattr(yamlio, "_PARSED", {})


def test_a_kept_parse_is_the_fresh_parse(cache, monkeypatch):
    fresh, _ = located(CHARACTER)
    parsecache.save()
    assert list((cache / "yaml").glob("*.bin"))
    forget_this_process(monkeypatch)
    kept, report = located(CHARACTER)
    assert (kept.data, kept.lines) == (fresh.data, fresh.lines)
    assert report.findings == []
    kept.data["name"] = "바뀜"  # each caller gets its own objects
    again, _ = located(CHARACTER)
    assert again.data["name"] == fresh.data["name"]


def test_duplicate_keys_are_still_reported_from_a_kept_parse(cache, monkeypatch, tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text("id: dup\nname: 하나\nname: 둘\n", encoding="utf-8")
    _, first = located(path)
    parsecache.save()
    forget_this_process(monkeypatch)
    _, second = located(path)
    assert [f.code for f in first.findings] == [f.code for f in second.findings] == ["yaml-duplicate-key"]
    assert second.findings[0].where.endswith("dup.yaml:3")


@pytest.mark.parametrize("damage", ["truncate", "flip", "foreign"])
def test_a_damaged_cache_file_is_ignored(cache, monkeypatch, damage):
    fresh, _ = located(CHARACTER)
    parsecache.save()
    (kept_file,) = (cache / "yaml").glob("*.bin")
    data = kept_file.read_bytes()
    if damage == "truncate":
        kept_file.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        kept_file.write_bytes(data[:-10] + bytes(b ^ 0xFF for b in data[-10:]))
    else:
        kept_file.write_bytes(b"not a cache file at all")
    forget_this_process(monkeypatch)
    again, report = located(CHARACTER)
    assert again.data == fresh.data and report.findings == []


def test_a_date_is_parsed_every_time_and_not_kept(cache, tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text("id: dated\nreleased: 2024-01-02\n", encoding="utf-8")
    result, _ = located(path)
    assert str(result.data["released"]) == "2024-01-02"
    assert parsecache.YAML.added == {}


def test_with_the_cache_off_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv(usercache.ENV, "")
    parsecache.YAML.forget()
    result, _ = located(CHARACTER)
    parsecache.save()
    assert result.data["id"] == "washerwoman"
    assert parsecache.YAML.added == {}


def run_probe(code: str, folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, usercache.ENV: str(folder), "BOTC_PNP_SINGLE_PROCESS": "1"}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, env=env, capture_output=True, text=True)


PROBE = (
    "import sys, runpy, atexit\n"
    "loaded = lambda: print('LOADED', sorted(m for m in ('yaml', 'jinja2', 'reportlab', 'tossi', 'PIL') if m in sys.modules), flush=True)\n"
    "atexit.register(loaded)\n"
    "import os; leave = os._exit; os._exit = lambda code: (loaded(), leave(code))  # a command leaves by os._exit\n"
    "sys.argv = ['botc-pnp', *sys.argv[1:]]\n"
    "runpy.run_module('generator', run_name='__main__')\n"
)


def test_a_warm_validate_imports_no_yaml_template_pdf_or_particle_library_and_says_the_same(tmp_path):
    folder = tmp_path / "cache"
    cold = run_probe(PROBE, folder, "validate", "in-space")
    warm = run_probe(PROBE, folder, "validate", "in-space")
    assert "LOADED ['yaml']" in cold.stdout, cold.stdout + cold.stderr
    assert "LOADED []" in warm.stdout, warm.stdout + warm.stderr
    assert cold.returncode == warm.returncode == 0
    assert cold.stdout.replace("LOADED ['yaml']", "") == warm.stdout.replace("LOADED []", "")


def test_a_changed_file_is_parsed_again(tmp_path):
    """A content folder edited between runs: the new text is read, the old parse is not used."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    folder = tmp_path / "cache"
    first = run_probe(PROBE, folder, "characters", "washerwoman", "--content", str(content))
    path = content / "characters" / "washerwoman.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: 세탁부", "name: 빨래꾼"), encoding="utf-8")
    second = run_probe(PROBE, folder, "characters", "washerwoman", "--content", str(content))
    assert "세탁부" in first.stdout and "빨래꾼" in second.stdout, first.stdout + second.stdout


def test_compiled_templates_are_never_kept_and_render_the_same(tmp_path):
    """Compiled templates are code: they stay in the process, so no cache file can hold code that jinja2 runs."""
    code = (
        "from generator.typeset.markup import render\n"
        "print(render('sheet_name.j2', name='임프', color='#8b0000', note=None))\n"
    )
    folder = tmp_path / "cache"
    cold = run_probe(code, folder)
    assert not (folder / "jinja").exists()
    warm = run_probe(code, folder)
    off = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env={**os.environ, usercache.ENV: ""}, capture_output=True, text=True
    )
    assert cold.returncode == warm.returncode == off.returncode == 0, cold.stderr + warm.stderr + off.stderr
    assert cold.stdout == warm.stdout == off.stdout
    assert "임프" in cold.stdout


def test_rendered_markup_is_kept_so_a_warm_run_loads_no_jinja2_and_prints_the_same(tmp_path):
    """What a template made of the same data is read back: a second process renders the same texts without loading
    jinja2; the cache off, it renders them itself, the same. A str and a Markup of one text stay apart."""
    code = (
        "import sys\n"
        "from markupsafe import Markup\n"
        "from generator.typeset.markup import render\n"
        "from generator.keep import parsecache\n"
        "print(render('sheet_name.j2', name='임프 & <악마>', color='#8b0000', note=None))\n"
        "print(render('almanac_text.j2', text='두 명 *중독*', color='#7a3f98'))\n"
        "print(render('almanac_fact_markup.j2', label='설정', markup=Markup('<b>굵게</b>')))\n"
        "print(render('almanac_fact_markup.j2', label='설정', markup='<b>굵게</b>'))\n"
        "print(render('almanac_icon_listing.j2', code_font='NanumGothic', icons=[('임프', 'imp')]))\n"
        "parsecache.save()\n"
        "print('JINJA', 'jinja2' in sys.modules)\n"
    )
    folder = tmp_path / "cache"
    cold = run_probe(code, folder)
    warm = run_probe(code, folder)
    off = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env={**os.environ, usercache.ENV: ""}, capture_output=True, text=True
    )
    assert cold.returncode == warm.returncode == off.returncode == 0, cold.stderr + warm.stderr + off.stderr
    assert cold.stdout.endswith("JINJA True\n") and off.stdout.endswith("JINJA True\n")
    assert warm.stdout.endswith("JINJA False\n"), warm.stdout
    texts = cold.stdout.splitlines()[:-1]
    assert texts == warm.stdout.splitlines()[:-1] == off.stdout.splitlines()[:-1]
    assert "&amp;" in texts[0] and "&lt;악마&gt;" in texts[0]
    assert "<b>굵게</b>" in texts[2] and "&lt;b&gt;" in texts[3]  # the Markup is markup, the str is escaped
    assert list((folder / "markup").glob("*.bin"))


def test_a_kept_render_of_another_template_text_is_not_used(cache, tmp_path, monkeypatch):
    """The templates are in the markup file's key: an edited template renders anew, never the kept text."""
    import shutil

    from generator.typeset import markup

    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    monkeypatch.setattr(markup, "TEMPLATES_DIR", templates)
    markup.KEPT_MARKUP.forget()
    markup.KEPT_MARKUP.version.cache_clear()
    markup.environment.cache_clear()
    before = markup.render("almanac_step_number.j2", number=3, color="#555555")
    markup.KEPT_MARKUP.save()
    step = templates / "markup" / "almanac_step_number.j2"
    step.write_text(step.read_text(encoding="utf-8").replace("{{ number }}", "{{ number }}번"), encoding="utf-8")
    os.utime(step, ns=(step.stat().st_mtime_ns + 10**9,) * 2)
    markup.KEPT_MARKUP.forget()
    markup.KEPT_MARKUP.version.cache_clear()
    markup.environment.cache_clear()
    after = markup.render("almanac_step_number.j2", number=3, color="#555555")
    markup.KEPT_MARKUP.forget()
    markup.KEPT_MARKUP.version.cache_clear()
    markup.environment.cache_clear()
    assert "3" in before and "번" not in before and "3번" in after


def test_kept_markup_with_a_tag_the_templates_never_make_is_rendered_again(cache):
    """Even signed with the user's secret, a kept text holding a tag no template makes (an <img> would have reportlab
    read a file) is not used: the text is rendered again."""
    from generator.typeset import markup

    markup.KEPT_MARKUP.forget()
    data = {"text": "임프 *중독*", "color": "#7a3f98"}
    key = markup._data_key("almanac_reminder_text.j2", data)
    markup.KEPT_MARKUP.remember(key, '<img src="/etc/passwd" width="9" height="9"/>임프')
    markup.KEPT_MARKUP.save()
    markup.KEPT_MARKUP.forget()
    text = markup.render("almanac_reminder_text.j2", **data)
    markup.KEPT_MARKUP.forget()
    assert "<img" not in text and "임프" in text and "<font" in text


# -- paragraph markup -------------------------------------------------------------------------------------------


def paragraph_frags(markup: str):
    from generator.typeset.fonts import register_fonts
    from generator.typeset.paragraph import PARSED, hangul_paragraph
    from generator.typeset.styles import style

    register_fonts()
    PARSED.clear()
    return hangul_paragraph(markup, style("serif", 9, 11)).frags


def frag_state(frags) -> list[dict]:
    return [{name: (repr(value) if name == "textColor" else value) for name, value in vars(f).items()} for f in frags]


MARKUP = '<font name="NanumGothic-Bold" color="#8b0000">임프</font><br/>밤마다 Conceição <u>밑줄</u> &amp; 끝'


def test_kept_markup_rebuilds_the_same_frags(cache):
    from generator.typeset.paragraph import KEPT

    KEPT.forget()
    fresh = paragraph_frags(MARKUP)
    assert KEPT.added, "the parse was not kept"
    KEPT.save()
    KEPT.forget()
    kept = paragraph_frags(MARKUP)
    assert not KEPT.added  # found, not parsed again
    assert frag_state(kept) == frag_state(fresh)
    assert [f.fontName for f in kept if "ã" in f.text] == ["NotoSerif"]  # the Latin fallback came along


def test_a_damaged_markup_cache_file_is_ignored(cache):
    from generator.typeset.paragraph import KEPT

    KEPT.forget()
    fresh = paragraph_frags(MARKUP)
    KEPT.save()
    (kept_file,) = (cache / "frags").glob("*.bin")
    kept_file.write_bytes(kept_file.read_bytes()[:-5] + b"xxxxx")
    KEPT.forget()
    assert frag_state(paragraph_frags(MARKUP)) == frag_state(fresh)


def test_a_store_stays_under_its_size_and_keeps_what_this_run_used(cache, monkeypatch):
    monkeypatch.setattr(parsecache, "MAX_BYTES", 3000)
    kept = parsecache.KeptParses("test", lambda: "v1", lambda text, value: True)
    for number in range(40):
        kept.remember(f"text {number}", "x" * 100)
    kept.save()
    assert 20 < len(kept.stored) < 30 and kept.lookup("text 39") == "x" * 100 and kept.lookup("text 0") is None
    kept.forget()
    assert kept.lookup("text 20") == "x" * 100  # used in this run …
    for number in range(40, 60):
        kept.remember(f"text {number}", "x" * 100)
    kept.save()
    assert kept.lookup("text 20") == "x" * 100 and kept.lookup("text 21") is None  # … so kept over older ones


def test_what_the_almanacs_process_parses_is_kept_by_the_parent(tmp_path, monkeypatch):
    """The almanac renders in a forked child that leaves without saving: its parses travel back to the parent, so a
    two-process build keeps what a one-process build keeps, and the next build finds everything."""

    def build(folder: Path, out: str, **extra) -> None:
        env = {**os.environ, usercache.ENV: str(folder), **extra}
        subprocess.run(
            [sys.executable, "-m", "generator", "build", "in-space", "--out", str(tmp_path / out), "-q"],
            cwd=REPO,
            env=env,
            check=True,
            capture_output=True,
        )

    def kept_markup(folder: Path) -> bytes:
        (path,) = (folder / "frags").glob("*.bin")
        return path.read_bytes()

    def digests(folder: Path) -> set:
        from generator.typeset.paragraph import KEPT

        monkeypatch.setenv(usercache.ENV, str(folder))
        try:
            KEPT.forget()
            return set(KEPT._entries())
        finally:
            KEPT.forget()

    build(tmp_path / "two", "a", BOTC_PNP_PARALLEL="always")
    build(tmp_path / "one", "b", BOTC_PNP_SINGLE_PROCESS="1")
    assert len(digests(tmp_path / "one")) > 500
    assert digests(tmp_path / "two") == digests(tmp_path / "one")
    before = kept_markup(tmp_path / "two")
    build(tmp_path / "two", "c", BOTC_PNP_PARALLEL="always")
    assert kept_markup(tmp_path / "two") == before  # nothing new was parsed, nothing rewritten


def test_the_fonts_printable_letters_are_kept_and_read_back_equal(cache):
    from generator.read.theme import fallback_font_paths, font_paths
    from generator.typeset.glyphs import covered_code_points, printable_everywhere

    pairs = list(zip(font_paths(), fallback_font_paths()))
    fresh = frozenset.intersection(
        *[covered_code_points(font) | covered_code_points(fallback) for font, fallback in pairs]
    )
    assert printable_everywhere(pairs) == fresh
    assert len(list((cache / "glyphs").glob("*.bin"))) == 1
    kept = printable_everywhere(pairs)
    assert kept == fresh and ord("한") in kept and ord("ã") in kept and 0x1F600 not in kept


def test_saving_removes_a_stores_files_not_written_for_a_month(cache):
    import time

    kept = parsecache.KeptParses("test", lambda: "v2", lambda text, value: True)
    folder = cache / "test"
    folder.mkdir(parents=True)
    old, recent = folder / "old-version.bin", folder / "recent-version.bin"
    for path, days in ((old, parsecache.STALE_DAYS + 1), (recent, parsecache.STALE_DAYS - 1)):
        path.write_bytes(b"x")
        when = time.time() - days * 86400
        os.utime(path, (when, when))
    kept.remember("text", "value")
    kept.save()
    assert not old.exists() and recent.exists() and len(list(folder.glob("*.bin"))) == 2


def line_texts(lines) -> list[str]:
    return [" ".join("".join(run.text for run in word.runs) for word in line.words) for line in lines]


def test_kept_line_ends_set_the_same_lines_and_wrong_ones_are_searched_again(cache):
    from generator.typeset.fonts import register_fonts
    from generator.typeset.linebreak import break_lines_at
    from generator.typeset.paragraph import KEPT_LINES, hangul_paragraph
    from generator.typeset.styles import style

    register_fonts()
    KEPT_LINES.forget()
    text = "매일 밤, 플레이어 1명을 선택합니다: 그 플레이어가 악마라면, 당신은 <b>‘예’</b>라는 신호를 받습니다. " * 3
    fresh = hangul_paragraph(text, style("serif", 9, 11)).lines_for(150)
    assert KEPT_LINES.added
    KEPT_LINES.save()
    KEPT_LINES.forget()
    paragraph = hangul_paragraph(text, style("serif", 9, 11))
    from generator.typeset.paragraph import BREAKS

    BREAKS.clear()
    kept = paragraph.lines_for(150)
    assert not KEPT_LINES.added  # the ends came from the cache
    assert line_texts(kept) == line_texts(fresh) and [line.word_extra for line in kept] == [
        line.word_extra for line in fresh
    ]
    widths = (150.0, 150.0)
    right, ends = break_lines_at(paragraph.frags, widths, 9, True, False, False)
    for wrong in ([[3, 1]], [[999]], [ends[0][:-1]], "nonsense", [ends[0], [1]]):
        again, again_ends = break_lines_at(paragraph.frags, widths, 9, True, False, False, wrong)
        assert again_ends == ends and line_texts(again) == line_texts(right)


def spacing(line) -> tuple[float, float, float]:
    return line.natural, line.word_extra, line.letter_extra


def test_kept_ends_between_words_set_the_lines_without_cutting_words_into_syllables(cache, monkeypatch):
    """Lines that all end between words are kept as word counts (a tuple) and set from the words again: the same lines
    and spacing, and no word cut into syllables. A paragraph that needs a cut keeps its ends in pieces (a list)."""
    from generator.typeset import linebreak
    from generator.typeset.fonts import register_fonts
    from generator.typeset.linebreak import break_lines_at
    from generator.typeset.paragraph import hangul_paragraph
    from generator.typeset.styles import style

    register_fonts()
    text = "매일 밤, 플레이어 1명을 선택합니다: 그 플레이어가 악마라면, 당신은 ‘예’라는 신호를 받습니다. " * 3
    paragraph = hangul_paragraph(text, style("serif", 9, 11))
    widths = (200.0, 200.0)  # at this width every line of it ends between words
    fresh, ends = break_lines_at(paragraph.frags, widths, 9, True, False, False)
    assert [type(segment) for segment in ends] == [tuple]
    cut = []
    monkeypatch.setattr(linebreak, "syllable_pieces", lambda word, names: cut.append(word) or [word])
    kept, kept_ends = break_lines_at(paragraph.frags, widths, 9, True, False, False, ends)
    assert not cut and kept_ends == ends
    assert line_texts(kept) == line_texts(fresh)
    assert [spacing(line) for line in kept] == [spacing(line) for line in fresh]
    monkeypatch.undo()
    narrow = hangul_paragraph("그 플레이어가 선택한 캐릭터는 마을주민입니다", style("serif", 9, 11))
    lines, narrow_ends = break_lines_at(narrow.frags, (40.0, 40.0), 9, True, False, False)
    assert any(line.words[-1].joined for line in lines)  # a line ends inside a word
    assert [type(segment) for segment in narrow_ends] == [list]


def test_a_huge_parse_is_not_kept(cache):
    kept = parsecache.KeptParses("test", lambda: "v3", lambda text, value: True)
    kept.remember("small", "x" * 100)
    kept.remember("huge", "x" * (parsecache.MAX_ENTRY_BYTES + 1))
    kept.save()
    kept.forget()
    assert kept.lookup("small") == "x" * 100 and kept.lookup("huge") is None


def test_every_code_stamp_names_a_module_that_exists():
    """A kept parse is keyed by the source of the code that made it; a name that no longer exists (a module moved)
    would silently key it by the version alone, and an edited parser could meet an old parse."""
    import ast

    from generator import PACKAGE_DIR

    named = []
    for path in PACKAGE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "code_stamp":
                named += [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
    assert len(named) >= 5
    assert [name for name in named if not (PACKAGE_DIR / name).is_file()] == []


def test_the_fonts_advances_read_without_reportlab_are_reportlabs():
    """validate measures night-card cues with advances read straight from the font files (no reportlab loaded);
    the card draws with the same numbers. They must be exactly what reportlab's face holds."""
    from reportlab.pdfbase.pdfmetrics import getFont

    from generator import FONTS_DIR
    from generator.read.theme import theme
    from generator.typeset.fonts import register_fonts
    from generator.typeset.glyphs import advances

    register_fonts()
    for role in ("sans", "sans_bold", "serif"):
        spec = theme().fonts[role]
        widths, default = advances(FONTS_DIR / spec.file)
        face = getFont(spec.name).face
        assert widths == face.charWidths and default == face.defaultWidth, role
