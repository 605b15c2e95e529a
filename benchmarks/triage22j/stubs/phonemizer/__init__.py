"""Stand-in package for phonemizer (Zonos's EspeakPhonemeConditioner; not on the checked paths)."""
