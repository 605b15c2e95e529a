"""Print, for one method, every recorded ``self`` access with the sinks of its value.

    python scripts/explain_sinks.py FILE CLASS METHOD
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from offload_lint.analyze.collect import collect_method


def main(path: str, class_name: str, method: str) -> None:
    text = Path(path).read_text()
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == method:
                    start = min([item.lineno] + [d.lineno for d in item.decorator_list])
                    collected = collect_method(text.splitlines(keepends=True), start, item.end_lineno, "self")
                    for access in collected.accesses:
                        print(f"{access.range.start.line}:{access.range.start.column + 1} self.{'.'.join(access.chain)}")
                        for sink in access.sinks:
                            print(f"    {sink}")
                    for name, sinks in collected.parameter_sinks.items():
                        print(f"param {name}: {sinks}")
                    return
    print("not found", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1].startswith("-"):
        sys.exit(__doc__.strip())
    main(*sys.argv[1:4])
