"""Stand-in for timm (imports only): round l's MambaVision mixer harness (benchmarks/triage22l_cases.py)."""
