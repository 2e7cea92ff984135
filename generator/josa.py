"""Text with '{named}' / '{named:을}' placeholders and a character name → Korean with the particle that fits the name."""

from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"\{named(?::([^}]+))?\}")


def with_particle(name: str, particle: str) -> str:
    import tossi

    return tossi.postfix(name, particle)


def fill_named(text: str, name: str | None, fallback: str = "지정된 캐릭터") -> str:
    """Replaces each placeholder; without a named character the fallback noun takes the particle instead."""
    target = name or fallback

    def replace(match: re.Match) -> str:
        particle = match.group(1)
        return with_particle(target, particle) if particle else target

    return PLACEHOLDER.sub(replace, text)
