"""Stand-in for timm.models.hub (imports only)."""
