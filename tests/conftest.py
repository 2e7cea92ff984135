"""Shared fixtures: a private copy of content/ to break one file at a time, YAML edit helpers, and validate runners."""

from __future__ import annotations

import gc
import os
import shutil
import signal
import sys
from collections import OrderedDict
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"

# A worker holds the kits' PDFs and the characters read from them (millions of small objects) for the whole run, and
# with CPython's default thresholds every full collection walked all of them again: a fifth of a worker's time. The
# young generation is collected every 50,000 allocations instead of 700, the older ones far more rarely.
gc.set_threshold(50_000, 20, 100)


def pdf_page_texts(source) -> list[str]:
    """Each page's text, extracted with pdfium (a path or the PDF's bytes): fast enough to read every page."""
    import pypdfium2

    document = pypdfium2.PdfDocument(source if isinstance(source, (bytes, bytearray)) else str(source))
    try:
        return [document[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(document))]
    finally:
        document.close()


def run_in_threads(target, count: int) -> None:
    """Runs target() in `count` threads at once and waits for all of them."""
    import threading

    threads = [threading.Thread(target=target) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def live_children() -> list[tuple[int, str]]:
    """(pid, command) of every process whose parent is this test process, zombies included (Linux /proc). The
    kernel's list of each thread's children is read (microseconds, after every test); where it is missing, every
    process's parent is looked up instead."""
    me = os.getpid()
    pids = _children_lists()
    if pids is None:
        pids = []
        for entry in Path("/proc").glob("[0-9]*"):
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if len(fields) > 1 and int(fields[1]) == me:
                pids.append(int(entry.name))
    found = []
    for pid in sorted(set(pids)):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        found.append((pid, stat.rpartition(")")[0].partition("(")[2]))
    return found


def _children_lists() -> list[int] | None:
    pids: list[int] = []
    try:
        tasks = os.listdir("/proc/self/task")
        for task in tasks:
            with open(f"/proc/self/task/{task}/children", encoding="ascii") as listing:
                pids += [int(pid) for pid in listing.read().split()]
    except FileNotFoundError:
        return None
    except OSError:
        return None
    return pids


def pytest_configure(config):
    """Adopt orphaned grandchildren (Linux PR_SET_CHILD_SUBREAPER), so a process a test leaves behind is seen; name
    this run for the workers it starts (they inherit the environment), so they can share what they compute."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        import tempfile
        import uuid

        os.environ["BOTC_PNP_TEST_RUN"] = uuid.uuid4().hex
        # the almanac renders in its child whatever the machine's load, so the tests exercise that path
        os.environ["BOTC_PNP_PARALLEL"] = "always"
        # the user's cache folder (parsed fonts, converted icons) is never touched by tests: one for this run
        os.environ["BOTC_PNP_CACHE_DIR"] = str(
            Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{os.environ['BOTC_PNP_TEST_RUN']}" / "cache"
        )
        import atexit

        atexit.register(_remove_the_runs_folder)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        import atexit

        atexit.register(_leave_without_freeing)  # registered first, so it runs after every other exit handler
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
        except (OSError, AttributeError):
            pass


def _leave_without_freeing() -> None:
    """A worker's last step: it has sent its results and run every other exit handler, and what is left is freeing the
    millions of objects its tests kept (kits, readings, parsed content) one by one, which held the run's end for
    seconds while both cores were idle."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config):
    """Garbage is collected once here, while pytest still reports what a finalizer raises, and what survives is
    frozen: pytest's own collections at the end then skip the large heap the tests kept instead of walking it again."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def builds_here_render_in_one_process(request):
    """A build a test runs in this process renders every document here, one after the other, unless the test is
    marked `forks`: forking the almanac out of a worker that holds the shared kits cost a sixth more CPU per build
    (the child copies the pages it touches and forgets what it warmed), and the two workers already fill both cores.
    The forked path is tested where it is the subject (the tests marked `forks`) and in every `python -m generator`
    process the tests start, which inherits BOTC_PNP_PARALLEL=always and forks as a user's build does."""
    if request.node.get_closest_marker("forks"):
        yield
        return
    from generator.pipeline import parallel

    with parallel.no_fork():
        yield


@pytest.fixture(autouse=True)
def no_process_survives():
    """Every test must leave no process behind: a survivor is killed, reaped, and fails the test."""
    yield
    if not Path("/proc/self").exists():
        return
    survivors = live_children()
    for pid, _ in survivors:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    assert not survivors, f"processes left running by this test: {survivors}"


# --- private copies of content/ ----------------------------------------------------------------------------------
# A real copy of 380 files costs 0.13 s, and hundreds of tests need one. Each worker copies content/ once (the
# pristine copy); a test's copy is made of hard links to it (5 ms). A file is detached (made a file of its own)
# before a test changes it: the helpers below do it, and a test that writes in place into a shared file is caught.
_pristine: dict = {}


def file_stats(folder: Path) -> dict[str, os.stat_result]:
    """Every file under `folder` (links followed, as Path.is_file does) by its path relative to it, with its stat:
    os.scandir, a third of what rglob and a stat per Path cost, after every test that copies content/."""
    found: dict[str, os.stat_result] = {}
    pending = [("", str(folder))]
    while pending:
        prefix, directory = pending.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                pending.append((prefix + entry.name + "/", entry.path))
            elif entry.is_file():
                found[prefix + entry.name] = entry.stat()
    return found


def _fingerprint(folder: Path) -> dict:
    return {name: (stat.st_size, stat.st_mtime_ns) for name, stat in file_stats(folder).items()}


def _pristine_folder() -> Path:
    if "folder" not in _pristine:
        import atexit
        import tempfile

        root = Path(tempfile.mkdtemp(prefix="botc-pnp-content-"))
        atexit.register(shutil.rmtree, root, True)
        shutil.copytree(CONTENT, root / "content")
        _pristine.update(folder=root / "content", fingerprint=_fingerprint(root / "content"))
    return _pristine["folder"]


def content_copy(target: Path) -> Path:
    """A copy of the bundled content at `target` to edit (through detach, or the helpers below, which detach)."""
    shutil.copytree(_pristine_folder(), target, copy_function=os.link)
    _pristine["used"] = True
    return target


def detach(path: Path) -> Path:
    """Makes `path` a file of its own (not a link shared with other tests' copies) before it is changed in place."""
    path = Path(path)
    if path.is_file() and path.stat().st_nlink > 1:
        data = path.read_bytes()
        path.unlink()
        path.write_bytes(data)
    return path


@pytest.fixture(autouse=True)
def pristine_content_untouched():
    """A test that wrote into a file shared through content_copy fails (and the shared copy is made again)."""
    _pristine.pop("used", None)
    yield
    if _pristine.pop("used", None) and _fingerprint(_pristine["folder"]) != _pristine["fingerprint"]:
        shutil.rmtree(_pristine.pop("folder").parent, ignore_errors=True)
        pytest.fail("this test changed a file of its content copy in place: detach(path) first (tests/conftest.py)")


@pytest.fixture(scope="module")
def game():
    """The bundled script as every document is made from it (one per test module: some modules change it)."""
    from generator.load.game import load_game

    loaded, report = load_game("in-space")
    assert loaded is not None and not report.errors
    return loaded


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A full copy of the bundled content folder; tests edit it freely and point load_game / --content at it."""
    return content_copy(tmp_path / "content")


def read_yaml(path: Path):
    """yaml.safe_load with libyaml when present: test modules read all 181 characters and the roster as they are
    collected, and the pure-Python parser made that a third of collection time."""
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506


def write_yaml(path: Path, data) -> Path:
    path = detach(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")
    return path


def edit_yaml(path: Path, change) -> Path:
    """Loads a YAML file, lets `change` mutate (or replace, by returning) the data, writes it back."""
    data = read_yaml(path)
    result = change(data)
    return write_yaml(path, data if result is None else result)


def edit_character(content: Path, character_id: str, **fields) -> Path:
    """Sets fields of content/characters/<id>.yaml; a value of None removes the field."""

    def change(data):
        for key, value in fields.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value

    return edit_yaml(content / "characters" / f"{character_id}.yaml", change)


def edit_order(content: Path, night: str, change) -> Path:
    """Applies `change(list_of_ids)` to one night of content/night_order.yaml (mutate or return a new list)."""

    def apply(data):
        result = change(data[night])
        if result is not None:
            data[night] = result

    return edit_yaml(content / "night_order.yaml", apply)


def write_script(content: Path, characters: list[str], name: str = "test", **extra) -> Path:
    """Writes content/scripts/<name>.yaml with the given character ids (and any extra keys) and returns its path."""
    data = {"id": name, "title": "시험 스크립트", "author": "시험", "characters": list(characters), **extra}
    return write_yaml(content / "scripts" / f"{name}.yaml", data)


def bundled_ids() -> list[str]:
    return list(read_yaml(CONTENT / "scripts" / "in-space.yaml")["characters"])


def library_ids() -> list[str]:
    return sorted(p.stem for p in (CONTENT / "characters").glob("*.yaml"))


def validate(script="in-space", content: Path | None = None):
    """Loads and checks like `botc-pnp validate` does; returns (game, report)."""
    from generator.pipeline.checking import check_script as validate_game

    return validate_game(script, content)


def with_code(report, code: str, level: str | None = None) -> list:
    return [f for f in report.findings if f.code == code and (level is None or f.level == level)]


def codes(report) -> set[str]:
    return {f.code for f in report.findings}


def _click_command_built_once() -> None:
    """typer's CliRunner builds the click command from the Typer app again on every invoke (9 ms: the annotations of
    every command resolved anew); the same command object is kept for the test process instead."""
    import functools

    import typer.testing

    if not hasattr(typer.testing._get_command, "cache_info"):
        typer.testing._get_command = functools.lru_cache(maxsize=None)(typer.testing._get_command)


_click_command_built_once()


def run_cli(*args: str):
    """Runs the botc-pnp command line in-process; the result has exit_code, stdout and stderr."""
    from typer.testing import CliRunner

    from generator.cli import app

    return CliRunner().invoke(app, [str(a) for a in args])


_KITS: dict = {}


def shared_across_workers(key: str, compute):
    """compute() once per test run even with several pytest-xdist workers: the first worker to ask computes under a
    file lock and pickles the value into a folder private to this run; the others read it. (One process: compute.)"""
    import fcntl
    import hashlib
    import pickle
    import tempfile

    run = os.environ.get("BOTC_PNP_TEST_RUN")
    if not run or not os.environ.get("PYTEST_XDIST_WORKER"):
        return compute()
    folder = Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{run}"
    folder.mkdir(exist_ok=True)
    path = folder / f"{hashlib.sha256(key.encode()).hexdigest()}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return pickle.loads(path.read_bytes())
        value = compute()
        path.write_bytes(pickle.dumps(value))
        return value


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (README's command): one worker per core this process may use. A third worker on two cores once
    filled the waits on builds and Chromium (285 s against 316 s); since the tests read the shared kits and their
    paths and words without pdfplumber, what each worker builds and reads for itself costs more than the waits:
    180 s against 192–200 s for the whole suite here, and 183 s either way once the workers shared their kits
    again, with less CPU for two (2026-12-02)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return cores


def pytest_sessionfinish(session):
    """Every process lets go of the kits and characters it kept: pytest collects garbage once more as it closes, and
    walking what is still held took seconds."""
    _KITS.clear()
    _READINGS.clear()


def _remove_the_runs_folder() -> None:
    """The controller's (or the only process's) last step: the run's shared folder goes. An exit handler registered
    before any other runs after them all, so the parses a process saves into the run's cache as it exits (the only
    process's own, or a worker's still closing when the controller's session ends) are not left behind in a folder
    made again."""
    import tempfile

    shutil.rmtree(
        Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{os.environ['BOTC_PNP_TEST_RUN']}", ignore_errors=True
    )


def bundled_kit(paper: str = "a4", script: str = "in-space"):
    """(game, {file name: bytes}) of a bundled script's whole kit on `paper`, built once per test run."""
    if (script, paper) not in _KITS:
        from generator.load.game import load_game

        game, report = load_game(script)
        assert game is not None, report.lines()
        key = f"bundled-kit-{paper}" if script == "in-space" else f"bundled-kit-{script}-{paper}"
        _KITS[script, paper] = (game, shared_across_workers(key, lambda: _build_kit(paper, script)))
    return _KITS[script, paper]


