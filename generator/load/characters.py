"""Character YAML files of a content folder → Character objects (fields, setup, cues checked), or findings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.findings import Report
from generator.josa import quoted
from generator.keep.patterns import compiled
from generator.limits import MAX_CHARACTER_FILES, MAX_CUE_LENGTH, MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_REMINDERS
from generator.load.fields import KOREAN_TEAMS, Fields, did_you_mean, require_mapping
from generator.load.publisher.extras import original_of
from generator.model import BAG_TEAMS, EDITIONS, NIGHTS, TEAMS, Character
from generator.read.yamlio import Located, display_path, load_yaml

ID_PATTERN = compiled(r"^[a-z0-9][a-z0-9_-]*$")
CHARACTER_TEXT_FIELDS = ("flavor", "overview", "first_night", "other_nights", "icon", "edition")
CHARACTER_LIST_FIELDS = (
    "examples",
    "how_to_run",
    "notes",
    "tips",
    "reminders",
    "global_reminders",
    "aliases",
    "community_names",
)
CHARACTER_REQUIRED = ("id", "name", "team", "ability")
LIST_LIMITS = {"reminders": (MAX_REMINDERS, "알림 토큰"), "global_reminders": (MAX_REMINDERS, "알림 토큰")}
CHARACTER_KEYS = (
    set(CHARACTER_REQUIRED) | set(CHARACTER_TEXT_FIELDS) | set(CHARACTER_LIST_FIELDS) | {"setup", "cues", "original"}
)


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
            fields.report.error(
                "cue-invalid", f"'cues.{night}'는 한 줄짜리 글이어야 합니다.", subject=fields.subject, where=where
            )
        elif len(value) > MAX_CUE_LENGTH or "\n" in value.strip():
            fields.report.error(
                "cue-too-long",
                f"'cues.{night}'는 한 장 밤 순서에 넣는 짧은 문구입니다. 줄을 바꾸지 말고 {MAX_CUE_LENGTH}자 이내로 써 주세요"
                f"(지금은 {len(value)}자). 자세한 안내는 {night}에 씁니다.",
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

        def refuse(message: str, where: str = where) -> None:
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
            if (
                not deltas
                or not all(isinstance(d, int) and not isinstance(d, bool) and -20 <= d <= 20 for d in deltas)
                or not any(deltas)
            ):
                refuse(
                    f"{quoted('setup.' + key, '은')} 정수 목록이어야 합니다(예: [-1, 1] 또는 [0, 1], 0만 있으면 안 됨). "
                    f'이야기꾼이 아무 수나 정하면 "?"라고 씁니다. 지금은 {value!r}입니다.'
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
    if character_id is not None and len(character_id) > MAX_ID_LENGTH:
        report.error(
            "bad-id",
            f"id가 너무 깁니다({len(character_id):,}자: '{character_id[:20]}…'). 캐릭터 id는 {MAX_ID_LENGTH}자까지 쓸 수 있습니다"
            "(출판사 형식과 같은 한도). 파일 이름과 id를 함께 줄여 주세요.",
            subject=character_id[:MAX_ID_LENGTH],
            where=fields.where("id"),
        )
    elif character_id is not None and not ID_PATTERN.match(character_id):
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
    lists = {
        key: fields.text_list(key, *LIST_LIMITS.get(key, (MAX_LIST_ITEMS, "항목"))) for key in CHARACTER_LIST_FIELDS
    }
    setup = parse_setup(fields)
    cues = parse_cues(fields)
    original = original_of(fields.mapping_of("original"))  # the text a translated character came with (publisher keys)
    if texts["edition"] is not None and texts["edition"] not in EDITIONS:
        report.warning(
            "unknown-edition",
            f"판 '{texts['edition']}': 알 수 없는 판입니다.{did_you_mean(texts['edition'], EDITIONS)} "
            f"쓸 수 있는 판: {', '.join(EDITIONS)}(직접 만든 캐릭터는 custom).",
            subject=subject,
            where=fields.where("edition"),
        )
    # a required field read as None was reported as an error just above, so the second test changes nothing
    if report.error_count > errors_before or character_id is None or name is None or team is None or ability is None:
        return None
    by_name: dict[str, Any] = {**texts, **lists}  # Character's optional texts and lists, by their field names
    return Character(
        id=character_id,
        name=name,
        team=team,
        ability=ability,
        setup=setup,
        cues=cues,
        original=original,
        source=fields.where("id"),
        places=fields.places(),
        **by_name,
    )


def load_characters(content_dir: Path, report: Report) -> dict[str, Character]:
    folder = content_dir / "characters"
    if not folder.is_dir():
        report.cannot_read(
            "content-missing", f"캐릭터 폴더가 없습니다: {display_path(folder)}", where=display_path(folder)
        )
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
