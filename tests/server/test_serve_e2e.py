"""botc-pnp serve in a real headless Chromium (Debian's chromium and chromium-driver, driven by selenium): a storyteller
loads Trouble Brewing, finds a character by 초성, changes the script, watches a finding appear and go, and downloads
the sheet. Screenshots are saved under the test's folder, or in $BOTC_PNP_SCREENSHOTS to look at."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

import pytest

from tests.conftest import live_children

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
BROWSER_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
]
WAIT = 20

if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    if os.environ.get("CI"):
        pytest.fail("CI needs Debian's chromium and chromium-driver: .ci/run installs them", pytrace=False)
    pytest.skip(
        "needs /usr/bin/chromium and /usr/bin/chromedriver (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

selenium = pytest.importorskip("selenium")
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

pytestmark = pytest.mark.slow  # drives headless Chromium


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """One warmed-up server for the module's tests (each test starts from an empty browser: see `browser`)."""
    from generator.server import create_app
    from generator.server.run import running_in_thread

    app = create_app(workspace=tmp_path_factory.mktemp("site") / "scripts")
    app.extensions["botc"]["warm"].warm_up()
    with running_in_thread(app) as url:
        yield url


def reap_browser_processes(deadline: float) -> None:
    """Chromium's helpers are adopted by the test process when the browser quits (see conftest): wait for them to end."""
    while time.monotonic() < deadline:
        alive = []
        for pid, _name in live_children():
            try:
                done, _status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                continue
            if not done:
                alive.append(pid)
        if not alive:
            return
        time.sleep(0.05)


def open_browser(width: int, height: int, downloads: Path):
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in BROWSER_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='botc-chromium-', dir=downloads.parent)}")
    options.add_argument(f"--window-size={width},{height}")
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(
        service=Service(str(CHROMEDRIVER)), options=options
    )  # explicit driver: no Selenium Manager
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


def note_emulation(driver, state) -> None:
    """Record on `state` that a test changed what the tab emulates (its clock, its screen), which outlives a page."""
    send = driver.execute_cdp_cmd

    def execute_cdp_cmd(command: str, parameters: dict):
        if command.startswith("Emulation."):
            state.emulated = True
        return send(command, parameters)

    driver.execute_cdp_cmd = execute_cdp_cmd


def open_a_new_tab_alone(driver) -> None:
    old = driver.window_handles
    driver.switch_to.new_window("tab")
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])


@pytest.fixture(scope="module")
def module_browser(tmp_path_factory):
    """One Chromium for the module's tests, started when a test first asks for it; quit, and its helper processes
    reaped, after the module."""
    downloads = tmp_path_factory.mktemp("browser") / "downloads"
    downloads.mkdir()
    drivers = []

    def driver():
        if not drivers:
            drivers.append(open_browser(1440, 1000, downloads))
            note_emulation(drivers[0], driver)
        return drivers[0]

    driver.downloads = downloads
    driver.emulated = False
    yield driver
    for started in drivers:
        started.quit()
    reap_browser_processes(time.monotonic() + 10)
    survivors = live_children()
    for pid, _ in survivors:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    assert not survivors, f"processes left running after the browser tests: {survivors}"


@pytest.fixture
def browser(module_browser, site):
    """`browser(width, height)` → the module's Chromium, sized so, with nothing of an earlier test left: this site's
    storage cleared, no download, no page of the builder open, real time and a real screen."""
    for left in module_browser.downloads.iterdir():
        left.unlink()

    def start(width=1440, height=1000):
        driver = module_browser()
        if module_browser.emulated or len(driver.window_handles) > 1:
            open_a_new_tab_alone(driver)  # no clock or screen an earlier test emulated, no window it opened
            module_browser.emulated = False
        # the same tab, on a page of the site that runs nothing: its renderer is kept, which costs half of a new tab's
        # (a blank page would swap it). The site's saved scripts are cleared from inside, because a kept renderer
        # also keeps its copy of the storage; the page keeps nothing in sessionStorage.
        driver.get(site.rstrip("/") + "/fonts/OFL.txt")
        driver.execute_script("localStorage.clear()")
        driver.set_window_size(width, height)
        driver.get_log("browser")  # read and so emptied: a test sees only its own messages
        return driver

    start.downloads = module_browser.downloads
    yield start


