"""A request's query → the RenderOptions `botc-pnp build` would make from the same flags, and the form that asks for them.

The option list is not written here. It is read from the CLI's declaration: every parameter of
`generator.options.token_render_options` (the one function, shared with the CLI, that turns the token flags into
RenderOptions with their limits) described by the build command's own option of that name (type, default, Korean
help). RenderOptions' field names do not name the flags
(`reminders` is set by `--no-reminders`), so the flags are the source: a flag added there appears in the page and is
accepted by the API with no change here. Query keys are the flags' parameter names (`token_size`, `no_reminders`).
Paths (`--icons`, `--png`) never come from a request.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import yaml

from generator import TEMPLATES_DIR
from generator.server.errors import ApiError, message

if TYPE_CHECKING:
    from generator.options import RenderOptions

LABELS_PATH = TEMPLATES_DIR / "web" / "labels.yaml"
PATH_PARAMETERS = ("icons", "png")
TRUE_WORDS, FALSE_WORDS = ("1", "true", "on", "yes"), ("0", "false", "off", "no", "")


@dataclass(frozen=True)
class OptionField:
    name: str  # the CLI parameter name and the query key
    flag: str  # as typed on the command line
    kind: str  # flag | number | integer | text | list
    label: str
    help: str
    default: object
    choices: tuple = ()
    metavar: str | None = None
    choice_labels: tuple = ()  # a Korean word per choice, for the page's list

    def as_json(self) -> dict:
        return {
            "name": self.name, "flag": self.flag, "kind": self.kind, "label": self.label, "help": self.help,
            "default": self.default, "choices": list(self.choices), "metavar": self.metavar,
            "choice_labels": list(self.choice_labels),
        }


@lru_cache(maxsize=1)
def labels() -> dict:
    return yaml.safe_load(LABELS_PATH.read_text(encoding="utf-8"))


def build_command():
    import typer

    from generator.cli import app

    return typer.main.get_command(app).commands["build"]


def options_function():
    from generator.options import token_render_options

    return token_render_options


def kind_of(option) -> str:
    if getattr(option, "is_flag", False):
        return "flag"
    if option.multiple:
        return "list"
    # typer carries its own copy of click: compare the type's class name, not the class
    kind = type(option.type).__name__
    if kind.startswith("Float"):
        return "number"
    if kind.startswith("Int"):
        return "integer"
    return "text"


def first_clause(text: str) -> str:
    for stop in (". ", ": "):
        text = text.split(stop)[0]
    return text.rstrip(".")


@lru_cache(maxsize=1)
def option_fields() -> tuple[OptionField, ...]:
    """The flags the page offers, in the order the CLI function takes them."""
    from generator.options import CHOICES

    by_name = {param.name: param for param in build_command().params}
    names = labels().get("options", {})
    fields = []
    for name in inspect.signature(options_function()).parameters:
        option = by_name.get(name)
        if name in PATH_PARAMETERS or option is None:
            continue
        help_text = option.help or ""
        fields.append(
            OptionField(
                name=name,
                flag=option.opts[0],
                kind=kind_of(option),
                label=names.get(name) or first_clause(help_text) or option.opts[0],
                help=help_text,
                default=list(option.default) if isinstance(option.default, tuple) else option.default,
                choices=CHOICES.get(name) or tuple(getattr(option.type, "choices", ()) or ()),
                metavar=option.metavar,
                choice_labels=tuple(labels().get("choices", {}).get(name, {}).get(c, c) for c in CHOICES.get(name, ())),
            )
        )
    return tuple(fields)


def bad(field: OptionField, value: str, reason: str) -> ApiError:
    return ApiError(400, message("bad_option", option=field.flag, value=value[:60], reason=reason))


def convert(field: OptionField, option, raw: list[str]):
    """The query's strings → the value click would hand the CLI function for this flag."""
    import typer

    if field.kind == "flag":
        word = raw[-1].strip().lower()
        if word not in TRUE_WORDS + FALSE_WORDS:
            raise bad(field, raw[-1], message("bad_flag"))
        return word in TRUE_WORDS
    if field.kind == "list":
        items = [part.strip() for value in raw for part in value.split(",") if part.strip()]
        return items or None
    value = raw[-1].strip()
    if value == "":
        return option.default
    try:
        return option.type.convert(value, option, None)
    except typer.BadParameter:
        reason = {"number": "bad_number", "integer": "bad_whole_number"}.get(field.kind)
        raise bad(field, value, message(reason) if reason else value) from None


def render_options(query) -> RenderOptions:
    """RenderOptions from a query (a werkzeug MultiDict or a plain dict of strings), checked as the CLI checks its flags."""
    from generator.options import OptionError

    by_name = {param.name: param for param in build_command().params}
    values: dict = {name: None for name in PATH_PARAMETERS}
    for field in option_fields():
        option = by_name[field.name]
        raw = query.getlist(field.name) if hasattr(query, "getlist") else ([query[field.name]] if field.name in query else [])
        values[field.name] = convert(field, option, raw) if raw else option.default
    function = options_function()
    accepted = {name: values[name] for name in inspect.signature(function).parameters if name in values}
    try:
        return function(**accepted)
    except OptionError as refused:
        raise ApiError(400, f"{refused.flag}: {refused.message}") from None
