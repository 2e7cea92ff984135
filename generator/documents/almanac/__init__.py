"""A Game → the almanac (해설서): an A5 (or half-Letter) book in reading order, and the same pages imposed for
saddle-stitching (generator.pdf.impose).

Stages, one module each:
  parts       settings, labels, paragraph styles, the Book state and the small flowables every stage uses
  front       the cover and the script's notes
  contents    the contents page, its page numbers filled in on save
  entry       one character's entry
  appendices  night orders, setup table and jinxes, credits, back cover
  plan        the book plan: parts → pages (continuations, keep-with-next, widows, tightening)
  book        the planned pages → the reading PDF (page templates, running head, folio)
"""

from __future__ import annotations

from generator.documents.almanac.entry import mark_reminders  # noqa: F401  (tests and callers use it from here)


def build(game, options) -> list[tuple[str, bytes]]:
    from generator.documents.almanac.book import reading_pdf
    from generator.pdf.impose import impose
    from generator.read.theme import mm

    reading, book = reading_pdf(game, options)
    return [("almanac.pdf", reading), ("almanac-booklet.pdf", impose(reading, book.sheet_size, mm(options.creep_mm)))]
