"""Compare two `offload-lint --output-format json` outputs: the same findings, field for field?

    python scripts/compare_findings.py REFERENCE.json NEW.json

Exit 0 when both hold the same multiset of findings (every field, order ignored); otherwise
print what is only in one of them and exit 1. Used to check that a speed change leaves the
findings as they were.
"""

from __future__ import annotations

import collections
import json
import sys
from typing import Any


def _key(finding: dict[str, Any]) -> str:
    return json.dumps(finding, sort_keys=True)


def _short(finding: dict[str, Any]) -> str:
    return f"{finding.get('path')}:{finding.get('line')}:{finding.get('column')}: {finding.get('code')} {finding.get('message')}"


def main() -> int:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as handle:
        reference = collections.Counter(_key(item) for item in json.load(handle))
    with open(sys.argv[2], encoding="utf-8") as handle:
        new = collections.Counter(_key(item) for item in json.load(handle))
    missing = reference - new
    extra = new - reference
    for label, items in (("only in reference", missing), ("only in new", extra)):
        for key, count in sorted(items.items()):
            print(f"{label} (x{count}): {_short(json.loads(key))}")
    total = sum(reference.values())
    if missing or extra:
        print(f"DIFFERENT: {sum(missing.values())} missing, {sum(extra.values())} extra of {total}")
        return 1
    print(f"identical: {total} findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
