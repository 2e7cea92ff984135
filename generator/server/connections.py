"""A WSGI app and a listening socket → waitress serving it, with the limits that keep a desktop server answering.

Waitress reads every connection on one thread (non-blocking sockets) and hands only complete requests to a fixed
pool of worker threads: an idle or slow connection costs a socket, never a thread. On top of its own limits:
- connections are capped below the open-file limit (macOS allows 256 by default). When the cap is reached, the
  connection quiet for longest that is not being answered is closed to make room, so a flood of idle or slow
  connections never locks a user out, and the listening socket never spins on an accept that cannot succeed;
- a request must arrive whole, headers and body, within REQUEST_DEADLINE seconds of its first byte (a slow-header
  connection that trickles a byte at a time is closed), and a connection with nothing to do within IDLE_TIMEOUT;
- a request that stops arriving (headers begun, or a body declared and not sent) is answered 408 once STALL_TIMEOUT
  seconds pass without a byte, and its connection closed: a client that went away holds nothing until it gives up;
- waitress's own refusals (a body over the limit, chunked or not; a malformed request) answer Korean JSON with the
  security headers, like every other answer.
"""

from __future__ import annotations

import json
import logging
import threading
import time

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask
from waitress.utilities import Error

from generator.server.errors import message
from generator.server.guard import with_security_headers
from generator.server.requests import MAX_BODY_BYTES

THREADS = 4  # renders queue behind one lock anyway (see warm.py); checks and searches take milliseconds
MAX_CONNECTIONS = 200  # far more than browsers open (6 a site); fewer when the open-file limit is low
MIN_CONNECTIONS = 16
RESERVED_FILES = 56  # descriptors left for everything else: fonts, icons, the workspace, pipes
IDLE_TIMEOUT = 30  # seconds a connection may wait between requests
REQUEST_DEADLINE = 20  # seconds from a request's first byte to its last (a 2 MB body needs 100 KB/s)
STALL_TIMEOUT = 5  # seconds a request being read may go without a byte (answered, with maintenance, within 7)
MAX_HEADER_BYTES = 64 * 1024  # request line and headers
LOOP_TIMEOUT = 0.5  # seconds the network loop waits for activity before checking whether to stop
ANSWER_GRACE = 1.0  # seconds a stop waits for requests being answered (a check, a page, a small document)
STOP_TIMEOUT = 10  # seconds a stop waits at most, and only while something that must finish is running (a save)
FLUSH_ROUNDS = 20  # rounds of the network loop a stop spends sending the last answers (at most about a second)

logging.getLogger("waitress").addHandler(logging.NullHandler())  # its English warnings are not for the storyteller
logging.getLogger("waitress").propagate = False


def connection_limit() -> int:
    """MAX_CONNECTIONS, or fewer so that connections and everything else fit in this process's open-file limit."""
    try:
        import resource
    except ImportError:  # Windows: sockets are not counted against a file limit
        return MAX_CONNECTIONS
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, soft - RESERVED_FILES))


class RequestTimeout(Error):
    code = 408
    reason = "Request Timeout"


def korean_error(code: int) -> str:
    if code == 408:
        return message("request_timeout", seconds=STALL_TIMEOUT)
    if code == 413:
        return message("body_too_big", limit=MAX_BODY_BYTES)
    if code == 431:
        return message("headers_too_big")
    if code >= 500:
        return message("unexpected", kind=f"HTTP {code}")
    return message("http_error", code=code)


class KoreanErrorTask(ErrorTask):
    """Waitress's answer to a request it refuses itself (too big, malformed): Korean JSON, security headers."""

    def execute(self):
        error = self.request.error
        body = json.dumps({"error": korean_error(error.code)}, ensure_ascii=False).encode("utf-8")
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend(with_security_headers([("Content-Type", "application/json")]))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class Channel(HTTPChannel):
    """One connection; remembers when the request being read began (REQUEST_DEADLINE) and when its last byte came
    (STALL_TIMEOUT)."""

    error_task_class = KoreanErrorTask
    reading_since: float | None = None
    last_read: float = 0.0

    def received(self, data):
        if data:
            self.last_read = time.monotonic()
            if self.request is None:
                self.reading_since = self.last_read
        try:
            return super().received(data)
        finally:
            if self.request is None:  # nothing half-read is left
                self.reading_since = None

    def stalled(self, now: float) -> bool:
        """A request is half-read, nothing is being answered, and no byte came for STALL_TIMEOUT seconds."""
        return self.reading_since is not None and not self.requests and self.last_read < now - STALL_TIMEOUT

    def time_out(self) -> None:
        """Answers the half-read request 408 (Korean JSON) and closes the connection once that is sent. Runs on the
        network thread, like `received`: the answer is a few hundred bytes, written without waiting for a worker."""
        with self.requests_lock:
            request, self.request, self.reading_since = self.request, None, None
        if request is None or self.will_close or self.close_when_flushed:
            return
        request.error = RequestTimeout("")
        task = self.error_task_class(self, request)
        try:
            task.service()
        except Exception:  # the client is gone (ClientDisconnected) or the socket failed: close it all the same
            self.will_close = True
        request.close()
        self.close_when_flushed = True

    def evictable(self) -> bool:
        """Nothing of it is being answered: closing it loses at most a request not yet complete."""
        return not self.requests and not self.will_close


