"""A script JSON a club brings, read for what it means (issue 52): an object with an official id is the official
character only when its content says so (else a homebrew character that reuses the id, printed from its own text),
foreign text never produces findings about ours, plain-intent quirks are read with one note per cause, the player
range a small script is made for, and a guessed night place that says where and how to set it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import codes, pdf_page_texts, run_cli, script_ids, validate, with_code

TROUBLE = script_ids("trouble-brewing", travellers=False)
# written for these tests: a homebrew that reuses the Fabled Ferryman's id with an ability of its own
FERRYMAN = {
    "id": "ferryman",
    "name": "Ferryman",
    "team": "fabled",
    "reminders": ["Rowed"],
    "ability": "Each dusk, the Storyteller rows one dead player back across the river: they may vote once more.",
}
# the publisher's Washerwoman, today's wording (the same sentence tests/load/test_script_json.py reads) and an older one
WASHERWOMAN_TODAY = "You start knowing that 1 of 2 players is a particular Townsfolk."
WASHERWOMAN_OLDER = "You start knowing 1 of 2 players is a particular Townsfolk."


def write(tmp_path: Path, items: list, name: str = "club.json", **meta) -> Path:
    path = tmp_path / name
    path.write_text(
        json.dumps([{"id": "_meta", "name": "Club script", **meta}, *items], ensure_ascii=False, indent=1),
        encoding="utf-8",
    )
    return path


def squeezed(pages: list[str]) -> str:
    return "".join("".join(pages).split())


def messages(report, code: str, level: str | None = None) -> list[str]:
    return [f.message for f in with_code(report, code, level)]


# --- 1. an object with an official id is the official character only when it is one ----------------------------


def test_a_homebrew_that_reuses_an_official_id_is_read_as_homebrew(tmp_path):
    game, report = validate(write(tmp_path, [*TROUBLE, FERRYMAN]))
    assert report.errors == [], report.lines()
    assert messages(report, "homebrew-reused-id", "warning") == [
        "'Ferryman'(ferryman): 능력이 공식 뱃사공의 능력과 달라, 같은 id를 쓰는 자작 캐릭터로 읽었습니다. 스크립트에 적힌 이름, "
        "능력, 알림 토큰, 밤 안내를 적힌 그대로(번역하지 않고) 인쇄하고, 공식 뱃사공의 해설서 글은 넣지 않습니다. "
        '공식 뱃사공이라면 이 항목을 id만 적어 주세요("ferryman").'
    ]
    assert with_code(report, "custom-override") == []
    ferryman = game.character("ferryman")
    assert (ferryman.name, ferryman.ability, ferryman.reminders) == ("Ferryman", FERRYMAN["ability"], ["Rowed"])
    assert ferryman.overview is None and ferryman.how_to_run == [] and ferryman.flavor is None


def test_the_homebrew_prints_its_own_ability_and_no_word_of_our_almanac_entry(tmp_path):
    from generator.load.game import load_game

    path = write(tmp_path, [*TROUBLE, FERRYMAN])
    for command in ("almanac", "sheet"):
        result = run_cli(command, path, "--out", tmp_path / "out", "--quiet")
        assert result.exit_code == 0, result.output
    ours = load_game("in-space")[0].library.characters["ferryman"]
    almanac = squeezed(pdf_page_texts(tmp_path / "out" / "club" / "almanac.pdf"))
    sheet = squeezed(pdf_page_texts(tmp_path / "out" / "club" / "script.pdf"))
    for printed in (almanac, sheet):
        assert squeezed([FERRYMAN["ability"]]) in printed and "Ferryman" in printed
        assert "뱃사공" not in printed and squeezed([ours.ability]) not in printed
    for text in (ours.flavor, ours.overview, *ours.how_to_run):  # every sentence of our entry, whole or in part
        for sentence in text.split(". "):
            assert squeezed([sentence])[:20] not in almanac, sentence


def test_the_homebrew_is_not_drawn_with_the_official_characters_picture(tmp_path):
    """A homebrew with no picture of its own is said to have none (and prints the placeholder), where it once took
    the official Ferryman's icon by its id; the official character on the next script keeps its icon."""
    from conftest import validate

    homebrew = validate(write(tmp_path, [*TROUBLE, FERRYMAN]))[1]
    missing = [f for f in homebrew.findings if f.code == "icon-missing"]
    assert [f.subject for f in missing] == ["ferryman"] and "Ferryman" in missing[0].message
    official = validate(write(tmp_path, [*TROUBLE, "ferryman"], name="official.json"))[1]
    assert not [f for f in official.findings if f.code == "icon-missing"]


