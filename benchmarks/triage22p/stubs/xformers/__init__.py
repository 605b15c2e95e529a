"""Stand-in for xformers (not installed): only what mistral-inference's no-cache forward reaches."""
