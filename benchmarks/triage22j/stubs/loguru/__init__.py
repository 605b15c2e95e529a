"""Stand-in for loguru (fish-speech logs with `from loguru import logger`)."""
import logging

logger = logging.getLogger("loguru-standin")
