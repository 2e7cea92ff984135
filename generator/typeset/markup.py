"""Plain content strings → escaped reportlab paragraph markup, through autoescaped jinja2 templates in templates/markup/;
what a template made of the same data before is read back from the user's cache (jinja2 is loaded only to render
something new)."""

from __future__ import annotations

from markupsafe import Markup, escape

from generator import TEMPLATES_DIR
from generator.caches import remembered
from generator.keep import parsecache
from generator.keep.patterns import compiled

REMINDER_MARK = compiled(r"\*([^*\n]+)\*")
BRACKET = compiled(r"\[[^\[\]]*\]")
NBSP = "\u00a0"
ASCII_WHITESPACE = compiled(r"[ \t\r\n]+")  # not str.split(): that would eat the no-break spaces


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


CODE_TOKEN = compiled(r"https?://[^\s()<>]+|\b[\w-]+(?:\.[A-Za-z]{2,})+\b|\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


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


def compile_templates_when_cold() -> None:
    """compile_templates when the user's cache holds no rendered markup: a first run renders every text, in both
    processes. After it a run renders only texts it has not rendered before, and loads jinja2 only for them."""
    if not KEPT_MARKUP.holds_any():
        compile_templates()


def render(template: str, **data) -> str:
    """Renders templates/markup/<template> with every data string escaped; whitespace runs collapse to one space, and
    the template's own Korean keeps a bound noun with its modifier and a numeral with its counter, as game text does.
    The same template and data give what they gave in an earlier run (KEPT_MARKUP) without rendering again."""
    key = _data_key(template, data)
    if key is not None:
        kept = KEPT_MARKUP.lookup(key)
        if kept is not None:
            return kept
    text = _rendered(template, data)
    if key is not None:
        KEPT_MARKUP.remember(key, text)
    return text


def _rendered(template: str, data: dict) -> str:
    from generator.load.wording import tie_bound_nouns, tie_counted

    text = environment().get_template(template).render(**data)
    return tie_counted(tie_bound_nouns(ASCII_WHITESPACE.sub(" ", text).strip()))


# Markup by template and data, kept between runs (generator.keep.parsecache): loading jinja2, compiling the templates
# and rendering a kit's 774 texts was about 5 % of its CPU, and a kit renders the same texts every time it is built.
# What a render depends on is in the file's key: this code and the wording rules it applies, jinja2 and markupsafe,
# the templates and the theme (the reminder face). The data are in each entry's key, each value with its type (a str
# and a Markup of the same text render differently); data of any other kind is rendered every time.
_KEYED_TYPES = frozenset({str, Markup, int, float, bool, type(None)})


def _data_key(template: str, data: dict) -> str | None:
    parts = [template]
    for name in sorted(data):
        value = data[name]
        if not _keyed(value):
            return None
        parts.append(f"{name}\0{type(value).__name__}\0{value!r}")
    return "\0".join(parts)


def _keyed(value) -> bool:
    if type(value) in _KEYED_TYPES:
        return True
    return type(value) in (list, tuple) and all(_keyed(item) for item in value)


def _markup_version() -> str:
    from generator.keep.usercache import code_stamp, files_stamp, package_stamp

    templates = sorted((TEMPLATES_DIR / "markup").glob("*.j2"))
    return (
        f"code {code_stamp('typeset/markup.py', 'load/wording.py')} jinja2 {package_stamp('jinja2')} "
        f"markupsafe {package_stamp('markupsafe')} templates {files_stamp([*templates, TEMPLATES_DIR / 'theme.yaml'])}"
    )


# The only tags the templates make (data is escaped, and the Markup our code passes in holds no others): a kept text
# with any other (an <img> would have reportlab read a file) is rendered again, whoever signed it.
_TAG_NAME = compiled(r"<\s*/?\s*([A-Za-z]*)")
_MADE_TAGS = frozenset({"b", "u", "br", "font"})


def _markup_shape(key_text: str, value) -> bool:
    return type(value) is str and _MADE_TAGS.issuperset(_TAG_NAME.findall(value))


KEPT_MARKUP = parsecache.store("markup", _markup_version, _markup_shape)
