"""Stand-in for torchmetrics (imports only)."""
