"""Content folder (character, night-order, rule, jinx and script YAML) → a checked Library and Game, or findings."""

from __future__ import annotations

import datetime
import difflib
import re
from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.findings import Report, Unreadable
from generator.josa import quoted, with_particle
from generator.model import (
    BAG_TEAMS,
    EDITIONS,
    JINX_FABLED,
    NIGHTS,
    TEAM_NAMES_KO,
    TEAMS,
    Character,
    FixedStep,
    Game,
    Jinx,
    Library,
    NightOrder,
    NightRule,
    Script,
)
from generator.limits import MAX_CHARACTER_FILES, MAX_LIST_ITEMS, MAX_NIGHT_STEPS, MAX_REMINDERS, MAX_SCRIPT_CHARACTERS
from generator.yamlio import Located, Places, display_path, load_yaml, read_text

DEFAULT_SCRIPT = "in-space"
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
MAX_TEXT_LENGTH = 5000

CHARACTER_TEXT_FIELDS = ("flavor", "overview", "first_night", "other_nights", "icon", "edition")
CHARACTER_LIST_FIELDS = ("examples", "how_to_run", "notes", "reminders", "global_reminders", "aliases", "community_names")
CHARACTER_REQUIRED = ("id", "name", "team", "ability")
LIST_LIMITS = {"reminders": (MAX_REMINDERS, "알림 토큰"), "global_reminders": (MAX_REMINDERS, "알림 토큰")}
CHARACTER_KEYS = set(CHARACTER_REQUIRED) | set(CHARACTER_TEXT_FIELDS) | set(CHARACTER_LIST_FIELDS) | {"setup", "cues"}
MAX_CUE_LENGTH = 60
SCRIPT_KEYS = {"id", "title", "author", "notes", "characters", "named_characters", "first_night", "other_nights", "bootlegger", "logo", "players"}
STEP_KEYS = {"name", "first_night", "other_nights", "min_players", "cues"}
RULE_KEYS = {"before", "after", "nights", "reason"}

TYPE_NAMES = {str: "문자열", list: "목록", dict: "키-값 묶음", int: "정수"}