def _build_kit(paper: str, script: str = "in-space") -> dict[str, bytes]:
    from generator.documents import DOCUMENTS, document_builder
    from generator.load.game import load_game
    from generator.options import RenderOptions

    game, _ = load_game(script)
    files: dict[str, bytes] = {}
    for module_name, _ in DOCUMENTS:
        files.update(document_builder(module_name)(game, RenderOptions(paper=paper)))
    return files


def assert_is_the_bundled_kit(folder: Path, paper: str = "a4") -> None:
    """Every file a build wrote into `folder` is, byte for byte, the bundled kit on `paper` (and no file more or less)."""
    _, files = bundled_kit(paper)
    made = {path.name: path.read_bytes() for path in folder.iterdir()}
    assert sorted(made) == sorted(files)
    assert all(made[name] == files[name] for name in files), [name for name in files if made[name] != files[name]]


@pytest.fixture(scope="session")
def kit():
    """bundled_kit as a fixture: kit('letter') → (game, files); every test that reads the bundled kit shares it."""
    return bundled_kit


def pdf_chars(data: bytes) -> list[dict]:
    """Per page of a PDF: its size and every drawn character as a dict (text, x0, x1, top, bottom from the top edge;
    size, fontname, color as 0–255 RGB, upright), read with pdfium (loose boxes: advance widths, as pdfplumber
    reports them) about fifty times faster than pdfplumber; shared by the workers of a run."""
    return read_once_per_pdf("pdfium-chars", data, _pdf_chars, keep=24)


