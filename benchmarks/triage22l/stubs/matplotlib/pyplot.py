"""Stand-in for matplotlib.pyplot (imports only)."""