class Fields:
    """Typed access to one YAML mapping that records every problem in the report with file, line and key."""

    def __init__(self, located: Located, mapping: dict, report: Report, prefix: tuple = (), subject: str | None = None):
        self.located = located
        self.mapping = mapping
        self.report = report
        self.prefix = prefix
        self.subject = subject

    def where(self, key) -> str:
        return self.located.where(*self.prefix, key)

    def places(self) -> Places:
        """'file:line' of every key, and of every list item as 'key[n]' (1-based), for messages about one field."""
        return Places(self.located, self.prefix)

    def _label(self, key) -> str:
        return ".".join(str(k) for k in (*self.prefix, key))

    def warn_unknown(self, allowed: set[str]) -> None:
        for key in self.mapping:
            if key not in allowed:
                self.report.warning(
                    "unknown-key",
                    f"알 수 없는 항목 '{self._label(key)}': 무시합니다.{did_you_mean(str(key), allowed)} "
                    f"쓸 수 있는 항목: {', '.join(sorted(allowed))}",
                    subject=self.subject,
                    where=self.where(key),
                )

    def _wrong_type(self, key, expected: type, value) -> None:
        self.report.error(
            "wrong-type",
            f"{quoted(self._label(key), '은')} {with_particle(TYPE_NAMES[expected], '이어야')} 합니다(지금은 {type_name(value)}).",
            subject=self.subject,
            where=self.where(key),
        )

    def text(self, key, required: bool = False) -> str | None:
        value = self.mapping.get(key)
        if value is None:
            if required:
                self.missing(key)
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            self._wrong_type(key, str, value)
            return None
        if required and not value.strip():
            self.missing(key)
            return None
        if len(value) > MAX_TEXT_LENGTH:
            self.report.error(
                "text-too-long",
                f"{quoted(self._label(key), '이')} 너무 깁니다({len(value):,}자). {MAX_TEXT_LENGTH:,}자까지 쓸 수 있습니다.",
                subject=self.subject,
                where=self.where(key),
            )
            return None
        return value

    def text_list(self, key, limit: int = MAX_LIST_ITEMS, what: str = "항목") -> list[str]:
        """The list of texts under `key`; past `limit` items an error states the limit and only the first are used."""
        value = self.mapping.get(key)
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self._wrong_type(key, list, value)
            return []
        if len(value) > limit:
            self.report.error(
                "too-many",
                f"'{self._label(key)}'에 {with_particle(what, '이')} 너무 많습니다({len(value):,}개). {limit:,}개까지 쓸 수 있어 앞의 {limit:,}개만 씁니다.",
                subject=self.subject,
                where=self.where(key),
            )
            value = value[:limit]
        items = []
        for index, item in enumerate(value):
            if isinstance(item, (int, float)) and not isinstance(item, bool):
                item = str(item)
            if not isinstance(item, str):
                self.report.error(
                    "wrong-type",
                    f"'{self._label(key)}'의 {index + 1}번째 항목은 문자열이어야 합니다(지금은 {type_name(item)}).",
                    subject=self.subject,
                    where=self.located.where(*self.prefix, key, index),
                )
                continue
            if len(item) > MAX_TEXT_LENGTH:
                self.report.error(
                    "text-too-long",
                    f"'{self._label(key)}'의 {index + 1}번째 항목이 너무 깁니다({len(item):,}자).",
                    subject=self.subject,
                    where=self.located.where(*self.prefix, key, index),
                )
                continue
            items.append(item)
        return items

    def mapping_of(self, key) -> dict:
        value = self.mapping.get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            self._wrong_type(key, dict, value)
            return {}
        return value

    def named_mapping_of(self, key, what: str) -> dict:
        """A mapping whose keys are ids or names: a key that is not text (`null:`, `12:`, a date) is an error and
        is left out."""
        named = {}
        for name, value in self.mapping_of(key).items():
            if isinstance(name, str) and name.strip():
                named[name] = value
                continue
            shown = "null" if name is None else str(name).lower() if isinstance(name, bool) else str(name)
            self.report.error(
                "wrong-type",
                f"'{self._label(key)}'의 키 {quoted(shown, '은')} 쓸 수 없습니다. {with_particle(what, '은')} 글자로 써야 합니다"
                f"(숫자나 null, 날짜처럼 읽히면 따옴표로 감싸세요).",
                subject=self.subject,
                where=self.located.where(*self.prefix, key, name),
            )
        return named

    def missing(self, key) -> None:
        self.report.error(
            "missing-field",
            f"필수 항목 {quoted(self._label(key), '이')} 없거나 비어 있습니다.",
            subject=self.subject,
            where=self.located.where(*self.prefix) if self.prefix else display_path(self.located.path),
        )


def type_name(value) -> str:
    if value is None:
        return "빈 값"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "날짜(따옴표로 감싸면 글자가 됩니다)"
    if isinstance(value, float):
        return "실수"
    if isinstance(value, (bytes, bytearray)):
        return "이진 값(!!binary)"
    for python_type, name in TYPE_NAMES.items():
        if isinstance(value, python_type) and not isinstance(value, bool):
            return name
    return "참/거짓" if isinstance(value, bool) else type(value).__name__


def require_mapping(located: Located, report: Report, what: str) -> dict | None:
    if isinstance(located.data, dict):
        return located.data
    report.cannot_read(
        "wrong-shape",
        f"{what} 파일은 '키: 값' 묶음이어야 합니다(지금은 {type_name(located.data)}): {display_path(located.path)}",
        where=display_path(located.path),
    )
    return None


# --- characters -------------------------------------------------------------------------------------------


SETUP_KEYS = (*BAG_TEAMS, "hidden_as", "requires", "rules")