class Server(TcpWSGIServer):
    """Waitress on a socket bound by the caller, stopped by an Event; see the module docstring for the limits."""

    channel_class = Channel

    def __init__(self, app, sock, limit: int | None = None, must_finish=lambda: False):
        self.limit = limit or connection_limit()
        self.must_finish = must_finish  # whether work that must not be cut off (a file being saved) is running
        adjustments = Adjustments(
            threads=THREADS,
            connection_limit=self.limit + MIN_CONNECTIONS,  # waitress's own backstop: when nothing can be closed
            channel_timeout=IDLE_TIMEOUT,
            cleanup_interval=1,
            max_request_header_size=MAX_HEADER_BYTES,
            max_request_body_size=MAX_BODY_BYTES,  # chunked or not: a 413 before the app sees it, never a cut body
            ident="botc-pnp",
            expose_tracebacks=False,
            log_socket_errors=False,
            asyncore_use_poll=True,  # select() stops at 1,024 descriptors
            backlog=128,
        )
        sockinfo = (sock.family, sock.type, sock.proto, sock.getsockname())
        super().__init__(app, map={}, _sock=sock, adj=adjustments, bind_socket=False, sockinfo=sockinfo)

    @property
    def port(self) -> int:
        return self.socket.getsockname()[1]

    def handle_accept(self):
        self.make_room()
        super().handle_accept()

    def make_room(self) -> None:
        """At the cap, closes the connection quiet for longest among those not being answered, preferring one
        with no answer left to send."""
        if len(self.active_channels) < self.limit:
            return
        candidates = [channel for channel in self.active_channels.values() if channel.evictable()]
        if candidates:
            min(candidates, key=lambda c: (bool(c.total_outbufs_len), c.last_activity)).handle_close()

    def maintenance(self, now):
        super().maintenance(now)  # connections idle past IDLE_TIMEOUT
        now = time.monotonic()
        for channel in list(self.active_channels.values()):
            if (
                channel.reading_since is not None
                and channel.reading_since < now - REQUEST_DEADLINE
                and not channel.requests
            ):
                channel.will_close = True
            elif channel.stalled(now):
                channel.time_out()

    def serve_until(self, stop: threading.Event) -> None:
        """Serves in this thread until `stop` is set (then call wake()), or until an exception such as
        KeyboardInterrupt; then stops cleanly (see stop_serving)."""
        try:
            while not stop.is_set():
                wasyncore.loop(timeout=LOOP_TIMEOUT, map=self._map, use_poll=True, count=1)
        finally:
            self.stop_serving()

    def wake(self) -> None:
        self.pull_trigger()

    def wait_for_answers(self) -> None:
        """Lets the worker threads finish what they are answering (see stop_serving), sending finished answers
        meanwhile; then drops the requests still queued."""
        dispatcher = self.task_dispatcher
        dispatcher.set_thread_count(0)  # idle threads leave now, busy ones after their request
        started = time.monotonic()
        while True:
            with dispatcher.lock:
                if not dispatcher.threads:
                    break
            waited = time.monotonic() - started
            if waited >= STOP_TIMEOUT or (waited >= ANSWER_GRACE and not self.must_finish()):
                break
            wasyncore.loop(timeout=0.05, map=self._map, use_poll=True, count=1)
        with dispatcher.lock:
            while dispatcher.queue:
                dispatcher.queue.popleft().cancel()
            dispatcher.queue_cv.notify_all()

    def stop_serving(self) -> None:
        """No new connection; a request being answered gets ANSWER_GRACE seconds to finish and is answered, one that
        needs longer (a whole kit) is closed without an answer, queued ones are dropped; while must_finish() says
        so (a save writing its file) the stop waits up to STOP_TIMEOUT. Then every connection is closed."""
        if self.accepting:
            self.accepting = False
            wasyncore.dispatcher.close(self)  # the listening socket
        self.wait_for_answers()
        for _ in range(FLUSH_ROUNDS):  # the network loop sends what the finished requests wrote
            if not any(channel.total_outbufs_len for channel in self.active_channels.values()):
                break
            wasyncore.loop(timeout=0.05, map=self._map, use_poll=True, count=1)
        for channel in list(self.active_channels.values()):
            channel.handle_close()
        self.trigger.close()
