"""The app and an address → a running HTTP server (werkzeug's threaded WSGI server, without the development-server
banner or English request log), stopped cleanly by Ctrl-C or SIGTERM."""

from __future__ import annotations

import signal
import socket
import threading
from contextlib import contextmanager

from werkzeug.serving import WSGIRequestHandler, get_sockaddr, make_server, select_address_family


class QuietHandler(WSGIRequestHandler):
    """No line per request: the terminal is for the storyteller, and errors are reported in Korean by the app."""

    def log_request(self, code="-", size="-") -> None:
        pass

    def log_error(self, format: str, *args) -> None:
        pass


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port and listening; OSError when that cannot be (port taken, no such address).
    Bound here rather than by werkzeug, which prints an English message and exits when binding fails."""
    family = select_address_family(host, port)
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(get_sockaddr(host, int(port), family))
        sock.listen(64)
    except BaseException:
        sock.close()
        raise
    return sock


def make_app_server(app, host: str, port: int):
    """A threaded server bound to host:port (port 0 picks a free one), answering through the guard (see guard.py);
    raises OSError when the port is taken."""
    from generator.server.guard import Guard

    sock = listening_socket(host, port)
    try:
        guarded = Guard(app, host, sock.getsockname()[1])
        return make_server(host, port, guarded, threaded=True, request_handler=QuietHandler, fd=sock.fileno())
    finally:
        sock.close()  # the server holds its own duplicate of the descriptor


@contextmanager
def running_in_thread(app, host: str = "127.0.0.1", port: int = 0):
    """Serves in a background thread for as long as the block runs (tests, benchmarks); yields the base URL."""
    server = make_app_server(app, host, port)
    thread = threading.Thread(target=server.serve_forever, name="botc-pnp-serve", daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def serve_until_stopped(server) -> None:
    """Serves in this thread until Ctrl-C or SIGTERM; returns normally in both cases."""
    from generator import parallel

    def stop(signum, frame):
        raise KeyboardInterrupt

    # Ctrl-C even where the shell started us with SIGINT ignored (a background job): serving is interactive
    previous = {number: signal.signal(number, stop) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        with parallel.no_fork():  # request threads never fork: see generator/parallel.py
            server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        server.server_close()
