"""Analyze: what each hook onloads (semantics), which method runs under which hook
(entry points), and how a method touches weights (access, libcst)."""
