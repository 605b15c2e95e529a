"""Stand-in for simple_parsing (not installed): Serializable as a plain base class."""