def test_the_servers_character_data_marks_the_homebrew_as_homebrew(tmp_path):
    """The page reads `custom` and `edition` (\"custom\" for a homebrew, the library's edition for an official one)."""
    from generator.server.tables import script_state

    english_official = {"id": "washerwoman", "name": "Washerwoman", "team": "townsfolk", "ability": WASHERWOMAN_TODAY}
    game, _ = validate(write(tmp_path, [english_official, *TROUBLE[1:], FERRYMAN]))
    entries = {e["id"]: e for e in script_state(game)["characters"]}
    assert (entries["ferryman"]["custom"], entries["ferryman"]["edition"]) == (True, "custom")
    assert (entries["washerwoman"]["custom"], entries["washerwoman"]["edition"], entries["washerwoman"]["name"]) == (
        False,
        "tb",
        "세탁부",
    )
    assert "ferryman" in script_state(game)["custom"] and "washerwoman" not in script_state(game)["custom"]


def test_the_librarys_jinxes_and_english_name_of_a_reused_id_are_not_the_homebrews(tmp_path):
    spy = {
        "id": "spy",
        "name": "Snoop",
        "team": "minion",
        "ability": "Each day, you may ask one yes-or-no question.",
        "firstNight": 0,
        "otherNight": 0,
    }
    official, _ = validate(write(tmp_path, [*TROUBLE, "magician"], name="official.json"))
    assert any(set(j.characters) == {"spy", "magician"} for j in official.jinxes)
    game, _ = validate(write(tmp_path, [*[c for c in TROUBLE if c != "spy"], spy, "magician", FERRYMAN]))
    assert not any("spy" in j.characters for j in game.jinxes)
    assert game.english_name("spy") is None and game.english_name("ferryman") is None
    assert game.english_name("imp") == official.english_name("imp")
    assert game.library.characters["spy"].name == "첩자" and game.character("spy").name == "Snoop"


@pytest.mark.parametrize(
    "ability",
    [
        WASHERWOMAN_TODAY,
        WASHERWOMAN_OLDER,  # an older official wording: one of the extra fingerprints
        "you start knowing that 1 of 2 players is a particular townsfolk",  # case and punctuation folded
        "You start knowing that 1 of 2 players is a particular Townsfolk!",
    ],
    ids=["today", "older", "folded", "punctuation"],
)
def test_an_official_ability_in_english_prints_our_korean_with_one_note(tmp_path, ability):
    english = {
        "id": "washerwoman",
        "name": "Washerwoman",
        "team": "townsfolk",
        "ability": ability,
        "reminders": ["Townsfolk", "Wrong"],
        "firstNightReminder": "Show the Townsfolk token. Point to both the *TOWNSFOLK* and *WRONG* players.",
    }
    game, report = validate(write(tmp_path, [english, *TROUBLE[1:]]))
    assert report.errors == [] and report.warnings == [], report.lines()
    assert messages(report, "official-text-replaced", "info") == [
        "공식 캐릭터의 능력이 그대로 적힌 항목 1개는 공식 캐릭터로 읽고, 스크립트에 적힌 글(이름, 능력, 밤 안내, 알림 토큰) 대신 "
        "라이브러리의 한국어 글로 인쇄합니다: 세탁부(washerwoman)."
    ]
    assert game.character("washerwoman") is game.library.characters["washerwoman"]


