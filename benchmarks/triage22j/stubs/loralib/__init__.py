"""Stand-in for loralib: fish-speech's lora.py imports it; only `setup_lora` (a LoRA config, not set on the checked
paths) uses it."""
