"""Small platypus flowables the documents share."""

from __future__ import annotations

from reportlab.platypus import Flowable


class Stack(Flowable):
    """Flowables kept together on one page and drawn one under another (reportlab's KeepTogether always asks to be
    split, which a page planner cannot measure); spaces between them collapse as in a frame."""

    def __init__(self, content: list):
        super().__init__()
        self.content = content
        self._placed: list[tuple[object, float, float, float]] = []

    def wrap(self, avail_width, avail_height):
        self._placed = []
        y = 0.0
        previous_after = 0.0
        for index, flowable in enumerate(self.content):
            before = max(flowable.getSpaceBefore() - previous_after, 0) if index else 0
            width, height = flowable.wrap(avail_width, 10_000)
            y += before
            self._placed.append((flowable, y, width, height))
            y += height
            previous_after = flowable.getSpaceAfter()
            y += previous_after if index < len(self.content) - 1 else 0
        self.width, self.height = avail_width, y
        return self.width, self.height

    def getSpaceAfter(self):
        return self.content[-1].getSpaceAfter() if self.content else 0

    def getSpaceBefore(self):
        return self.content[0].getSpaceBefore() if self.content else 0

    def draw(self):
        for flowable, top, width, height in self._placed:
            flowable.drawOn(self.canv, 0, self.height - top - height, _sW=self.width - width)


class RuledLines(Flowable):
    """Evenly spaced hairlines filling a box: a page to write notes on by hand."""

    def __init__(self, width: float, height: float, gap: float, hex_color: str):
        super().__init__()
        self.box_width, self.box_height, self.gap, self.hex_color = width, height, gap, hex_color

    def wrap(self, avail_width, avail_height):
        return self.box_width, self.box_height

    def draw(self):
        from reportlab.lib.colors import HexColor

        self.canv.setStrokeColor(HexColor(self.hex_color))
        self.canv.setLineWidth(0.72)  # a quarter millimetre: light lines any printer keeps
        y = self.box_height - self.gap
        while y >= 0:
            self.canv.line(0, y, self.box_width, y)
            y -= self.gap
