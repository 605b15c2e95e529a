"""``python -m offload_lint.confirm MODULE:CLASS METHOD [--strategy ...]``: the confirm command."""

import sys

from .cli import confirm_main

if __name__ == "__main__":
    sys.exit(confirm_main())
