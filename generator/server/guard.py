"""A request → refused before any handler runs when it does not come from this server's own page or from this
computer's command line; every answer → the security headers. The app is wrapped in this by run.make_app_server.

- Host: only this computer's loopback names (127.0.0.1, localhost, [::1]) with the server's port, and the address
  given to --host. Anything else is 421: a foreign page whose domain name is made to point at 127.0.0.1 (DNS
  rebinding) reaches nothing, not even the page. Listening on every address (0.0.0.0, ::) also accepts a bare IP
  address, which is how other devices on a club network come in; a rebinding needs a name.
- Origin: every request that writes or costs (any method but GET and HEAD) and everything under /api must come from
  the page itself. Browsers say where a request comes from (Origin, Sec-Fetch-Site); when they do, it must be this
  server. curl and scripts say neither and are served.
- Content type: a POST body must be application/json. A foreign page may send a form or text/plain without asking,
  but application/json needs a CORS preflight, which this server never grants.
Refusals are 403 (421 for the Host) with a Korean JSON message, like every other refusal of the API.
"""

from __future__ import annotations

import ipaddress
import json

from generator.server.errors import message
from generator.server.requests import shown

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")
SAFE_METHODS = ("GET", "HEAD")
OWN_SITE = ("same-origin", "none")  # Sec-Fetch-Site of the page's own requests, and of an address typed by the user
JSON_TYPE = "application/json"
STATUS_TEXT = {403: "403 Forbidden", 421: "421 Misdirected Request"}

SECURITY_HEADERS = [
    ("X-Content-Type-Options", "nosniff"),
    # the page uses only its own files (scripts, styles, fonts, icons), blob: for the preview image and data: for the
    # picture the user chose as a logo (an <img> runs no script, an SVG's included)
    (
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'",
    ),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),  # frame-ancestors for browsers older than CSP 2
    ("Cross-Origin-Resource-Policy", "same-origin"),  # no other site may load an answer as an image or script
]
_SECURITY_NAMES = {name.lower() for name, _ in SECURITY_HEADERS}


def host_label(host: str) -> str:
    """How an address is written in a Host header: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def with_security_headers(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(k, v) for k, v in headers if k.lower() not in _SECURITY_NAMES] + SECURITY_HEADERS


def json_answer(start_response, status: int, text: str) -> list[bytes]:
    body = json.dumps({"error": text}, ensure_ascii=False).encode("utf-8")
    headers = [("Content-Type", JSON_TYPE), ("Content-Length", str(len(body))), ("Cache-Control", "no-store")]
    start_response(STATUS_TEXT[status], with_security_headers(headers))
    return [body]


class Guard:
    """The WSGI app behind it, answered only for requests of this server's own page or this computer's tools."""

    def __init__(self, app, host: str, port: int):
        self.app = app
        self.port = port
        self.any_address = host in WILDCARDS
        self.names = set(LOOPBACK_NAMES) | (set() if self.any_address else {host_label(host).lower()})
        self.home = f"http://127.0.0.1:{port}/"

    def __call__(self, environ, start_response):
        refusal = self.refusal(environ)
        if refusal is not None:
            return json_answer(start_response, *refusal)

        def secured(status, headers, exc_info=None):
            return start_response(status, with_security_headers(headers), exc_info)

        return self.app(environ, secured)

    def refusal(self, environ) -> tuple[int, str] | None:
        """(status, Korean message) when the request is refused, else None."""
        host = environ.get("HTTP_HOST", "")
        if not self.host_allowed(host):
            return 421, message("host_refused", host=shown(host) or "(없음)", url=self.home)
        method, path = environ.get("REQUEST_METHOD", "GET"), environ.get("PATH_INFO", "")
        if method in SAFE_METHODS and not path.startswith("/api/"):
            return None
        origin, site = environ.get("HTTP_ORIGIN"), environ.get("HTTP_SEC_FETCH_SITE")
        if origin is not None and origin.lower() != f"http://{host.lower()}":
            return 403, message("origin_refused", origin=shown(origin), url=self.home)
        if site is not None and site.lower() not in OWN_SITE:
            return 403, message("origin_refused", origin=f"Sec-Fetch-Site: {shown(site)}", url=self.home)
        if method == "POST":
            kind = environ.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
            if kind != JSON_TYPE:
                return 403, message("content_type_refused", kind=shown(kind) or "(없음)")
        return None

    def host_allowed(self, host: str) -> bool:
        name, port = split_host(host.lower())
        if port != self.port and not (port is None and self.port == 80):
            return False
        if name in self.names:
            return True
        return self.any_address and is_ip_address(name)


def split_host(host: str) -> tuple[str, int | None]:
    """'127.0.0.1:8000' → ('127.0.0.1', 8000); '[::1]:8000' → ('[::1]', 8000); no port → None; a bad port → -1."""
    if host.startswith("["):
        end = host.find("]") + 1
        if not end:
            return host, None
        name, rest = host[:end], host[end:]
    elif host.count(":") == 1:
        name, rest = host.split(":")[0], host[host.index(":") :]
    else:
        return host, None  # no port (or an IPv6 address without brackets, which never matches)
    if not rest:
        return name, None
    port = rest[1:] if rest.startswith(":") else ""
    return name, int(port) if port.isascii() and port.isdigit() and len(port) <= 5 else -1


def is_ip_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
    except ValueError:
        return False
    return True
