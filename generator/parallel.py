"""A piece of rendering work → the same result computed in a forked child, so independent documents use both cores."""

from __future__ import annotations

import os
import pickle
from typing import Callable, TypeVar

T = TypeVar("T")


class ChildFailed(Exception):
    """The forked work raised; the message names the original exception."""


def fork_available() -> bool:
    return hasattr(os, "fork") and os.environ.get("BOTC_PNP_SINGLE_PROCESS") != "1"


def start(work: Callable[[], T]) -> Callable[[], T]:
    """Starts `work` in a forked child and returns a function that waits for its result.

    The child inherits everything already loaded (fonts, icons, the game), so nothing is parsed twice. Without
    fork (or with BOTC_PNP_SINGLE_PROCESS=1) the work runs right here and the result is simply handed back.
    """
    if not fork_available():
        result = work()
        return lambda: result
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, send, leave without running the parent's cleanup
        os.close(read_end)
        try:
            payload = pickle.dumps(("ok", work()), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - whatever happened must reach the parent as a message
            payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        with os.fdopen(write_end, "wb") as stream:
            stream.write(payload)
        os._exit(0)
    os.close(write_end)

    def wait() -> T:
        with os.fdopen(read_end, "rb") as stream:
            data = stream.read()
        os.waitpid(pid, 0)
        if not data:
            raise ChildFailed("문서를 만들던 하위 프로세스가 결과 없이 끝났습니다")
        status, value = pickle.loads(data)
        if status == "error":
            raise ChildFailed(value)
        return value

    return wait