def parse_cues(fields: Fields) -> dict:
    """The optional `cues` mapping: night → one short line for the night card (else the card derives one)."""
    cues = {}
    for night, value in fields.mapping_of("cues").items():
        where = fields.located.where(*fields.prefix, "cues", night)
        if night not in NIGHTS:
            fields.report.error(
                "cue-invalid",
                f"'cues'에는 {', '.join(NIGHTS)}만 쓸 수 있습니다(지금은 '{night}').",
                subject=fields.subject,
                where=where,
            )
        elif not isinstance(value, str) or not value.strip():
            fields.report.error("cue-invalid", f"'cues.{night}'는 한 줄짜리 글이어야 합니다.", subject=fields.subject, where=where)
        elif len(value) > MAX_CUE_LENGTH or "\n" in value.strip():
            fields.report.error(
                "cue-too-long",
                f"'cues.{night}'는 밤 카드에 한 줄로 들어가도록 {MAX_CUE_LENGTH}자 이내의 한 줄로 써 주세요(지금은 {len(value)}자).",
                subject=fields.subject,
                where=where,
            )
        else:
            cues[night] = value.strip()
    return cues


def parse_setup(fields: Fields) -> dict:
    """The structured `setup` mapping: team deltas, hidden_as, requires (ids) and rules (non-count brackets)."""
    raw = fields.mapping_of("setup")
    setup: dict = {}
    for key, value in raw.items():
        where = fields.located.where(*fields.prefix, "setup", key)

        def refuse(message: str) -> None:
            fields.report.error("setup-invalid", message, subject=fields.subject, where=where)

        if key == "hidden_as":
            if value not in BAG_TEAMS:
                hint = did_you_mean(value, BAG_TEAMS, KOREAN_TEAMS) if isinstance(value, str) else ""
                refuse(f"'setup.hidden_as'는 {', '.join(BAG_TEAMS)} 중 하나여야 합니다(지금은 {value!r}).{hint}")
                continue
            setup[key] = value
        elif key in BAG_TEAMS:
            if value == "?":
                setup[key] = "?"
                continue
            deltas = value if isinstance(value, list) else [value]
            if not deltas or not all(isinstance(d, int) and not isinstance(d, bool) and -20 <= d <= 20 for d in deltas) or not any(deltas):
                refuse(
                    f"{quoted('setup.' + key, '은')} 정수 목록이어야 합니다(예: [-1, 1] 또는 [0, 1], 0만 있으면 안 됨). "
                    f"이야기꾼이 아무 수나 정하면 \"?\"라고 씁니다. 지금은 {value!r}입니다."
                )
                continue
            setup[key] = sorted(set(deltas))
        elif key in ("requires", "rules"):
            items = value if isinstance(value, list) else [value]
            if not items or not all(isinstance(item, str) and item.strip() for item in items):
                what = "캐릭터 id" if key == "requires" else "능력의 괄호에 쓴 설정 문구"
                refuse(f"{quoted('setup.' + key, '은')} {what}의 목록이어야 합니다(지금은 {value!r}).")
                continue
            setup[key] = [item.strip() for item in items]
        else:
            refuse(
                f"'setup'에 알 수 없는 항목이 있습니다: '{key}'.{did_you_mean(str(key), SETUP_KEYS, KOREAN_TEAMS)} "
                f"쓸 수 있는 항목: {', '.join(SETUP_KEYS)}"
            )
    return setup


