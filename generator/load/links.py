"""A script's `_meta.almanac` (or `almanac:` in YAML) → the web address its sheet prints as a QR code, or why not.

The address is only printed, never fetched: botc-pnp needs no network. Only http(s) addresses of a length a QR code
on the sheet's back still reads at arm's length are printed."""

from __future__ import annotations

import re

MAX_ADDRESS = 250  # the publisher's schema: _meta.almanac maxLength
ADDRESS = re.compile(r"https?://[^\s/$.?#][^\s]*", re.IGNORECASE)


def almanac_address(script) -> tuple[str | None, str | None]:
    """(the address to print, None) or (None, why it is not printed in Korean); (None, None) when there is none."""
    address = script.almanac
    if not address:
        return None, None
    if len(address) > MAX_ADDRESS:
        return None, f"해설서 주소(almanac)가 너무 깁니다({len(address)}자). QR 코드로 읽히도록 {MAX_ADDRESS}자까지만 씁니다."
    if not ADDRESS.fullmatch(address):
        return None, f"해설서 주소(almanac) '{address[:80]}'는 https://로 시작하는 인터넷 주소가 아니어서 QR 코드를 넣지 않습니다."
    return address, None
