"""The floor for the kit benchmark: the least reportlab work that writes the same PDFs' pages and text.

Usage: python bench/floor.py FIXTURE.json OUT_DIR

FIXTURE.json is written by bench/run.py from the built kit: {"pdfs": [{"name", "pages": [{"width", "height",
"lines": [...]}]}]}. This program registers the same four Nanum fonts the kit uses and, for each PDF, writes the
same number of pages with each page's text lines drawn with drawString: no wrapping, no layout, no icons.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = {
    "NanumGothic": "NanumGothic.ttf",
    "NanumGothicBold": "NanumGothicBold.ttf",
    "NanumMyeongjo": "NanumMyeongjo.ttf",
    "NanumMyeongjoBold": "NanumMyeongjoBold.ttf",
}


def main(fixture: Path, out_dir: Path) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    for name, file in FONTS.items():
        pdfmetrics.registerFont(TTFont(name, str(ROOT / "fonts" / file)))
    faces = list(FONTS)
    data = json.loads(fixture.read_text(encoding="utf-8"))
    out_dir.mkdir(parents=True, exist_ok=True)
    for pdf in data["pdfs"]:
        canvas = Canvas(str(out_dir / pdf["name"]), pageCompression=1)
        for page in pdf["pages"]:
            width, height = page["width"], page["height"]
            canvas.setPageSize((width, height))
            y = height - 30
            for index, line in enumerate(page["lines"]):
                canvas.setFont(faces[index % len(faces)], 9)
                canvas.drawString(20, y, line)
                y -= 11
                if y < 20:
                    y = height - 30
            canvas.showPage()
        canvas.save()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: floor.py FIXTURE.json OUT_DIR")
    main(Path(sys.argv[1]), Path(sys.argv[2]))