def pdf_font_names(data: bytes) -> set[str]:
    """The BaseFont name of every font the pages of a PDF use, subset prefix and all ('AAAAAA+NanumGothic'), read
    from the page resources alone (pdfium reports a character's font without its prefix)."""
    import io

    from pypdf import PdfReader

    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {}).get_object()
        names.update(str(font.get_object()["/BaseFont"]) for font in fonts.values())
    return {name.lstrip("/") for name in names}


def fonts_not_nanum_subsets(data: bytes) -> list[str]:
    """The fonts of a PDF that are not an embedded subset of a Nanum face ('AAAAAA+NanumGothic'): [] when Hangul can
    only print in the bundled faces, as the documents set it."""
    import re

    return sorted(name for name in pdf_font_names(data) if not re.match(r"^[A-Z]{6}\+Nanum", name))


_READINGS: dict[str, OrderedDict[str, list[dict]]] = {}


def read_once_per_pdf(kind: str, data: bytes, read, keep: int):
    """read(data), computed once per run for the same PDF bytes (shared by the workers) and held for the `keep` PDFs
    of this kind read last: tests only read the answer, and the kits' PDFs are read by test after test."""
    import hashlib

    held = _READINGS.setdefault(kind, OrderedDict())
    digest = hashlib.sha256(data).hexdigest()
    if digest in held:
        held.move_to_end(digest)
    else:
        held[digest] = shared_across_workers(f"{kind}-{digest}", lambda: read(data))
        if len(held) > keep:
            held.popitem(last=False)
    return held[digest]


