"""Script-design advice (issue 36, `validate --advice`): a crafted script per rule trips that rule at its severity (and
every rule of content/advice.yaml has one, so no rule is silently dead), the editions and the bundled script get no
high advice, the exit code is the same with and without --advice (0, 1 and 2, with --strict and --json), the human
output and the JSON read as promised, the page's API carries the advice, and the rules file's words are the library's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from conftest import CONTENT, detach, run_cli, write_yaml

from generator import PACKAGE_DIR
from generator.check.advice import CHECKS, advise
from generator.check.advice_rules import SEVERITIES, load_rules, parse_rules

RULES = yaml.safe_load((CONTENT / "advice.yaml").read_text(encoding="utf-8"))
TB_GOOD = [
    "washerwoman",
    "librarian",
    "investigator",
    "chef",
    "empath",
    "fortuneteller",
    "undertaker",
    "monk",
    "ravenkeeper",
    "virgin",
    "slayer",
    "soldier",
    "mayor",
]
TB_OUTSIDERS = ["butler", "drunk", "recluse", "saint"]

# rule code → (severity it must come at, the crafted script's characters, extra script keys)
CRAFTED = {
    "info-none": (
        "high",
        ["monk", "soldier", "mayor", "virgin", "slayer", "butler", "saint", "poisoner", "baron", "imp"],
        {},
    ),
    "misinfo-none": (
        "high",
        ["washerwoman", "librarian", "chef", "empath", "monk", "soldier", "saint", "scarletwoman", "baron", "imp"],
        {},
    ),
    "droison-heavy": (
        "medium",
        ["sailor", "innkeeper", "courtier", "monk", "soldier", "chef", "goon", "poisoner", "baron", "imp"],
        {},
    ),
    "first-night-thin": (
        "medium",
        ["undertaker", "ravenkeeper", "monk", "soldier", "drunk", "saint", "poisoner", "baron", "imp"],
        {},
    ),
    "first-night-strong": (
        "medium",
        [
            "washerwoman",
            "librarian",
            "investigator",
            "chef",
            "knight",
            "undertaker",
            "saint",
            "butler",
            "scarletwoman",
            "baron",
            "imp",
        ],
        {},
    ),
    "info-ongoing-none": (
        "medium",
        [
            "washerwoman",
            "librarian",
            "investigator",
            "chef",
            "monk",
            "soldier",
            "drunk",
            "saint",
            "poisoner",
            "spy",
            "imp",
        ],
        {},
    ),
    "info-same-kind": (
        "low",
        ["empath", "shugenja", "washerwoman", "chef", "monk", "saint", "drunk", "poisoner", "baron", "imp"],
        {},
    ),
    "misregister-unused": (
        "medium",
        ["monk", "soldier", "mayor", "fool", "pacifist", "recluse", "saint", "spy", "baron", "imp"],
        {},
    ),
    "outsider-count-fixed": (
        "low",
        ["washerwoman", "chef", "empath", "monk", "drunk", "saint", "recluse", "poisoner", "spy", "imp"],
        {},
    ),
    "outsiders-unadjusted": (
        "medium",
        ["washerwoman", "chef", "empath", "butler", "drunk", "recluse", "saint", "tinker", "poisoner", "spy", "imp"],
        {},
    ),
    "outsiders-all-in-play": (
        "low",
        ["washerwoman", "chef", "empath", "monk", "butler", "drunk", "poisoner", "baron", "imp"],
        {},
    ),
    "demon-no-counter": ("medium", ["washerwoman", "chef", "empath", "butler", "drunk", "poisoner", "spy", "imp"], {}),
    "needs-missing": ("high", ["acrobat", "washerwoman", "chef", "saint", "butler", "spy", "scarletwoman", "imp"], {}),
    "day-killers-many": (
        "medium",
        ["washerwoman", "slayer", "monk", "golem", "saint", "poisoner", "psychopath", "imp"],
        {},
    ),
    "bluffs-short": ("medium", TB_GOOD[:10] + TB_OUTSIDERS + ["poisoner", "spy", "scarletwoman", "baron", "imp"], {}),
    "teensy-too-long": ("medium", TB_GOOD[:8] + TB_OUTSIDERS + ["poisoner", "spy", "baron", "imp"], {"players": "5-6"}),
    "teensy-demons-many": (
        "low",
        TB_GOOD[:6] + ["butler", "saint", "poisoner", "spy", "imp", "po", "pukka"],
        {"players": "5-6"},
    ),
    "teensy-needs-seven": (
        "high",
        TB_GOOD[:5] + ["poppygrower", "butler", "saint", "poisoner", "spy", "imp"],
        {"players": "5-6"},
    ),
    "full-too-short": (
        "medium",
        TB_GOOD[:8] + ["butler", "saint", "poisoner", "spy", "imp", "po"],
        {"players": "5-12"},
    ),
    "too-long": (
        "medium",
        TB_GOOD
        + TB_OUTSIDERS
        + [
            "poisoner",
            "spy",
            "scarletwoman",
            "baron",
            "imp",
            "grandmother",
            "sailor",
            "chambermaid",
            "exorcist",
            "innkeeper",
            "gambler",
            "gossip",
            "courtier",
            "tinker",
            "moonchild",
            "godfather",
            "assassin",
            "zombuul",
            "pukka",
        ],
        {},
    ),
    "jinx-present": ("low", ["washerwoman", "chef", "alchemist", "empath", "butler", "spy", "imp"], {}),
    "jinx-many": ("medium", ["washerwoman", "monk", "soldier", "mayor", "chef", "saint", "poisoner", "leviathan"], {}),
    "no-demon": ("high", ["washerwoman", "chef", "empath", "monk", "butler", "poisoner", "spy"], {}),
    "single-demon": ("low", TB_GOOD + TB_OUTSIDERS + ["poisoner", "spy", "scarletwoman", "baron", "imp"], {}),
    "few-minions": (
        "medium",
        ["washerwoman", "chef", "empath", "monk", "butler", "saint", "poisoner", "imp", "po"],
        {},
    ),
    "evil-no-escape": (
        "low",
        ["washerwoman", "chef", "empath", "monk", "butler", "saint", "poisoner", "baron", "po"],
        {},
    ),
}


def script_file(folder: Path, ids: list[str], name: str = "crafted", **extra) -> Path:
    """A script in the content's YAML format (as content/scripts/*.yaml), written outside the content folder."""
    data = {"id": name, "title": "시험 스크립트", "author": "시험", "characters": list(ids), **extra}
    return write_yaml(folder / f"{name}.yaml", data)


