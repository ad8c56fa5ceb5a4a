"""``python -m game`` behaves exactly like the ``aztec-arcade`` console script."""

import sys

from game.cli import main

sys.exit(main())