def character_from_mapping(
    mapping: dict, located: Located, report: Report, prefix: tuple = (), expected_id: str | None = None
) -> Character | None:
    subject = mapping.get("id") if isinstance(mapping.get("id"), str) else expected_id
    fields = Fields(located, mapping, report, prefix, subject)
    errors_before = report.error_count
    fields.warn_unknown(CHARACTER_KEYS)
    character_id = fields.text("id", required=True)
    name = fields.text("name", required=True)
    team = fields.text("team", required=True)
    ability = fields.text("ability", required=True)
    if character_id is not None and not ID_PATTERN.match(character_id):
        report.error(
            "bad-id",
            f"id {quoted(character_id, '은')} 영문 소문자, 숫자, '_', '-'만 쓸 수 있습니다.",
            subject=character_id,
            where=fields.where("id"),
        )
    if character_id and expected_id and character_id != expected_id:
        report.error(
            "id-mismatch",
            f"id {quoted(character_id, '이')} 파일 이름 '{expected_id}.yaml'과 다릅니다. 파일 이름과 id를 같게 해 주세요.",
            subject=character_id,
            where=fields.where("id"),
        )
    if team is not None and team not in TEAMS:
        report.error(
            "unknown-team",
            f"팀 '{team}': 알 수 없는 팀입니다.{did_you_mean(team, TEAMS, KOREAN_TEAMS)} 쓸 수 있는 팀: {', '.join(TEAMS)}",
            subject=subject,
            where=fields.where("team"),
        )
    texts = {key: fields.text(key) for key in CHARACTER_TEXT_FIELDS}
    lists = {key: fields.text_list(key, *LIST_LIMITS.get(key, (MAX_LIST_ITEMS, "항목"))) for key in CHARACTER_LIST_FIELDS}
    setup = parse_setup(fields)
    cues = parse_cues(fields)
    if texts["edition"] is not None and texts["edition"] not in EDITIONS:
        report.warning(
            "unknown-edition",
            f"판 '{texts['edition']}': 알 수 없는 판입니다.{did_you_mean(texts['edition'], EDITIONS)} "
            f"쓸 수 있는 판: {', '.join(EDITIONS)}(직접 만든 캐릭터는 custom).",
            subject=subject,
            where=fields.where("edition"),
        )
    if report.error_count > errors_before:
        return None
    return Character(
        id=character_id,
        name=name,
        team=team,
        ability=ability,
        setup=setup,
        cues=cues,
        source=fields.where("id"),
        places=fields.places(),
        **texts,
        **lists,
    )


def load_characters(content_dir: Path, report: Report) -> dict[str, Character]:
    folder = content_dir / "characters"
    if not folder.is_dir():
        report.cannot_read("content-missing", f"캐릭터 폴더가 없습니다: {display_path(folder)}", where=display_path(folder))
        return {}
    characters: dict[str, Character] = {}
    paths = sorted(folder.glob("*.yaml"))
    if len(paths) > MAX_CHARACTER_FILES:
        report.error(
            "too-many",
            f"캐릭터 파일이 너무 많습니다({len(paths):,}개). 내용 폴더 하나에 {MAX_CHARACTER_FILES:,}개까지 읽어 앞의 {MAX_CHARACTER_FILES:,}개만 씁니다.",
            where=display_path(folder),
        )
        paths = paths[:MAX_CHARACTER_FILES]
    for path in paths:
        located = load_yaml(path, report)
        if located is None:
            continue
        mapping = require_mapping(located, report, "캐릭터")
        if mapping is None:
            continue
        character = character_from_mapping(mapping, located, report, expected_id=path.stem)
        if character is None:
            continue
        if character.id in characters:
            report.error(
                "duplicate-id",
                f"id {quoted(character.id, '이')} 두 파일에 있습니다: {characters[character.id].source}, {character.source}",
                subject=character.id,
                where=character.source,
            )
            continue
        characters[character.id] = character
    return characters


def character_files(content_dir: Path) -> set[str]:
    """The ids that have a file in the content folder's characters/, loaded or not (one folder listing)."""
    folder = Path(content_dir) / "characters"
    return {p.stem for p in folder.glob("*.yaml")} if folder.is_dir() else set()


# --- night order, rules, jinxes ------------------------------------------------------------------------------


