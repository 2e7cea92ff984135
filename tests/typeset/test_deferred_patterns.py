"""reportlab's paragraph module is imported with its import-time regular expressions deferred
(generator/typeset/deferred_patterns.py): a command that prints never compiles the URL pattern, re.compile is the
standard library's again afterwards, and a deferred pattern matches as the compiled one does."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from generator.typeset.deferred_patterns import DeferredPattern

PROBE = """
import json, re, sys
import generator.cli as cli
real_leave = cli.leave
def leave(code):
    paragraph = sys.modules["reportlab.platypus.paragraph"]
    print(json.dumps({
        "code": code,
        "kind": type(paragraph.uri_pat).__name__,
        "compiled": getattr(paragraph.uri_pat, "_compiled", None) is not None,
        "re_compile": [re.compile.__module__, re.compile.__name__],
    }))
    real_leave(code)
cli.leave = leave
sys.argv = ["botc-pnp", "night-card", "in-space", "--out", sys.argv[1], "--quiet"]
cli.main()
"""


def test_a_printing_command_never_compiles_reportlabs_url_pattern(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "out")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout.strip().splitlines()[-1])
    assert state == {"code": 0, "kind": "DeferredPattern", "compiled": False, "re_compile": ["re", "compile"]}
    assert (tmp_path / "out" / "in-space" / "night-card.pdf").stat().st_size > 10_000


def test_a_deferred_pattern_compiles_on_first_use_and_matches_as_the_compiled_one():
    source, flags = r"(^[a-z]+)://(\S+)", re.I
    deferred = DeferredPattern(re.compile, source, flags)
    assert deferred._compiled is None
    compiled = re.compile(source, flags)
    for text in ("HTTP://example.com", "ftp://x", "not a url"):
        found, expected = deferred.match(text), compiled.match(text)
        assert (found and found.groups()) == (expected and expected.groups())
    assert deferred._compiled is not None and deferred.pattern == source and deferred.flags == compiled.flags


THREADS = """
import json, re, sys, threading
from generator.typeset.deferred_patterns import import_reportlab_paragraph
original = re.compile
start = threading.Barrier(4)
def load():
    start.wait()
    import_reportlab_paragraph()
threads = [threading.Thread(target=load) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
paragraph = sys.modules["reportlab.platypus.paragraph"]
print(json.dumps({"restored": re.compile is original, "kind": type(paragraph.uri_pat).__name__}))
"""


def test_threads_that_load_reportlab_at_once_leave_re_compile_as_it_was():
    done = subprocess.run([sys.executable, "-c", THREADS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"restored": True, "kind": "DeferredPattern"}
