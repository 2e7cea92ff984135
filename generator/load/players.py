"""A script's declared player counts ('5-6', 7, [5, 6]) → a (lowest, highest) range, or a Korean reason it is not one.

Scripts for 5–6 players (teensyville) declare their range so the setup table, the bag checks and the shroud and vote
tokens cover exactly those counts: YAML `players: 5-6`, and in the publisher JSON a `players` field of `_meta`
(other tools ignore fields of `_meta` they do not know).
"""

from __future__ import annotations

from generator.keep.patterns import compiled
from generator.model import FEWEST_PLAYERS as LOWEST
from generator.model import MOST_PLAYERS as HIGHEST

RANGE = compiled(r"^\s*(\d{1,2})\s*(?:[-–—~]\s*(\d{1,2}))?\s*(?:명)?\s*$")
EXAMPLE = "'5-6'(5명부터 6명까지) 또는 '7'(7명만)"


def parse_players(value) -> tuple[tuple[int, int] | None, str | None]:
    """(range, None) for a readable range inside the setup table's 5–15, else (None, the Korean reason)."""
    low: int | None = None
    high: int | None = None
    if isinstance(value, bool):
        pass
    elif isinstance(value, int):
        low = high = value
    elif isinstance(value, str):
        match = RANGE.match(value)
        if match:
            low = int(match.group(1))
            high = int(match.group(2) or low)
    elif (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        low, high = value
    if low is None or high is None:
        return None, f"인원 범위 {value!r}를 읽을 수 없습니다. {EXAMPLE}처럼 쓰세요."
    if not LOWEST <= low <= high <= HIGHEST:
        return (
            None,
            f"인원 범위 {value!r}는 쓸 수 없습니다. {LOWEST}명에서 {HIGHEST}명 사이로, 작은 수를 먼저 써 주세요(예: {EXAMPLE}).",
        )
    return (low, high), None


def players_text(players: tuple[int, int]) -> str:
    """(5, 6) → '5-6'; (7, 7) → '7': the form both YAML and `_meta` take."""
    low, high = players
    return str(low) if low == high else f"{low}-{high}"
