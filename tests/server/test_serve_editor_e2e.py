"""The character editor in a real headless Chromium: a minion made through the labelled fields, saved, the page
reloaded and the kit built; a community JSON with three English homebrew characters, one translated, exported and
opened again."""

from __future__ import annotations

import pytest

import io
import re
import json
import zipfile
from pathlib import Path

from tests.conftest import pdf_page_texts

from tests.server.test_serve_e2e import browser, click, module_browser, no_process_survives, shown_texts_with, site, wait_until  # noqa: F401 (fixtures)
from tests.server.test_serve_builder_e2e import open_page, open_with_upload  # noqa: F401
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

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
    driver = open_with_upload(browser, site, upload, json.dumps([{"id": "_meta", "name": "편집기 시험"}, *TB], ensure_ascii=False))
    click(driver, "#new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "d.find_element(By.ID, editor-panel).is")
    labelled(driver, "이름").send_keys("독약상")
    Select(labelled(driver, "팀")).select_by_visible_text("하수인")
    labelled(driver, "능력").send_keys("매일 밤, 플레이어 1명을 선택합니다: 그는 내일 낮까지 취합니다. [외지인 +1명]")
    driver.find_element(By.ID, "ed-setup").click()
    labelled(driver, "알림 토큰").send_keys("취함, 약병")
    wait_until(driver, lambda d: len(Select(labelled(d, "첫날 밤 자리")).options) > 3, "len(Select(labelled(d, 첫날 밤 자리)).optio")
    choose(driver, "첫날 밤 자리", "poisoner")
    labelled(driver, "첫날 밤 안내문").send_keys("독약상을 깨우세요. 가리킨 플레이어에게 *취함* 알림을 놓으세요.")
    choose(driver, "다른 밤 자리", "poisoner")
    labelled(driver, "다른 밤 안내문").send_keys("독약상을 깨우세요. 가리킨 플레이어에게 *취함* 알림을 놓으세요.")
    labelled(driver, "아이콘").send_keys(str(png_file(tmp_path)))
    wait_until(driver, lambda d: d.find_element(By.ID, "ed-icon-preview").get_attribute("src"), "d.find_element(By.ID, ed-icon-preview)")
    wait_until(driver, lambda d: d.find_element(By.ID, "ed-preview-tokens").get_attribute("data-ready"), "d.find_element(By.ID, ed-preview-tokens")
    click(driver, "#ed-save")
    wait_until(driver, lambda d: "dokyaksang" in d.execute_script("return state.ids"), "dokyaksang in d.execute_script(return")
    wait_until(driver, lambda d: not d.find_element(By.ID, "save-result").get_attribute("hidden"), "not d.find_element(By.ID, save-result)")
    assert "--content" in driver.find_element(By.ID, "save-result").text

    driver.refresh()  # the character, its icon and its place survive a reload (this browser remembers the script)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="dokyaksang"] [data-tool="edit"]'), "d.find_elements(By.CSS_SELECTOR, '#scrip")
    kit = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch('/api/build?name=editor-kit', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: envelope()})
        .then(r => r.arrayBuffer()).then(b => done(Array.from(new Uint8Array(b)))).catch(e => done(String(e)));
    """)
    with zipfile.ZipFile(io.BytesIO(bytes(kit))) as archive:
        files = {Path(n).name: archive.read(n) for n in archive.namelist()}
    for name in ("script.pdf", "night-order.pdf", "night-card.pdf", "tokens.pdf", "almanac.pdf"):
        assert "독약상" in pdf_text(files[name]), name
    night = pdf_text(files["night-card.pdf"])
    assert night.index("독살범") < night.index("독약상")
    assert b"/Subtype /Image" in files["tokens.pdf"] or b"/Image" in files["tokens.pdf"]

    # shared as the page's zip (the JSON and icons/) and opened again through the same button: character and icon back
    shared = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch('/api/export-zip?name=editor-kit', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: envelope()})
        .then(r => r.arrayBuffer()).then(b => done(Array.from(new Uint8Array(b)))).catch(e => done(String(e)));
    """)
    archive_path = tmp_path / "editor-kit.zip"
    archive_path.write_bytes(bytes(shared))
    icon_before = driver.execute_script("return state.icons.dokyaksang")
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    driver.find_element(By.ID, "upload").send_keys(str(archive_path))
    wait_until(driver, lambda d: d.execute_script("return (state.custom.dokyaksang || {}).name") == "독약상", "the zip's character")
    assert driver.execute_script("return state.icons.dokyaksang") == icon_before


