"""The rules, one per file. Add a rule: write the module, list it here, write ``rules/OFLnnn.md``."""

from __future__ import annotations

from .base import ClassCheck, MethodCheck, Rule
from .block_internals import BlockInternals
from .child_parameter_read import ChildParameterRead
from .component_entry_point import ComponentEntryPoint
from .component_internals import ComponentInternals
from .leaf_weight_read import LeafWeightRead
from .offload_device_read import OffloadDeviceRead
from .root_parameter_outside_forward import RootParameterOutsideForward
from .self_reading_torch_module import SelfReadingTorchModule
from .stale_opt_out import StaleOptOut
from .unmatched_child_outside_forward import UnmatchedChildOutsideForward
from .weights_without_forward import WeightsWithoutForward

ALL_RULES: tuple[type[Rule], ...] = (
    RootParameterOutsideForward,
    UnmatchedChildOutsideForward,
    LeafWeightRead,
    ChildParameterRead,
    OffloadDeviceRead,
    ComponentInternals,
    ComponentEntryPoint,
    BlockInternals,
    SelfReadingTorchModule,
    WeightsWithoutForward,
    StaleOptOut,
)

# Diagnostics that are not rules: files the linter could not analyze.
PARSE_ERROR_CODE = "OFL000"
PARSE_ERROR_NAME = "file-not-analyzable"


def rules_by_code() -> dict[str, type[Rule]]:
    return {rule.code: rule for rule in ALL_RULES}


__all__ = ["ALL_RULES", "ClassCheck", "MethodCheck", "PARSE_ERROR_CODE", "PARSE_ERROR_NAME", "Rule", "rules_by_code"]
