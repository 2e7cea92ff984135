"""How much input botc-pnp accepts: the limits that keep every run's cost proportional to what it prints.

A typo, a runaway count or an oversized file must never cost more than a few seconds or a few hundred MB. Each limit
sits well above anything a real script or library needs (the publisher's own script format stops at 201 items and
20 reminders a character); input past a limit gets a Korean message stating the limit, and only the part within it
is used, so even `--force` stays cheap.
"""

from __future__ import annotations

# --- files ---------------------------------------------------------------------------------------------------
MAX_FILE_BYTES = 2_000_000  # one content file (YAML, JSON, almanac text); read with this cap, never more
MAX_YAML_LINES = 50_000  # lines plus commas of one YAML file: a bound on its values, checked before parsing
# (parsing costs ~10 µs a value; a character file has about 30 lines)
MAX_ICON_BYTES = 5 * 1024 * 1024  # one icon file
MAX_PNG_PIXELS = 2048 * 2048  # a PNG icon's declared size, checked before decoding (decoding 4096² takes ~0.5 s)
ICON_RASTER_PX = 600  # a PNG icon is shrunk once to at most this many pixels on its long side (≈ 580 dpi at 26 mm)
MAX_SVG_ELEMENTS = 500  # elements in one SVG icon, <use> copies included (game-icons.net: 4)
MAX_SVG_POINTS = 30_000  # numbers in it (the largest bundled icon has 2,064)
MAX_SVG_COORDINATE = 1e6  # any coordinate, size or stroke width, in the SVG's own units
MAX_PATH_CHARS = 1_000  # a file path written in a script (image, logo)
MAX_UPLOADED_IMAGE_BYTES = 1_000_000  # one picture the page sends as bytes (a logo, a homebrew icon)
MAX_CHARACTER_FILES = 2_000  # character files in one content folder (the official roster is 181)

MAX_TEXT_LENGTH = 5000  # characters of one text field (an ability, a night text, an almanac paragraph)

# --- names ------------------------------------------------------------------------------------------------------
MAX_ID_LENGTH = 50  # characters of a character id: the publisher format's own limit, and a file name on every system

# --- counts in content ---------------------------------------------------------------------------------------
MAX_SCRIPT_CHARACTERS = 250  # characters on one script (all 181 official characters fit)
MAX_SCRIPT_ENTRIES = 300  # entries a script sent to `serve` may have at all: past it, refused before anything is read
MAX_NIGHT_STEPS = 300  # entries in one night of a script's own night order (characters plus fixed steps)
MAX_REMINDERS = 20  # reminders, and global reminders, of one character (as the publisher's format)
MAX_LIST_ITEMS = 1_000  # items of any other list in a content file (night order, jinxes, aliases, notes…)
MAX_CUE_LENGTH = 120  # a cue is the short form of a night step: the night card measures how many lines it takes
MAX_SPARES = 10  # spare tokens of one character (spares.yaml)

# --- messages --------------------------------------------------------------------------------------------------
MAX_SUGGESTIONS = 200  # "혹시 …?" close-match searches in one run; past it an unknown id is reported without one