COMMUNITY = [
    {"id": "_meta", "name": "Homebrew Night", "author": "A club"},
    *TB,
    {"id": "lanternkeeper", "name": "Lantern Keeper", "team": "townsfolk", "ability": "Each night, choose a player: you learn if they are evil.",
     "firstNight": 30, "firstNightReminder": "The Lantern Keeper points at a player.", "reminders": ["Lit"]},
    {"id": "ferryman", "name": "Ferryman", "team": "outsider", "ability": "When you die, the Storyteller chooses a dead player to return."},
    {"id": "hexer", "name": "Hexer", "team": "minion", "ability": "Each day, you may curse a player. They are drunk tonight."},
]


def test_a_translated_homebrew_character_keeps_its_original_and_the_others_their_english(site, browser, tmp_path):  # noqa: F811
    driver = open_with_upload(browser, site, tmp_path / "homebrew.json", json.dumps(COMMUNITY))
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="lanternkeeper"] [data-tool="edit"]'), "d.find_elements(By.CSS_SELECTOR, '#scrip")
    click(driver, '#script-list .row[data-id="lanternkeeper"] [data-tool="edit"]')
    wait_until(driver, lambda d: "Lantern Keeper" in d.find_element(By.CSS_SELECTOR, '.ed-field[data-field="name"] .ed-original').text, "Lantern Keeper in d.find_element(By.CS")
    name, ability = labelled(driver, "이름"), labelled(driver, "능력")
    name.clear()
    name.send_keys("등불지기")
    ability.clear()
    ability.send_keys("매일 밤, 플레이어 1명을 선택합니다: 그 플레이어가 악한지 알게 됩니다.")
    click(driver, "#ed-save")
    wait_until(driver, lambda d: d.execute_script("return state.custom.lanternkeeper.name") == "등불지기", "d.execute_script(return state.custom.la")
    exported = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch('/api/export?name=homebrew&force=1', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: envelope()})
        .then(r => r.text()).then(done).catch(e => done(String(e)));
    """)
    document = json.loads(exported)
    by_id = {item["id"]: item for item in document if isinstance(item, dict)}
    assert by_id["lanternkeeper"]["name"] == "등불지기"
    assert by_id["_meta"]["botc_pnp"]["characters"]["lanternkeeper"]["original"]["name"] == "Lantern Keeper"
    assert by_id["ferryman"]["name"] == "Ferryman" and by_id["hexer"]["ability"].startswith("Each day")

    # opened again: the same characters, the translation with its original
    driver = open_with_upload(browser, site, tmp_path / "again.json", exported)
    wait_until(driver, lambda d: d.execute_script("return (state.custom.lanternkeeper || {}).name") == "등불지기", "d.execute_script(return (state.custom.l")
    assert driver.execute_script("return state.custom.ferryman.name") == "Ferryman"
    assert driver.execute_script("return state.meta.botc_pnp.characters.lanternkeeper.original.ability").startswith("Each night")


def test_bad_icon_uploads_are_refused_in_korean_beside_the_icon_field(site, browser, tmp_path):  # noqa: F811
    """A 30 MB picture and a file that is not one are refused before sending; an SVG that points outside itself is
    refused by the server; each says why under the icon field."""
    driver = open_with_upload(browser, site, tmp_path / "tb.json", json.dumps([{"id": "_meta", "name": "아이콘 시험"}, *TB]))
    click(driver, "#new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor")
    huge = tmp_path / "huge.png"
    with huge.open("wb") as stream:
        stream.truncate(30 * 1024 * 1024)
    fake = tmp_path / "notes.png"
    fake.write_text("그림이 아닌 글자 파일", encoding="utf-8")
    outside = tmp_path / "outside.svg"
    outside.write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
                       '<image xlink:href="http://example.com/a.png" width="10" height="10"/></svg>', encoding="utf-8")
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
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    upload = tmp_path / "tb.json"
    upload.write_text(json.dumps([{"id": "_meta", "name": "전화 시험"}, *TB]), encoding="utf-8")
    driver.get(site)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#library-list .card"), "library drawn")
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    wait_until(driver, lambda d: len(d.execute_script("return state.ids")) == len(TB), "the script")
    press(driver, "new-character")
    wait_until(driver, lambda d: d.find_element(By.ID, "editor-panel").is_displayed(), "the editor")
    lefts = {round(labelled(driver, name).rect["x"]) for name in ("이름", "id", "팀", "첫날 밤 자리", "첫날 밤 짧은 안내")}
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
    wait_until(driver, lambda d: len(d.execute_script("return state.ids")) == len(TB) + 1, "added by Ctrl+Enter")
    driver.execute_script("document.getElementById('editor-panel').close()")
    press(driver, "undo")
    wait_until(driver, lambda d: len(d.execute_script("return state.ids")) == len(TB), "the save undone")
