"""Stand-in (imports only): MiniGPT-4 eva_vit.py / dist_utils.py import timm helpers."""
