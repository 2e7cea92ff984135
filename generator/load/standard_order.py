"""The publisher's facts about each official ability (content/publisher_order.yaml) and the edition sheets → the
publisher's sort order ("공식 순서로 정렬", `export-json --sort`).

Within a team the publisher sorts abilities by how they open ("You start knowing", "At night", "Each dusk*",
"Each night", "Each night*" …, the list in the facts file), then by the length of the English ability, shortest first;
an ability that opens with none of them comes after all that do. The key is read from the facts, never from our
Korean, which words one English opening several ways. The three editions keep the order of their printed sheets,
which that rule does not reproduce: their characters take the places the rule gives them, in the sheet's order, so a
shuffled edition sorts back into its sheet and a mixed script keeps each edition's characters in sheet order.
A homebrew character is placed by its Korean opening, mapped onto the same English openings, and the length its
English would have (its Korean length times the library's English-to-Korean ratio)."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from pathlib import Path

from generator.findings import Report
from generator.keep.patterns import compiled
from generator.model import BAG_TEAMS, TEAMS, Character
from generator.read.yamlio import load_yaml

FACTS_FILE = "publisher_order.yaml"
# an edition → the bundled script that is its printed sheet
EDITION_SHEETS = {"tb": "trouble-brewing", "bmr": "bad-moon-rising", "snv": "sects-and-violets"}

# (Korean opening, the publisher's English opening it translates): for characters the facts do not cover
KOREAN_OPENINGS = (
    (r"(게임 시작 시|(당신은 )?시작할 때)", "You start knowing"),
    (r"매일 황혼", "Each dusk*"),
    (r"매일 밤,", "Each night"),
    (r"매일 밤\*", "Each night*"),
    (r"매일 낮", "Each day"),
    (r"게임당 (1|한) ?번, 밤에,", "Once per game, at night"),
    (r"게임당 (1|한) ?번, 밤(\*에|에\*)", "Once per game, at night*"),
    (r"게임당 (1|한) ?번, 낮에", "Once per game, during the day"),
    (r"게임당", "Once per game"),
    (r"당신의 첫 ?(번째 )?밤", "On your 1st night"),
    (r"당신의 첫(째)? ?(날|낮)", "On your 1st day"),
    (r"당신은 자신이 .{0,20}생각", "You think"),
    (r"당신은 자신이 .{0,20}모릅", "You do not know"),
    (r"(당신은|당신과|당신의)", "You"),
    (r"당신이 (처음 )?(사망하|죽)", "When you die"),
    (r"당신이 사망했(다는|음을)", "When you learn that you died"),
    (r"(밤에 )?사망하면", "If you die"),
    (r"당신이", "If you"),
    (r"악마가", "If the Demon"),
    (r"처음으로", "The 1st time"),
    (r"모든 플레이어", "All players"),
)
_KOREAN_PATTERNS = tuple((compiled(pattern), english) for pattern, english in KOREAN_OPENINGS)


@dataclass
class EditionSheet:
    """An edition's printed sheet: its title, author and the characters in the order it prints them."""

    title: str
    author: str | None
    ids: list[str]


@dataclass
class StandardOrder:
    """Places in the publisher's order: `place(character)` sorts with TEAMS first, then this."""

    openings: tuple[str, ...] = ()
    ranks: dict[str, int] = field(default_factory=dict)  # official id → its place among all characters
    rule_keys: list[tuple] = field(default_factory=list)  # (team, opening rank, length, id), sorted: the rule's slots
    ratio: float = 2.0  # English characters per Korean character of the same ability
    sheets: dict[str, EditionSheet] = field(default_factory=dict)  # the editions' printed sheets, by script id

    def edition_of(self, characters: list[Character], library: dict[str, Character]) -> EditionSheet | None:
        """The edition whose sheet has exactly these townsfolk, outsiders, minions and demons, if any (travellers
        and fabled come and go: the publisher's own file of an edition often leaves them out)."""
        wanted = {c.id for c in characters if c.team in BAG_TEAMS}
        return next(
            (
                sheet
                for sheet in self.sheets.values()
                if {cid for cid in sheet.ids if cid in library and library[cid].team in BAG_TEAMS} == wanted
            ),
            None,
        )

    def place(self, character: Character) -> float:
        if character.id in self.ranks:
            return float(self.ranks[character.id])
        key = self._korean_key(character)
        return bisect_left(self.rule_keys, key) - 0.5  # between the official characters the rule puts around it

    def _korean_key(self, character: Character) -> tuple:
        text = (character.ability or "").strip()
        english = next((english for pattern, english in _KOREAN_PATTERNS if pattern.match(text)), None)
        opening = self.openings.index(english) if english in self.openings else len(self.openings)
        return (team_rank(character.team), opening, round(len(text) * self.ratio), character.id)

    def sorted(self, characters: list[Character]) -> list[Character]:
        """The characters in the publisher's order (teams in sheet order; equal places keep their order)."""
        return sorted(characters, key=lambda c: (team_rank(c.team), self.place(c)))


