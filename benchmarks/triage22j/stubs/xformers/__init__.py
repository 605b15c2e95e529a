"""Stand-in package for xformers (CogVLM's EVA-CLIP imports xformers.ops; the checked attention uses xattn=False)."""
