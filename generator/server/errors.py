"""Anything a request gets wrong → a 4xx JSON answer with a Korean message (and the findings, when there are some);
anything we got wrong → a 500 with a Korean message and no traceback. Messages live in templates/web/messages.yaml."""

from __future__ import annotations

import sys
import traceback
from dataclasses import asdict

import yaml

from generator import TEMPLATES_DIR
from generator.caches import remembered

MESSAGES_PATH = TEMPLATES_DIR / "web" / "messages.yaml"


@remembered(maxsize=1)
def _messages() -> dict[str, str]:
    return yaml.safe_load(MESSAGES_PATH.read_text(encoding="utf-8"))


def message(key: str, **values) -> str:
    return _messages()[key].format(**values)


class ApiError(Exception):
    """A request the server refuses: HTTP status, Korean message and, when the engine made them, its findings."""

    def __init__(self, status: int, text: str, findings=None, **extra):
        super().__init__(text)
        self.status = status
        self.text = text
        self.findings = list(findings or [])
        self.extra = extra

    def body(self) -> dict:
        answer = {"error": self.text, **self.extra}
        if self.findings:
            from generator.findings import kind_label

            answer["findings"] = [{**asdict(f), "kind": kind_label(f.code)} for f in self.findings]
        return answer


def refuse(status: int, key: str, findings=None, **values) -> ApiError:
    """The answer names its message (`reason`): the page words what a file's reader needs to hear on its own."""
    return ApiError(status, message(key, **values), findings, reason=key)


def register(app) -> None:
    from flask import jsonify, request
    from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound, RequestEntityTooLarge

    def answer(status: int, body: dict):
        response = jsonify(body)
        response.status_code = status
        return response

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError):
        return answer(exc.status, exc.body())

    @app.errorhandler(RequestEntityTooLarge)
    def too_big(exc):
        return answer(413, {"error": message("body_too_big", limit=app.config["MAX_CONTENT_LENGTH"])})

    @app.errorhandler(NotFound)
    def not_found(exc):
        return answer(404, {"error": message("not_found", path=request.path)})

    @app.errorhandler(MethodNotAllowed)
    def wrong_method(exc):
        return answer(405, {"error": message("method_not_allowed", method=request.method)})

    @app.errorhandler(HTTPException)
    def other_http(exc: HTTPException):
        return answer(exc.code or 400, {"error": message("http_error", code=exc.code or 400)})

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        # the promise of the CLI holds here too: the user reads Korean, never a traceback
        print(
            f"[오류] 요청을 처리하다 문제가 생겼습니다({request.method} {request.path}): {type(exc).__name__}: {exc}",
            file=sys.stderr,
        )
        if app.config.get("BOTC_DEBUG"):
            traceback.print_exc(file=sys.stderr)
        return answer(500, {"error": message("unexpected", kind=type(exc).__name__)})
