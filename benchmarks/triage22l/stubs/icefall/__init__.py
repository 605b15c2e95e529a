"""Stand-in for icefall (imports only): round l's vall-e harnesses (benchmarks/triage22l_cases.py)."""
