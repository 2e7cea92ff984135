"""botc-pnp: Korean Blood on the Clocktower script YAML → print-and-play PDFs."""

from pathlib import Path

__version__ = "0.1.0"

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONTENT_DIR = PROJECT_ROOT / "content"
FONTS_DIR = PROJECT_ROOT / "fonts"
TEMPLATES_DIR = PROJECT_ROOT / "templates"
DEFAULT_OUTPUT_DIR = Path("output")
