"""Start the Yukon Solitaire table."""

import sys


def main() -> int:
    """Open the table (the window arrives with the playable-table work)."""
    print("The Yukon table is coming; for now use the command line: python -m yukon --help")
    return 0


if __name__ == "__main__":
    sys.exit(main())
