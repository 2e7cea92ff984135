"""`botc-pnp serve`: the script builder in the browser, served from this computer with no internet needed."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Annotated

import typer

from generator.commands.common import Console, ContentOpt, DebugOpt, friendly_errors
from generator.findings import EXIT_UNREADABLE

PortOpt = Annotated[int, typer.Option("--port", help="서버 포트 번호. 0이면 비어 있는 번호를 고릅니다.")]
HostOpt = Annotated[
    str,
    typer.Option("--host", help="서버 주소. 기본값은 이 컴퓨터에서만 열 수 있습니다. 클럽 네트워크에 열려면 0.0.0.0."),
]
WorkspaceOpt = Annotated[
    Path,
    typer.Option(
        "--workspace",
        help="'저장'한 스크립트를 YAML로 쓰는 작업 폴더(지금 폴더 기준). 함께 들어 있는 라이브러리는 고치지 않습니다.",
    ),
]

PORT_REASONS = {
    errno.EADDRINUSE: "이미 다른 프로그램이 그 포트를 쓰고 있습니다. --port로 다른 번호(예: 8001)를 주세요",
    errno.EACCES: "그 포트를 열 권한이 없습니다(1024 아래 번호는 관리자만 씁니다). --port로 1024 이상의 번호를 주세요",
    errno.EADDRNOTAVAIL: "이 컴퓨터에 그런 주소가 없습니다. --host를 확인하세요",
}


def is_loopback(host: str) -> bool:
    import ipaddress  # here, not at the top: every other command loads this module to list `serve`

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def shown_url(host: str, port: int) -> str:
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def start_lines(host: str, port: int) -> list[str]:
    if host in ("0.0.0.0", "::"):
        lines = [
            f"botc-pnp 스크립트 만들기를 열었습니다: {shown_url('127.0.0.1', port)} (이 컴퓨터에서)",
            f"같은 네트워크의 다른 기기에서는 http://<이 컴퓨터의 IP 주소>:{port}/ 로 들어옵니다.",
        ]
    else:
        lines = [f"botc-pnp 스크립트 만들기를 열었습니다: {shown_url(host, port)}"]
    if not is_loopback(host):
        lines.append(
            "[주의] 같은 네트워크에 있는 누구나 이 주소로 들어와 스크립트를 만들고 작업 폴더에 저장할 수 있습니다. "
            "믿을 수 있는 네트워크(클럽 공유기 등)에서만 쓰고, 다 쓰면 Ctrl-C로 멈추세요."
        )
    lines.append("브라우저에서 위 주소를 여세요. 멈추려면 이 창에서 Ctrl-C를 누르세요.")
    return lines


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        port: PortOpt = 8000,
        host: HostOpt = "127.0.0.1",
        content: ContentOpt = None,
        workspace: WorkspaceOpt = Path("scripts"),
        debug: DebugOpt = False,
    ) -> None:
        """브라우저에서 스크립트를 만드는 화면을 엽니다: 캐릭터 찾기, 스크립트 만들기, 바로바로 검사, 인쇄물 내려받기. 인터넷 없이 이 컴퓨터에서 돌아갑니다."""
        if not 0 <= port <= 65535:
            raise typer.BadParameter(f"{port}는 쓸 수 없습니다. 0–65535 사이의 번호를 주세요.", param_hint="--port")
        console = Console()
        with friendly_errors(console, debug):
            server, folder, warm = start_server(host, port, content, workspace, console, debug)
            for line in start_lines(host, server.port):
                console.info(line)
            from generator.server.connections import STOP_TIMEOUT
            from generator.server.run import serve_until_stopped

            try:
                signum = serve_until_stopped(server)
                folder.wait_for_saves(STOP_TIMEOUT)  # the process never ends halfway through a saved file
            finally:
                warm.stop_pool()  # no worker outlives the server
            console.info("서버를 멈췄습니다.")
            raise typer.Exit(128 + signum)  # as every command stopped by a signal: 130 for Ctrl-C, 143 for SIGTERM


def start_server(host: str, port: int, content, workspace: Path, console: Console, debug: bool):
    """(server, workspace, warm state): the app loaded and warmed up (its render pool started), bound to host:port;
    a Korean message and exit 2 when that cannot be done."""
    from generator.findings import Unreadable
    from generator.process import run_as_a_server
    from generator.server import create_app
    from generator.server.run import make_app_server

    run_as_a_server()

    app = create_app(content, workspace, debug)
    state = app.extensions["botc"]
    if state["workspace"].overlaps_content():
        console.error(
            f"[오류] 작업 폴더 '{workspace}'가 내용 폴더 안에 있습니다. 함께 들어 있는 내용은 고치지 않으므로 --workspace로 다른 폴더를 주세요."
        )
        raise typer.Exit(EXIT_UNREADABLE)
    loaded = state["warm"].loaded()
    if loaded.unreadable:
        raise Unreadable(list(loaded.findings))
    try:
        server = make_app_server(app, host, port)
    except OSError as exc:
        import socket

        if isinstance(exc, socket.gaierror):
            reason = PORT_REASONS[errno.EADDRNOTAVAIL]
        else:
            reason = PORT_REASONS.get(exc.errno, exc.strerror or str(exc))
        console.error(f"[오류] {host}:{port}에서 서버를 열 수 없습니다: {reason}.")
        raise typer.Exit(EXIT_UNREADABLE) from None
    state["warm"].warm_up()  # fonts parsed before the address is shown: the first click is as quick as the rest
    try:
        state["warm"].start_pool()  # worker processes, fonts and documents loaded, before the address is shown
    except BaseException:
        state["warm"].stop_pool()
        server.close()
        raise
    return server, state["workspace"], state["warm"]
