"""A script's `_meta.almanac` (or `almanac:` in YAML) → the web address its sheet prints as a QR code, or why not;
its `logo` → kept when it may name a picture, dropped with one warning when it is a bare name.

The address is only printed, never fetched: botc-pnp needs no network. Only http(s) addresses of a length a QR code
on the sheet's back still reads at arm's length are printed. A logo written as a name (`"logo": "balloonist"`, as
some tools write a character whose icon stands for the script) is no file and no address: it is said once, without a
path, instead of a file that cannot be read."""

from __future__ import annotations

import re

from generator.findings import Report
from generator.keep.patterns import compiled

MAX_ADDRESS = 250  # the publisher's schema: _meta.almanac maxLength
ADDRESS = compiled(r"https?://[^\s/$.?#][^\s]*", re.IGNORECASE)


def almanac_address(script) -> tuple[str | None, str | None]:
    """(the address to print, None) or (None, why it is not printed in Korean); (None, None) when there is none."""
    address = script.almanac
    if not address:
        return None, None
    if len(address) > MAX_ADDRESS:
        return (
            None,
            f"해설서 주소(almanac)가 너무 깁니다({len(address)}자). QR 코드로 읽히도록 {MAX_ADDRESS}자까지만 씁니다.",
        )
    if not ADDRESS.fullmatch(address):
        return (
            None,
            f"해설서 주소(almanac) '{address[:80]}'는 https://로 시작하는 인터넷 주소가 아니어서 QR 코드를 넣지 않습니다.",
        )
    return address, None


def is_bare_name(value: str) -> bool:
    """A name, not a file path or an address: no folder separator, no file extension, no scheme."""
    return not any(mark in value for mark in "/\\.:")


def logo_or_none(value: str | None, field: str, on_page: bool, report: Report, where: str | None) -> str | None:
    """The script's logo as written, or None (with a warning) when it is a bare name. `field` is how the file names
    the key (_meta.logo, logo); `on_page`: the script came from the page, whose logo is uploaded as a picture."""
    if not value or not is_bare_name(value):
        return value
    from generator.read.local_images import LOGO_FILE_HINT, LOGO_PAGE_HINT

    report.warning(
        "logo-name",
        f"{field} '{value[:80]}'는 그림 파일의 경로나 인터넷 주소가 아니라 이름이어서 그림으로 읽지 않습니다. 로고 없이 "
        f"인쇄합니다. {LOGO_PAGE_HINT if on_page else LOGO_FILE_HINT}",
        where=where,
    )
    return None
