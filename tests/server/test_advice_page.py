"""The builder's "설계 조언" panel in a real headless Chromium (issue 36): the advice of the last check with its
severity as a word, the rule's title, the characters, the reason and what to change; no rule code on the page; the
status and print buttons untouched by advice; cleared for an empty script. Screenshots go to $BOTC_PNP_SCREENSHOTS."""

from __future__ import annotations

import json
import re

import pytest
from selenium.webdriver.common.by import By  # noqa: E402

from generator.check.advice import CHECKS  # noqa: E402
from tests.server.test_serve_builder_e2e import open_with_upload, press, rows
from tests.server.test_serve_e2e import browser, module_browser, no_process_survives, screenshot, site, wait_until  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow  # drives headless Chromium

ACROBAT_WITHOUT_DROISON = ["acrobat", "washerwoman", "chef", "saint", "butler", "spy", "scarletwoman", "imp"]


def advice_items(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#advice .finding.advice")


def test_the_advice_panel_shows_severity_title_characters_reason_and_change(site, browser, tmp_path):  # noqa: F811
    text = json.dumps([{"id": "_meta", "name": "조언 시험"}, *ACROBAT_WITHOUT_DROISON], ensure_ascii=False)
    driver = open_with_upload(browser, site, tmp_path / "조언.json", text)
    wait_until(driver, lambda d: advice_items(d), "advice drawn")
    panel = driver.find_element(By.ID, "advice-panel")
    title = driver.find_element(By.ID, panel.get_attribute("aria-labelledby"))
    assert title.text.startswith("설계 조언") and re.search(r"\d+개$", title.text)
    first = advice_items(driver)[0]
    assert first.get_attribute("data-severity") == "high"  # high advice comes first
    assert first.find_element(By.CSS_SELECTOR, ".level").text == "높음"
    assert first.find_element(By.CSS_SELECTOR, ".advice-title").text == "능력이 기대는 캐릭터가 없음"
    assert "곡예사" in first.find_element(By.CSS_SELECTOR, ".who-list").text
    assert "곡예사" in first.find_element(By.CSS_SELECTOR, ".message").text
    assert first.find_element(By.CSS_SELECTOR, ".advice-change").text.startswith("바꿀 점: ")
    labels = {item.find_element(By.CSS_SELECTOR, ".level").text for item in advice_items(driver)}
    assert labels <= {"높음", "보통", "낮음"}
    assert driver.find_element(By.ID, "advice").get_attribute("aria-live") == "polite"
    page = driver.find_element(By.TAG_NAME, "main").text
    assert not [code for code in CHECKS if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", page)]
    assert not driver.find_elements(By.CSS_SELECTOR, "#status .badge.error")  # high advice is still not an error
    screenshot(driver, tmp_path, "builder-advice-desktop")

    press(driver, "start-new")
    wait_until(driver, lambda d: not rows(d) and not advice_items(d), "advice cleared with the script")
    assert driver.find_element(By.ID, "advice-count").text == ""
    assert not driver.find_element(By.ID, "advice-empty").is_displayed()
