"""The builder a storyteller keeps open (issue 21), in a real headless Chromium: a misspelt id stays on the page with
a one-click fix, jinxes and both nights are shown as the script changes, Enter only adds, a removal can be undone,
rows move by drag and drop and by keyboard, an empty script's buttons say why, the page shows no finding code and
no word the glossary avoids, and a phone scrolls one page. Screenshots go to $BOTC_PNP_SCREENSHOTS when set."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import yaml
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from generator import DEFAULT_CONTENT_DIR  # noqa: E402
from generator.findings import kind_labels  # noqa: E402
from tests.server.test_serve_e2e import (  # noqa: F401 (fixtures)
    attributes,
    browser,
    click,
    module_browser,
    no_process_survives,
    screenshot,
    shown_text,
    shown_texts,
    site,
    wait_until,
)

pytestmark = pytest.mark.slow  # drives headless Chromium

TEENSY_WITH_JINX = ["washerwoman", "librarian", "investigator", "chef", "empath", "butler", "spy", "alchemist", "imp"]


def press(driver, element_id: str) -> None:
    """Click a button as a person would: scrolled into the middle of the screen first."""
    button = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def rows(driver) -> list[str]:
    return attributes(driver, "#script-list .row")


def team_rows(driver, team: str) -> list[str]:
    return attributes(driver, f'.team-block[data-team="{team}"] .row')


def open_page(driver, site_url):
    driver.get(site_url)
    wait_until(driver, lambda d: len(attributes(d, "#library-list .card")) > 100, "library drawn")


def open_with_upload(browser, site_url, upload: Path, text: str):
    """A desktop-sized page with `text` uploaded as the script file `upload`."""
    upload.write_text(text, encoding="utf-8")
    driver = browser(1366, 900)
    open_page(driver, site_url)
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    return driver


def load_bundled(driver, name: str, count: int):
    wait_until(driver, lambda d: len(attributes(d, "#start-select option", "value")) > 3, "script list")
    Select(driver.find_element(By.ID, "start-select")).select_by_value(f"bundled/{name}")
    driver.find_element(By.ID, "start-load").click()
    wait_until(driver, lambda d: len(rows(d)) == count, f"{name} loaded")


def test_a_misspelt_id_stays_with_its_fix_and_the_jinx_and_nights_panels_follow_the_script(site, browser, tmp_path):  # noqa: F811
    ids = ["fortune_teler" if i == "empath" else i for i in TEENSY_WITH_JINX]
    text = '[{"id": "_meta", "name": "징크스 연습"}, ' + ", ".join(f'"{i}"' for i in ids) + "]"
    driver = open_with_upload(browser, site, tmp_path / "징크스.json", text)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '.row.unknown[data-id="fortune_teler"]'), "typo kept")
    assert rows(driver)[0] == "fortune_teler"  # kept where it can be seen: first
    finding = wait_until(
        driver,
        lambda d: [f for f in d.find_elements(By.CSS_SELECTOR, '#findings .finding[data-code="unknown-id"]')],
        "finding",
    )[0]
    said = finding.text
    assert "fortuneteller" in said and "이것으로 바꾸기" in said and "모르는 캐릭터" in said

    # the jinx (alchemist · spy), the Djinn and why it joins, and both nights in the official order
    jinx = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#jinxes .jinx"), "jinx shown")
    said = jinx[0].text
    assert len(jinx) == 1 and "연금술사" in said and "첩자" in said and "첩자 능력이 배정된 연금술사" in said
    note = shown_text(driver, "#added-note")
    assert "지니" in note and "징크스" in note
    first = attributes(driver, '.night[data-night="first_night"] .step')
    other = attributes(driver, '.night[data-night="other_nights"] .step')
    official = yaml.safe_load((DEFAULT_CONTENT_DIR / "night_order.yaml").read_text(encoding="utf-8"))
    assert first[0] == "dusk" and first[-1] == "dawn" and "washerwoman" in first and "butler" in first
    order = official["first_night"]
    assert first == sorted(first, key=order.index)  # the official order
    assert other[0] == "dusk" and "imp" in other and "washerwoman" not in other
    screenshot(driver, tmp_path, "builder-typo-jinx-desktop")

    # remove the spy: the jinx goes, and so does the spy's night step
    click(driver, '#script-list .row[data-id="spy"] button.remove')
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#jinxes .jinx"), "jinx gone")
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, '.night .step[data-id="spy"]'), "spy's step gone")
    assert driver.find_element(By.ID, "added-note").get_attribute("hidden") is not None
    press(driver, "undo")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#jinxes .jinx"), "undo brings the jinx back")

    # after ten seconds the mistake is still on the page (every timer the page set has run: the browser's clock
    # jumps ahead to each one instead of waiting for it), and one click fixes it
    started = driver.execute_script("return performance.now()")
    driver.execute_cdp_cmd("Emulation.setVirtualTimePolicy", {"policy": "advance", "budget": 10500})
    wait_until(
        driver,
        lambda d: d.execute_script("return performance.now()") - started >= 10_000,
        "ten seconds on the page's clock",
    )
    driver.execute_cdp_cmd(
        "Emulation.setVirtualTimePolicy", {"policy": "advance"}
    )  # the clock runs on after the budget
    assert driver.find_elements(By.CSS_SELECTOR, '.row.unknown[data-id="fortune_teler"]')
    assert driver.find_elements(By.CSS_SELECTOR, '#findings .finding[data-code="unknown-id"]')
    click(driver, '#script-list .row.unknown[data-id="fortune_teler"] button[data-replace="fortuneteller"]')
    wait_until(
        driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="fortuneteller"]'), "replaced"
    )
    wait_until(
        driver,
        lambda d: not d.find_elements(By.CSS_SELECTOR, '#findings .finding[data-code="unknown-id"]'),
        "finding gone",
    )
    assert "fortune_teler" not in rows(driver)
    assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_enter_only_adds_and_a_removal_can_be_undone(site, browser, tmp_path):  # noqa: F811
    driver = browser(1366, 900)
    open_page(driver, site)
    search = driver.find_element(By.ID, "search")
    search.send_keys("세탁부", Keys.ENTER)
    wait_until(driver, lambda d: rows(d) == ["washerwoman"], "Enter adds")
    search.send_keys("세탁부", Keys.ENTER)
    wait_until(driver, lambda d: "이미" in shown_text(d, "#toast"), "says it is already in")
    for _ in range(3):
        search.send_keys(Keys.ENTER)
        time.sleep(0.2)
    assert rows(driver) == ["washerwoman"]  # Enter never takes a character out

    # 초성 matching characters of several teams: the line under the box asks, and Enter adds nothing
    search.clear()
    search.send_keys("ㄱㅅㅅ")
    hint = wait_until(driver, lambda d: "여러 팀" in (said := shown_text(d, "#enter-hint")) and said, "asks")
    assert "견습생(여행자)" in hint and "연금술사(마을주민)" in hint
    screenshot(driver, tmp_path, "builder-enter-asks")
    search.send_keys(Keys.ENTER)
    wait_until(driver, lambda d: "여러 팀" in shown_text(d, "#toast"), "Enter asks too")
    assert rows(driver) == ["washerwoman"]
    # a name: the line says which character Enter adds, its card is marked, and Enter adds exactly that one
    search.clear()
    search.send_keys("견습")
    hint = wait_until(
        driver, lambda d: (said := shown_text(d, "#enter-hint")).startswith("Enter를") and said, "names it"
    )
    assert hint.startswith("Enter를 누르면 넣습니다: 견습생(여행자) · ")
    assert attributes(driver, "#library-list .card.enter-target") == ["apprentice"]
    screenshot(driver, tmp_path, "builder-enter-names")
    search.send_keys(Keys.ENTER)
    wait_until(driver, lambda d: rows(d) == ["washerwoman", "apprentice"], "the one it named")

    search.clear()
    search.send_keys("zzzz")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#library-list .no-results"), "no results line")
    assert "zzzz" in shown_text(driver, "#library-list .no-results")
    search.clear()
    search.send_keys("fortune")
    card = wait_until(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#library-list .card[data-id="fortuneteller"] .english'),
        "English",
    )
    assert card[0].text == "fortuneteller"

    before = rows(driver)
    click(driver, '#script-list .row[data-id="washerwoman"] button.remove')
    wait_until(driver, lambda d: "washerwoman" not in rows(d), "removed")
    assert "되돌리기" in shown_text(driver, "#toast")
    driver.find_element(By.TAG_NAME, "body").click()
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
    wait_until(driver, lambda d: rows(d) == before, "Ctrl-Z restores")
    click(driver, '#script-list .row[data-id="washerwoman"] button.remove')
    wait_until(driver, lambda d: "washerwoman" not in rows(d), "removed again")
    press(driver, "undo")
    wait_until(driver, lambda d: rows(d) == before, "the button restores")


def test_rows_move_by_drag_and_drop_and_keyboard_keeping_focus_and_sort(site, browser, tmp_path):  # noqa: F811
    driver = browser(1366, 900)
    open_page(driver, site)
    load_bundled(driver, "trouble-brewing", 27)
    start = team_rows(driver, "townsfolk")
    # drag the chef below the monk: HTML drag and drop, as a mouse does it (events with one DataTransfer)
    driver.execute_script(
        """
        const [from, to] = arguments;
        const source = document.querySelector(`#script-list .row[data-id="${from}"]`);
        const target = document.querySelector(`#script-list .row[data-id="${to}"]`);
        const data = new DataTransfer();
        const box = target.getBoundingClientRect();
        const at = { bubbles: true, cancelable: true, dataTransfer: data, clientX: box.left + 5, clientY: box.bottom - 2 };
        source.dispatchEvent(new DragEvent("dragstart", at));
        target.dispatchEvent(new DragEvent("dragover", at));
        target.dispatchEvent(new DragEvent("drop", at));
        source.dispatchEvent(new DragEvent("dragend", at));
    """,
        "chef",
        "monk",
    )
    expected = [i for i in start if i != "chef"]
    expected.insert(expected.index("monk") + 1, "chef")
    wait_until(driver, lambda d: team_rows(d, "townsfolk") == expected, "dragged below the monk")

    # keyboard: Alt+↑ moves the focused row, which keeps the focus, again and again
    row = driver.find_element(By.CSS_SELECTOR, '#script-list .row[data-id="chef"]')
    row.send_keys(Keys.ALT, Keys.ARROW_UP)
    wait_until(driver, lambda d: team_rows(d, "townsfolk").index("chef") == expected.index("chef") - 1, "moved up")
    focused = driver.switch_to.active_element
    assert focused.get_attribute("data-id") == "chef"
    focused.send_keys(Keys.ALT, Keys.ARROW_UP)
    wait_until(
        driver, lambda d: team_rows(d, "townsfolk").index("chef") == expected.index("chef") - 2, "moved up again"
    )
    assert driver.switch_to.active_element.get_attribute("data-id") == "chef"
    # the ↓ button keeps the focus too
    click(driver, '#script-list .row[data-id="chef"] button[data-tool="down"]')
    wait_until(driver, lambda d: team_rows(d, "townsfolk").index("chef") == expected.index("chef") - 1, "moved down")
    assert driver.switch_to.active_element.get_attribute("data-tool") == "down"

    # 공식 순서로 정렬: each team in the standard order, teams kept apart; undo brings the hand order back
    moved = team_rows(driver, "townsfolk")
    press(driver, "sort-standard")
    wait_until(driver, lambda d: team_rows(d, "townsfolk") != moved, "sorted")
    townsfolk = team_rows(driver, "townsfolk")
    assert townsfolk == start  # the publisher's order: Trouble Brewing's printed sheet, whatever our Korean says
    press(driver, "undo")
    wait_until(driver, lambda d: team_rows(d, "townsfolk") == moved, "sort undone")


def test_an_empty_script_says_why_its_buttons_cannot_work(site, browser, tmp_path):  # noqa: F811
    driver = browser(1366, 900)
    open_page(driver, site)
    press(driver, "start-new")
    wait_until(driver, lambda d: not rows(d), "empty")
    note = wait_until(driver, lambda d: shown_text(d, "#print-note"), "note")
    assert "캐릭터가 없어" in note
    for button in driver.find_elements(By.CSS_SELECTOR, ".documents .doc, #kit, #export, #save"):
        assert not button.is_enabled() and "캐릭터가 없어" in button.get_attribute("title")
    assert "검사 전" in shown_text(driver, "#status")
    screenshot(driver, tmp_path, "builder-empty-desktop")


def test_the_page_shows_no_finding_code_and_no_avoided_word(site, browser, tmp_path):  # noqa: F811
    driver = open_with_upload(
        browser,
        site,
        tmp_path / "틀림.json",
        '[{"id": "_meta", "name": "틀림"}, "virgin", "recluse", "spy", "innkeeper", "huntsman", "drunk", "imp", "virgn"]',
    )
    wait_until(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#findings .finding")) >= 3, "findings")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".night .step"), "nights")
    search = driver.find_element(By.ID, "search")
    search.send_keys("성결자")
    wait_until(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#library-list .card")) == 1, "searched")
    for details in driver.find_elements(By.CSS_SELECTOR, "#findings details"):
        details.click()  # grouped findings opened: their lines count too
    text = shown_text(driver, "main")
    codes = [code for code in kind_labels() if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)]
    assert not codes, codes
    glossary = yaml.safe_load((DEFAULT_CONTENT_DIR / "glossary.yaml").read_text(encoding="utf-8"))
    avoided = [w for e in glossary if e.get("print", True) is not False for w in e["avoid"] if w in text]
    assert not avoided, avoided
    assert "지명" in text and "등록" in text  # the printed words are there instead
    assert "characters에" not in text  # the Huntsman's message speaks of the script, not of a YAML key
    screenshot(driver, tmp_path, "builder-words-desktop")


def test_a_phone_scrolls_one_page_with_no_scroll_box_inside(site, browser, tmp_path):  # noqa: F811
    driver = browser(600, 900)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    driver.get(site)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#library-list .card"), "library drawn")
    load_bundled(driver, "trouble-brewing", 27)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".night .step"), "nights")
    boxes = driver.execute_script("""
        const found = [];
        for (const node of document.querySelectorAll("body *:not(textarea):not(select)")) {  // text fields scroll their text
            const style = getComputedStyle(node);
            const scrolls = /(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1;
            if (scrolls) found.push(node.id || node.className || node.tagName);
        }
        return found;
    """)
    assert boxes == []
    assert driver.execute_script("return document.documentElement.scrollWidth") <= driver.execute_script(
        "return window.innerWidth"
    )
    more = driver.find_elements(By.CSS_SELECTOR, "#library-list .more button")
    assert more and "더 보기" in more[0].text  # the long library comes in pages instead
    screenshot(driver, tmp_path, "builder-phone")
    driver.execute_script("window.scrollTo(0, document.querySelector('.checks').offsetTop)")
    screenshot(driver, tmp_path, "builder-phone-checks")


def test_several_scripts_are_remembered_by_title(site, browser, tmp_path):  # noqa: F811
    driver = browser(1366, 900)
    open_page(driver, site)
    load_bundled(driver, "trouble-brewing", 27)
    press(driver, "start-new")
    wait_until(driver, lambda d: not rows(d), "a new script")
    title = driver.find_element(By.ID, "title")
    title.send_keys("우리 클럽 스크립트")
    driver.find_element(By.ID, "search").send_keys("세탁부", Keys.ENTER)
    wait_until(driver, lambda d: rows(d) == ["washerwoman"], "one character")
    driver.refresh()  # what the browser remembers outlives the page
    wait_until(driver, lambda d: rows(d) == ["washerwoman"], "the last script comes back")
    picker = Select(driver.find_element(By.ID, "remembered"))
    titles = [o.text for o in picker.options]
    assert any(t.startswith("우리 클럽 스크립트") for t in titles) and any(
        t.startswith("불길한 조짐 (27명)") for t in titles
    )
    picker.select_by_visible_text("불길한 조짐 (27명)")
    wait_until(driver, lambda d: len(rows(d)) == 27, "picked Trouble Brewing")
    assert driver.find_element(By.ID, "title").get_attribute("value") == "불길한 조짐"


def remembered(driver) -> list[str]:
    return [o.text for o in Select(driver.find_element(By.ID, "remembered")).options]


def test_a_script_opened_again_is_one_remembered_entry_and_no_blank_one_is_kept(site, browser, tmp_path):  # noqa: F811
    """Issue 52: the list showed the same title twice and a '이름 없는 스크립트 (0명)' nobody made. The blank script the
    page starts with gives way to the first script opened; Trouble Brewing opened twice, or its JSON as the page
    downloads it, is one entry; starting a new script twice makes one blank script, which goes when another opens."""
    driver = browser(1366, 900)
    open_page(driver, site)
    assert remembered(driver) == ["이름 없는 스크립트 (0명)"]
    load_bundled(driver, "trouble-brewing", 27)
    assert remembered(driver) == ["불길한 조짐 (27명)"]
    driver.execute_script("document.getElementById('toast').hidden = true")
    load_bundled(driver, "trouble-brewing", 27)
    wait_until(driver, lambda d: "불러왔습니다" in shown_text(d, "#toast"), "opened again")
    assert remembered(driver) == ["불길한 조짐 (27명)"]

    click(driver, "#export")
    exported = browser.downloads / "trouble-brewing.json"
    wait_until(
        driver, lambda d: exported.exists() and not list(browser.downloads.glob("*.crdownload")), "JSON downloaded"
    )
    driver.execute_script("document.getElementById('toast').hidden = true")
    driver.find_element(By.ID, "upload").send_keys(str(exported))
    wait_until(driver, lambda d: "불러왔습니다" in shown_text(d, "#toast"), "its JSON opened")
    assert remembered(driver) == ["불길한 조짐 (27명)"] and len(rows(driver)) == 27

    press(driver, "start-new")
    press(driver, "start-new")
    wait_until(driver, lambda d: not rows(d), "a new script")
    assert sorted(remembered(driver)) == ["불길한 조짐 (27명)", "이름 없는 스크립트 (0명)"]
    load_bundled(driver, "bad-moon-rising", 30)
    assert sorted(remembered(driver)) == ["불길한 조짐 (27명)", "핏빛 달이 뜬다 (30명)"]
    driver.refresh()  # as this browser keeps them
    wait_until(driver, lambda d: len(rows(d)) == 30, "the last script comes back")
    assert sorted(remembered(driver)) == ["불길한 조짐 (27명)", "핏빛 달이 뜬다 (30명)"]


def test_a_changed_copy_of_a_remembered_script_opens_over_it_and_one_undo_brings_the_changes_back(
    site, browser, tmp_path
):  # noqa: F811
    first = '[{"id": "_meta", "name": "우리 모임"}, "washerwoman", "chef", "butler", "poisoner", "imp"]'
    driver = open_with_upload(browser, site, tmp_path / "우리-모임.json", first)
    wait_until(driver, lambda d: len(rows(d)) == 5, "opened")
    driver.execute_script("document.getElementById('toast').hidden = true")
    (tmp_path / "우리-모임.json").write_text(first.replace('"chef", ', ""), encoding="utf-8")  # the club's next version
    driver.find_element(By.ID, "upload").send_keys(str(tmp_path / "우리-모임.json"))
    wait_until(driver, lambda d: len(rows(d)) == 4, "the file's version")
    assert remembered(driver) == ["우리 모임 (4명)"]
    assert "되돌리기" in shown_text(driver, "#toast")
    press(driver, "undo")
    wait_until(driver, lambda d: len(rows(d)) == 5, "the remembered version back")
    assert remembered(driver) == ["우리 모임 (5명)"]


def test_the_print_options_a_storyteller_sets_are_at_hand_and_the_token_sizes_with_the_tokens(site, browser, tmp_path):  # noqa: F811
    """Issue 52: English names, community names, the print style and creep hid under a closed '토큰 설정'. Paper,
    style, names, English and the number of players show at once; token sizes and choices open under 토큰 설정, the
    bleed and the marks under 인쇄소용, the booklet's creep under 해설서 소책자. A choice goes with the next print."""
    driver = browser(1366, 900)
    open_page(driver, site)
    load_bundled(driver, "trouble-brewing", 27)
    at_hand = shown_text(driver, '[data-option-group="general"]')
    for label in ("용지", "인쇄 스타일", "캐릭터 이름 표기", "영어 이름 함께 넣기", "플레이어 수"):
        assert label in at_hand, label
    hidden = shown_texts(
        driver,
        '[data-option-group="tokens"] label, [data-option-group="almanac"] label, [data-option-group="print"] label',
    )
    assert len(hidden) > 5 and not any(hidden)  # behind their titles until opened
    players = driver.find_element(By.CSS_SELECTOR, 'input[name="players"]')
    assert (players.get_attribute("min"), players.get_attribute("max")) == ("5", "20")  # the seats, from the server
    click(driver, "#token-settings summary")
    tokens = wait_until(driver, lambda d: shown_text(d, "#token-options"), "token options open")
    assert "캐릭터 토큰 지름" in tokens and "알림 토큰 지름" in tokens and "영어 이름" not in tokens
    assert "도련" not in tokens  # the bleed is every cut document's: with the marks under 인쇄소용
    click(driver, "#print-shop-settings summary")
    shop = wait_until(driver, lambda d: shown_text(d, "#print-shop-settings"), "print-shop options open")
    assert "도련" in shop and "자르는 표시" in shop
    marks = driver.find_element(By.CSS_SELECTOR, '#print-shop-settings select[name="marks"]')
    assert [o.get_attribute("value") for o in marks.find_elements(By.TAG_NAME, "option")] == ["cut", "crop"]
    click(driver, "#almanac-settings summary")
    assert "소책자 밀림 보정" in wait_until(
        driver, lambda d: shown_text(d, "#almanac-settings"), "booklet options open"
    )
    screenshot(driver, tmp_path, "builder-print-options")

    english = driver.find_element(By.CSS_SELECTOR, '[data-option-group="general"] input[name="english"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", english)
    english.click()
    click(driver, '.doc[data-document="script_sheet"]')
    sheet = browser.downloads / "trouble-brewing-script.pdf"
    wait_until(
        driver, lambda d: sheet.exists() and not list(browser.downloads.glob("*.crdownload")), "sheet downloaded"
    )
    from tests.conftest import pdf_page_texts

    assert "Washerwoman" in "".join(pdf_page_texts(sheet.read_bytes()))


def test_a_teensy_script_gets_its_player_range_on_the_page(site, browser, tmp_path):  # noqa: F811
    driver = open_with_upload(
        browser,
        site,
        tmp_path / "작은.json",
        '[{"id": "_meta", "name": "작은 마을"}, "washerwoman", "librarian", "investigator", "chef", "butler", "poisoner", "imp"]',
    )
    hint = wait_until(
        driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#findings .finding[data-code="players-range-hint"]'), "hint"
    )[0]
    said = hint.text
    assert "인원을 5–6명으로 정하기" in said and "_meta" not in said and "players:" not in said
    setup_rows = lambda d: shown_texts(d, "#setup tbody tr th")  # noqa: E731
    hint.find_element(By.CSS_SELECTOR, "button[data-players]").click()
    wait_until(
        driver, lambda d: Select(d.find_element(By.ID, "players-high")).first_selected_option.text == "6", "range set"
    )
    wait_until(driver, lambda d: "문제가 없습니다" in shown_text(d, "#status"), "clean")
    assert setup_rows(driver) == ["5명", "6명"]
    Select(driver.find_element(By.ID, "players-high")).select_by_visible_text("15")
    wait_until(driver, lambda d: len(setup_rows(d)) == 11, "5–15 again")
    assert driver.execute_script("return JSON.parse(localStorage.getItem('botc-pnp-scripts')).scripts") is not None
    Select(driver.find_element(By.ID, "players-high")).select_by_visible_text("6")
    wait_until(driver, lambda d: setup_rows(d) == ["5명", "6명"], "5–6 from the control")
    screenshot(driver, tmp_path, "builder-teensy-desktop")


CLEAN = "문제가 없습니다. 인쇄해도 좋습니다."


@pytest.mark.parametrize(
    "text", ["", "  \n", "[{", '{"title": "목록이 아님"}'], ids=["empty", "blank", "broken", "not-a-list"]
)
def test_a_file_that_cannot_be_opened_changes_nothing_and_says_why(site, browser, tmp_path, text):  # noqa: F811
    """A file that is not opened leaves the script on the page as it was, and the page says so once, about the file:
    the toast and a note above the findings name the file and why. The header's status and the findings stay those of
    the script still shown (issue 52: the header turned red over a valid script). No word of the HTTP layer ('요청')."""
    driver = browser(1366, 900)
    open_page(driver, site)
    load_bundled(driver, "trouble-brewing", 27)
    wait_until(driver, lambda d: shown_text(d, "#status") == CLEAN, "Trouble Brewing checked")
    upload = tmp_path / "빈-스크립트.json"
    upload.write_text(text, encoding="utf-8")
    driver.execute_script("document.getElementById('toast').hidden = true")
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    toast = wait_until(driver, lambda d: "열지 않았습니다" in (said := shown_text(d, "#toast")) and said, "toast")
    assert "빈-스크립트.json" in toast and "지금 화면의 스크립트는 그대로입니다" in toast
    why = {"empty": "비어 있습니다", "blank": "비어 있습니다", "broken": "JSON 문법", "not-a-list": "목록"}
    expected = why["empty" if not text.strip() else "broken" if text == "[{" else "not-a-list"]
    assert expected in toast, toast
    note = shown_text(driver, "#file-note")
    assert "빈-스크립트.json" in note and expected in note

    # the script shown is the one before, and everything the page says about it is still said of it
    assert len(rows(driver)) == 27 and driver.find_element(By.ID, "title").get_attribute("value") == "불길한 조짐"
    assert shown_text(driver, "#status") == CLEAN
    assert shown_text(driver, "#findings") == CLEAN and not attributes(driver, "#findings .finding.error", "class")
    assert not shown_text(driver, "#print-note")
    assert all(button.is_enabled() for button in driver.find_elements(By.CSS_SELECTOR, ".documents .doc, #kit"))
    assert "요청" not in shown_text(driver, "body")
    assert controls_under_the_toast(driver) == []
    screenshot(driver, tmp_path, f"builder-not-opened-{len(text)}")

    # the note goes with its close button, or when a file is opened
    click(driver, "#file-note button")
    wait_until(driver, lambda d: not shown_text(d, "#file-note"), "note closed")


def test_a_broken_file_after_a_good_one_leaves_the_good_one_and_the_next_good_file_clears_the_note(
    site, browser, tmp_path
):  # noqa: F811
    good, broken = tmp_path / "좋은.json", tmp_path / "깨진.json"
    good.write_text(
        '[{"id": "_meta", "name": "좋은 파일"}, "washerwoman", "chef", "butler", "poisoner", "imp"]', encoding="utf-8"
    )
    broken.write_text('[{"id": "_meta", "name": "깨진 파일"}, "washerwoman",', encoding="utf-8")
    driver = open_with_upload(browser, site, tmp_path / "처음.json", good.read_text(encoding="utf-8"))
    wait_until(driver, lambda d: len(rows(d)) == 5, "the good file")
    status = wait_until(
        driver, lambda d: (said := shown_text(d, "#status")) not in ("검사 전", "검사 중…") and said, "checked"
    )
    driver.find_element(By.ID, "upload").send_keys(str(broken))
    wait_until(driver, lambda d: "깨진.json" in shown_text(d, "#file-note"), "note")
    assert shown_text(driver, "#status") == status and len(rows(driver)) == 5
    assert driver.find_element(By.ID, "title").get_attribute("value") == "좋은 파일"
    driver.find_element(By.ID, "upload").send_keys(str(good))
    wait_until(driver, lambda d: not shown_text(d, "#file-note"), "the note goes when a file opens")
    assert len(rows(driver)) == 5


COVERED = """
const toast = document.getElementById("toast");
const box = toast.getBoundingClientRect();
const hits = [];
for (const control of document.querySelectorAll("button, input, select, textarea, a[href], .card, summary")) {
  if (toast.contains(control)) continue;
  const r = control.getBoundingClientRect();
  const x0 = Math.max(r.left, box.left), x1 = Math.min(r.right, box.right);
  const y0 = Math.max(r.top, box.top), y1 = Math.min(r.bottom, box.bottom);
  if (x0 >= x1 || y0 >= y1) continue;
  toast.hidden = true;  // what shows at that point without the toast: the control, or whatever clips it
  const under = document.elementFromPoint((x0 + x1) / 2, (y0 + y1) / 2);
  toast.hidden = false;
  if (under && (under === control || control.contains(under))) hits.push(control.id || control.textContent.trim().slice(0, 30));
}
return hits;
"""


def controls_under_the_toast(driver) -> list[str]:
    """Every control a shown toast covers (sampled where they overlap, as the page would be seen without it)."""
    assert driver.find_element(By.ID, "toast").is_displayed()
    return driver.execute_script(COVERED)


@pytest.mark.parametrize("width", [1366, 1000])
def test_a_toast_never_covers_a_control(site, browser, tmp_path, width):  # noqa: F811
    driver = browser(width, 800)
    open_page(driver, site)
    load_bundled(driver, "trouble-brewing", 27)
    remove = driver.find_element(By.CSS_SELECTOR, '#script-list .row[data-id="chef"] button.remove')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", remove)
    remove.click()  # a toast with its own undo button
    wait_until(driver, lambda d: d.find_element(By.ID, "toast").is_displayed(), "toast")
    driver.execute_script("document.getElementById('save').scrollIntoView({block: 'end'})")  # the save button under it
    assert controls_under_the_toast(driver) == []
    screenshot(driver, tmp_path, f"builder-toast-{width}")


FIELD_PATH = re.compile(
    r"\b[a-z_]+\.[a-z_]+\b(?<!\.svg)(?<!\.png)(?<!\.json)(?<!\.yaml)(?<!\.pdf)(?<!\.net)"
)  # file names and the credits' site pass


def test_no_codes_on_screen_and_an_invisible_character_reorders_nothing(site, browser, tmp_path):  # noqa: F811
    """Fields are named in Korean, invisible characters in words, characters by their Korean name first; a
    right-to-left override in a title does not flip the remembered list; the same file opened twice is one entry."""
    text = '[{"id": "_meta", "name": "우리\\u202e 스크립트", "author": "모임\\u200b장"}, "washerwoman", "fortuneteler", "imp"]'
    driver = open_with_upload(browser, site, tmp_path / "우리.json", text)
    findings = wait_until(
        driver, lambda d: "보이지 않는 문자" in (said := shown_text(d, "#findings")) and said, "checked"
    )
    assert "'스크립트 만든 사람'" in findings and "폭 없는 공백(3번째 글자)" in findings
    assert driver.find_element(By.ID, "title").get_attribute("value") == "우리 스크립트"  # the override taken out
    assert "스크립트 제목" not in findings
    visible = shown_text(driver, "body")
    assert "점쟁이('fortuneteller')" in visible
    assert "U+" not in visible and not FIELD_PATH.findall(visible), FIELD_PATH.findall(visible)
    options = lambda d: [o.text for o in Select(d.find_element(By.ID, "remembered")).options]  # noqa: E731
    assert [o for o in options(driver) if o.startswith("우리")] == ["우리 스크립트 (3명)"]
    driver.find_element(By.ID, "upload").send_keys(str(tmp_path / "우리.json"))  # the same file again
    driver.execute_script("document.getElementById('toast').hidden = true")
    wait_until(driver, lambda d: "불러왔습니다" in shown_text(d, "#toast"), "opened again")
    assert [o for o in options(driver) if o.startswith("우리")] == ["우리 스크립트 (3명)"]
    screenshot(driver, tmp_path, "builder-no-codes")


ICONS_FETCHED = (
    "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
    ".filter((p) => p.startsWith('/icons/')).map((p) => decodeURIComponent(p.slice(7)))"
)
CONTENT_SHOWN = (
    "return arguments[0].querySelector('.name').checkVisibility({contentVisibilityAuto: true})"  # a card's content
)


def test_the_library_draws_and_fetches_only_the_cards_near_the_screen(site, browser):
    """181 cards with their icons were most of what opening the page cost: a card far below the fold is neither laid
    out nor painted and its icon is not fetched until it is scrolled to."""
    driver = browser(1440, 1000)
    open_page(driver, site)
    driver.execute_script("performance.setResourceTimingBufferSize(5000)")  # 250 by default: every fetch is counted
    cards = driver.find_elements(By.CSS_SELECTOR, "#library-list .card")
    first, last = cards[0], cards[-1]
    first_id, last_id = first.get_attribute("data-id"), last.get_attribute("data-id")
    wait_until(driver, lambda d: first_id in d.execute_script(ICONS_FETCHED), "the first card's icon")
    assert driver.execute_script(CONTENT_SHOWN, first)
    assert not driver.execute_script(CONTENT_SHOWN, last)
    assert last_id not in driver.execute_script(ICONS_FETCHED)
    assert len(set(driver.execute_script(ICONS_FETCHED))) < len(cards) / 2

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", last)
    wait_until(driver, lambda d: last_id in d.execute_script(ICONS_FETCHED), "the last card's icon, once scrolled to")
    assert driver.execute_script(CONTENT_SHOWN, last)
    assert last.find_element(By.CSS_SELECTOR, ".name").text