def load_night_order(content_dir: Path, report: Report) -> tuple[NightOrder, dict[str, FixedStep]]:
    path = content_dir / "night_order.yaml"
    empty = NightOrder([], [], display_path(path))
    located = load_yaml(path, report)
    if located is None:
        return empty, {}
    mapping = require_mapping(located, report, "밤 순서")
    if mapping is None:
        return empty, {}
    fields = Fields(located, mapping, report)
    fields.warn_unknown({"steps", *NIGHTS})
    steps: dict[str, FixedStep] = {}
    for step_id, raw in fields.named_mapping_of("steps", "단계 id").items():
        if not isinstance(raw, dict):
            report.error("wrong-type", f"{quoted('steps.' + step_id, '은')} 키-값 묶음이어야 합니다.", where=located.where("steps", step_id))
            continue
        step_fields = Fields(located, raw, report, ("steps", step_id), step_id)
        step_fields.warn_unknown(STEP_KEYS)
        min_players = raw.get("min_players")
        if min_players is not None and (not isinstance(min_players, int) or isinstance(min_players, bool) or not 1 <= min_players <= 20):
            report.error(
                "wrong-type",
                f"'steps.{step_id}.min_players'는 1에서 20 사이의 정수여야 합니다(지금은 {min_players!r}).",
                where=step_fields.where("min_players"),
            )
            min_players = None
        steps[step_id] = FixedStep(
            id=step_id,
            name=step_fields.text("name", required=True) or step_id,
            first_night=step_fields.text("first_night"),
            other_nights=step_fields.text("other_nights"),
            min_players=min_players,
            cues=parse_cues(step_fields),
            places=step_fields.places(),
        )
    for night in NIGHTS:
        if night not in mapping:
            fields.missing(night)
    order = NightOrder(fields.text_list("first_night", what="단계"), fields.text_list("other_nights", what="단계"), display_path(path))
    order.lines = night_lines(located, order)
    return order, steps


def night_lines(located: Located, order: NightOrder) -> dict:
    """night → {index: line of that step, None: line of the night's key}, for messages."""
    return {
        night: {None: located.line(night), **{i: located.line(night, i) for i in range(len(order.steps(night)))}}
        for night in NIGHTS
        if night in located.data
    }


def optional_list_items(path: Path, report: Report, what: str, item: str) -> list[Fields]:
    """Each mapping of a YAML file that holds a list; a missing file is an empty list, a wrong item an error."""
    if not path.exists():
        return []
    located = load_yaml(path, report)
    if located is None:
        return []
    if not isinstance(located.data, list):
        report.cannot_read("wrong-shape", f"{what} 파일은 목록이어야 합니다: {display_path(path)}", where=display_path(path))
        return []
    if len(located.data) > MAX_LIST_ITEMS:
        report.error(
            "too-many",
            f"{what} 파일의 항목이 너무 많습니다({len(located.data):,}개). {MAX_LIST_ITEMS:,}개까지 읽어 앞의 {MAX_LIST_ITEMS:,}개만 씁니다.",
            where=display_path(path),
        )
    items = []
    for index, raw in enumerate(located.data[:MAX_LIST_ITEMS]):
        if not isinstance(raw, dict):
            report.error("wrong-type", f"{index + 1}번째 {with_particle(item, '는')} 키-값 묶음이어야 합니다.", where=located.where(index))
            continue
        items.append(Fields(located, raw, report, (index,)))
    return items


def load_night_rules(content_dir: Path, report: Report) -> list[NightRule]:
    rules = []
    for fields in optional_list_items(content_dir / "night_rules.yaml", report, "밤 순서 규칙", "규칙"):
        fields.warn_unknown(RULE_KEYS)
        nights = fields.text_list("nights") or list(NIGHTS)
        for night in nights:
            if night not in NIGHTS:
                report.error("wrong-value", f"규칙의 nights에는 {', '.join(NIGHTS)}만 쓸 수 있습니다(지금은 '{night}').", where=fields.where("nights"))
        rules.append(
            NightRule(
                before=fields.text_list("before"),
                after=fields.text_list("after"),
                nights=[n for n in nights if n in NIGHTS],
                reason=fields.text("reason", required=True) or "",
            )
        )
    return rules


