"""botc-pnp: Korean Blood on the Clocktower script YAML → print-and-play PDFs.

This module is also the one place that says where the bundled library (content/), fonts and templates are, so every
way of running botc-pnp finds the same files:
- installed from a wheel (pip, pipx): inside this package, as generator/data/<name>/ (pyproject.toml maps the
  repository's top-level folders there, with setuptools' package-dir and package-data);
- from a clone (an editable install, or the clone on PYTHONPATH): the repository's top-level folders beside this
  package.
Output never goes here: commands write to ./output of the folder the user is in (DEFAULT_OUTPUT_DIR).
"""

from pathlib import Path

__version__ = "0.1.0"  # the only place the version is written: pyproject.toml reads it (dynamic version)

PACKAGE_DIR = Path(__file__).resolve().parent
# The folder holding this package: a clone's root, or the site-packages of an installed copy. Tests put it on
# PYTHONPATH to run this very copy in a subprocess.
PROJECT_ROOT = PACKAGE_DIR.parent


def bundled_folder(name: str) -> Path:
    """A bundled folder ('content', 'fonts', 'templates'): the installed package's copy, else the clone's."""
    installed = PACKAGE_DIR / "data" / name
    return installed if installed.is_dir() else PROJECT_ROOT / name


DEFAULT_CONTENT_DIR = bundled_folder("content")
FONTS_DIR = bundled_folder("fonts")
TEMPLATES_DIR = bundled_folder("templates")
DEFAULT_OUTPUT_DIR = Path("output")
