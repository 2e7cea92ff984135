"""`python -m generator` → the botc-pnp command line."""

from generator.cli import main

main()