def load_jinxes(content_dir: Path, report: Report, known: dict | None = None) -> list[Jinx]:
    jinxes = []
    files = None  # ids with a character file, listed when first needed
    for fields in optional_list_items(content_dir / "jinxes.yaml", report, "징크스", "징크스"):
        fields.warn_unknown({"characters", "text"})
        pair = fields.text_list("characters")
        text = fields.text("text", required=True)
        if len(pair) != 2 or pair[0] == pair[1]:
            report.error("jinx-pair", "징크스의 characters에는 서로 다른 캐릭터 id 두 개를 써야 합니다.", where=fields.where("characters"))
            continue
        if known is not None:
            if any(c not in known for c in pair) and files is None:
                files = character_files(content_dir)
            unknown = [c for c in pair if c not in known and c not in files]
            for character_id in unknown:
                report.error(
                    "unknown-id",
                    f"징크스가 알 수 없는 캐릭터 {quoted(character_id, '을')} 가리킵니다.{suggest(character_id, known, report)}",
                    subject=character_id,
                    where=fields.where("characters"),
                )
            if any(c not in known for c in pair):
                continue  # unknown, or its file is broken and already reported: keep the jinx out of the game
        if text:
            jinxes.append(Jinx((pair[0], pair[1]), text, fields.where("text")))
    return jinxes


def load_bag_table(content_dir: Path, report: Report) -> dict[int, tuple[int, int, int, int]]:
    path = content_dir / "setup.yaml"
    located = load_yaml(path, report)
    if located is None:
        return {}
    mapping = require_mapping(located, report, "배치표")
    if mapping is None:
        return {}
    table = {}
    base = Fields(located, mapping, report).mapping_of("base")
    for players, counts in base.items():
        if (
            not isinstance(players, int)
            or not isinstance(counts, list)
            or len(counts) != 4
            or not all(isinstance(n, int) and n >= 0 for n in counts)
        ):
            report.error(
                "setup-table",
                f"배치표의 '{players}' 줄은 '인원: [마을주민, 외지인, 하수인, 악마]' 형식의 0 이상 정수 4개여야 합니다.",
                where=located.where("base", players),
            )
            continue
        table[players] = tuple(counts)
    missing = [n for n in range(5, 16) if n not in table]
    if missing and not report.unreadable:
        report.error("setup-table", f"배치표에 {', '.join(map(str, missing))}명 줄이 없습니다.", where=display_path(path))
    return table


def load_library(content_dir: Path | None = None, report: Report | None = None) -> tuple[Library, Report]:
    content_dir = Path(content_dir or DEFAULT_CONTENT_DIR)
    report = report or Report()
    if not content_dir.is_dir():
        report.cannot_read("content-missing", f"내용 폴더가 없습니다: {display_path(content_dir)}", where=display_path(content_dir))
    characters = load_characters(content_dir, report)
    night_order, steps = load_night_order(content_dir, report)
    library = Library(
        characters=characters,
        fixed_steps=steps,
        night_order=night_order,
        night_rules=load_night_rules(content_dir, report),
        jinxes=load_jinxes(content_dir, report, characters),
        bag_table=load_bag_table(content_dir, report),
        content_dir=content_dir,
    )
    return library, report


# --- scripts ------------------------------------------------------------------------------------------------


KOREAN_TEAMS = {name: team for team, name in TEAM_NAMES_KO.items()}


def did_you_mean(value: str, allowed, translations: dict[str, str] | None = None, cutoff: float = 0.6, shown=None) -> str:
    """" 혹시 'ability'인가요?" for the closest allowed spellings (a Korean word that `translations` knows is mapped
    first: '마을주민' → 'townsfolk'), else ''. Written without a particle after the Latin word; `shown` may add to
    each spelling (a character's Korean name)."""
    if translations and value.strip() in translations:
        close = [translations[value.strip()]]
    else:
        close = difflib.get_close_matches(value, list(allowed), n=3, cutoff=cutoff)
    if not close:
        return ""
    listed = ", ".join(f"'{c}'" + (shown(c) if shown else "") for c in close)
    return f" 혹시 {listed}인가요?" if len(close) == 1 else f" 혹시 {listed} 중 하나인가요?"


def suggest(unknown: str, known, report: Report | None = None) -> str:
    """did_you_mean for character ids; a library's characters are shown with their Korean names. Each search costs
    time in the number of known ids, so one run spends at most MAX_SUGGESTIONS of them: a file with thousands of
    typos still gets each reported, quickly."""
    if not isinstance(unknown, str):
        return ""
    if report is not None:
        if report.suggestions_left <= 0:
            return ""
        report.suggestions_left -= 1

    def name(character_id: str) -> str:
        character = known.get(character_id) if isinstance(known, dict) else None
        return f"({character.name})" if isinstance(character, Character) else ""

    return did_you_mean(unknown, [k for k in known if isinstance(k, str)], cutoff=0.5, shown=name)


