"""Index: what classes exist, what each module owns, who calls whom (built from ``ast``)."""