def team_rank(team: str) -> int:
    return TEAMS.index(team) if team in TEAMS else len(TEAMS)


def load_standard_order(content_dir: Path, characters: dict[str, Character], report: Report) -> StandardOrder:
    """The facts file read against the library's characters; without it every character is placed by its Korean."""
    path = content_dir / FACTS_FILE
    if not path.is_file():
        return StandardOrder(sheets=edition_sheets(content_dir, report))
    located = load_yaml(path, report)
    data = located.data if located is not None else None
    openings = data.get("openings") if isinstance(data, dict) else None
    roles = data.get("roles") if isinstance(data, dict) else None
    if not (isinstance(openings, list) and all(isinstance(o, str) for o in openings) and isinstance(roles, dict)):
        if located is not None:
            report.warning(
                "sort-facts",
                f"{FACTS_FILE}에 openings(문장 목록)와 roles(캐릭터별 opening·length)가 없어, "
                "공식 순서를 한국어 능력의 첫머리로 정합니다.",
                where=str(path),
            )
        return StandardOrder(sheets=edition_sheets(content_dir, report))
    openings_t = tuple(openings)
    facts = {cid: fact for cid, fact in roles.items() if cid in characters and _usable(fact, openings_t)}
    keys = sorted(_fact_key(characters[cid], fact, openings_t) for cid, fact in facts.items())
    slots = {key[3]: index for index, key in enumerate(keys)}
    sheets = edition_sheets(content_dir, report)
    for sheet in sheets.values():
        _follow_sheet([cid for cid in dict.fromkeys(sheet.ids) if cid in slots], slots, characters)
    ratios = [fact["length"] / len(characters[cid].ability) for cid, fact in facts.items() if characters[cid].ability]
    return StandardOrder(openings_t, slots, keys, middle(ratios) if ratios else 2.0, sheets)


def middle(values: list[float]) -> float:
    """The median (statistics.median's value, without importing statistics and its fractions and decimal, a tenth
    of what `validate` spends importing)."""
    ordered = sorted(values)
    half = len(ordered) // 2
    return ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2


def _usable(fact, openings: tuple[str, ...]) -> bool:
    return (
        isinstance(fact, dict)
        and (fact.get("opening") is None or fact.get("opening") in openings)
        and isinstance(fact.get("length"), int)
        and not isinstance(fact.get("length"), bool)
    )


def _fact_key(character: Character, fact: dict, openings: tuple[str, ...]) -> tuple:
    opening = openings.index(fact["opening"]) if fact["opening"] is not None else len(openings)
    return (team_rank(character.team), opening, fact["length"], character.id)


def edition_sheets(content_dir: Path, report: Report) -> dict[str, EditionSheet]:
    """The three editions' bundled scripts: their titles, authors and characters in sheet order."""
    sheets = {}
    for name in EDITION_SHEETS.values():
        path = content_dir / "scripts" / f"{name}.yaml"
        located = load_yaml(path, report) if path.is_file() else None
        data = located.data if located is not None and isinstance(located.data, dict) else {}
        listed = data.get("characters")
        if isinstance(listed, list):
            title, author = data.get("title"), data.get("author")
            sheets[name] = EditionSheet(
                title if isinstance(title, str) else name,
                author if isinstance(author, str) else None,
                [cid for cid in listed if isinstance(cid, str)],
            )
    return sheets


def _follow_sheet(sheet: list[str], slots: dict[str, int], characters: dict[str, Character]) -> None:
    """The sheet's characters take the slots the rule gave them, in the sheet's order within each team (the slots
    are sorted by team first, so each team gets back its own)."""
    taken = sorted(slots[cid] for cid in sheet)
    in_sheet_order = sorted(sheet, key=lambda cid: (team_rank(characters[cid].team), sheet.index(cid)))
    for slot, cid in zip(taken, in_sheet_order):
        slots[cid] = slot
