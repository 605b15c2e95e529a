"""Step 1 of the real-path relabel: every reference to the row's method in its file, and every call of the
attribute(s) that hold the row's class in the model, with the function each sits in (ast). A reference outside
``forward`` (or a method only ``forward`` reaches) is another real path.

    cd /tmp && PYTHONPATH=/work/wt-relabel-o:/tmp/pkgs/extra python .../runs_o_path/callers.py
"""

import ast
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pathrun  # noqa: E402

pathrun._prepare_path()

# (module, class, method, holder attributes: how the model reaches an instance of the class)
SITES = [
    ("transformers.models.vit_mae.modeling_vit_mae", "ViTMAEEmbeddings", "interpolate_pos_encoding", ["embeddings"]),
    ("transformers.models.vit_mae.modeling_vit_mae", "ViTMAEDecoder", "interpolate_pos_encoding", ["decoder"]),
    ("transformers.models.dinov2_with_registers.modeling_dinov2_with_registers", "Dinov2WithRegistersEmbeddings",
     "interpolate_pos_encoding", ["embeddings"]),
    ("transformers.models.vit_msn.modeling_vit_msn", "ViTMSNEmbeddings", "interpolate_pos_encoding", ["embeddings"]),
    ("transformers.models.videoprism.modeling_videoprism", "VideoPrismSpatialEmbeddings", "interpolate_pos_encoding",
     ["spatial_embeddings"]),
    ("transformers.models.videoprism.modeling_videoprism", "VideoPrismTemporalEmbeddings", "interpolate_pos_encoding",
     ["temporal_embeddings"]),
    ("transformers.models.qianfan_ocr.modeling_qianfan_ocr", "QianfanOCRVisionEmbeddings", "interpolate_pos_encoding",
     ["embeddings"]),
    ("transformers.models.funnel.modeling_funnel", "FunnelRelMultiheadAttention", "relative_positional_attention",
     ["attention"]),
    ("transformers.models.rwkv.modeling_rwkv", "RwkvSelfAttention", "extract_key_value", ["attention"]),
    ("timm.models.mobilevit", "LinearSelfAttention", "_forward_cross_attn", ["attn"]),
    ("transformers.models.sam2_video.modeling_sam2_video", "Sam2VideoPromptEncoder", "_embed_boxes", ["prompt_encoder"]),
    ("transformers.models.sam_hq.modeling_sam_hq", "SamHQPromptEncoder", "_embed_boxes", ["prompt_encoder"]),
    ("transformers.models.sam_hq.modeling_sam_hq", "SamHQPromptEncoder", "_embed_points", ["prompt_encoder"]),
    ("transformers.models.edgetam.modeling_edgetam", "EdgeTamPromptEncoder", "_embed_boxes", ["prompt_encoder"]),
    ("transformers.models.sam3_tracker_video.modeling_sam3_tracker_video", "Sam3TrackerVideoPromptEncoder",
     "_embed_boxes", ["prompt_encoder"]),
    ("transformers.models.sew_d.modeling_sew_d", "SEWDTransformerEncoder", "get_rel_embedding", ["encoder"]),
    ("transformers.models.xlm_roberta.modeling_xlm_roberta", "XLMRobertaLayer", "feed_forward_chunk", ["layer"]),
    ("transformers.models.axk1.modeling_axk1", "AXK1Attention", "expand_kv", ["self_attn"]),
]


def enclosing(tree):
    """node -> 'Class.function' for every node."""
    where = {}

    def visit(node, cls, fn):
        for child in ast.iter_child_nodes(node):
            c, f = cls, fn
            if isinstance(child, ast.ClassDef):
                c, f = child.name, None
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                f = child.name if fn is None else f"{fn}.{child.name}"
            where[child] = f"{c}.{f}"
            visit(child, c, f)
    visit(tree, None, None)
    return where


def main():
    for module_name, cls, method, holders in SITES:
        module = importlib.import_module(module_name)
        path = module.__file__
        tree = ast.parse(Path(path).read_text())
        where = enclosing(tree)
        refs, calls = [], []
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == method:
                refs.append(f"{node.lineno} {where.get(node)}")
            if isinstance(node, ast.Call):
                func = node.func
                # self.<holder>(...), self.<holder>[i](...), or `for layer in self.<holder>: layer(...)` is not seen
                base = func.value if isinstance(func, ast.Subscript) else func
                if isinstance(base, ast.Attribute) and base.attr in holders:
                    calls.append(f"{node.lineno} {where.get(node)}")
        print(f"{Path(path).name} {cls}.{method}")
        print(f"    references to .{method}: {', '.join(refs) or 'none'}")
        print(f"    calls of self.{'/'.join(holders)}(...): {', '.join(calls) or 'none'}")


if __name__ == "__main__":
    main()