@pytest.fixture(scope="module")
def crafted(tmp_path_factory):
    """code → (the loaded game, its advice), every crafted script loaded once against the one bundled library."""
    from generator.load.game import load_game

    folder = tmp_path_factory.mktemp("crafted")
    found = {}
    for code, (_severity, ids, extra) in CRAFTED.items():
        game, report = load_game(str(script_file(folder, ids, code, **extra)))
        assert game is not None and not report.unreadable, report.lines()
        found[code] = (game, advise(game))
    return found


def test_every_rule_has_a_check_and_a_crafted_script_and_none_is_extra():
    codes = [rule["code"] for rule in RULES["rules"]]
    assert len(codes) == len(set(codes)) >= 20
    assert set(codes) == set(CHECKS) == set(CRAFTED)
    assert {rule["code"]: rule["severity"] for rule in RULES["rules"]} == {
        code: s for code, (s, _, _) in CRAFTED.items()
    }


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(CRAFTED))
def test_a_crafted_script_trips_its_rule_at_its_severity(crafted, code):
    game, found = crafted[code]
    hits = [a for a in found if a.code == code]
    assert hits, f"{code}: got {[a.code for a in found]}"
    for advice in hits:
        assert advice.severity == CRAFTED[code][0]
        assert advice.severity_label == {"high": "높음", "medium": "보통", "low": "낮음"}[advice.severity]
        assert "{" not in advice.message and "}" not in advice.message, advice.message  # every placeholder filled
        assert set(advice.characters) <= set(game.ids)