def script_path(script: str | Path, content_dir: Path) -> Path:
    candidate = Path(script)
    if candidate.suffix.lower() in (".yaml", ".yml", ".json") or candidate.exists():
        return candidate
    if script == DEFAULT_SCRIPT and not (content_dir / "scripts" / f"{script}.yaml").exists():
        # a homebrew folder (botc-pnp new) has its own single script: use it when none was named
        own = sorted((content_dir / "scripts").glob("*.yaml"))
        if len(own) == 1:
            return own[0]
    return content_dir / "scripts" / f"{script}.yaml"


def load_script(script: str | Path, content_dir: Path, report: Report) -> Script | None:
    path = script_path(script, content_dir)
    if path.suffix.lower() == ".json":
        return load_script_json(path, report, content_dir)
    if not path.exists():
        bundled = sorted(p.stem for p in (content_dir / "scripts").glob("*.yaml"))
        report.cannot_read(
            "script-missing",
            f"스크립트를 찾을 수 없습니다: {script}. 내장 스크립트 id({', '.join(bundled) or '없음'}) 또는 .yaml/.json 파일 경로를 주세요.",
            where=display_path(path),
        )
        return None
    located = load_yaml(path, report)
    if located is None:
        return None
    mapping = require_mapping(located, report, "스크립트")
    if mapping is None:
        return None
    fields = Fields(located, mapping, report)
    fields.warn_unknown(SCRIPT_KEYS)
    title = fields.text("title", required=True)
    characters = fields.text_list("characters", MAX_SCRIPT_CHARACTERS, "캐릭터")
    if "characters" not in mapping or not characters:
        fields.missing("characters")
    named = {}
    for key, value in fields.named_mapping_of("named_characters", "캐릭터 id").items():
        if isinstance(value, str):
            named[key] = value
        else:
            report.error("wrong-type", f"{quoted('named_characters.' + str(key), '은')} 캐릭터 id(문자열)여야 합니다.", where=located.where("named_characters", key))
    order = None
    if "first_night" in mapping or "other_nights" in mapping:
        order = NightOrder(
            fields.text_list("first_night", MAX_NIGHT_STEPS, "단계"), fields.text_list("other_nights", MAX_NIGHT_STEPS, "단계"), display_path(path)
        )
        order.lines = night_lines(located, order)
    script_id = fields.text("id") or path.stem
    from generator.write import warn_unsafe_script_id

    warn_unsafe_script_id(script_id, located.where("id"), report)
    script = Script(
        id=script_id,
        title=title or path.stem,
        author=fields.text("author"),
        character_ids=characters,
        notes=fields.text("notes"),
        named_characters=named,
        night_order=order,
        bootlegger=fields.text_list("bootlegger"),
        logo=logo_path(fields.text("logo"), path),
        players=declared_players(mapping, located, report),
        source=display_path(path),
    )
    script.lines = {i: located.line("characters", i) for i in range(len(characters))}
    script.places = fields.places()
    return script


def logo_path(value: str | None, script_path: Path) -> str | None:
    """A script's logo: a URL as written (the sheet says it is not fetched), a file path against the script's folder."""
    if not value or "://" in value:
        return value
    return str((Path(script_path).parent / value).resolve())


def declared_players(mapping: dict, located: Located, report: Report) -> tuple[int, int] | None:
    """The script's `players: 5-6`, or None (not given, or reported as unreadable)."""
    from generator.players import parse_players

    if mapping.get("players") is None:
        return None
    players, problem = parse_players(mapping["players"])
    if problem:
        report.error("players-range", f"'players': {problem}", where=located.where("players"))
    return players


