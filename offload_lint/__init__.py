"""offload-lint: find the weights that offloading hooks cannot see.

Static pipeline: discover -> parse -> index -> analyze -> rules -> report.
Runtime pipeline (``offload_lint.confirm``, needs torch): build -> offload -> trigger -> observe -> join.
"""

__version__ = "0.1.0"