@pytest.mark.slow
def test_advice_names_what_it_found(crafted):
    [counter] = [a for a in crafted["demon-no-counter"][1] if a.code == "demon-no-counter"]
    assert counter.characters == ("imp",) and "임프의 능력" in counter.reason and "수도사" in counter.change
    [needs] = [a for a in crafted["needs-missing"][1] if a.code == "needs-missing"]
    assert needs.characters == ("acrobat",) and "곡예사" in needs.reason and "독살범" in needs.change
    [heavy] = [a for a in crafted["droison-heavy"][1] if a.code == "droison-heavy"]
    assert "5개인데" in heavy.reason and "1개뿐" in heavy.reason
    [seven] = [a for a in crafted["teensy-needs-seven"][1] if a.code == "teensy-needs-seven"]
    assert seven.characters == ("poppygrower",) and "7명 이상" in seven.reason and "5–6명" in seven.reason
    [jinx] = [a for a in crafted["jinx-present"][1] if a.code == "jinx-present"]
    assert "연금술사·첩자" in jinx.reason


def one(crafted, code):
    [advice] = [a for a in crafted[code][1] if a.code == code]
    return advice


@pytest.mark.slow
def test_the_outsider_advice_says_which_counts_which_characters_and_what_to_add(crafted):
    """Issue 55: '외지인이 2명이 되는데 … 외지인도 1개뿐' did not say what it meant. Two Outsiders and the Baron: at 5 and
    7 players the Baron makes exactly two Outsiders, so both of the script's are in play; at 6 he would need three (the
    setup check's warning), so the advice asks for one more than the most any game holds."""
    advice = one(crafted, "outsiders-all-in-play")
    assert advice.characters == ("butler", "drunk", "baron")
    assert "5, 7명 게임에 외지인을 늘리는 캐릭터(남작)가 나오면 외지인이 2명이 되어" in advice.reason
    assert (
        "외지인 캐릭터 2개가 빠짐없이 게임에 나옵니다" in advice.reason
        and "외지인인 척하는 악한 플레이어" in advice.reason
    )
    assert advice.change.startswith("외지인 캐릭터를 4개 이상으로 늘려") and "(3명)" in advice.change


def test_no_outsider_advice_where_the_setup_check_already_says_the_bag_cannot_be_filled(tmp_path):
    """One Outsider and the Baron: no game holds exactly one Outsider with the Baron in play (he needs two or three),
    so the advice says nothing and the setup check's error says what is wrong."""
    from generator.load.game import load_game

    path = script_file(
        tmp_path, ["washerwoman", "chef", "empath", "monk", "saint", "baron", "imp"], "one-outsider", players="5-6"
    )
    game, _ = load_game(str(path))
    assert "outsiders-all-in-play" not in [a.code for a in advise(game)]
    result = run_cli("validate", path)
    assert result.exit_code == 1 and "외지인이 모자랍니다" in result.stdout + result.stderr


@pytest.mark.slow
def test_the_other_advice_names_its_numbers_and_characters(crafted):
    bluffs = one(crafted, "bluffs-short")
    assert re.search(r"마을주민이 (\d+)개 있어야 하는데 (\d+)개뿐", bluffs.reason), bluffs.reason
    need, have = map(int, re.search(r"마을주민이 (\d+)개 있어야 하는데 (\d+)개뿐", bluffs.reason).groups())
    assert f"마을주민을 {need - have}개 더 넣으세요" in bluffs.change
    seven = one(crafted, "teensy-needs-seven")
    assert seven.reason.startswith("양귀비 재배자의 능력은") and "양귀비 재배자" in seven.change
    same = one(crafted, "info-same-kind")
    assert same.characters == ("empath", "shugenja") and same.reason.startswith("초공감자, 순례자 모두 ")
    assert RULES["info_kinds"]["evil_nearby"]["learns"] in same.reason and "새로 알게 되는 것" in same.reason
    assert "하나만 남기고" in same.change


def test_roles_that_learn_different_things_are_not_told_they_overlap():
    """Trouble Brewing's washerwoman, librarian and investigator all learn one of two players' characters, but of
    three different teams; the chef and the empath read the circle and their own seats: no overlap advice."""
    from generator.load.game import load_game

    for script in ("trouble-brewing", "bad-moon-rising", "sects-and-violets", "in-space"):
        game, _ = load_game(script)
        assert "info-same-kind" not in [a.code for a in advise(game)], script


def test_advice_is_ordered_by_severity_then_the_rules_file():
    order = [rule["code"] for rule in RULES["rules"]]
    from generator.load.game import load_game

    game, _ = load_game("bad-moon-rising")
    found = advise(game)
    keys = [(SEVERITIES.index(a.severity), order.index(a.code)) for a in found]
    assert keys == sorted(keys)
    assert [a.message for a in advise(game)] == [a.message for a in found]  # the same every time


