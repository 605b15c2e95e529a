"""Tables of the issue-22 "g" triage (docs/triage-issue22-g.md): benchmarks/triage_tally.py on its files.

    python benchmarks/triage22g_tally.py benchmarks/triage22g/sample.json benchmarks/triage22g/labels.json \
        benchmarks/triage22g/findings.json [--rows]
"""

from triage_tally import main

if __name__ == "__main__":
    raise SystemExit(main())