@pytest.mark.parametrize(
    "item, why",
    [
        (
            {"ability": "You start knowing that 1 of 2 players is a particular Minion."},
            "능력이 공식 세탁부의 능력과 달라",
        ),
        ({"ability": WASHERWOMAN_TODAY + " [+1 Outsider]"}, "능력이 공식 세탁부의 능력과 달라"),  # a rule added
        ({"ability": WASHERWOMAN_TODAY, "team": "outsider"}, "팀(외지인)이 공식 세탁부(마을주민)와 달라"),
    ],
    ids=["one-word", "bracket", "team"],
)
def test_an_edit_of_an_official_ability_is_a_homebrew(tmp_path, item, why):
    edited = {"id": "washerwoman", "name": "Washer", "team": "townsfolk", **item}
    game, report = validate(write(tmp_path, [edited, *TROUBLE[1:]]))
    [warning] = messages(report, "homebrew-reused-id")
    assert warning.startswith(f"'Washer'(washerwoman): {why}, 같은 id를 쓰는 자작 캐릭터로 읽었습니다.")
    assert game.character("washerwoman").ability == edited["ability"] and game.character("washerwoman").custom


# a Chinese club's export of official characters (the Chinese is written for this test): texts, reminders, numbers,
# and blanked night texts where a translation left them out
CHINESE = [
    {
        "id": "washerwoman",
        "name": "洗衣女",
        "team": "townsfolk",
        "ability": "开局时你得知两名玩家中有一人是某个镇民。",
        "firstNight": 33,
        "firstNightReminder": "给她看一个镇民标记，并指向*镇民*和*错误*两名玩家。",
        "otherNight": 0,
        "otherNightReminder": "",
        "reminders": ["镇民", "错误"],
    },
    {
        "id": "librarian",
        "name": "图书员",
        "team": "townsfolk",
        "ability": "开局时你得知两名玩家中有一人是某个外来者。",
        "firstNight": 34,
        "firstNightReminder": "",
        "reminders": ["外来者", "错误"],
    },
    {
        "id": "monk",
        "name": "僧人",
        "team": "townsfolk",
        "ability": "每晚*选择一名玩家（不能是你）：他今晚不会被恶魔杀死。",
        "otherNight": 12,
        "otherNightReminder": "僧人选择一名玩家。",
        "reminders": ["受保护"],
    },
    {
        "id": "poisoner",
        "name": "下毒者",
        "team": "minion",
        "ability": "每晚选择一名玩家：他今晚和明天白天中毒。",
        "firstNight": 17,
        "firstNightReminder": "下毒者选择一名玩家。",
        "otherNight": 0,
        "otherNightReminder": "",
        "reminders": ["中毒"],
    },
    {
        "id": "imp",
        "name": "小恶魔",
        "team": "demon",
        "ability": "每晚*选择一名玩家：他死亡。",
        "otherNight": 24,
        "reminders": ["死亡"],
    },
]


def test_official_characters_in_chinese_print_our_korean_with_one_note_and_no_false_finding(tmp_path):
    others = [cid for cid in TROUBLE if cid not in {c["id"] for c in CHINESE}]
    game, report = validate(write(tmp_path, [*CHINESE, *others]))
    assert report.errors == [] and report.warnings == [], report.lines()  # no reminder-unknown, no night-extra
    assert messages(report, "official-text-replaced", "info") == [
        "한자로 적힌 항목 5개는 팀과 깨어나는 밤이 공식 캐릭터와 같아 공식 캐릭터로 읽고, 스크립트에 적힌 글(이름, 능력, 밤 안내, "
        "알림 토큰) 대신 라이브러리의 한국어 글로 인쇄합니다: 세탁부(washerwoman), 사서(librarian), 수도사(monk), 독살범(poisoner), 임프(imp)."
    ]
    assert all(game.character(c["id"]) is game.library.characters[c["id"]] for c in CHINESE)
    assert "poisoner" in game.night_steps("other_nights")  # the blanked text changes nothing: the Poisoner wakes


