"""Keep the JSON of one triage runtime run and print each level's verdict (benchmarks/triage_runtime.sh).

A corpus may print to stdout before the JSON (imagen's "base dimension" advice): only the JSON is kept, indented.

    python benchmarks/triage_runtime.py FILE [EVIDENCE_WIDTH]
"""

import json
import sys

path = sys.argv[1]
width = int(sys.argv[2]) if len(sys.argv) > 2 else 400
text = open(path).read()
try:
    report = json.loads(text[text.index("{\n"):])
except ValueError as error:
    print("  (no json)", error)
    sys.exit()
open(path, "w").write(json.dumps(report, indent=2))
for level, result in report["levels"].items():
    print(f"  {level}: {result['verdict']}: {result.get('evidence', '')[:width]}")
