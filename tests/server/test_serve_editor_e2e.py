"""The character editor in a real headless Chromium: a minion made through the labelled fields, saved, the page
reloaded and the kit built; a community JSON with three English homebrew characters, one translated, exported and
opened again."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from tests.conftest import pdf_page_texts
from tests.server.test_serve_builder_e2e import open_page, open_with_upload  # noqa: F401
from tests.server.test_serve_e2e import (  # noqa: F401 (fixtures)
    browser,
    click,
    in_page,
    module_browser,
    no_process_survives,
    screenshot,
    shown_text,
    shown_texts,
    shown_texts_with,
    site,
    wait_until,
)

pytestmark = pytest.mark.slow  # drives headless Chromium

TB = ["washerwoman", "librarian", "investigator", "chef", "empath", "butler", "drunk", "poisoner", "spy", "imp"]


def labelled(driver, label: str):
    """The field a visible <label> names, as a person (or a screen reader) finds it."""
    for text, target in shown_texts_with(driver, "#editor-panel label", "for"):
        if text.startswith(label) and target:
            return driver.find_element(By.ID, target)
    raise AssertionError(f"no field labelled {label!r}")


def choose(driver, label: str, value: str) -> None:
    """Pick an option of a labelled select, again if a redraw replaced its options meanwhile."""

    def chosen(d):
        Select(labelled(d, label)).select_by_value(value)
        return labelled(d, label).get_attribute("value") == value

    wait_until(driver, chosen, f"choose {value} in {label}")


def png_file(tmp_path: Path) -> Path:
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((20, 20, 180, 180), fill=(40, 40, 40, 255))
    path = tmp_path / "icon.png"
    image.save(path)
    return path


def pdf_text(data: bytes) -> str:
    return "".join("".join(text.split()) for text in pdf_page_texts(data))


def test_a_minion_made_in_the_editor_is_saved_and_printed_after_a_reload(site, browser, tmp_path):  # noqa: F811
    upload = tmp_path / "tb.json"
    driver = open_with_upload(
        browser, site, upload, json.dumps([{"id": "_meta", "name": "편집기 시험"}, *TB], ensure_ascii=False)
    )
    click(driver, "#new-character")
    wait_until(
        driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "d.find_element(By.ID, editor-panel).is"
    )
    labelled(driver, "이름").send_keys("독약상")
    Select(labelled(driver, "팀")).select_by_visible_text("하수인")
    labelled(driver, "능력").send_keys("매일 밤, 플레이어 1명을 선택합니다: 그는 내일 낮까지 취합니다. [외지인 +1명]")
    driver.find_element(By.ID, "ed-setup").click()
    labelled(driver, "알림 토큰").send_keys("취함, 약병")
    wait_until(
        driver,
        lambda d: len(Select(labelled(d, "첫날 밤 자리")).options) > 3,
        "len(Select(labelled(d, 첫날 밤 자리)).optio",
    )
    choose(driver, "첫날 밤 자리", "poisoner")
    labelled(driver, "첫날 밤 안내문").send_keys("독약상을 깨우세요. 가리킨 플레이어에게 *취함* 알림을 놓으세요.")
    choose(driver, "다른 밤 자리", "poisoner")
    labelled(driver, "다른 밤 안내문").send_keys("독약상을 깨우세요. 가리킨 플레이어에게 *취함* 알림을 놓으세요.")
    labelled(driver, "아이콘").send_keys(str(png_file(tmp_path)))
    wait_until(
        driver,
        lambda d: d.find_element(By.ID, "ed-icon-preview").get_attribute("src"),
        "d.find_element(By.ID, ed-icon-preview)",
    )
    wait_until(
        driver,
        lambda d: d.find_element(By.ID, "ed-preview-tokens").get_attribute("data-ready"),
        "d.find_element(By.ID, ed-preview-tokens",
    )
    click(driver, "#ed-save")
    wait_until(
        driver, lambda d: "dokyaksang" in in_page(d, "return state.script.ids"), "dokyaksang in d.execute_script(return"
    )
    wait_until(
        driver,
        lambda d: not d.find_element(By.ID, "save-result").get_attribute("hidden"),
        "not d.find_element(By.ID, save-result)",
    )
    assert "--content" in driver.find_element(By.ID, "save-result").text

    driver.refresh()  # the character, its icon and its place survive a reload (this browser remembers the script)
    wait_until(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="dokyaksang"] [data-tool="edit"]'),
        "d.find_elements(By.CSS_SELECTOR, '#scrip",
    )
    kit = in_page(
        driver,
        """
      const r = await fetch('/api/build?name=editor-kit', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: server.envelope()});
      return Array.from(new Uint8Array(await r.arrayBuffer()));
    """,
    )
    with zipfile.ZipFile(io.BytesIO(bytes(kit))) as archive:
        files = {Path(n).name: archive.read(n) for n in archive.namelist()}
    for name in ("script.pdf", "night-order.pdf", "night-card.pdf", "tokens.pdf", "almanac.pdf"):
        assert "독약상" in pdf_text(files[name]), name
    night = pdf_text(files["night-card.pdf"])
    assert night.index("독살범") < night.index("독약상")
    assert b"/Subtype /Image" in files["tokens.pdf"] or b"/Image" in files["tokens.pdf"]

    # shared as the page's zip (the JSON and icons/) and opened again through the same button: character and icon back
    shared = in_page(
        driver,
        """
      const r = await fetch('/api/export-zip?name=editor-kit', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: server.envelope()});
      return Array.from(new Uint8Array(await r.arrayBuffer()));
    """,
    )
    archive_path = tmp_path / "editor-kit.zip"
    archive_path.write_bytes(bytes(shared))
    icon_before = in_page(driver, "return state.script.icons.dokyaksang")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    driver.find_element(By.ID, "upload").send_keys(str(archive_path))
    wait_until(
        driver,
        lambda d: in_page(d, "return (state.script.custom.dokyaksang || {}).name") == "독약상",
        "the zip's character",
    )
    assert in_page(driver, "return state.script.icons.dokyaksang") == icon_before


COMMUNITY = [
    {"id": "_meta", "name": "Homebrew Night", "author": "A club"},
    *TB,
    {
        "id": "lanternkeeper",
        "name": "Lantern Keeper",
        "team": "townsfolk",
        "ability": "Each night, choose a player: you learn if they are evil.",
        "firstNight": 30,
        "firstNightReminder": "The Lantern Keeper points at a player.",
        "reminders": ["Lit"],
    },
    {
        "id": "ferryman",
        "name": "Ferryman",
        "team": "outsider",
        "ability": "When you die, the Storyteller chooses a dead player to return.",
    },
    {
        "id": "hexer",
        "name": "Hexer",
        "team": "minion",
        "ability": "Each day, you may curse a player. They are drunk tonight.",
    },
]


def test_a_translated_homebrew_character_keeps_its_original_and_the_others_their_english(site, browser, tmp_path):  # noqa: F811
    driver = open_with_upload(browser, site, tmp_path / "homebrew.json", json.dumps(COMMUNITY))
    wait_until(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="lanternkeeper"] [data-tool="edit"]'),
        "d.find_elements(By.CSS_SELECTOR, '#scrip",
    )
    click(driver, '#script-list .row[data-id="lanternkeeper"] [data-tool="edit"]')
    wait_until(
        driver,
        lambda d: "Lantern Keeper" in d.find_element(By.CSS_SELECTOR, '.ed-field[data-field="name"] .ed-original').text,
        "Lantern Keeper in d.find_element(By.CS",
    )
    name, ability = labelled(driver, "이름"), labelled(driver, "능력")
    name.clear()
    name.send_keys("등불지기")
    ability.clear()
    ability.send_keys("매일 밤, 플레이어 1명을 선택합니다: 그 플레이어가 악한지 알게 됩니다.")
    click(driver, "#ed-save")
    wait_until(
        driver,
        lambda d: in_page(d, "return state.script.custom.lanternkeeper.name") == "등불지기",
        "d.execute_script(return state.custom.la",
    )
    exported = in_page(
        driver,
        """
      const r = await fetch('/api/export?name=homebrew&force=1', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: server.envelope()});
      return r.text();
    """,
    )
    document = json.loads(exported)
    by_id = {item["id"]: item for item in document if isinstance(item, dict)}
    assert by_id["lanternkeeper"]["name"] == "등불지기"
    assert by_id["_meta"]["botc_pnp"]["characters"]["lanternkeeper"]["original"]["name"] == "Lantern Keeper"
    assert by_id["ferryman"]["name"] == "Ferryman" and by_id["hexer"]["ability"].startswith("Each day")

    # opened again: the same characters, the translation with its original
    driver = open_with_upload(browser, site, tmp_path / "again.json", exported)
    wait_until(
        driver,
        lambda d: in_page(d, "return (state.script.custom.lanternkeeper || {}).name") == "등불지기",
        "d.execute_script(return (state.custom.l",
    )
    assert in_page(driver, "return state.script.custom.ferryman.name") == "Ferryman"
    assert in_page(driver, "return state.script.meta.botc_pnp.characters.lanternkeeper.original.ability").startswith(
        "Each night"
    )


def test_bad_icon_uploads_are_refused_in_korean_beside_the_icon_field(site, browser, tmp_path):  # noqa: F811
    """A 30 MB picture and a file that is not one are refused before sending; an SVG that points outside itself is
    refused by the server; each says why under the icon field."""
    driver = open_with_upload(
        browser, site, tmp_path / "tb.json", json.dumps([{"id": "_meta", "name": "아이콘 시험"}, *TB])
    )
    click(driver, "#new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor")
    huge = tmp_path / "huge.png"
    with huge.open("wb") as stream:
        stream.truncate(30 * 1024 * 1024)
    fake = tmp_path / "notes.png"
    fake.write_text("그림이 아닌 글자 파일", encoding="utf-8")
    outside = tmp_path / "outside.svg"
    outside.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
        '<image xlink:href="http://example.com/a.png" width="10" height="10"/></svg>',
        encoding="utf-8",
    )
    said = []
    for path in (huge, fake, outside):
        driver.execute_script("document.querySelector('.ed-field[data-field=\"icon\"] .ed-findings').replaceChildren()")
        labelled(driver, "아이콘").send_keys(str(path))
        box = '.ed-field[data-field="icon"] .ed-findings'
        wait_until(driver, lambda d: d.find_element(By.CSS_SELECTOR, box).text.strip(), f"a message for {path.name}")
        said.append(driver.find_element(By.CSS_SELECTOR, box).text)
        assert not driver.find_element(By.ID, "ed-icon-preview").get_attribute("src")
    assert all(re.search(r"[가-힣]{2,}", text) for text in said), said
    assert "MB" in said[0] or "KB" in said[0] or "큽니다" in said[0]
    assert "SVG" in said[2] and ("바깥" in said[2] or "주소" in said[2]), said[2]


def press(driver, button_id: str) -> None:
    """A button at the foot of a phone's screen, pressed while a toast may still cover it (a toast shown after the
    last one was hidden would take a pointer's click)."""
    driver.execute_script("document.getElementById(arguments[0]).click()", button_id)