def test_official_characters_in_chinese_print_our_korean_on_the_sheet(tmp_path):
    others = [cid for cid in TROUBLE if cid not in {c["id"] for c in CHINESE}]
    result = run_cli("sheet", write(tmp_path, [*CHINESE, *others]), "--out", tmp_path / "out", "--quiet")
    assert result.exit_code == 0, result.output
    from generator.load.game import load_game

    library = load_game("in-space")[0].library.characters
    printed = squeezed(pdf_page_texts(tmp_path / "out" / "club" / "script.pdf"))
    for item in CHINESE:
        assert library[item["id"]].name.replace(" ", "") in printed
        assert item["name"] not in printed and item["ability"][:6] not in printed


def test_a_chinese_object_that_wakes_where_the_official_one_does_not_is_a_homebrew(tmp_path):
    saint = {
        "id": "saint",
        "name": "圣人",
        "team": "outsider",
        "ability": "每晚你可以选择一名玩家。",
        "otherNight": 30,
        "otherNightReminder": "圣人选择一名玩家。",
    }
    game, report = validate(write(tmp_path, [*[c for c in TROUBLE if c != "saint"], saint]))
    [warning] = messages(report, "homebrew-reused-id")
    assert warning.startswith(
        "'圣人'(saint): 공식 성자가 깨어나지 않는 밤에 깨어나, 같은 id를 쓰는 자작 캐릭터로 읽었습니다."
    )
    assert "saint" in game.night_steps("other_nights") and with_code(report, "night-missing") == []


def test_our_text_with_a_blanked_night_drops_the_night_instead_of_an_error(tmp_path):
    """A Korean object (our own export, edited) that blanks the Undertaker's other-night text: it no longer wakes then,
    and our night card's cue for that night goes with it."""
    from generator.load.game import load_game
    from generator.load.publisher.characters import library_words

    library = load_game("in-space")[0].library.characters
    undertaker = library["undertaker"]
    edited = {
        "id": "undertaker",
        "name": undertaker.name,
        "team": "townsfolk",
        "ability": library_words(library)(undertaker.ability),
        "otherNight": 0,
        "otherNightReminder": "",
    }
    game, report = validate(write(tmp_path, [*[c for c in TROUBLE if c != "undertaker"], edited]))
    assert report.errors == [] and codes(report) <= {"custom-override", "section-missing"}, report.lines()
    assert "undertaker" not in game.night_steps("other_nights")


def test_a_homebrew_that_reuses_a_waking_id_without_a_night_text_leaves_the_night(tmp_path):
    quiet = {
        "id": "poisoner",
        "name": "Quiet Poisoner",
        "team": "minion",
        "ability": "You are poisoned. Nothing else happens.",
    }
    game, report = validate(write(tmp_path, [*[c for c in TROUBLE if c != "poisoner"], quiet]))
    assert with_code(report, "night-extra") == [] and report.errors == [], report.lines()
    assert "poisoner" not in game.night_steps("first_night") + game.night_steps("other_nights")


def test_a_homebrew_ferryman_that_wakes_gets_a_night_place(tmp_path):
    waking = {**FERRYMAN, "otherNight": 30, "otherNightReminder": "Wake the Ferryman. They point to a dead player."}
    game, report = validate(write(tmp_path, [*TROUBLE, waking]))
    assert with_code(report, "night-missing") == [] and report.errors == [], report.lines()
    assert "ferryman" in game.night_steps("other_nights")


# --- 2. foreign text never produces findings about ours -----------------------------------------------------------


def test_reminder_marks_are_compared_with_the_names_written_beside_them(tmp_path):
    """A Korean object that renames the Monk's reminders but keeps our night text: our text is compared with our
    reminder names, not with the script's."""
    from generator.load.game import load_game
    from generator.load.publisher.characters import library_words

    library = load_game("in-space")[0].library.characters
    monk = library["monk"]
    edited = {
        "id": "monk",
        "name": monk.name,
        "team": "townsfolk",
        "ability": library_words(library)(monk.ability),
        "reminders": ["보호받음"],
    }
    game, report = validate(write(tmp_path, [*[c for c in TROUBLE if c != "monk"], edited]))
    assert game.character("monk").reminders == ["보호받음"]
    assert with_code(report, "reminder-unknown") == [], report.lines()


