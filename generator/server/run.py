"""The app and an address → a running HTTP server: waitress (see connections.py) in front of the guard (see guard.py),
quiet in the terminal, stopped cleanly by Ctrl-C or SIGTERM.

Waitress rather than werkzeug's development server: a fixed number of worker threads, a connection cap, read and
idle timeouts, and bodies read whole before the app runs (a chunked body over the limit is refused, not cut). It is
pure Python and runs on Windows, macOS and Linux, like the rest of botc-pnp.
"""

from __future__ import annotations

import signal
import socket
import threading
from contextlib import contextmanager


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port and listening; OSError when that cannot be (port taken, no such address)."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    # 'localhost' may give ::1 first: IPv4 where there is a choice, as the address printed at start says
    family, kind, proto, _name, address = next((f for f in found if f[0] == socket.AF_INET), found[0])
    sock = socket.socket(family, kind, proto)
    try:
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: SO_REUSEADDR would let another server share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:  # elsewhere: a restart right after a stop may reuse the port at once
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except BaseException:
        sock.close()
        raise
    return sock


def make_app_server(app, host: str, port: int, limit: int | None = None):
    """The guarded app served on host:port (port 0 picks a free one); raises OSError when it cannot be bound.
    `limit` caps connections (default: see connections.connection_limit). A stop waits for a save that is writing."""
    from generator.server.connections import Server
    from generator.server.guard import Guard

    sock = listening_socket(host, port)
    try:
        workspace = app.extensions["botc"]["workspace"]
        return Server(Guard(app, host, sock.getsockname()[1]), sock, limit, must_finish=workspace.saving)
    except BaseException:
        sock.close()
        raise


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


@contextmanager
def running_in_thread(app, host: str = "127.0.0.1", port: int = 0, limit: int | None = None):
    """Serves in a background thread for as long as the block runs (tests, benchmarks); yields the base URL."""
    server = make_app_server(app, host, port, limit)
    stop = threading.Event()
    thread = threading.Thread(target=server.serve_until, args=(stop,), name="botc-pnp-serve", daemon=True)
    thread.start()
    try:
        yield url_of(host, server.port)
    finally:
        stop.set()
        server.wake()
        thread.join(timeout=30)


def serve_until_stopped(server) -> int:
    """Serves in this thread until Ctrl-C, SIGTERM or SIGHUP; returns the signal's number once the server has
    stopped (see Server.stop_serving)."""
    from generator.pipeline import parallel

    received = [signal.SIGINT]

    def stop(signum, frame):
        received[0] = signum
        raise KeyboardInterrupt

    # Ctrl-C even where the shell started us with SIGINT ignored (a background job): serving is interactive
    numbers = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {number: signal.signal(number, stop) for number in numbers}
    try:
        with parallel.no_fork():  # request threads never fork: see generator/pipeline/parallel.py
            server.serve_until(threading.Event())
    except KeyboardInterrupt:
        pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return int(received[0])
