"""Plain content strings → escaped reportlab paragraph markup, through autoescaped jinja2 templates in templates/markup/."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from generator import TEMPLATES_DIR
from generator.caches import remembered

REMINDER_MARK = re.compile(r"\*([^*\n]+)\*")
BRACKET = re.compile(r"\[[^\[\]]*\]")
NBSP = "\u00a0"
ASCII_WHITESPACE = re.compile(r"[ \t\r\n]+")  # not str.split(): that would eat the no-break spaces


def keep_brackets_together(text: str) -> str:
    """A setup bracket such as '[외지인 +1명]' must never split across lines: its spaces become no-break spaces."""
    return BRACKET.sub(lambda m: m.group(0).replace(" ", NBSP), text)


def reminder_markup(text: str, color: str, underline: bool = False) -> Markup:
    """Escapes text and sets each '*토큰*' reminder name in the highlight face (gothic bold: it differs from the
    body by shape and weight, so it survives a greyscale print) and the reminder colour as a second cue;
    `underline` adds a rule under it where the body is itself gothic (storyteller sheets)."""
    from generator.read.theme import font_name

    face = font_name("sans_bold")
    template = '<font name="{}" color="{}"><u>{}</u></font>' if underline else '<font name="{}" color="{}">{}</font>'
    pieces = []
    last = 0
    for match in REMINDER_MARK.finditer(text):
        pieces.append(escape(text[last : match.start()]))
        pieces.append(Markup(template).format(face, color, match.group(1)))
        last = match.end()
    pieces.append(escape(text[last:]))
    return Markup("").join(pieces)


CODE_TOKEN = re.compile(r"https?://[^\s()<>]+|\b[\w-]+(?:\.[A-Za-z]{2,})+\b|\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


def code_spans(text: str, font: str) -> Markup:
    """Escapes text and sets addresses, domains and hyphenated ids in `font` (the serif's hyphen reads as a dash)."""
    pieces = []
    last = 0
    for match in CODE_TOKEN.finditer(text):
        pieces.append(escape(text[last : match.start()]))
        pieces.append(Markup('<font name="{}">{}</font>').format(font, match.group(0)))
        last = match.end()
    pieces.append(escape(text[last:]))
    return Markup("").join(pieces)


def plain_reminder_text(text: str) -> str:
    """The same text with the reminder marks removed, for places that cannot show emphasis."""
    return REMINDER_MARK.sub(r"\1", text)


@remembered(maxsize=1)
def environment():
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES_DIR / "markup")),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # templates are part of the installation: no file check for each of thousands of renders
    )  # compiled templates stay in memory: compiled code read back from a cache file would be code anyone could plant
    env.filters["keep_brackets"] = keep_brackets_together
    env.filters["reminders"] = reminder_markup
    env.filters["code"] = code_spans
    return env


def compile_templates() -> None:
    """Every markup template compiled now (before a fork, so that neither process compiles them again)."""
    env = environment()
    for name in env.list_templates():
        env.get_template(name)


def render(template: str, **data) -> str:
    """Renders templates/markup/<template> with every data string escaped; whitespace runs collapse to one space, and
    the template's own Korean keeps a bound noun with its modifier and a numeral with its counter, as game text does."""
    from generator.load.wording import tie_bound_nouns, tie_counted

    text = environment().get_template(template).render(**data)
    return tie_counted(tie_bound_nouns(ASCII_WHITESPACE.sub(" ", text).strip()))
