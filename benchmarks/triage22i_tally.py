"""Tables of the issue-22 "i" triage (docs/triage-issue22-i.md): benchmarks/triage_tally.py on its files.

    python benchmarks/triage22i_tally.py benchmarks/triage22i/sample.json benchmarks/triage22i/labels.json \
        benchmarks/triage22i/findings.json [--rows]
"""

from triage_tally import main

if __name__ == "__main__":
    raise SystemExit(main())
