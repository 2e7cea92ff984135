"""The advice rules file (content/advice.yaml) → AdviceRules: which characters count as what, each demon's counters,
what abilities need, which information characters answer the same question, and every rule's severity and Korean
text; and one piece of advice as people and programs read it.

A content folder without the file, or with one that cannot be read as rules, uses the bundled file: advice never
becomes a finding, so a broken rules file can never change what `validate` reports or its exit code."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.caches import kept
from generator.keep.patterns import compiled

SEVERITIES = ("high", "medium", "low")  # the order advice is listed in
RULES_FILE = "advice.yaml"


@dataclass(frozen=True)
class Advice:
    """One piece of advice about a script: never an error or a warning."""

    severity: str  # 'high' · 'medium' · 'low'
    severity_label: str  # 높음 · 보통 · 낮음
    code: str
    title: str
    reason: str
    change: str
    characters: tuple[str, ...] = ()  # the characters it is about, in the script's order

    @property
    def subject(self) -> str | None:
        return self.characters[0] if self.characters else None

    @property
    def message(self) -> str:
        return f"{self.title}: {self.reason} 바꿀 점: {self.change}"

    def as_json(self) -> dict:
        """The entry `validate --json --advice` prints among the findings."""
        return {
            "level": "advice",
            "severity": self.severity,
            "code": self.code,
            "subject": self.subject,
            "message": self.message,
            "characters": list(self.characters),
        }


@dataclass(frozen=True)
class AdviceRules:
    severities: dict[str, str]
    tags: dict[str, frozenset[str]]
    counters: dict[str, tuple[str, ...]]
    needs: dict[str, dict]
    rules: tuple[dict, ...]  # in the file's order: each has code, severity, title, reason, change, limits
    source: str = ""
    info_kinds: dict[str, dict] = field(default_factory=dict)  # name → learns (a Korean sentence), characters (ids)

    def tag(self, name: str) -> frozenset[str]:
        return self.tags.get(name, frozenset())

    def rule(self, code: str) -> dict | None:
        return next((r for r in self.rules if r["code"] == code), None)


class NotRules(ValueError):
    """The file's data is not a rules file (a wrong shape or a missing key)."""


_CACHE: dict = kept({})


def load_rules(content_dir) -> AdviceRules:
    """The content folder's rules file when it is one, else the bundled file (read once per file version)."""
    from generator import DEFAULT_CONTENT_DIR

    for folder in (content_dir, DEFAULT_CONTENT_DIR):
        if folder is None:
            continue
        path = Path(folder) / RULES_FILE
        try:
            stamp = (str(path.resolve()), path.stat().st_mtime_ns, path.stat().st_size)
        except OSError:
            continue
        if stamp not in _CACHE:
            _CACHE[stamp] = read_rules(path)
        if _CACHE[stamp] is not None:
            return _CACHE[stamp]
    raise FileNotFoundError(DEFAULT_CONTENT_DIR / RULES_FILE)  # the installation lacks its own data


def read_rules(path: Path) -> AdviceRules | None:
    from generator.findings import Report
    from generator.read.yamlio import display_path, load_yaml

    report = Report()
    located = load_yaml(path, report)
    if located is None or report.errors:
        return None
    try:
        return parse_rules(located.data, display_path(path))
    except NotRules:
        return None


def id_list(value, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise NotRules(f"{what}: a list of character ids")
    return tuple(value)


def parse_rules(data, source: str = "") -> AdviceRules:
    if not isinstance(data, dict):
        raise NotRules("the file is not a mapping")
    severities = data.get("severities")
    if (
        not isinstance(severities, dict)
        or set(severities) != set(SEVERITIES)
        or not all(isinstance(v, str) for v in severities.values())
    ):
        raise NotRules("severities: high, medium, low")
    for key in ("tags", "counters", "needs", "info_kinds"):
        if not isinstance(data.get(key) or {}, dict):
            raise NotRules(f"{key}: a mapping")
    if not isinstance(data.get("rules") or [], list):
        raise NotRules("rules: a list")
    tags = {name: frozenset(id_list(ids, f"tags.{name}")) for name, ids in (data.get("tags") or {}).items()}
    counters = {demon: id_list(ids, f"counters.{demon}") for demon, ids in (data.get("counters") or {}).items()}
    needs = {}
    for character, need in (data.get("needs") or {}).items():
        if (
            not isinstance(need, dict)
            or not isinstance(need.get("reason"), str)
            or not isinstance(need.get("change"), str)
        ):
            raise NotRules(f"needs.{character}: reason and change")
        tags_needed = id_list(need.get("tags", []), f"needs.{character}.tags")
        team, at_least = need.get("team"), need.get("at_least", 1)
        if not tags_needed and (
            not isinstance(team, str) or not isinstance(at_least, int) or isinstance(at_least, bool)
        ):
            raise NotRules(f"needs.{character}: tags, or a team and a whole number at_least")
        needs[character] = {**need, "tags": list(tags_needed)}
    info_kinds = {}
    for name, kind in (data.get("info_kinds") or {}).items():
        if not isinstance(kind, dict) or not isinstance(kind.get("learns"), str):
            raise NotRules(f"info_kinds.{name}: learns and characters")
        info_kinds[name] = {
            "learns": kind["learns"],
            "characters": id_list(kind.get("characters"), f"info_kinds.{name}.characters"),
        }
    rules = []
    for rule in data.get("rules") or []:
        if not isinstance(rule, dict) or rule.get("severity") not in SEVERITIES:
            raise NotRules("rules: each with a severity")
        if not all(isinstance(rule.get(key), str) for key in ("code", "title", "reason", "change")):
            raise NotRules("rules: each with code, title, reason, change")
        limits = rule.get("limits") or {}
        if not isinstance(limits, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in limits.values()
        ):
            raise NotRules(f"{rule['code']}.limits: whole numbers")
        rules.append({**rule, "limits": limits})
    return AdviceRules(dict(severities), tags, counters, needs, tuple(rules), source, info_kinds)


PLACEHOLDER = compiled(r"\{(\w+)\}")


def fill(text: str, values: dict) -> str:
    """The rule's text with the check's values in its {placeholders}. Only plain names are filled (no format specs or
    attributes: a user's rules file cannot make a huge string or reach into an object); any other brace, or a name
    there is no value for, stays as written."""
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


@dataclass
class Hit:
    """What one check found: the characters it is about and the values its text names."""

    characters: tuple[str, ...] = ()
    values: dict = field(default_factory=dict)
