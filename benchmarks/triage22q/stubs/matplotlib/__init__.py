"""Stand-in for matplotlib (not installed here; triage22q): only names."""
rcParams = {}


def use(*args, **kwargs):
    return None