def test_on_a_phone_the_editor_is_one_column_closes_with_escape_and_its_save_is_undone(site, browser, tmp_path):  # noqa: F811
    driver = browser(600, 900)
    # a phone: Chromium's window cannot be narrower than 500 px, its viewport can
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    upload = tmp_path / "tb.json"
    upload.write_text(json.dumps([{"id": "_meta", "name": "전화 시험"}, *TB]), encoding="utf-8")
    driver.get(site)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#library-list .card"), "library drawn")
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    wait_until(driver, lambda d: len(in_page(d, "return state.script.ids")) == len(TB), "the script")
    press(driver, "new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor")
    lefts = {
        round(labelled(driver, name).rect["x"]) for name in ("이름", "id", "팀", "첫날 밤 자리", "첫날 밤 짧은 안내")
    }
    assert len(lefts) == 1, lefts  # one column: every field starts at the same left edge
    assert driver.execute_script("return document.getElementById('editor-panel').scrollWidth <= window.innerWidth")
    labelled(driver, "이름").send_keys(Keys.ESCAPE)
    wait_until(driver, lambda d: not d.find_element(By.ID, "editor-panel").is_displayed(), "closed by Escape")

    press(driver, "new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor again")
    labelled(driver, "이름").send_keys("전화꾼")
    Select(labelled(driver, "팀")).select_by_visible_text("외지인")
    labelled(driver, "능력").send_keys("당신은 아무 능력도 없습니다.")
    labelled(driver, "능력").send_keys(Keys.CONTROL, Keys.ENTER)  # saved from the keyboard
    wait_until(driver, lambda d: len(in_page(d, "return state.script.ids")) == len(TB) + 1, "added by Ctrl+Enter")
    driver.execute_script("document.getElementById('editor-panel').close()")
    press(driver, "undo")
    wait_until(driver, lambda d: len(in_page(d, "return state.script.ids")) == len(TB), "the save undone")


