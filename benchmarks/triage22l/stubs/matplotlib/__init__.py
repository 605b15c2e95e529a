"""Stand-in for matplotlib (imports only: vall-e's visualizer)."""