@pytest.fixture(autouse=True)
def no_process_survives():
    """The module's Chromium and its helpers live from the first browser test to the end of the module; the check
    that no process survives a test is made for the module (by `module_browser`), not after each test."""
    yield


def screenshot(driver, tmp_path: Path, name: str) -> Path:
    folder = Path(os.environ.get("BOTC_PNP_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    from PIL import Image

    image = Image.open(path).convert("L")
    low, high = image.getextrema()
    assert high - low > 100, "the page looks blank"
    return path


def wait_until(driver, condition, message: str):
    # the page redraws its lists on every change: an element read between two redraws is retried, not a failure
    return WebDriverWait(driver, WAIT, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: condition(d), message
    )


def click(driver, css: str) -> None:
    """Click the element as it is drawn now, finding it again if a redraw replaced it."""

    def clicked(d):
        d.find_element(By.CSS_SELECTOR, css).click()
        return True

    wait_until(driver, clicked, f"click {css}")


# What a person sees of each element matching a selector, read in one call to the page: WebDriver's own element
# text and attribute reads run a large script per element and per poll, which cost the page more than its own work.
# An element that is not shown (display: none, hidden, visibility: hidden) reads "", as WebDriver's text does.
SHOWN = '(e) => e.checkVisibility({visibilityProperty: true}) ? e.innerText.trim() : ""'
SHOWN_TEXTS = f"const shown = {SHOWN}; return Array.from(document.querySelectorAll(arguments[0]), shown)"
SHOWN_WITH = f"const shown = {SHOWN}; return Array.from(document.querySelectorAll(arguments[0]), (e) => [shown(e), e.getAttribute(arguments[1])])"
ATTRIBUTES = "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.getAttribute(arguments[1]))"


def shown_texts(driver, css: str) -> list[str]:
    """The visible text of every element matching `css`, in page order."""
    return driver.execute_script(SHOWN_TEXTS, css)


def shown_texts_with(driver, css: str, name: str) -> list[list]:
    """[visible text, attribute `name`] of every element matching `css`, read together (a redraw between two reads
    could pair one element's text with another's attribute)."""
    return driver.execute_script(SHOWN_WITH, css, name)


def shown_text(driver, css: str) -> str:
    """The visible text of the first element matching `css`; no such element is an error, as find_element's."""
    texts = shown_texts(driver, css)
    if not texts:
        raise NoSuchElementException(f"no element matches {css}")
    return texts[0]


def attributes(driver, css: str, name: str = "data-id") -> list:
    """The attribute `name` of every element matching `css`, in page order (None where it is not set)."""
    return driver.execute_script(ATTRIBUTES, css, name)


IN_PAGE = """
const done = arguments[arguments.length - 1];
Promise.all([import("/static/js/state.js"), import("/static/js/server.js")])
  .then(async ([{ state }, server]) => done({ value: await (async () => { %s })() }))
  .catch((error) => done({ error: String(error) }));
"""


def in_page(driver, body: str):
    """`body`, the body of an async function, run in the page with its modules: `state` (static/js/state.js, all that
    the page keeps: `state.script` is the script being edited) and `server` (static/js/server.js: `server.envelope()`
    is the body the page sends for it). The page's scripts are modules and leave nothing in the global scope."""
    answer = driver.execute_async_script(IN_PAGE % body)
    assert "error" not in answer, answer["error"]
    return answer.get("value")


def finding_texts(driver) -> list[str]:
    return shown_texts(driver, "#findings .finding")


def test_a_storyteller_builds_trouble_brewing_plus_one_and_prints_the_sheet(site, browser, tmp_path):
    driver = browser(1440, 1000)
    driver.get(site)
    wait_until(driver, lambda d: len(attributes(d, "#library-list .card")) > 100, "library drawn")
    wait_until(driver, lambda d: len(attributes(d, "#start-select option", "value")) > 3, "script list")

    Select(driver.find_element(By.ID, "start-select")).select_by_value("bundled/trouble-brewing")
    driver.find_element(By.ID, "start-load").click()
    wait_until(driver, lambda d: len(attributes(d, "#script-list .row")) == 27, "Trouble Brewing loaded")

    search = driver.find_element(By.ID, "search")
    search.send_keys("ㅍㅅ")  # 초성 of 픽시
    wait_until(
        driver, lambda d: "pixie" in (cards := attributes(d, "#library-list .card")) and len(cards) < 20, "초성 search"
    )
    click(driver, '#library-list .card[data-id="pixie"]')
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#script-list .row[data-id="pixie"]'), "pixie added")
    townsfolk = lambda d: attributes(d, '.team-block[data-team="townsfolk"] .row')  # noqa: E731
    assert townsfolk(driver)[-2:] == ["mayor", "pixie"]
    click(driver, '#script-list .row[data-id="pixie"] button[aria-label$="위로"]')
    wait_until(driver, lambda d: townsfolk(d)[-2:] == ["pixie", "mayor"], "pixie moved up")

    click(driver, '#script-list .row[data-id="butler"] button.remove')
    wait_until(
        driver, lambda d: any("남작" in t and "외지인이 모자랍니다" in t for t in finding_texts(d)), "shortfall appears"
    )
    screenshot(driver, tmp_path, "serve-finding")

    search.clear()
    search.send_keys("ㅈㅅ")
    wait_until(
        driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#library-list .card[data-id="butler"]'), "집사 found"
    )
    click(driver, '#library-list .card[data-id="butler"]')
    wait_until(driver, lambda d: not any("외지인이 모자랍니다" in t for t in finding_texts(d)), "shortfall gone")
    wait_until(
        driver,
        lambda d: (d.find_element(By.ID, "preview").get_attribute("src") or "").startswith("blob:"),
        "preview shown",
    )

    names = wait_until(driver, lambda d: shown_texts(d, "#script-list .row .name"), "names read")
    assert len(names) == 28 and "픽시" in names and "집사" in names
    # the edition with other characters is the club's: a title of its own suggested, no publisher credit
    assert driver.find_element(By.ID, "title").get_attribute("value") == "불길한 조짐 변형"
    assert driver.find_element(By.ID, "author").get_attribute("value") == ""
    click(driver, '.doc[data-document="script_sheet"]')
    sheet = browser.downloads / "불길한-조짐-변형-script.pdf"  # named after the script's title (issues 21, 33)
    wait_until(
        driver, lambda d: sheet.exists() and not list(browser.downloads.glob("*.crdownload")), "sheet downloaded"
    )
    assert sheet.read_bytes().startswith(b"%PDF")
    from pypdf import PdfReader

    text = re.sub(r"\s+", "", PdfReader(sheet).pages[0].extract_text())
    assert all(
        re.sub(r"\s+", "", name) in text for name in names if name not in ("거지", "관료", "총잡이", "희생양", "도둑")
    )
    assert "불길한조짐변형" in text and "Pandemonium" not in text and "제작" not in text
    screenshot(driver, tmp_path, "serve-desktop")
    assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]  # no script errors


def test_the_page_works_on_a_narrow_screen_and_reads_an_uploaded_json(site, browser, tmp_path):
    upload = tmp_path / "우리-스크립트.json"
    upload.write_text(
        '[{"id": "_meta", "name": "우리 스크립트"}, "세탁부", "사서", "Fang Gu", "imp", "드러머"]', encoding="utf-8"
    )
    driver = browser(600, 900)
    # a phone: Chromium's window cannot be narrower than 500 px, its viewport can
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    driver.get(site)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#library-list .card"), "library drawn")
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    wait_until(driver, lambda d: len(attributes(d, "#script-list .row")) == 5, "uploaded")
    assert driver.find_element(By.ID, "title").get_attribute("value") == "우리 스크립트"
    # not in the library: kept on the page as such, and said so
    assert driver.find_elements(By.CSS_SELECTOR, '#script-list .row.unknown[data-id="드러머"]')
    assert "라이브러리에 없는 캐릭터 1개" in shown_text(driver, "#toast")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= driver.execute_script("return window.innerWidth")  # nothing wider than the screen
    screenshot(driver, tmp_path, "serve-narrow")
    assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