def field_findings(driver, field: str) -> str:
    return " ".join(shown_texts(driver, f'#editor-panel .ed-field[data-field="{field}"] .ed-findings li'))


def test_an_icon_uploaded_in_the_editor_prints_with_no_missing_icon_warning(site, browser, tmp_path):  # noqa: F811
    """Issue 52: before the upload the editor points at its own icon field (not the command line's --icons); after it,
    the kit the page builds warns of no missing icon, and neither does the check."""
    driver = open_with_upload(
        browser, site, tmp_path / "tb.json", json.dumps([{"id": "_meta", "name": "아이콘 인쇄"}, *TB])
    )
    wait_until(driver, lambda d: len(in_page(d, "return state.script.ids")) == len(TB), "the script")
    click(driver, "#new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor")
    labelled(driver, "이름").send_keys("등불지기")
    labelled(driver, "능력").send_keys("당신은 악마로부터 안전합니다.")
    advice = wait_until(driver, lambda d: field_findings(d, "icon"), "the icon field's advice")
    assert "아이콘 칸에서" in advice and "--icons" not in advice
    labelled(driver, "아이콘").send_keys(str(png_file(tmp_path)))
    wait_until(driver, lambda d: d.find_element(By.ID, "ed-icon-preview").get_attribute("src"), "icon shown")
    wait_until(driver, lambda d: not field_findings(d, "icon"), "no advice once there is an icon")
    click(driver, "#ed-save")
    wait_until(driver, lambda d: "deungbuljigi" in in_page(d, "return state.script.ids"), "saved into the script")
    driver.execute_script("document.getElementById('editor-panel').close()")
    wait_until(
        driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="deungbuljigi"]'), "its row"
    )
    wait_until(driver, lambda d: shown_text(d, "#status") not in ("검사 전", "검사 중…"), "checked")
    assert not driver.find_elements(By.CSS_SELECTOR, '#findings .finding[data-code="icon-missing"]')

    for left in browser.downloads.iterdir():
        left.unlink()
    press(driver, "kit")
    kit = browser.downloads / "아이콘-인쇄.zip"
    wait_until(driver, lambda d: kit.exists() and not list(browser.downloads.glob("*.crdownload")), "kit downloaded")
    said = " ".join(shown_texts(driver, "#render-findings .finding"))
    assert "아이콘 없음" not in said and "자리표시" not in said, said
    with zipfile.ZipFile(kit) as archive:
        tokens = next(archive.read(n) for n in archive.namelist() if n.endswith("tokens.pdf"))
    assert "등불지기" in pdf_text(tokens)
    screenshot(driver, tmp_path, "editor-icon-kit")


