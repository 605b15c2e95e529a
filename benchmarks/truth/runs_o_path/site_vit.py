"""Class-A rows on ViT-family ``interpolate_pos_encoding`` (vit_mae 220 / 501, dinov2_with_registers 106, vit_msn 104,
videoprism 175 / 237, qianfan_ocr 338): the model that holds the embeddings, its forward on an image (or video)
larger than the config's, so the interpolation runs (pathrun.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch  # noqa: E402
import pathrun  # noqa: E402


def loaded_like(model):
    for p in model.parameters():
        if p.is_floating_point():
            torch.nn.init.normal_(p, std=0.2)
    return model


def mod(name):
    import importlib
    return importlib.import_module(f"transformers.models.{name}.modeling_{name}")


vit_mae = mod("vit_mae")
dinov2r = mod("dinov2_with_registers")
vit_msn = mod("vit_msn")
videoprism = mod("videoprism")
qianfan = mod("qianfan_ocr")


def mae():
    from transformers import ViTMAEConfig
    config = ViTMAEConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37,
                          image_size=16, patch_size=4, decoder_hidden_size=32, decoder_num_hidden_layers=1,
                          decoder_num_attention_heads=2, decoder_intermediate_size=37, mask_ratio=0.5)
    return loaded_like(vit_mae.ViTMAEForPreTraining(config))


def mae_inputs():
    # 24x24 pixels with patch 4: 36 patches against the config's 16: both embeddings interpolate
    return (), {"pixel_values": torch.randn(1, 3, 24, 24), "noise": torch.rand(1, 36), "interpolate_pos_encoding": True}


def dinov2r_model():
    from transformers import Dinov2WithRegistersConfig
    config = Dinov2WithRegistersConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37,
                                       image_size=16, patch_size=4, num_register_tokens=2)
    return loaded_like(dinov2r.Dinov2WithRegistersModel(config))


def msn_model():
    from transformers import ViTMSNConfig
    config = ViTMSNConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37,
                          image_size=16, patch_size=4)
    return loaded_like(vit_msn.ViTMSNModel(config))


def videoprism_model():
    from transformers.models.videoprism.configuration_videoprism import VideoPrismVisionConfig
    config = VideoPrismVisionConfig(image_size=8, num_frames=2, tubelet_size=[1, 4, 4], hidden_size=32,
                                    num_attention_heads=2, intermediate_size=37, num_spatial_layers=1,
                                    num_temporal_layers=1, num_auxiliary_layers=1)
    return loaded_like(videoprism.VideoPrismVisionModel(config))


def videoprism_inputs():
    # 3 frames of 12x12 against the config's 2 of 8x8: spatial and temporal embeddings both interpolate
    return (), {"pixel_values_videos": torch.randn(1, 3, 3, 12, 12), "interpolate_pos_encoding": True}


def qianfan_model():
    from transformers.models.qianfan_ocr.configuration_qianfan_ocr import QianfanOCRVisionConfig
    config = QianfanOCRVisionConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37,
                                    image_size=16, patch_size=4, drop_path_rate=0.0)
    return loaded_like(qianfan.QianfanOCRVisionModel(config))


def image_inputs(size=24):
    return lambda: ((), {"pixel_values": torch.randn(1, 3, size, size)})


def image_inputs_interp(size=24):
    return lambda: ((), {"pixel_values": torch.randn(1, 3, size, size), "interpolate_pos_encoding": True})


SITES = [
    dict(name="vit_mae_220", file=vit_mae.__file__, line=220, cls=vit_mae.ViTMAEEmbeddings,
         method="interpolate_pos_encoding", probe="position_embeddings", build=mae, inputs=mae_inputs,
         rows={"accelerate-sequential": "o46", "model-cpu-offload": "o47", "fsdp2": "o48", "zero3": "o49"}),
    dict(name="vit_mae_501", file=vit_mae.__file__, line=501, cls=vit_mae.ViTMAEDecoder,
         method="interpolate_pos_encoding", probe="decoder_pos_embed", build=mae, inputs=mae_inputs,
         rows={"accelerate-sequential": "o82", "fsdp2": "o84", "zero3": "o85"}),
    dict(name="dinov2_with_registers_106", file=dinov2r.__file__, line=106, cls=dinov2r.Dinov2WithRegistersEmbeddings,
         method="interpolate_pos_encoding", probe="position_embeddings", build=dinov2r_model, inputs=image_inputs(),
         rows={"accelerate-sequential": "o54", "model-cpu-offload": "o55", "fsdp2": "o56", "zero3": "o57"}),
    dict(name="vit_msn_104", file=vit_msn.__file__, line=104, cls=vit_msn.ViTMSNEmbeddings,
         method="interpolate_pos_encoding", probe="position_embeddings", build=msn_model,
         inputs=image_inputs_interp(),
         rows={"accelerate-sequential": "o58", "model-cpu-offload": "o59", "fsdp2": "o60", "zero3": "o61"}),
    dict(name="videoprism_175", file=videoprism.__file__, line=175, cls=videoprism.VideoPrismSpatialEmbeddings,
         method="interpolate_pos_encoding", probe="position_embeddings", build=videoprism_model,
         inputs=videoprism_inputs,
         rows={"accelerate-sequential": "o62", "model-cpu-offload": "o63", "fsdp2": "o64", "zero3": "o65"}),
    dict(name="videoprism_237", file=videoprism.__file__, line=237, cls=videoprism.VideoPrismTemporalEmbeddings,
         method="interpolate_pos_encoding", probe="position_embeddings", build=videoprism_model,
         inputs=videoprism_inputs,
         rows={"accelerate-sequential": "o70", "model-cpu-offload": "o71", "fsdp2": "o72", "zero3": "o73"}),
    dict(name="qianfan_ocr_338", file=qianfan.__file__, line=338, cls=qianfan.QianfanOCRVisionEmbeddings,
         method="interpolate_pos_encoding", probe="position_embeddings", build=qianfan_model, inputs=image_inputs(),
         rows={"accelerate-sequential": "o78", "model-cpu-offload": "o79", "fsdp2": "o80", "zero3": "o81"}),
]

if __name__ == "__main__":
    pathrun.main(SITES, __file__)
