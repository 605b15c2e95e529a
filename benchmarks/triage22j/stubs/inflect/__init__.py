"""Stand-in: Zonos's text normaliser imports inflect (phonemisation only, not on the checked paths)."""

def engine():
    return None