REUSED = [
    {"id": "_meta", "name": "Reused Ids"},
    *TB,
    {
        "id": "ferryman",
        "name": "Ferryman",
        "team": "outsider",
        "ability": "When you die, the Storyteller chooses a dead player to return.",
        "otherNight": 40,
        "otherNightReminder": "If the Ferryman died today, wake them.",
    },
]


def test_a_homebrew_character_reusing_an_official_id_is_edited_like_any_homebrew(site, browser, tmp_path):  # noqa: F811
    """Issue 52: a homebrew Ferryman (an outsider, not the Fabled 뱃사공) had no 고치기. It is said to be a homebrew
    under an official id where it is listed, opens in the editor, and is saved under an id of its own."""
    driver = open_with_upload(browser, site, tmp_path / "reused.json", json.dumps(REUSED))
    row = '#script-list .row[data-id="ferryman"]'
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'{row} [data-tool="edit"]'), "its 고치기")
    tag = driver.find_element(By.CSS_SELECTOR, f"{row} .custom-tag")
    assert tag.text == "자작 · 공식 id" and "뱃사공" in tag.get_attribute("title")
    assert "Ferryman" in shown_text(driver, f"{row} .name")  # its own name, not the official 뱃사공
    finding = wait_until(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#findings .finding[data-code="homebrew-reused-id"]'),
        "finding",
    )[0]
    assert "자작 캐릭터로 읽었습니다" in finding.text and finding.find_elements(
        By.CSS_SELECTOR, 'button[data-edit="ferryman"]'
    )
    driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", row)
    screenshot(driver, tmp_path, "builder-reused-id")
    driver.refresh()  # after a reload the row is the homebrew's again once the check answers
    wait_until(
        driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'{row} [data-tool="edit"]'), "its 고치기 after a reload"
    )

    click(driver, f'{row} [data-tool="edit"]')
    wait_until(
        driver,
        lambda d: "Ferryman" in d.find_element(By.CSS_SELECTOR, '.ed-field[data-field="name"] .ed-original').text,
        "the original",
    )
    note = wait_until(driver, lambda d: field_findings(d, "id"), "the id's note")
    assert "공식 뱃사공" in note and "새 id" in note
    name = labelled(driver, "이름")
    name.clear()
    name.send_keys("나룻배지기")
    wait_until(
        driver,
        lambda d: d.find_element(By.ID, "ed-id").get_attribute("placeholder").endswith("narutbaejigi"),
        "an id from the name",
    )
    click(driver, "#ed-save")
    wait_until(driver, lambda d: "narutbaejigi" in in_page(d, "return state.script.ids"), "saved under its own id")
    assert "ferryman" not in in_page(driver, "return state.script.ids")
    assert in_page(driver, "return state.script.custom.narutbaejigi.name") == "나룻배지기"
    screenshot(driver, tmp_path, "editor-reused-id")


