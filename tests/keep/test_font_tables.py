"""A font read back from the user's cache subsets to the very bytes reportlab's own parse gives: its metrics read a
glyph at a time from the kept arrays, its glyph table cut piece by piece out of the file's bytes."""

from __future__ import annotations

import pytest

from generator import FONTS_DIR
from generator.keep import usercache
from generator.keep.fontcache import TableSlices, load_ttfont

# Accented Latin: composite glyphs (a letter and its accent) whose references the subset renumbers.
TEXT = "Ave, César! Os que vão morrer te saúdam. Ærø, naïve, Ünïcödé, ½ € “” — 0123456789"


@pytest.mark.parametrize("font_file", ["NotoSans-Regular.ttf", "NotoSerif-Bold.ttf", "NanumMyeongjo.ttf"])
def test_a_cached_fonts_subset_is_reportlabs(tmp_path, monkeypatch, font_file):
    from reportlab.pdfbase.ttfonts import TTFont

    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    path = FONTS_DIR / font_file
    load_ttfont("A", path)  # parsed, and kept
    cached = load_ttfont("A", path)
    assert type(cached.face).__name__ == "CachedFace"
    fresh = TTFont("B", str(path))
    codes = sorted({ord(ch) for ch in TEXT + "밤 순서 한국어"})
    assert cached.face.makeSubset(codes) == fresh.face.makeSubset(codes)
    assert list(cached.face.hmetrics) == fresh.face.hmetrics


def test_a_tables_pieces_are_the_files_slices():
    data = bytes(range(256)) * 4
    for start, length in [(10, 100), (1000, 100), (0, 1024), (1020, 50), (2000, 10)]:
        table, expected = TableSlices(data, start, length), data[start : start + length]
        assert len(table) == len(expected) and bytes(table) == expected
        for begin in range(-5, 110, 7):
            for end in range(-5, 120, 11):
                assert table[begin:end] == expected[begin:end]
        assert table[::2] == expected[::2]