BUNDLED_ADVICE = {  # what each bundled script is told, in order: a new rule that trips one of them changes this on purpose
    "trouble-brewing": ["outsiders-all-in-play", "single-demon"],
    "bad-moon-rising": ["droison-heavy"],
    "sects-and-violets": [],
    "in-space": ["bluffs-short", "jinx-present"],
}


@pytest.mark.parametrize("script", sorted(BUNDLED_ADVICE))
def test_the_editions_and_the_bundled_script_get_no_high_advice(script):
    result = run_cli("validate", script, "--advice", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    advice = [entry for entry in json.loads(result.stdout) if entry["level"] == "advice"]
    assert [a for a in advice if a["severity"] == "high"] == []
    assert [a["code"] for a in advice] == BUNDLED_ADVICE[script]
    for entry in advice:
        assert set(entry) == {"level", "severity", "code", "subject", "message", "characters"}
        assert entry["severity"] in SEVERITIES and entry["code"] in CHECKS


# --- the exit code never changes -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exit_scripts(tmp_path_factory):
    """Scripts that exit 0, 0 with a warning (1 with --strict), 1 and 2, each with advice to give when readable."""
    folder = tmp_path_factory.mktemp("exits")
    warning = folder / "경고.json"  # a small script without its player range: one warning, checked for 5–6 players
    warning.write_text(
        json.dumps(
            [
                {"id": "_meta", "name": "경고"},
                "washerwoman",
                "chef",
                "empath",
                "investigator",
                "librarian",
                "monk",
                "butler",
                "saint",
                "poisoner",
                "spy",
                "imp",
            ]
        ),
        encoding="utf-8",
    )
    error = folder / "오류.json"  # an id the library does not know: an error (exit 1)
    error.write_text(
        json.dumps(
            [{"id": "_meta", "name": "오류"}, "washerwoman", "chef", "monk", "saint", "spy", "imp", "no_such_role"]
        ),
        encoding="utf-8",
    )
    unreadable = folder / "문법.json"  # a JSON syntax error (exit 2)
    unreadable.write_text('[{"id": "_meta", "name": "x"}, "imp",, ]', encoding="utf-8")
    return {
        "ok": ("trouble-brewing", 0, 0),
        "warning": (warning, 0, 1),
        "error": (error, 1, 1),
        "unreadable": (unreadable, 2, 2),
    }


@pytest.mark.slow
@pytest.mark.parametrize("case", ["ok", "warning", "error", "unreadable"])
@pytest.mark.parametrize(
    "flags", [(), ("--strict",), ("--json",), ("--strict", "--json")], ids=["plain", "strict", "json", "strict-json"]
)
def test_advice_never_changes_the_exit_code(exit_scripts, case, flags):
    script, plain_code, strict_code = exit_scripts[case]
    without = run_cli("validate", script, *flags)
    with_advice = run_cli("validate", script, *flags, "--advice")
    expected = strict_code if "--strict" in flags else plain_code
    assert without.exit_code == with_advice.exit_code == expected, with_advice.stdout + with_advice.stderr
    if "--json" in flags:
        before, after = json.loads(without.stdout), json.loads(with_advice.stdout)
        assert after[: len(before)] == before  # the findings as they were, advice after them
        assert all(entry["level"] != "advice" for entry in before)
        assert case == "unreadable" or any(entry["level"] == "advice" for entry in after[len(before) :])
    else:
        assert with_advice.stderr == without.stderr  # errors and the summary line stay as they were


# --- what people and programs read ---------------------------------------------------------------------------------


def test_the_human_output_has_an_advice_section_after_the_findings_and_the_table():
    result = run_cli("validate", "bad-moon-rising", "--advice")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("설계 조언 "))
    assert head > next(i for i, line in enumerate(lines) if line.startswith("설정표"))
    assert "조언은 오류가 아니며 종료 코드를 바꾸지 않습니다" in lines[head]
    [line] = [line for line in lines if "정보보다 취함·중독이 많음" in line]
    assert line.startswith("[보통] 정보보다 취함·중독이 많음: 취함이나 중독을 일으키는 캐릭터가 6개인데")
    assert "바꿀 점: " in line and line.endswith("(캐릭터: 선원, 여관주인, 신하, 음유시인, 깡패, 푸카)")
    assert lines[-1] == "검사 결과: 오류 0개, 경고 0개. 인쇄해도 좋습니다."
    assert not re.search(r"\(([a-z]+(?:-[a-z0-9]+)+)\)", result.stdout)  # codes stay in --json
    plain = run_cli("validate", "bad-moon-rising")
    assert "설계 조언" not in plain.stdout and plain.stdout in result.stdout.replace(
        "\n".join(lines[head - 1 : -1]) + "\n", ""
    )


