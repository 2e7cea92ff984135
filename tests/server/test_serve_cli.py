"""`botc-pnp serve` as the user starts it: Korean address on start, a plain warning when open to the network, Ctrl-C
stops it with exit 128 + the signal (130, 143) and no traceback, and a taken port or a bad workspace is a Korean error (exit 2)."""

from __future__ import annotations

import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from contextlib import contextmanager

import pytest

from tests.conftest import REPO, run_cli

pytestmark = pytest.mark.slow  # starts servers in their own processes

START_TIMEOUT = 30


class Served:
    def __init__(self, process, lines: queue.Queue, reader: threading.Thread):
        self.process, self.lines, self.reader = process, lines, reader
        self.seen: list[str] = []

    def wait_for_start(self) -> str:
        while not any("Ctrl-C" in line for line in self.seen):
            self.seen.append(self.lines.get(timeout=START_TIMEOUT).rstrip("\n"))
        return re.search(r"http://127\.0\.0\.1:\d+/", "\n".join(self.seen))[0]

    def stop(self, signum) -> tuple[int, str, str]:
        """Sends the signal and waits; (exit code, what it printed after starting, its stderr)."""
        self.process.send_signal(signum)
        code = self.process.wait(timeout=15)
        self.reader.join(timeout=5)
        rest = []
        while not self.lines.empty():
            rest.append(self.lines.get())
        return code, "".join(rest), self.process.stderr.read()


@contextmanager
def served(tmp_path, *args, program=None, env=None):
    """`python -m generator serve --port 0 …` (or `program serve --port 0 …`) in tmp_path, started; the process is
    always stopped and reaped."""
    if program is None:
        command = [
            sys.executable,
            "-m",
            "generator",
            "serve",
            "--port",
            "0",
            "--workspace",
            str(tmp_path / "scripts"),
            *args,
        ]
    else:
        command = [str(program), "serve", "--port", "0", *args]
    process = subprocess.Popen(
        command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True)
    reader.start()
    server = Served(process, lines, reader)
    try:
        server.url = server.wait_for_start()
        yield server
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        reader.join(timeout=5)
        process.stdout.close()
        process.stderr.close()


def test_serve_prints_its_korean_address_answers_and_stops_on_ctrl_c(tmp_path):
    with served(tmp_path) as server:
        url, lines = server.url, server.seen
        assert lines[0].startswith("botc-pnp 스크립트 만들기를 열었습니다: http://127.0.0.1:")
        assert not any("주의" in line for line in lines)  # local only: nothing to warn about
        page = urllib.request.urlopen(url, timeout=10).read().decode("utf-8")
        assert "스크립트 만들기" in page
        query = urllib.parse.quote("ㅅㅌㅂ")
        found = urllib.request.urlopen(f"{url}api/characters?q={query}", timeout=10).read().decode("utf-8")
        assert "세탁부" in found
        code, rest, errors = server.stop(signal.SIGINT)
    assert code == 130
    assert "서버를 멈췄습니다." in rest
    assert errors == ""  # no traceback, no English request log or development-server banner


def test_serve_open_to_the_network_says_so_plainly(tmp_path):
    with served(tmp_path, "--host", "0.0.0.0") as server:
        url, text = server.url, "\n".join(server.seen)
        assert "[주의]" in text and "누구나" in text
        assert urllib.request.urlopen(url + "api/scripts", timeout=10).status == 200  # reached on loopback only
        code, _rest, errors = server.stop(signal.SIGTERM)
    assert code == 143 and errors == ""


def test_a_taken_port_is_a_korean_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = run_cli("serve", "--port", taken.getsockname()[1], "--workspace", tmp_path)
    assert result.exit_code == 2
    assert "이미 다른 프로그램이 그 포트를 쓰고 있습니다" in result.stderr and "--port" in result.stderr
    assert "in use" not in result.stderr


@pytest.mark.parametrize("args", [["--port", "70000"], ["--port", "-1"]])
def test_a_bad_port_is_a_usage_error(args):
    result = run_cli("serve", *args)
    assert result.exit_code == 2 and "0–65535" in result.stderr


def test_serve_help_is_korean():
    result = run_cli("serve", "--help")
    assert result.exit_code == 0 and "브라우저" in result.stdout and "--workspace" in result.stdout
    assert (REPO / "templates" / "web" / "index.html").is_file()
