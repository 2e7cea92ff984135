"""A request's query → the RenderOptions `botc-pnp build` would make from the same flags, and the form that asks for
them.

The option list is the table of generator/options.py: every option it marks for the page (those of `build`; never a
path), with its flag, kind, default, limits and Korean help. Query keys are the options' names (`token_size`,
`no_reminders`); the values are read as click reads the flags and checked by the same `render_options` the command
line uses, so a flag added to the table appears in the page and is accepted by the API with no change here.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from generator import TEMPLATES_DIR
from generator.caches import remembered
from generator.options import CUT_COMMANDS, Option, OptionError, RenderOptions, page_options
from generator.options import render_options as checked_options
from generator.server.errors import ApiError, message

LABELS_PATH = TEMPLATES_DIR / "web" / "labels.yaml"
TRUE_WORDS, FALSE_WORDS = ("1", "true", "on", "yes"), ("0", "false", "off", "no", "")
PAGE_KINDS = {"choice": "text", "pairs": "list"}  # the page draws a choice as a list, ID=N pairs as comma-joined text


@dataclass(frozen=True)
class OptionField:
    name: str  # the option's name and the query key
    flag: str  # as typed on the command line
    kind: str  # flag | number | integer | text | list
    label: str
    help: str
    default: object
    choices: tuple = ()
    metavar: str | None = None
    choice_labels: tuple = ()  # a Korean word per choice, for the page's list
    group: str = "general"  # where the page lists it (group_of)
    low: float | None = None  # the limits a number is checked against
    high: float | None = None

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "flag": self.flag,
            "kind": self.kind,
            "label": self.label,
            "help": self.help,
            "default": self.default,
            "choices": list(self.choices),
            "metavar": self.metavar,
            "choice_labels": list(self.choice_labels),
            "group": self.group,
            "low": self.low,
            "high": self.high,
        }


@remembered(maxsize=1)
def labels() -> dict:
    return yaml.safe_load(LABELS_PATH.read_text(encoding="utf-8"))


def first_clause(text: str) -> str:
    for stop in (". ", ": "):
        text = text.split(stop)[0]
    return text.rstrip(".")


def group_of(option: Option) -> str:
    """Where the page lists an option, by the documents it changes: 'tokens' when only the token sheets take it,
    'almanac' when only the almanac does, 'print' when several documents that are cut take it and nothing else does
    (bleed and marks: what a copy shop asks for), else 'general' (paper, look, names: what every storyteller sets)."""
    documents = set(option.commands) - {"build"}
    if documents <= {"tokens"}:
        return "tokens"
    if documents <= {"almanac"}:
        return "almanac"
    if documents <= set(CUT_COMMANDS) and len(documents) > 1:
        return "print"
    return "general"


def field_of(option: Option) -> OptionField:
    shown = labels().get("options", {})
    words = labels().get("choices", {}).get(option.name, {})
    return OptionField(
        name=option.name,
        flag=option.flag,
        kind=PAGE_KINDS.get(option.kind, option.kind),
        label=shown.get(option.name) or first_clause(option.help) or option.flag,
        help=option.help,
        default=option.default,
        choices=option.choices,
        metavar=option.metavar,
        choice_labels=tuple(words.get(choice, choice) for choice in option.choices),
        group=group_of(option),
        low=option.low,
        high=option.high,
    )


@remembered(maxsize=1)
def option_fields() -> tuple[OptionField, ...]:
    """The options the page offers, in the table's order."""
    return tuple(field_of(option) for option in page_options())


def bad(option: Option, value: str, reason: str) -> ApiError:
    return ApiError(400, message("bad_option", option=option.flag, value=value[:60], reason=reason))


def convert(option: Option, raw: list[str]):
    """The query's strings → the value the command line would hand render_options for this flag."""
    if option.kind == "flag":
        word = raw[-1].strip().lower()
        if word not in TRUE_WORDS + FALSE_WORDS:
            raise bad(option, raw[-1], message("bad_flag"))
        return word in TRUE_WORDS
    if option.kind == "pairs":
        items = [part.strip() for value in raw for part in value.split(",") if part.strip()]
        return items or None
    value = raw[-1].strip()
    if value == "":
        return option.default
    if option.kind == "number":
        return number(option, value, float, "bad_number")
    if option.kind == "integer":
        return number(option, value, int, "bad_whole_number")
    return value


def number(option: Option, value: str, kind, reason: str):
    try:
        converted = kind(value)
    except ValueError:
        raise bad(option, value, message(reason)) from None
    if converted != converted or converted in (float("inf"), float("-inf")):  # nan, inf: no size is that
        raise bad(option, value, message(reason))
    return converted


def render_options(query) -> RenderOptions:
    """RenderOptions from a query (a werkzeug MultiDict or a plain dict of strings), checked as the CLI checks its flags."""
    values: dict = {}
    for option in page_options():
        raw = (
            query.getlist(option.name)
            if hasattr(query, "getlist")
            else ([query[option.name]] if option.name in query else [])
        )
        if raw:
            values[option.name] = convert(option, raw)
    try:
        return checked_options(values)
    except OptionError as refused:
        raise ApiError(400, f"{refused.flag}: {refused.message}") from None