def display_columns(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@pytest.mark.parametrize("script", sorted(BUNDLED_ADVICE))
def test_the_advice_output_lines_up_in_a_terminal(script):
    """With --advice, the setup table's bars still stand one above the other counted in terminal columns (a Hangul
    letter takes two), and the advice lines pad nothing: each starts with its severity word in brackets, no run of
    spaces anywhere that would line up only in a proportional font."""
    lines = run_cli("validate", script, "--advice").stdout.splitlines()
    table = [line for line in lines if line.count(" | ") == 5]
    assert len(table) == 12
    bars = {tuple(display_columns(line[:at]) for at in [i for i, ch in enumerate(line) if ch == "|"]) for line in table}
    assert len(bars) == 1, table
    head = next(i for i, line in enumerate(lines) if line.startswith("설계 조언"))
    for line in lines[head + 1 : -1]:
        assert re.match(r"\[(높음|보통|낮음)\] \S", line) and "  " not in line, line


def test_a_script_without_advice_says_so_and_unreadable_input_gets_none(exit_scripts):
    from generator.load.game import load_game

    game, _ = load_game("sects-and-violets")
    assert advise(game) == []
    result = run_cli("validate", "sects-and-violets", "--advice")
    assert "설계 조언: 이 스크립트에는 조언할 것이 없습니다." in result.stdout
    unreadable = run_cli("validate", exit_scripts["unreadable"][0], "--advice")
    assert unreadable.exit_code == 2 and "스크립트를 읽지 못해 조언하지 않았습니다" in unreadable.stdout


def test_only_validate_and_the_page_give_advice():
    """`build` and the document commands print no advice: the pipeline hands it out (pipeline/checking.py: advice),
    and only the validate command and the server's tables ask for it."""

    def users(marker: str) -> list[str]:
        return sorted(
            str(p.relative_to(PACKAGE_DIR))
            for p in PACKAGE_DIR.rglob("*.py")
            if marker in p.read_text(encoding="utf-8") and p.parent.name != "check"
        )

    assert users("check.advice import") == ["pipeline/checking.py"]
    assert users("pipeline.checking import advice") == ["commands/validate.py", "server/tables.py"]
    assert "--advice" not in run_cli("build", "--help").stdout


def test_the_page_api_answers_the_advice(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    ids = CRAFTED["needs-missing"][1]
    body = client.post(
        "/api/validate",
        data=json.dumps({"script": [{"id": "_meta", "name": "시험"}, *ids]}),
        headers={"Content-Type": "application/json"},
    ).get_json()
    [needs] = [a for a in body["advice"] if a["code"] == "needs-missing"]
    assert needs["severity"] == "high" and needs["label"] == "높음" and needs["title"] == "능력이 기대는 캐릭터가 없음"
    assert (
        needs["characters"] == [{"id": "acrobat", "name": "곡예사", "team": "townsfolk"}]
        and needs["reason"]
        and needs["change"]
    )
    assert "advice" not in {f["level"] for f in body["findings"]}  # advice never becomes a finding
    empty = client.post(
        "/api/validate",
        data=json.dumps({"script": [{"id": "_meta", "name": "빈"}]}),
        headers={"Content-Type": "application/json"},
    ).get_json()
    assert empty["advice"] == []


# --- the rules file -------------------------------------------------------------------------------------------------


def test_the_rules_file_names_library_characters_of_the_right_teams():
    from generator.load.library import load_library

    library, _ = load_library()
    teams = {cid: c.team for cid, c in library.characters.items()}
    for tag, ids in RULES["tags"].items():
        assert ids and not [i for i in ids if i not in teams], tag
        assert len(ids) == len(set(ids)), tag
    for demon, ids in RULES["counters"].items():
        assert teams[demon] == "demon" and all(teams[i] in ("townsfolk", "outsider") for i in ids), demon
    assert not [
        d for d, team in teams.items() if team == "demon" and d not in RULES["counters"]
    ]  # every Demon has counters
    for character, need in RULES["needs"].items():
        assert character in teams and (need.get("tags") or need.get("team")), character
        assert set(need.get("tags", [])) <= set(RULES["tags"]), character
    good = ("townsfolk", "outsider")
    assert all(teams[i] in good for tag in ("info_first_night", "info_ongoing") for i in RULES["tags"][tag])
    informers = set(RULES["tags"]["info_first_night"]) | set(RULES["tags"]["info_ongoing"])
    for kind, entry in RULES["info_kinds"].items():  # a group of information characters, each a sentence ending '.'
        ids = entry["characters"]
        assert len(ids) >= 2 and len(ids) == len(set(ids)) and set(ids) <= informers, kind
        assert entry["learns"].endswith("다.") and "{" not in entry["learns"], kind


def our_advice_texts() -> list[str]:
    texts = [r[key] for r in RULES["rules"] for key in ("title", "reason", "change")]
    texts += [n[key] for n in RULES["needs"].values() for key in ("reason", "change")]
    texts += [kind["learns"] for kind in RULES["info_kinds"].values()]
    return texts + list(RULES["severities"].values())


def test_the_advice_is_written_in_the_librarys_words():
    glossary = yaml.safe_load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))
    avoided = [word for entry in glossary for word in entry["avoid"]]  # our own prose: the phrasing rules too
    texts = our_advice_texts()
    found = [(word, text[:40]) for text in texts for word in avoided if word in text]
    assert not found, found
    assert not [t for t in texts if re.search(r"(?:보여|알려|돌려|건네)주|을\(를\)|이\(가\)|은\(는\)", t)]
    assert all(re.search(r"[가-힣]", t) for t in texts if not re.fullmatch(r"\{\w+\}", t))  # '{change}': the need's own