def region_text(page: dict, x0: float, top: float, x1: float, bottom: float) -> str:
    """The text of one page of pdf_chars inside a box (points, top from the top edge), a line per line of type."""
    inside = [
        c
        for c in page["chars"]
        if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and top <= (c["top"] + c["bottom"]) / 2 <= bottom
    ]
    lines: list[list[dict]] = []
    for char in sorted(inside, key=lambda c: (round(c["bottom"]), c["x0"])):
        if lines and abs(lines[-1][0]["bottom"] - char["bottom"]) < max(1.0, char["size"] / 2):
            lines[-1].append(char)
        else:
            lines.append([char])
    return "\n".join("".join(c["text"] for c in sorted(line, key=lambda c: c["x0"])) for line in lines)


def _pdf_chars(data: bytes) -> list[dict]:
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    document = pypdfium2.PdfDocument(data)
    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    box = raw.FS_RECTF()
    matrix = raw.FS_MATRIX()
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    pages = []
    try:
        for index in range(len(document)):
            page = document[index]
            height = page.get_height()
            kept = page.get_textpage()  # held: the handle is freed with it
            textpage = kept.raw  # the handle itself: through the wrapper, every call looked it up again
            chars = []
            for k in range(raw.FPDFText_CountChars(textpage)):
                code = raw.FPDFText_GetUnicode(textpage, k)
                if code in (0, 2, 10, 13, 0xFFFE, 0xFFFF) or (
                    code != 32 and raw.FPDFText_IsGenerated(textpage, k) == 1
                ):
                    continue  # pdfium marks many drawn word spaces as its own: spaces are kept either way
                raw.FPDFText_GetLooseCharBox(textpage, k, box)
                raw.FPDFText_GetFontInfo(textpage, k, name, 128, flags)
                raw.FPDFText_GetFillColor(textpage, k, red, green, blue, alpha)
                raw.FPDFText_GetMatrix(textpage, k, matrix)
                raw.FPDFText_GetCharOrigin(textpage, k, origin_x, origin_y)
                char = {
                    "text": chr(code),
                    "x0": box.left,
                    "x1": box.right,
                    "top": height - box.top,
                    "bottom": height - box.bottom,
                    "size": round(raw.FPDFText_GetFontSize(textpage, k), 2),
                    "fontname": name.value.decode("latin-1"),
                    "color": (red.value, green.value, blue.value),
                    "upright": matrix.a > 0 and abs(matrix.b) < 1e-6,
                    # as pdfplumber gives it: the glyph's direction, and its origin in PDF space (from the bottom edge)
                    "matrix": (matrix.a, matrix.b, matrix.c, matrix.d, origin_x.value, origin_y.value),
                }
                if code == 32 and chars:  # a space pdfium made up has no box or size of its own: its line's
                    before = chars[-1]
                    char.update(
                        {
                            key: before[key]
                            for key in ("top", "bottom", "size", "fontname", "color", "upright", "matrix")
                        }
                    )
                    char["x0"] = char["x1"] = before["x1"]
                chars.append(char)
            pages.append({"width": page.get_width(), "height": height, "chars": chars})
    finally:
        document.close()
    return pages


SLOW_FIXTURES = {"kit"}  # the first test that reads a bundled kit builds it: seconds of every document


def pytest_collection_modifyitems(config, items):
    """A test that reads a whole bundled kit is marked slow like the modules that build, browse or start processes,
    so that `pytest -m "not slow"` stays the quick loop."""
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
