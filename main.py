"""Start the Yukon Solitaire table from a clone: ``python main.py [--seed N] [--game russian] ...``.

``--help`` lists the options. The start-up code is ``yukon.ui.launch``; the installed
``yukon-solitaire`` command runs it too.
"""

from __future__ import annotations

import sys

from yukon.ui.launch import main, parse_size

__all__ = ["main", "parse_size"]

if __name__ == "__main__":
    sys.exit(main())