def test_the_publishers_info_tokens_in_a_night_text_are_no_reminders(tmp_path):
    keeper = {
        "id": "lanternkeeper",
        "name": "Keeper",
        "team": "townsfolk",
        "ability": "You start knowing 1 good player.",
        "firstNight": 30,
        "reminders": ["Known"],
        "firstNightReminder": "Show the *THIS IS THE DEMON* and *THESE ARE YOUR MINIONS* tokens, then *YOU ARE*, "
        "*THIS PLAYER IS*, *THIS CHARACTER SELECTED YOU* and *These characters are not in play*. "
        "Mark the player *KNOWN*. Mark another *GLOWING*.",
    }
    _, report = validate(write(tmp_path, [*TROUBLE, keeper]))
    assert messages(report, "reminder-unknown") == [
        "Keeper의 'first_night' 문구에 강조된 'GLOWING'이 이 캐릭터의 reminders/global_reminders에 없습니다."
    ]


# --- 3. lenient where the intent is plain, one note per cause -------------------------------------------------------


def test_traveller_spellings_are_read_with_one_note(tmp_path):
    travellers = [
        {"id": name.lower(), "name": name, "team": team, "ability": f"{name} does one thing a day."}
        for name, team in (
            ("Pilgrim", "traveler"),
            ("Jester", "traveler"),
            ("Peddler", "Traveler"),
            ("Herald", "TRAVELLER"),
        )
    ]
    game, report = validate(write(tmp_path, [*TROUBLE, *travellers]))
    assert report.errors == [], report.lines()
    assert messages(report, "team-spelling", "info") == [
        "팀을 출판사 형식의 이름으로 읽었습니다. 'traveler' → traveller(여행자): Pilgrim, Jester; 'Traveler' → traveller(여행자): "
        "Peddler; 'TRAVELLER' → traveller(여행자): Herald. 다른 도구에서도 열리도록 파일의 'team'을 traveller로 고쳐 두면 좋습니다."
    ]
    assert [c.id for c in game.by_team("traveller")] == ["pilgrim", "jester", "peddler", "herald"]


