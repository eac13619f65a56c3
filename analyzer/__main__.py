"""``python -m analyzer ...``: the headless command line (see :mod:`analyzer.cli`)."""

import sys

from analyzer.cli import main

sys.exit(main())
