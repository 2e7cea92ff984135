"""Cost stays proportional to what is printed: a typo, a runaway count or an oversized file is cheap.

Each case was minutes (or gigabytes) before the limits in generator/limits.py. These tests count the work that blew
up (close-match searches over the library, YAML parses of a file the limits refuse) and never a number of seconds:
bench/hostile.py measures the same cases in fresh processes with wall time, CPU and peak memory.
"""

from __future__ import annotations

import difflib
import json
from contextlib import contextmanager

import pytest
from conftest import detach, validate
from hostile import TROUBLE_BREWING

from generator.findings import Report
from generator.limits import (
    MAX_LIST_ITEMS,
    MAX_NIGHT_STEPS,
    MAX_REMINDERS,
    MAX_SCRIPT_CHARACTERS,
    MAX_SPARES,
    MAX_SUGGESTIONS,
    MAX_YAML_LINES,
)


@contextmanager
def close_match_searches(monkeypatch):
    """Counts difflib's close-match searches: each costs time in the number of known ids, and one per typo was what
    took minutes."""
    searches: list[str] = []
    search = difflib.get_close_matches

    def counted(word, *args, **kwargs):
        searches.append(word)
        return search(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    yield searches
    monkeypatch.setattr(difflib, "get_close_matches", search)


def counted(monkeypatch, work):
    """work() with its close-match searches counted: at most MAX_SUGGESTIONS a run (per loader Report) whatever the
    number of unknown names."""
    with close_match_searches(monkeypatch) as searches:
        result = work()
    assert len(searches) <= 3 * MAX_SUGGESTIONS, f"{len(searches):,} close-match searches"
    return result


def findings(report, code):
    return [f for f in report.findings if f.code == code]


@pytest.mark.parametrize("count", [20_000, 60_000])
def test_thousands_of_unknown_ids_in_a_script(content, count, monkeypatch):
    path = content / "scripts" / "typos.yaml"
    detach(path).write_text(
        "id: typos\ntitle: 오타\ncharacters: [" + ", ".join(f"unknown{i}" for i in range(count)) + "]\n",
        encoding="utf-8",
    )
    _, report = counted(monkeypatch, lambda: validate(path, content))
    if count > MAX_YAML_LINES:  # the file alone says it is too big to be a script
        assert findings(report, "yaml-too-many") and report.unreadable
        return
    (limit,) = findings(report, "too-many")
    assert f"{MAX_SCRIPT_CHARACTERS:,}개까지" in limit.message
    unknown = findings(report, "unknown-id")
    assert len(unknown) == MAX_SCRIPT_CHARACTERS  # every id within the limit is still reported
    assert sum("혹시" in f.message for f in unknown) <= MAX_SUGGESTIONS


def test_thousands_of_unknown_ids_in_a_json_script(content, tmp_path, monkeypatch):
    path = tmp_path / "typos.json"
    detach(path).write_text(
        json.dumps([{"id": "_meta", "name": "오타"}] + [f"unknown{i}" for i in range(60_000)]), encoding="utf-8"
    )
    _, report = counted(monkeypatch, lambda: validate(path, content))
    assert findings(report, "too-many") and len(findings(report, "unknown-id")) <= MAX_SCRIPT_CHARACTERS


@pytest.mark.slow
def test_thousands_of_unknown_ids_in_the_library_night_order(content, monkeypatch):
    path = content / "night_order.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "first_night: [dusk,", "first_night: [dusk, " + ", ".join(f"zz{i}" for i in range(40_000)) + ",", 1
    )
    assert text.count(",") + text.count("\n") < MAX_YAML_LINES
    detach(path).write_text(text, encoding="utf-8")
    _, report = counted(monkeypatch, lambda: validate("in-space", content))
    assert findings(report, "too-many")
    assert len(findings(report, "night-unknown-id")) < MAX_LIST_ITEMS


def test_a_long_meta_night_order(content, tmp_path, monkeypatch):
    meta = {
        "id": "_meta",
        "name": "긴 순서",
        "firstNight": (TROUBLE_BREWING * 1000)[:20_000],
        "otherNight": (TROUBLE_BREWING * 1000)[:20_000],
    }
    path = tmp_path / "long.json"
    detach(path).write_text(json.dumps([meta, *TROUBLE_BREWING]), encoding="utf-8")
    game, report = counted(monkeypatch, lambda: validate(path, content))
    assert len(findings(report, "too-many")) == 2
    assert all(len(game.night_order.steps(night)) <= MAX_NIGHT_STEPS + 4 for night in ("first_night", "other_nights"))


@pytest.mark.slow
def test_a_character_with_a_huge_number_of_reminders(content, tmp_path, monkeypatch):
    from generator.art.token_layout import REMINDER, token_specs

    path = content / "characters" / "monk.yaml"
    detach(path).write_text(
        path.read_text(encoding="utf-8").replace(
            "reminders: [안전]", "reminders: [" + ", ".join(["알림"] * 30_000) + "]"
        ),
        encoding="utf-8",
    )
    game, report = counted(monkeypatch, lambda: validate("in-space", content))
    (limit,) = findings(report, "too-many")
    assert "monk.yaml" in limit.where and f"{MAX_REMINDERS}개까지" in limit.message
    assert "monk" not in game.ids  # a character file with errors is left out, as always

    custom = {"id": "lamp", "name": "등불", "team": "townsfolk", "ability": "능력", "reminders": ["알림"] * 100_000}
    script = tmp_path / "custom.json"
    detach(script).write_text(
        json.dumps([{"id": "_meta", "name": "알림 많음"}, custom, *TROUBLE_BREWING]), encoding="utf-8"
    )
    game, report = counted(monkeypatch, lambda: validate(script, content))
    assert any(f"{MAX_REMINDERS}개까지" in f.message for f in findings(report, "too-many"))
    specs = token_specs(game, 44.45, 25.4, {})
    assert sum(1 for s in specs if s.kind == REMINDER and s.character_id == "lamp") == MAX_REMINDERS


@pytest.mark.parametrize("count", [MAX_SPARES + 1, 100_000, 10**8])
def test_a_runaway_spare_count_is_ignored_with_a_warning(content, count, monkeypatch):
    from generator.art.token_layout import load_spares

    detach(content / "spares.yaml").write_text(
        f"imp: {{count: {count}, reason: 많이}}\nfanggu: {{count: 1, reason: 하나}}\n", encoding="utf-8"
    )
    report = Report()
    spares = counted(monkeypatch, lambda: load_spares(content, report))
    assert "imp" not in spares and spares["fanggu"].count == 1
    assert f"0에서 {MAX_SPARES} 사이" in findings(report, "spares-bad-count")[0].message


@pytest.mark.parametrize("shape", ["block", "flow"])
def test_a_yaml_file_of_a_million_values_is_refused_before_parsing(tmp_path, shape, monkeypatch):
    from generator.read.yamlio import load_yaml

    path = tmp_path / "many.yaml"
    items = "- a\n" * 490_000 if shape == "block" else "[" + "a," * 990_000 + "a]\n"
    detach(path).write_text(
        "id: monk\nnotes:\n" + items if shape == "block" else "id: monk\nnotes: " + items, encoding="utf-8"
    )
    report = Report()
    from generator.read import yamlio

    parses: list[int] = []
    monkeypatch.setattr(yamlio, "_parse_fast_cached", lambda text: parses.append(len(text)))
    assert counted(monkeypatch, lambda: load_yaml(path, report)) is None
    assert parses == []  # the lines and commas are counted; the text is never handed to the parser
    assert findings(report, "yaml-too-many") and f"{MAX_YAML_LINES:,}개까지" in report.findings[0].message


def test_a_long_yaml_file_with_an_error_at_the_end(tmp_path, monkeypatch):
    from generator.read.yamlio import load_yaml

    path = tmp_path / "long.yaml"
    body = "".join(f"- 메모 {i} 아주 긴 메모입니다 가나다라\n" for i in range(30_000))
    detach(path).write_text("id: monk\nnotes:\n" + body + "bad: [\n", encoding="utf-8")
    assert path.stat().st_size > 1_500_000
    report = Report()
    from generator.read import yamlio

    careful: list[int] = []
    explained = yamlio._parse_explained
    monkeypatch.setattr(
        yamlio, "_parse_explained", lambda text, *rest: careful.append(len(text)) or explained(text, *rest)
    )
    assert counted(monkeypatch, lambda: load_yaml(path, report)) is None
    assert careful == []  # the careful loader takes seconds on a text this long: the fast parser's error is explained
    assert report.findings[0].where.endswith(":30004")  # the line after 'bad: [', where the file ends


@pytest.mark.slow
def test_thousands_of_findings_and_suggestions_stay_linear(monkeypatch):
    from generator.load.game import suggest

    known = {f"character{i}": None for i in range(200)}
    report = Report()

    def many():
        for i in range(50_000):
            report.error("unknown-id", f"'{i}'{suggest(f'charactr{i}', known, report)}")
            assert report.error_count == i + 1  # asked after every finding, as the loaders do
        return report

    counted(monkeypatch, many)
    assert report.suggestions_left == 0 and sum("혹시" in f.message for f in report.findings) <= MAX_SUGGESTIONS