def test_uuid_ids_are_read_with_one_note(tmp_path):
    first, second = "8B0E2F4C-1A3D-4E5F-9A7B-6C8D0E2F4A1B", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
    homebrew = [
        {
            "id": first,
            "name": "Keeper",
            "team": "Townsfolk",
            "ability": "You start knowing 1 good player.",
            "firstNight": 30,
            "firstNightReminder": "Point to a player marked *KNOWN*.",
            "reminders": ["Known"],
        },
        {"id": second, "name": "Bell", "team": "outsider", "ability": "If you die, the bell rings."},
    ]
    game, report = validate(write(tmp_path, [*TROUBLE, *homebrew]))
    assert report.errors == [], report.lines()
    assert messages(report, "id-spelling", "info") == [
        f"id를 출판사 형식대로(영문 소문자와 숫자만) 읽었습니다: '{first}' → 8b0e2f4c1a3d4e5f9a7b6c8d0e2f4a1b(Keeper), "
        f"'{second}' → 0f1e2d3c4b5a69788796a5b4c3d2e1f0(Bell)."
    ]
    assert len(with_code(report, "team-spelling")) == 1
    assert {"8b0e2f4c1a3d4e5f9a7b6c8d0e2f4a1b", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"} <= set(game.ids)


def test_ids_with_spaces_and_apostrophes_are_the_official_characters_with_one_note(tmp_path):
    ids = [c for c in TROUBLE if c not in ("scarletwoman", "fortuneteller")] + [
        "scarlet woman",
        "Fortune-Teller",
        "devil's advocate",
        "Lil’ Monsta",
    ]
    game, report = validate(write(tmp_path, ids))
    assert report.errors == [], report.lines()
    assert messages(report, "id-spelling", "info") == [
        "id를 출판사 형식대로(영문 소문자와 숫자만) 읽었습니다: 'scarlet woman' → scarletwoman(진홍의 여인), "
        "'Fortune-Teller' → fortuneteller(점쟁이), 'devil's advocate' → devilsadvocate(악마의 변호인), "
        "'Lil’ Monsta' → lilmonsta(꼬마 괴물)."
    ]
    assert {"scarletwoman", "fortuneteller", "devilsadvocate", "lilmonsta"} <= set(game.ids)


def test_a_bare_name_logo_is_said_once_without_a_path(tmp_path):
    result = run_cli("validate", write(tmp_path, TROUBLE, logo="balloonist"))
    output = result.output + (result.stderr or "")
    assert result.exit_code == 0, output
    assert (
        "club.json:2: _meta.logo 'balloonist'는 그림 파일의 경로나 인터넷 주소가 아니라 이름이어서 그림으로 읽지 않습니다. "
        "로고 없이 인쇄합니다. 로고 그림(PNG, JPEG, SVG)을 스크립트 파일 옆에 두고 그 경로를 logo에 적으세요. (그림이 아닌 로고)"
    ) in output
    assert "../" not in output and "logo-unreadable" not in output and "읽을 수 없는 로고" not in output


def test_a_bare_name_logo_in_yaml_is_said_once(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("title: 모임\nlogo: balloonist\ncharacters: [" + ", ".join(TROUBLE) + "]\n", encoding="utf-8")
    game, report = validate(path)
    assert [f.code for f in report.warnings] == ["logo-name"] and game.script.logo is None


def test_a_logo_file_path_is_still_read_as_a_path(tmp_path):
    _, report = validate(write(tmp_path, TROUBLE, logo="logo.png"))
    assert with_code(report, "logo-name") == [] and len(with_code(report, "logo-unreadable")) == 1


# --- 4. the player range of a small script ------------------------------------------------------------------------


def test_a_fourteen_character_script_that_fills_five_to_twelve_is_read_as_five_to_twelve(tmp_path):
    from generator.load.bag import bag_rows, player_range

    ids = [
        "washerwoman",
        "librarian",
        "investigator",
        "chef",
        "empath",
        "fortuneteller",
        "undertaker",
        "monk",
        "butler",
        "drunk",
        "poisoner",
        "spy",
        "scarletwoman",
        "imp",
    ]
    game, report = validate(write(tmp_path, ids))
    assert report.errors == [], report.lines()
    assert messages(report, "players-range-hint") == [
        "이 스크립트의 캐릭터로는 5명부터 12명까지의 가방을 채울 수 있고 13명 이상은 채울 수 없어, 5–12명용 스크립트로 보고 "
        "설정표와 수의·투표 토큰을 5–12명에 맞췄습니다. _meta에 인원을 적어 주세요: 5–6명용(틴시빌) 스크립트라면 "
        '"players": "5-6", 5–12명용이 맞다면 "players": "5-12".'
    ]
    assert player_range(game) == (5, 12)
    assert [row.players for row in bag_rows(game, game.library.bag_table)] == list(range(5, 13))


def test_a_script_that_cannot_fill_seven_is_teensy(tmp_path):
    from generator.load.bag import player_range

    game, report = validate(
        write(tmp_path, ["washerwoman", "librarian", "investigator", "chef", "butler", "poisoner", "imp"])
    )
    assert messages(report, "players-range-hint") == [
        "이 스크립트의 캐릭터로는 5명부터 6명까지의 가방을 채울 수 있고 7명 이상은 채울 수 없어, 5–6명용(틴시빌) 스크립트로 보고 "
        '설정표와 수의·투표 토큰을 5–6명에 맞췄습니다. 맞다면 _meta에 "players": "5-6"처럼 인원을 적어 주세요.'
    ]
    assert player_range(game) == (5, 6)


# --- 5. a night place guessed is said, with where and how to set it ---------------------------------------------------


def test_a_homebrew_without_night_numbers_is_placed_before_dawn_with_a_warning_that_says_where(tmp_path):
    lamp = {
        "id": "lamplighter",
        "name": "Lamplighter",
        "team": "townsfolk",
        "ability": "Each night, you learn 1 thing.",
        "firstNightReminder": "Wake the Lamplighter.",
        "otherNightReminder": "Wake the Lamplighter.",
    }
    ids = [c for c in TROUBLE if c != "spy"]  # the Butler is then the last character to wake before dawn
    game, report = validate(write(tmp_path, [*ids, lamp]))
    assert messages(report, "night-order-guessed", "warning") == [
        "Lamplighter: firstNight·otherNight 숫자도 _meta의 순서도 없어 두 밤 모두 집사 다음(새벽 바로 앞)에 넣었습니다. 정보를 얻는 "
        "캐릭터처럼 다른 캐릭터가 모두 능력을 쓴 뒤에 깨웁니다. 독을 쓰거나 죽이는 캐릭터처럼 더 일찍 깨어나야 한다면 캐릭터의 "
        "firstNight·otherNight에 공식 밤 순서의 번호를 적거나(그 번호의 공식 단계 바로 뒤에 깨어납니다), 화면의 캐릭터 편집에서 "
        "'첫날 밤 자리'·'다른 밤 자리'를 고르세요."
    ]
    for night in ("first_night", "other_nights"):
        steps = game.night_steps(night)
        assert steps[steps.index("lamplighter") - 1 : steps.index("lamplighter") + 2] == [
            "butler",
            "lamplighter",
            "dawn",
        ]


def test_a_homebrew_with_a_night_number_is_placed_silently(tmp_path):
    lamp = {
        "id": "lamplighter",
        "name": "Lamplighter",
        "team": "townsfolk",
        "ability": "Each night, you learn 1 thing.",
        "firstNight": 20,
        "firstNightReminder": "Wake the Lamplighter.",
    }
    _, report = validate(write(tmp_path, [*TROUBLE, lamp]))
    assert with_code(report, "night-order-guessed") == []


# --- the fingerprints: made by tools/ability_fingerprints.py, kept in content/official_abilities.yaml -----------------


def test_the_fingerprint_file_covers_every_official_character_with_hashes_only():
    import re

    from generator.load.game import library_parts
    from generator.load.publisher.official import FINGERPRINTS_FILE, official_fingerprints

    library, _ = library_parts(None)
    prints = official_fingerprints()
    assert set(prints) == {
        cid for cid, c in library.items() if c.edition in ("tb", "bmr", "snv", "carousel", "fabled", "loric")
    }
    assert all(re.fullmatch(r"[0-9a-f]{16}", p) for found in prints.values() for p in found)
    body = "\n".join(
        line for line in FINGERPRINTS_FILE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")
    )
    assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", body)  # no English words: ids and hashes only


def test_the_tool_makes_the_file_from_roles_files_given_on_the_command_line(tmp_path):
    """Made-up abilities (no publisher text): today's wording first, an older one after it, ids only in an older file
    left out; the same inputs give the same bytes."""
    import subprocess
    import sys

    import yaml

    from generator.load.publisher.official import fingerprint

    today = tmp_path / "today.json"
    older = tmp_path / "older.json"
    today.write_text(
        json.dumps([{"id": "lamp", "ability": "Each night, you glow."}, {"id": "bell", "ability": "You ring."}]),
        encoding="utf-8",
    )
    older.write_text(
        json.dumps([{"id": "lamp", "ability": "Each night you shine."}, {"id": "gone", "ability": "Old."}]),
        encoding="utf-8",
    )
    tool = Path(__file__).resolve().parents[2] / "tools" / "ability_fingerprints.py"
    made = [
        subprocess.run(
            [sys.executable, str(tool), str(today), str(older)], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    ]
    assert made[0] == made[1]
    assert yaml.safe_load(made[0])["abilities"] == {
        "bell": [fingerprint("You ring.")],
        "lamp": [fingerprint("Each night, you glow."), fingerprint("Each night you shine.")],
    }
    assert "glow" not in made[0] and "shine" not in made[0]
    usage = subprocess.run([sys.executable, str(tool)], capture_output=True, text=True)
    assert usage.returncode == 2 and "roles.json" in usage.stderr.lower()