def load_script_json(path: Path, report: Report, content_dir: Path | None = None) -> Script | None:
    """A publisher JSON script file → a Script, read against the content folder's characters and night order."""
    from generator.script_json import script_from_json_text

    path = Path(path)
    text = read_text(path, report)
    if text is None:
        return None
    script = script_from_json_text(text, display_path(path), path.stem, report, lambda: library_parts(content_dir), path.parent)
    if script is not None and script.logo:
        script.logo = logo_path(script.logo, path)  # _meta.logo, against the JSON file's folder
    return script


def library_parts(content_dir: Path | None):
    """(characters, night order) of the content folder, read quietly: its own problems are reported elsewhere."""
    folder = Path(content_dir or DEFAULT_CONTENT_DIR)
    quiet = Report()
    characters = load_characters(folder, quiet) if (folder / "characters").is_dir() else {}
    order = None
    if (folder / "night_order.yaml").is_file():
        order, _steps = load_night_order(folder, quiet)
    return characters, order


def resolve_game(script: Script, library: Library, report: Report) -> Game:
    """Looks up the script's character ids in the library; unknown and repeated ids become errors."""
    from generator.search import IdLookup

    characters = []
    seen = set()
    lines = script.lines
    custom = script.custom_characters
    lookup = IdLookup(library.characters)
    files = None  # ids with a character file, listed when first needed
    for index, character_id in enumerate(script.character_ids):
        where = f"{script.source}:{lines[index]}" if lines.get(index) else script.source
        if character_id not in custom and character_id not in library.characters:
            named = lookup.id_for(character_id)  # a Korean name or the publisher's spelling of an id
            if named in library.characters:
                character_id = script.character_ids[index] = named
        if character_id in seen:
            report.error("duplicate-id", f"스크립트에 {quoted(character_id, '이')} 두 번 있습니다.", subject=character_id, where=where)
            continue
        seen.add(character_id)
        character = custom.get(character_id) or library.characters.get(character_id)
        if character is None and report.error_count and files is None:
            files = character_files(library.content_dir)
        if character is None and report.error_count and character_id in files:
            report.warning(
                "character-skipped",
                f"'{character_id}'의 파일에 위의 오류가 있어 이 캐릭터를 빼고 검사했습니다.",
                subject=character_id,
                where=where,
            )
            continue
        if character is None:
            report.error(
                "unknown-id",
                f"스크립트의 캐릭터 {quoted(character_id, '이')} 라이브러리에 없습니다.{suggest(character_id, library.characters, report)}",
                subject=character_id,
                where=where,
            )
            continue
        characters.append(character)
    for loric_id, target in script.named_characters.items():
        if loric_id not in seen:
            report.warning("named-unused", f"named_characters에 스크립트에 없는 {quoted(loric_id, '이')} 있습니다.", subject=loric_id, where=script.source)
        if target not in library.characters:
            report.error(
                "unknown-id",
                f"{quoted(loric_id, '이')} 지정한 캐릭터 {quoted(target, '이')} 라이브러리에 없습니다.{suggest(target, library.characters, report)}",
                subject=loric_id,
                where=script.source,
            )
    game = Game(script=script, library=library, characters=characters)
    add_jinx_fabled(game)
    return game


def add_jinx_fabled(game: Game) -> None:
    """A script with jinxes is printed with the Djinn among its fabled, as the official sheets do."""
    djinn = game.library.characters.get(JINX_FABLED)
    if djinn is not None and JINX_FABLED not in game.ids and game.jinxes:
        game.characters.append(djinn)
        game.added.append(JINX_FABLED)


def load_game(script: str | Path = "in-space", content_dir: Path | None = None) -> tuple[Game | None, Report]:
    """Loads library and script; raises nothing, returns (None, report) when input cannot be read."""
    library, report = load_library(content_dir)
    loaded = load_script(script, library.content_dir, report)
    if loaded is None:
        return None, report
    game = resolve_game(loaded, library, report)
    return game, report


def load_game_or_raise(script: str | Path = "in-space", content_dir: Path | None = None) -> tuple[Game, Report]:
    game, report = load_game(script, content_dir)
    if game is None or report.unreadable:
        raise Unreadable(report.findings)
    return game, report
