"""Problems found anywhere in a run → one collected, ordered report with Korean messages and an exit code."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from generator.caches import remembered
from generator.limits import MAX_SUGGESTIONS

ERROR = "error"
WARNING = "warning"
INFO = (
    "info"  # a note on how the input was read (a lenient reading, text replaced): never a problem, never an exit code
)

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_UNREADABLE = 2

LEVEL_LABELS = {ERROR: "오류", WARNING: "경고", INFO: "참고"}
OTHER_KIND = "검사 결과"


@remembered(maxsize=1)
def kind_labels() -> dict[str, str]:
    """Finding code → Korean label (templates/finding_kinds.yaml): what people read; the code stays for programs."""
    import yaml

    from generator import TEMPLATES_DIR

    return yaml.safe_load((TEMPLATES_DIR / "finding_kinds.yaml").read_text(encoding="utf-8"))


def kind_label(code: str) -> str:
    return kind_labels().get(code, OTHER_KIND)


@dataclass(frozen=True)
class Finding:
    """One thing a check found: its level (error, warning, note), code, Korean message, the character it is about and
    the 'file:line' it points at."""

    level: str
    code: str
    message: str
    subject: str | None = None
    where: str | None = None

    def format(self) -> str:
        place = f"{self.where}: " if self.where else ""
        return f"[{LEVEL_LABELS[self.level]}] {place}{self.message} ({kind_label(self.code)})"


class Unreadable(Exception):
    """Raised when input cannot be read at all (exit code 2); carries the findings gathered so far."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings


class TextDoesNotFit(Exception):
    """A page could not hold a text (reportlab's LayoutError) while rendering (exit code 1); the message is Korean
    and names the owner and field. Raised by the document pipeline (commands/produce.py), reported by every door."""


@dataclass
class Report:
    """Findings in the order found. Counting is incremental (findings are only ever added), so asking after every
    finding whether there are errors stays linear in the number of findings."""

    findings: list[Finding] = field(default_factory=list)
    unreadable: bool = False
    suggestions_left: int = MAX_SUGGESTIONS  # close-match searches this run may still spend (see content.suggest)
    _counted: int = field(default=0, repr=False, compare=False)
    _error_count: int = field(default=0, repr=False, compare=False)
    _list_id: int = field(default=0, repr=False, compare=False)

    def error(self, code: str, message: str, *, subject: str | None = None, where: str | None = None) -> None:
        self.findings.append(Finding(ERROR, code, message, subject, where))

    def warning(self, code: str, message: str, *, subject: str | None = None, where: str | None = None) -> None:
        self.findings.append(Finding(WARNING, code, message, subject, where))

    def info(self, code: str, message: str, *, subject: str | None = None, where: str | None = None) -> None:
        self.findings.append(Finding(INFO, code, message, subject, where))

    def cannot_read(self, code: str, message: str, *, where: str | None = None) -> None:
        self.unreadable = True
        self.error(code, message, where=where)

    def extend(self, other: Report) -> None:
        self.findings.extend(other.findings)
        self.unreadable = self.unreadable or other.unreadable

    @property
    def error_count(self) -> int:
        if self._counted > len(self.findings) or self._list_id != id(self.findings):  # the list was replaced
            self._counted = self._error_count = 0
            self._list_id = id(self.findings)
        self._error_count += sum(1 for f in self.findings[self._counted :] if f.level == ERROR)
        self._counted = len(self.findings)
        return self._error_count

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == WARNING]

    def exit_code(self, strict: bool = False) -> int:
        if self.unreadable:
            return EXIT_UNREADABLE
        if self.error_count or (strict and self.warnings):
            return EXIT_FINDINGS
        return EXIT_OK

    def to_json(self) -> str:
        import json  # only `--json` needs it

        return json.dumps([asdict(f) for f in self.findings], ensure_ascii=False, indent=2)

    def lines(self) -> list[str]:
        return [f.format() for f in self.findings]
