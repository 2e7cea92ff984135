"""The user's cache (parsed fonts, converted icons): checked before it is trusted, rebuilt when it is not, and
never a reason for different output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import FONTS_DIR
from generator.keep import usercache
from generator.keep.fontcache import KIND, _key, load_ttfont

pytestmark = pytest.mark.slow  # builds in fresh processes

REPO = Path(__file__).resolve().parents[2]
FONT = FONTS_DIR / "NanumGothic.ttf"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(usercache.ENV, str(folder))
    return folder


def cached_files(folder: Path, kind: str) -> list[Path]:
    return sorted((folder / kind).glob("*.bin")) if (folder / kind).is_dir() else []


def face_state(font) -> dict:
    """Every attribute a freshly parsed face has (a cached face unpacks its tables when they are read)."""
    from reportlab.pdfbase.ttfonts import TTFontFace

    names = vars(TTFontFace(str(FONT))).keys() - {"_pdfScale"}
    state = {name: getattr(font.face, name) for name in names}
    state["_ttf_data"] = state["_ttf_data"][:]  # the file's bytes, read whole or mapped (keep/fontcache.py)
    return state


def test_a_parsed_font_is_stored_and_then_read_back_equal(cache):
    from reportlab.pdfbase.ttfonts import TTFont

    first = load_ttfont("A", FONT)
    assert len(cached_files(cache, KIND)) == 1
    second = load_ttfont("A", FONT)
    fresh = TTFont("A", str(FONT))
    assert face_state(second) == face_state(fresh) == face_state(first)
    assert list(second.face.charToGlyph) == list(fresh.face.charToGlyph)  # same order, same subsets
    assert second.face._pdfScale(1000) == fresh.face._pdfScale(1000)


@pytest.mark.skipif(os.name != "posix", reason="the font file is mapped on POSIX systems only")
def test_a_cached_font_maps_its_file_and_subsets_the_same_glyphs_as_one_read_whole(cache):
    import mmap

    from reportlab.pdfbase.ttfonts import TTFont

    load_ttfont("A", FONT)
    mapped = load_ttfont("A", FONT)
    assert isinstance(mapped.face._ttf_data, mmap.mmap)
    whole = TTFont("B", str(FONT))
    codes = [0, *sorted({ord(ch) for ch in "밤의 플레이어 Night 1"})]
    subset = mapped.face.makeSubset(codes)
    assert subset == whole.face.makeSubset(codes) and len(subset) > 1000


@pytest.mark.parametrize("damage", ["truncate", "flip", "foreign", "garbage"])
def test_a_damaged_or_foreign_cache_file_is_ignored_and_rebuilt(cache, damage):
    load_ttfont("A", FONT)
    (path,) = cached_files(cache, KIND)
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        middle = len(data) // 2
        path.write_bytes(data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :])
    elif damage == "foreign":  # a file written for another key, moved to this name
        path.write_bytes(data.replace(b"reportlab", b"reportlaX", 1))
    else:
        path.write_bytes(b"\x80\x04 not a cache file")
    font = load_ttfont("A", FONT)
    assert font.face.charToGlyph[ord("가")] > 0
    assert path.read_bytes() == data  # rebuilt


def test_a_stale_key_is_not_used(cache, monkeypatch):
    """A cache made for another reportlab (or another font file) is not read: the key names both."""
    import reportlab

    load_ttfont("A", FONT)
    monkeypatch.setattr(reportlab, "Version", "0.0-other")
    other_key = _key(FONT.read_bytes())
    assert usercache.load(KIND, other_key) is None
    load_ttfont("A", FONT)
    assert len(cached_files(cache, KIND)) == 2


def test_a_fonts_digest_is_kept_until_the_file_changes(cache, tmp_path):
    """A font's content hash is worked out once per version of the file; a file written again (here another font in
    its place, its modification time set back) is hashed again and never meets the other font's tables."""
    import shutil

    from generator.keep.fontcache import SUMS

    font = tmp_path / "font.ttf"
    shutil.copy2(FONTS_DIR / "NotoSans-Regular.ttf", font)
    assert load_ttfont("A", font).face.name == b"NotoSans-Regular"
    assert len(cached_files(cache, SUMS)) == 1
    assert load_ttfont("A", font).face.name == b"NotoSans-Regular"
    assert len(cached_files(cache, SUMS)) == 1  # the same file: its kept digest
    before = font.stat()
    font.write_bytes((FONTS_DIR / "NotoSerif-Regular.ttf").read_bytes())
    os.utime(font, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert load_ttfont("A", font).face.name == b"NotoSerif-Regular"
    assert len(cached_files(cache, KIND)) == 2


def test_a_state_of_the_wrong_shape_is_not_used(cache):
    usercache.store(KIND, _key(FONT.read_bytes()), {"plain": {"unitsPerEm": ("packed-ints", 5)}, "names": {}})
    font = load_ttfont("A", FONT)
    assert font.face.unitsPerEm == 1000


def test_an_empty_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv(usercache.ENV, "")
    assert usercache.cache_folder() is None
    load_ttfont("A", FONT)
    usercache.store("x", "y", 1)
    assert usercache.load("x", "y") is None


def test_an_unwritable_cache_folder_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(usercache.ENV, str(blocker / "cache"))
    assert load_ttfont("A", FONT).face.unitsPerEm == 1000


@pytest.mark.parametrize(
    "platform, env, expected",
    [
        ("linux", {"XDG_CACHE_HOME": "/x/cache"}, "/x/cache/botc-pnp"),
        ("linux", {"XDG_CACHE_HOME": "relative"}, "~/.cache/botc-pnp"),
        ("darwin", {}, "~/Library/Caches/botc-pnp"),
        ("win32", {"LOCALAPPDATA": "C:/Users/u/AppData/Local"}, "C:/Users/u/AppData/Local/botc-pnp/Cache"),
    ],
)
def test_the_platform_cache_folder(monkeypatch, platform, env, expected):
    monkeypatch.delenv(usercache.ENV, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert usercache.cache_folder() == Path(os.path.expanduser(expected))


def build(out: Path, cache_setting: str) -> dict[str, bytes]:
    env = {**os.environ, usercache.ENV: cache_setting}
    subprocess.run(
        [sys.executable, "-m", "generator", "build", "in-space", "--out", str(out)],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
    )
    return {p.name: p.read_bytes() for p in sorted((out / "in-space").glob("*.pdf"))}


@pytest.fixture(scope="module")
def filled(tmp_path_factory):
    """(cache folder, kit) of one build that filled an empty cache: the module's tests that need a warm cache share it."""
    root = tmp_path_factory.mktemp("filled")
    kit = build(root / "fill", str(root / "cache"))
    assert any((root / "cache").rglob("*.bin"))
    return root / "cache", kit


def test_the_kit_is_byte_identical_with_and_without_the_cache(tmp_path, filled):
    folder, filling = filled
    without = build(tmp_path / "off", "")
    using = build(tmp_path / "use", str(folder))
    assert without == filling == using


# -- converted icons ---------------------------------------------------------------------------------------------

ICON = REPO / "content" / "icons" / "washerwoman.svg"


def icon_form_bytes(icon) -> bytes:
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    from generator.art.icon_drawing import draw_icon

    out = BytesIO()
    canvas = Canvas(out, pageCompression=0, invariant=1)
    draw_icon(canvas, icon, 10, 10, 50, "#336699")
    canvas.save()
    return out.getvalue()


def fresh_icon(path: Path):
    from generator.art.icons import clear_cache, load_icon_checked

    clear_cache()
    return load_icon_checked(path)


def test_a_converted_icon_is_stored_and_draws_the_same_from_the_cache(cache):
    from generator.keep.iconcache import KIND as SVG

    converted, problem = fresh_icon(ICON)
    assert problem is None and len(cached_files(cache, SVG)) == 1
    converted_pdf = icon_form_bytes(converted)
    cached, problem = fresh_icon(ICON)
    assert problem is None and cached.drawing is not converted.drawing
    assert icon_form_bytes(cached) == converted_pdf
    assert len(cached._fill_shapes) == len(converted._fill_shapes)


def test_the_icon_cache_follows_content_not_the_path(cache, tmp_path):
    from generator.keep.iconcache import KIND as SVG

    copy = tmp_path / "copy.svg"
    copy.write_bytes(ICON.read_bytes())
    fresh_icon(ICON)
    fresh_icon(copy)
    assert len(cached_files(cache, SVG)) == 1
    copy.write_bytes(ICON.read_bytes().replace(b"<svg", b"<svg data-x='1'", 1))
    assert fresh_icon(copy)[0] is not None
    assert len(cached_files(cache, SVG)) == 2  # changed bytes: a new key, the old entry is not used


def test_a_damaged_icon_cache_file_is_ignored_and_rebuilt(cache):
    from generator.keep.iconcache import KIND as SVG

    converted_pdf = icon_form_bytes(fresh_icon(ICON)[0])
    (path,) = cached_files(cache, SVG)
    good = path.read_bytes()
    path.write_bytes(good[:-40] + b"\0" * 40)
    assert icon_form_bytes(fresh_icon(ICON)[0]) == converted_pdf
    assert path.read_bytes() == good


def test_a_bad_icon_is_not_cached(cache, tmp_path):
    from generator.keep.iconcache import KIND as SVG

    bad = tmp_path / "bad.svg"
    bad.write_text("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'></svg>")
    icon, problem = fresh_icon(bad)
    assert icon is None and problem.code == "icon-empty"
    assert not cached_files(cache, SVG)


def test_a_drawing_with_an_image_is_not_stored(cache):
    from reportlab.graphics.shapes import Drawing, Image, Rect

    from generator.keep.iconcache import KIND as SVG
    from generator.keep.iconcache import store_drawing

    drawing = Drawing(10, 10)
    drawing.add(Rect(0, 0, 5, 5))
    drawing.add(Image(0, 0, 5, 5, str(REPO / "templates" / "icons" / "vote.svg")))
    store_drawing(b"<svg/>", drawing)
    assert not cached_files(cache, SVG)


def test_a_warm_build_loads_no_svg_converter(tmp_path, filled):
    """With the cache filled, building the kit imports neither svglib nor lxml, in either process."""
    folder, _ = filled
    probe = (
        "import sys, runpy, atexit\n"
        "loaded = lambda: print('LOADED', sorted(m for m in ('svglib', 'lxml', 'pypdf') if m in sys.modules), flush=True)\n"
        "atexit.register(loaded)\n"
        "import os; leave = os._exit; os._exit = lambda code: (loaded(), leave(code))  # a command leaves by os._exit\n"
        "sys.argv = ['botc-pnp', 'build', 'in-space', '--out', sys.argv[1]]\n"
        "runpy.run_module('generator', run_name='__main__')\n"
    )
    env = {**os.environ, usercache.ENV: str(folder), "BOTC_PNP_SINGLE_PROCESS": "1"}
    result = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "warm")], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert "LOADED []" in result.stdout, result.stdout + result.stderr


def test_threads_reading_a_cached_font_at_once_all_see_its_tables(cache):
    import threading

    from conftest import run_in_threads

    load_ttfont("A", FONT)
    for _ in range(5):
        font = load_ttfont("A", FONT)
        seen, errors = [], []
        barrier = threading.Barrier(4)

        def read():
            barrier.wait()
            try:
                seen.append(len(font.face.charToGlyph) + len(font.face.charWidths))
            except Exception as exc:  # noqa: BLE001 - the failure is the finding
                errors.append(exc)

        run_in_threads(read, 4)
        assert not errors and len(set(seen)) == 1