GUESSED = [{"id": "_meta", "name": "Guessed Night"}, *TB, COMMUNITY[-3] | {"firstNight": 0}]


def test_a_night_place_the_server_guessed_stays_said_until_it_is_chosen(site, browser, tmp_path):  # noqa: F811
    """Issue 52: an English homebrew character without night numbers was placed after the last waking character on
    both nights and, once loaded, the page no longer said so. The warning stays while the place is a guess, offers
    the editor, whose night place field says it; choosing the place there ends the guess."""
    driver = open_with_upload(browser, site, tmp_path / "guessed.json", json.dumps(GUESSED))
    warning = '#findings .finding[data-code="night-order-guessed"]'
    said = wait_until(driver, lambda d: shown_texts(d, warning), "the guess said")[0]
    assert "Lantern Keeper" in said and "다음" in said
    icon = shown_text(driver, '#findings .finding[data-code="icon-missing"]')
    assert "아이콘 칸에서" in icon and "--icons" not in icon  # the page's own upload, not the command line's folder
    screenshot(driver, tmp_path, "builder-guessed-night")
    # changed and checked again: still a guess, still said
    click(driver, '#script-list .row[data-id="chef"] button.remove')
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="chef"]'), "chef out")
    wait_until(
        driver,
        lambda d: shown_text(d, "#status") not in ("검사 중…",) and d.find_elements(By.CSS_SELECTOR, warning),
        "said again",
    )
    driver.refresh()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, warning), "said after a reload")

    click(driver, f'{warning} button[data-edit="lanternkeeper"]')
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor")
    wait_until(driver, lambda d: labelled(d, "첫날 밤 자리").get_attribute("value"), "the guessed place chosen")
    assert "다음" in field_findings(driver, "first_night_after")
    click(driver, "#ed-save")
    wait_until(
        driver, lambda d: in_page(d, "return state.script.custom.lanternkeeper.firstNight") > 0, "a place of its own"
    )
    driver.execute_script("document.getElementById('editor-panel').close()")
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, warning), "no longer a guess")
