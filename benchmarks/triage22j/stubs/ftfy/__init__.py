"""Stand-in: ImageBind's tokenizer imports ftfy (text cleaning, not on the checked paths)."""

def fix_text(text):
    return text