def test_a_content_folder_without_a_usable_rules_file_uses_the_bundled_one(content):
    bundled = load_rules(None)
    detach(content / "advice.yaml").write_text("rules: [이것은, 규칙이, 아닙니다]\n", encoding="utf-8")
    assert load_rules(content).rules == bundled.rules
    (content / "advice.yaml").unlink()
    assert load_rules(content).rules == bundled.rules
    severities = {"high": "높음", "medium": "보통", "low": "낮음"}
    for broken in (
        {"severities": {"high": "높음"}},
        {"severities": severities, "tags": ["imp"]},
        {
            "severities": severities,
            "needs": {"hatter": {"reason": "r", "change": "c", "team": "demon", "at_least": "둘"}},
        },
        {"severities": severities, "info_kinds": {"pair": {"learns": "l", "characters": "empath"}}},
        {"severities": severities, "info_kinds": {"pair": {"characters": ["empath", "shugenja"]}}},
        {
            "severities": severities,
            "rules": [
                {
                    "code": "too-long",
                    "severity": "high",
                    "title": "t",
                    "reason": "r",
                    "change": "c",
                    "limits": {"maximum": "서른"},
                }
            ],
        },
    ):
        with pytest.raises(ValueError):
            parse_rules(broken)


def test_a_content_folder_can_tune_its_rules(content):
    data = yaml.safe_load((content / "advice.yaml").read_text(encoding="utf-8"))
    for rule in data["rules"]:
        if rule["code"] == "too-long":
            rule["limits"]["maximum"] = 20
            rule["reason"] = (
                "캐릭터가 {count}개로 {maximum}개를 넘습니다. {모르는_값}은 그대로 남습니다. {count:>99999999}{count.real}{"
            )
    write_yaml(content / "advice.yaml", data)
    result = run_cli("validate", "trouble-brewing", "--content", content, "--advice", "--json")
    [long] = [e for e in json.loads(result.stdout) if e.get("code") == "too-long"]
    assert (
        "캐릭터가 22개로 20개를 넘습니다. {모르는_값}은 그대로 남습니다. {count:>99999999}{count.real}{"
        in long["message"]
    )
    assert result.exit_code == 0
