"""Stand-in: EspeakBackend (not on the checked paths)."""

class EspeakBackend:
    def __init__(self, *a, **k):
        raise NotImplementedError("espeak stand-in")
