"""A content folder's night order, night rules, jinxes and setup table, with its characters → a Library, or
findings.

A folder whose `content.yaml` says `base: bundled` holds only what it adds to the bundled library (the page's 저장
writes one: write/content_folder.py): its characters (with their icons beside them, in its icons/) join the bundled
ones, and its night order and jinxes, when it has them, replace the bundled files; everything else is the bundled
library's.
"""

from __future__ import annotations

from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.limits import MAX_LIST_ITEMS
from generator.load.characters import character_files, load_characters, parse_cues
from generator.load.fields import Fields, require_mapping, suggest
from generator.load.standard_order import load_standard_order
from generator.model import NIGHTS, FixedStep, Jinx, Library, NightOrder, NightRule
from generator.read.yamlio import Located, display_path, load_yaml

BASE_FILE = "content.yaml"
BUNDLED = "bundled"
STEP_KEYS = {"name", "first_night", "other_nights", "min_players", "cues"}
RULE_KEYS = {"before", "after", "nights", "reason"}


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
            report.error(
                "wrong-type",
                f"{quoted('steps.' + step_id, '은')} 키-값 묶음이어야 합니다.",
                where=located.where("steps", step_id),
            )
            continue
        step_fields = Fields(located, raw, report, ("steps", step_id), step_id)
        step_fields.warn_unknown(STEP_KEYS)
        min_players = raw.get("min_players")
        if min_players is not None and (
            not isinstance(min_players, int) or isinstance(min_players, bool) or not 1 <= min_players <= 20
        ):
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
    order = NightOrder(
        fields.text_list("first_night", what="단계"), fields.text_list("other_nights", what="단계"), display_path(path)
    )
    order.lines = night_lines(located, order)
    return order, steps


def night_lines(located: Located, order: NightOrder) -> dict:
    """night → {index: line of that step, None: line of the night's key}, for messages."""
    return {
        night: {None: located.line(night), **{i: located.line(night, i) for i in range(len(order.steps(night)))}}
        for night in NIGHTS
        if isinstance(located.data, dict) and night in located.data  # the callers read it as a mapping already
    }


def optional_list_items(path: Path, report: Report, what: str, item: str) -> list[Fields]:
    """Each mapping of a YAML file that holds a list; a missing file is an empty list, a wrong item an error."""
    if not path.exists():
        return []
    located = load_yaml(path, report)
    if located is None:
        return []
    if not isinstance(located.data, list):
        report.cannot_read(
            "wrong-shape", f"{what} 파일은 목록이어야 합니다: {display_path(path)}", where=display_path(path)
        )
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
            report.error(
                "wrong-type",
                f"{index + 1}번째 {with_particle(item, '는')} 키-값 묶음이어야 합니다.",
                where=located.where(index),
            )
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
                report.error(
                    "wrong-value",
                    f"규칙의 nights에는 {', '.join(NIGHTS)}만 쓸 수 있습니다(지금은 '{night}').",
                    where=fields.where("nights"),
                )
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
            report.error(
                "jinx-pair",
                "징크스의 characters에는 서로 다른 캐릭터 id 두 개를 써야 합니다.",
                where=fields.where("characters"),
            )
            continue
        if known is not None:
            if any(c not in known for c in pair) and files is None:
                files = character_files(content_dir)
            unknown = [
                c for c in pair if c not in known and c not in (files or ())
            ]  # files is read when one is unknown
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
        report.error(
            "setup-table", f"배치표에 {', '.join(map(str, missing))}명 줄이 없습니다.", where=display_path(path)
        )
    return table


def load_library(content_dir: Path | None = None, report: Report | None = None) -> tuple[Library, Report]:
    content_dir = Path(content_dir or DEFAULT_CONTENT_DIR)
    report = report or Report()
    if adds_to_bundled(content_dir, report):
        return library_with_additions(content_dir, report), report
    if not content_dir.is_dir():
        report.cannot_read(
            "content-missing", f"내용 폴더가 없습니다: {display_path(content_dir)}", where=display_path(content_dir)
        )
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
        standard_order=load_standard_order(content_dir, characters, report),
        english_names=load_english_names(content_dir, report),
    )
    return library, report


def adds_to_bundled(content_dir: Path, report: Report) -> bool:
    """Whether the folder's content.yaml says `base: bundled` (a folder without one is a whole library)."""
    path = content_dir / BASE_FILE
    if not path.is_file():
        return False
    located = load_yaml(path, report)
    mapping = require_mapping(located, report, "내용 폴더 설정") if located is not None else None
    if located is None or mapping is None:
        return False
    fields = Fields(located, mapping, report)
    fields.warn_unknown({"base"})
    base = fields.text("base")
    if base not in (None, BUNDLED):
        report.error(
            "content-base",
            f"'base'에는 {BUNDLED}만 쓸 수 있습니다(botc-pnp에 들어 있는 내용에 더하는 폴더). 지금은 '{base}'입니다.",
            where=located.where("base"),
        )
    return base == BUNDLED


def library_with_additions(folder: Path, report: Report) -> Library:
    """The bundled library with the folder's characters added (its own win) and its night order and jinxes, when it
    has them, in place of the bundled ones. Library.content_dir stays the bundled folder, which every other file is
    read from; an added character's icon is read from the folder's icons/, as a path beside it (Character.image)."""
    import dataclasses

    library, _ = load_library(DEFAULT_CONTENT_DIR, report)
    own = load_characters(folder, report) if (folder / "characters").is_dir() else {}
    for character in own.values():
        if character.icon and (folder / "icons" / character.icon).is_file():
            character.image, character.image_base = f"icons/{character.icon}", str(folder)
    characters = {**library.characters, **own}
    night_order, steps = library.night_order, library.fixed_steps
    if (folder / "night_order.yaml").is_file():
        night_order, steps = load_night_order(folder, report)
    jinxes = load_jinxes(folder, report, characters) if (folder / "jinxes.yaml").is_file() else library.jinxes
    return dataclasses.replace(
        library, characters=characters, night_order=night_order, fixed_steps=steps, jinxes=jinxes
    )


def load_english_names(content_dir: Path, report: Report) -> dict[str, str]:
    """content/english_names.yaml: official id → English name (printed with --english); none when the folder has
    no such file."""
    path = content_dir / "english_names.yaml"
    located = load_yaml(path, report) if path.is_file() else None
    names = located.data.get("names") if located is not None and isinstance(located.data, dict) else None
    if not isinstance(names, dict):
        return {}
    return {cid: name for cid, name in names.items() if isinstance(cid, str) and isinstance(name, str) and name.strip()}
