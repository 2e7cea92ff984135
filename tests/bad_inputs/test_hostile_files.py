"""Hostile and broken inputs get a placeholder or a Korean error, never a crash or a hang.

The rules: only regular files are read, and never past the size limit (devices, pipes, folders and link loops are
refused naming the file, exit 2); an icon whose numbers a PDF cannot hold, or too complex to draw cheaply, becomes the
placeholder with a warning; mapping keys that must be names are names; every YAML syntax error is explained in Korean.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from conftest import detach, run_cli
from hostile import TROUBLE_BREWING, run_cli_process, write_script

from generator.art import icon_drawing, icons
from generator.disk import NotReadable, read_capped
from generator.findings import Report
from generator.read.yamlio import load_yaml

SPECIAL = ["devzero", "devurandom", "fifo", "folder", "loop", "dangling"]


def make_special(path: Path, kind: str) -> None:
    if kind == "devzero":
        path.symlink_to("/dev/zero")
    elif kind == "devurandom":
        path.symlink_to("/dev/urandom")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "dangling":
        path.symlink_to(path.name + ".gone")


# --- special files ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", SPECIAL)
def test_read_capped_refuses_what_is_not_a_regular_file(tmp_path, kind, monkeypatch):
    """Refused on its kind, before a byte is read: a FIFO would block the run and /dev/zero never ends."""
    target = tmp_path / "x.yaml"
    make_special(target, kind)
    reads: list[int] = []
    read = os.read
    monkeypatch.setattr(os, "read", lambda handle, size: reads.append(size) or read(handle, size))
    with pytest.raises(NotReadable) as caught:
        read_capped(target, 1000)
    monkeypatch.setattr(os, "read", read)
    assert reads == []
    assert caught.value.code in ("file-not-regular", "file-unreadable", "file-missing")
    assert re.search("[가-힣]", caught.value.message)


def test_read_capped_stops_at_the_limit_whatever_the_size_says():
    status = read_capped("/proc/self/status", 100_000)  # a regular file whose size says 0
    assert b"Name:" in status
    with pytest.raises(NotReadable) as caught:
        read_capped("/proc/self/status", 10)
    assert caught.value.code == "file-too-big"


@pytest.mark.slow
def test_every_special_character_file_is_named_at_once(content, tmp_path):
    """One run, six character files that are not files: all named, exit 2, in seconds (a subprocess, so a hang
    would fail the test instead of stopping the suite)."""
    for kind in SPECIAL:
        make_special(content / "characters" / f"{kind}.yaml", kind)
    result = run_cli_process("validate", "--content", content, cwd=tmp_path, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output
    for kind in SPECIAL:
        assert f"{kind}.yaml" in output, kind
    assert "일반 파일이 아니라 장치 파일" in output and "이름 있는 파이프" in output and "폴더" in output
    assert "고리" in output


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "loop"])
def test_night_order_as_a_special_file(content, tmp_path, kind):
    (content / "night_order.yaml").unlink()
    make_special(content / "night_order.yaml", kind)
    result = run_cli_process("validate", "--content", content, cwd=tmp_path, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "night_order.yaml" in result.stderr and "Traceback" not in result.stderr + result.stdout


def test_scripts_and_almanac_texts_as_special_files(tmp_path):
    """Every kind at once as import-text files (all named in one run), and a pipe and a device as the script."""
    texts = []
    for kind in SPECIAL:
        texts.append(tmp_path / f"{kind}.txt")
        make_special(texts[-1], kind)
    result = run_cli_process("import-text", *texts, "--out", tmp_path / "imported", cwd=tmp_path, timeout=60)
    assert result.returncode == 2, result.stderr
    assert all(text.name in result.stderr for text in texts) and "Traceback" not in result.stderr + result.stdout
    for kind, name in (("fifo", "script.json"), ("devurandom", "script.yaml")):
        script = tmp_path / name
        make_special(script, kind)
        result = run_cli_process("validate", script, cwd=tmp_path, timeout=60)
        assert result.returncode == 2, (name, result.stderr)
        assert name in result.stderr and "Traceback" not in result.stderr + result.stdout, name


@pytest.mark.parametrize("kind", SPECIAL)
def test_an_icon_that_is_not_a_file_is_a_placeholder(tmp_path, kind):
    target = tmp_path / "imp.svg"
    make_special(target, kind)
    icon, problem = icons.load_icon_checked(target)
    assert icon is None and problem is not None and "자리표시" in problem.message_ko


# --- icons with numbers a PDF cannot hold, or too complex ------------------------------------------------------

PATH = '<path d="M10 10 L100 10 L100 100 Z"/>'


def svg(attributes: str = 'viewBox="0 0 512 512"', body: str = PATH) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {attributes}>{body}</svg>'
    )


HUGE_NUMBERS = {
    "width-3e38": svg('width="3e38" height="100" viewBox="0 0 512 512"'),
    "width-nan": svg('width="nan" height="nan"'),
    "width-inf": svg('width="inf" height="100"'),
    "width-tiny": svg('width="1e-300" height="1e-300"'),
    "viewbox-1e300": svg('viewBox="0 0 1e300 1e300"'),
    "viewbox-inf": svg('viewBox="0 0 inf inf"'),
    "coordinate-1e308": svg(body='<path d="M1e308 10 L100 1e308 Z"/>'),
    "coordinate-1e39": svg(body='<path d="M10 10 L100 1e39 Z"/>'),
    "stroke-1e308": svg(body='<path stroke="#000" stroke-width="1e308" d="M10 10 L100 100"/>'),
    "rect-1e308": svg(body='<rect x="0" y="0" width="1e308" height="1e308"/>'),
    "circle-nan": svg(body='<circle cx="nan" cy="10" r="5"/>'),
    "transform-1e308": svg(body=f'<g transform="scale(1e308)">{PATH}</g>'),
    "transform-nan": svg(body=f'<g transform="matrix(nan,0,0,1,0,0)">{PATH}</g>'),
    "font-1e308": svg(body='<text x="0" y="10" font-size="1e308">A</text>'),
}


def draws_into_a_valid_pdf(icon) -> bytes:
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, invariant=1)
    icon_drawing.draw_icon(page, icon, 10, 10, 100, "#225588")
    page.showPage()
    page.save()
    return buffer.getvalue()


@pytest.mark.parametrize("name", sorted(HUGE_NUMBERS))
def test_an_svg_with_numbers_a_pdf_cannot_hold_is_a_placeholder(tmp_path, name):
    path = tmp_path / f"{name}.svg"
    detach(path).write_text(HUGE_NUMBERS[name], encoding="utf-8")
    icon, problem = icons.load_icon_checked(path)
    assert icon is None and problem is not None, name
    assert problem.code in ("icon-bad-numbers", "icon-bad-svg") and "자리표시" in problem.message_ko
    data = draws_into_a_valid_pdf(icon)
    assert b"nan" not in data and b"inf" not in data


def random_path(count: int) -> str:
    return '<path d="M0 0 ' + " ".join(f"L{i % 500} {(i * 7) % 500}" for i in range(count // 2)) + ' Z"/>'


COMPLEX = {
    "many-elements": svg(body=random_path(6) * 2_000),
    "many-numbers": svg(body=random_path(200_000)),
    "use-bomb": svg(body='<defs><g id="g">' + random_path(40) * 300 + "</g></defs>" + '<use xlink:href="#g"/>' * 90),
    "nested-use": svg(
        body='<defs><g id="a">'
        + PATH * 20
        + '</g><g id="b">'
        + '<use xlink:href="#a"/>' * 20
        + '</g><g id="c">'
        + '<use xlink:href="#b"/>' * 20
        + "</g></defs>"
        + '<use xlink:href="#c"/>' * 20
    ),
    "use-cycle": svg(body='<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g>'),
}


@pytest.mark.parametrize("name", sorted(COMPLEX))
def test_a_too_complex_svg_is_refused_before_it_is_converted(tmp_path, name, monkeypatch):
    """Refusing must not cost what drawing would: the source is measured, and svglib never sees it."""
    from svglib import svglib

    path = tmp_path / f"{name}.svg"
    detach(path).write_text(COMPLEX[name], encoding="utf-8")
    conversions: list[object] = []
    monkeypatch.setattr(svglib, "svg2rlg", lambda source, *args, **kwargs: conversions.append(source))
    icon, problem = icons.load_icon_checked(path)
    assert icon is None and problem is not None
    assert problem.code == "icon-too-complex", problem
    assert conversions == []


def test_a_big_png_is_shrunk_once_and_a_huge_one_refused_before_decoding(tmp_path, monkeypatch):
    from PIL import Image

    from generator.limits import ICON_RASTER_PX, MAX_PNG_PIXELS

    side = int(MAX_PNG_PIXELS**0.5)
    Image.linear_gradient("L").resize((side, side // 2)).save(tmp_path / "big.png")
    icon, problem = icons.load_icon_checked(tmp_path / "big.png")
    assert problem is None and max(icon.image.size) <= ICON_RASTER_PX
    assert (icon.width, icon.height) == (side, side // 2)  # the shape, not the pixels, sets the drawn size
    Image.new("L", (side * 2, side * 2)).save(tmp_path / "huge.png")
    decoded: list[tuple[int, int]] = []
    load = Image.Image.load
    monkeypatch.setattr(Image.Image, "load", lambda image: decoded.append(image.size) or load(image))
    icon, problem = icons.load_icon_checked(tmp_path / "huge.png")
    assert icon is None and problem.code == "icon-too-large"
    assert decoded == []  # its header gave its size: not one pixel was decoded


def test_a_build_with_hostile_icons_prints_placeholders_and_names_them(content, tmp_path):
    user_icons = tmp_path / "icons"
    user_icons.mkdir()
    chosen = dict(zip(TROUBLE_BREWING, sorted(HUGE_NUMBERS)))
    for character_id, name in chosen.items():
        (user_icons / f"{character_id}.svg").write_text(HUGE_NUMBERS[name], encoding="utf-8")
    os.mkfifo(user_icons / "baron.svg")
    script = write_script(content, "icons")
    result = run_cli("tokens", script, "--content", content, "--out", tmp_path / "out", "--icons", user_icons)
    assert result.exit_code == 0, result.output
    for character_id in [*chosen, "baron"]:
        assert f"{character_id}.svg" in result.output, character_id
    from pypdf import PdfReader

    pdf = tmp_path / "out" / "icons" / "tokens.pdf"
    assert len(PdfReader(pdf).pages) >= 1 and b" nan " not in pdf.read_bytes()


# --- keys and shapes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["null", "12", "2024-01-01", "true", "3.5"])
def test_night_order_step_keys_must_be_names(content, key):
    path = content / "night_order.yaml"
    detach(path).write_text(
        path.read_text(encoding="utf-8").replace("steps:\n", f"steps:\n  {key}:\n    name: 이상한 단계\n", 1),
        encoding="utf-8",
    )
    first = path.read_text(encoding="utf-8").replace("first_night: [dusk,", f"first_night: [dusk, {key},", 1)
    detach(path).write_text(first, encoding="utf-8")
    result = run_cli("validate", "--content", content)
    assert "Traceback" not in result.output and "예상하지 못한" not in result.output
    assert result.exit_code == 1, result.output
    assert "night_order.yaml:5" in result.output and "따옴표" in result.output


def test_named_characters_keys_must_be_names(content):
    script = write_script(content, "named")
    detach(script).write_text(
        script.read_text(encoding="utf-8") + "named_characters: {null: imp, 7: spy}\n", encoding="utf-8"
    )
    result = run_cli("validate", script, "--content", content)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.count("named_characters'의 키") == 2


@pytest.mark.parametrize("text", ["- imp\n- fanggu\n", "imp\n", "42\n"])
def test_spares_in_the_wrong_shape_warn(tmp_path, text):
    from generator.art.token_layout import load_spares

    (tmp_path / "spares.yaml").write_text(text, encoding="utf-8")
    report = Report()
    assert load_spares(tmp_path, report) == {}
    (finding,) = report.findings
    assert (
        finding.code == "spares-wrong-shape" and "spares.yaml" in finding.where and "imp: {count: 1" in finding.message
    )


def test_spares_in_the_wrong_shape_through_the_cli(content, tmp_path):
    detach(content / "spares.yaml").write_text("- imp\n", encoding="utf-8")
    result = run_cli("tokens", write_script(content, "spares"), "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "(잘못된 여분 형식)" in result.output and "여분" in result.output


# --- YAML syntax errors are Korean, whatever PyYAML or libyaml says ------------------------------------------

BROKEN_YAML = [
    "id: monk\nability: |능력\n",
    "id: monk\nability: >x\n",
    'id: monk\nname: "\\x"\n',
    'id: monk\nname: "\\u12"\n',
    "id: monk\n...\nname: x\n",
    "%YAML\nid: monk\n",
    "%YAML 2.0\n---\nid: monk\n",
    "id: monk\n%TAG\n",
    "id: [",
    "id: {a: 1",
    "id: monk\nname: 'x' 'y'\n",
    'id: monk\nname: "x" y\n',
    "id: monk\nname: !<x y\n",
    "id: monk\nname: !!str\n  - a\n",
    "id: monk\n- x\n",
    "- x\nid: monk\n",
    "id: monk\n  name: x\n",
    "id: monk\nname: a: b\n",
    "id: monk\nname: |0\n  x\n",
    "id: monk\nname: @x\n",
    "id: monk\nname: `x\n",
    "id: monk\nname: &x 1\nteam: &x 2\n",
    "id: monk\nname: *x\n",
    "? [a]\n: b\n",
    "id: monk\n---\nname: x\n---\n",
    "id: 'monk\n",
    "id: monk\nname:\tx\n\t- y\n",
    "id: monk\nname: " + "[" * 2000 + "]" * 2000 + "\n",
]


def english_words(message: str, path: Path) -> list[str]:
    """English words of the explanation (the path and quoted input such as a tag name left out)."""
    text = re.sub(r"'[^']*'", "", message.replace(str(path), ""))
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in ("YAML", "UTF", "name")]


@pytest.mark.slow
@pytest.mark.parametrize("long_file", [False, True], ids=["careful-loader", "long-file"])
def test_every_yaml_syntax_error_is_explained_in_korean(tmp_path, long_file):
    """Short files are explained by the pure-Python loader, long ones from libyaml's report: both in Korean."""
    from generator.read.yamlio import CAREFUL_PARSE_CHARS

    path = tmp_path / "monk.yaml"
    filler = "#" + "x" * 99 + "\n"
    lead = filler * (CAREFUL_PARSE_CHARS // len(filler) + 1) if long_file else ""
    for text in BROKEN_YAML:
        detach(path).write_text(lead + text, encoding="utf-8")
        report = Report()
        assert load_yaml(path, report) is None, text
        (finding,) = report.findings
        assert finding.code == "yaml-syntax" and report.unreadable, text
        assert re.search("[가-힣]", finding.message), text
        assert english_words(finding.message, path) == [], (text, finding.message)


def test_yaml_error_messages_through_the_cli(content):
    detach(content / "characters" / "monk.yaml").write_text("id: monk\nability: |능력\n", encoding="utf-8")
    result = run_cli("validate", "--content", content)
    assert result.exit_code == 2 and "monk.yaml:2" in result.output and "'|'나 '>'" in result.output


# --- new ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a\nb", "tab\there", "cr\rhere", "ls\u2028here", "del\x7fhere"])
def test_new_refuses_a_folder_name_that_breaks_lines(tmp_path, name):
    result = run_cli("new", tmp_path / name)
    assert result.exit_code == 2, result.output
    assert "줄바꿈이나 제어 문자" in result.output
    assert list(tmp_path.iterdir()) == []
