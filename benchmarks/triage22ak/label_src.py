"""Write benchmarks/triage22ak/labels.json (round ak; all 4 drawn rows: the whole pool).

Standard of rounds x-aj for a library: true when the hazard is real at (at least one of) the claimed level(s) for a
user who loads the model with from_pretrained, applies diffusers' apply_group_offloading to the model they hold and
calls its public methods and generate() as transformers' docs and generation/utils.py do; C when true only under a
non-default option; false with a cause letter otherwise. No new cause letter was needed (JA reserved, unused).
Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402,F401

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

GEN_MM = ("generate() (generation/utils.py:2911 -> _maybe_prepare_encoder_kwargs_for_generation :965 -> "
          "_prepare_multimodal_encoder_kwargs_for_generation :1034) calls getattr(self.base_model, "
          "'get_image_features')(pixel_values=..., return_dict=True) (:1044-1061) before the first forward, whenever "
          "the model's forward accepts mm_encoder_outputs (:2349-2354) and input_modalities names 'image'. ")
BLOCK_ROOT = ("At block level the *ForConditionalGeneration/*ForCausalLM root's direct children (`model`, `lm_head`) "
              "are no ModuleList/Sequential, so every weight sits in the root's unmatched group, onloaded only while "
              "the root's forward runs (diffusers 0.42.1 hooks/group_offloading.py, block level); with the bare "
              "model as the root the same holds for its own children. ")

L = {
    1: T("block", BLOCK_ROOT + "This row: qianfan_ocr/modeling_qianfan_ocr.py:743 "
         "QianfanOCRForConditionalGeneration.get_image_features, a public method (documented, @auto_docstring; "
         "the policy of docs/triage-transformers.md: a top-level model's get_image_features is called by users "
         "directly) that calls self.model.get_image_features -> self.vision_tower(pixel_values=...) (:565) and "
         "self.multi_modal_projector (:588) outside the root's forward: the vision tower's weights are on the "
         "offload device when device pixel_values reach its patch embedding. (generate() takes the base model's "
         "method, row 2.)"),
    2: T("block", GEN_MM + BLOCK_ROOT + "QianfanOCRForConditionalGeneration.forward has mm_encoder_outputs "
         "(:766) and QianfanOCRPreTrainedModel.input_modalities = ('image', 'text') (:496), so "
         "model.generate(**inputs) with pixel_values -- the docstring's own example (:776-789) -- runs this row's "
         "qianfan_ocr/modeling_qianfan_ocr.py:565 QianfanOCRModel.get_image_features, self.vision_tower(...) and "
         "self.multi_modal_projector(...) (:588) outside every forward: the vision tower's weights are offloaded "
         "when the device pixel_values reach it."),
    3: T("block", BLOCK_ROOT.replace("*ForConditionalGeneration/*ForCausalLM root's direct children (`model`, "
         "`lm_head`)", "ParakeetForRNNT root's direct children (encoder, encoder_projector, decoder, joint)")
         + "ParakeetForRNNT.generate() (models/parakeet/generation_parakeet.py: ParakeetRNNTGenerationMixin."
         "generate :253 -> GenerationMixin.generate :2838 -> the overridden _prepare_model_inputs :193, :203) calls "
         "self.get_audio_features(input_features=inputs, ...) before any forward, and get_audio_features runs "
         "self.encoder (an AutoModel ParakeetEncoder) and self.encoder_projector: both in the root's unmatched "
         "group, on the offload device while device input_features reach them. This row is the modular template "
         "parakeet/modular_parakeet.py:769 (the fix goes there, issue 22 item 1); the generated twin "
         "modeling_parakeet.py:922/:927 is named as related. Message defect (label unchanged): the path names "
         "'adjust_generation_fn()' (generation/utils.py:532, a loader of generation configs that calls no "
         "model code); the real path is generate() -> _prepare_model_inputs."),
    4: T("block", GEN_MM + BLOCK_ROOT + "FuyuForCausalLM.forward has mm_encoder_outputs (:232) and "
         "FuyuPreTrainedModel.input_modalities = ('image', 'text') (:37), so FuyuForCausalLM.generate(...) with "
         "pixel_values runs this row's fuyu/modeling_fuyu.py:118 FuyuModel.get_image_features -> "
         "self.vision_embed_tokens(pixel_values) (an nn.Linear; a block-level non-block child) outside every "
         "forward: its weight is on the offload device. (At leaf level the Linear is its own hooked group: not "
         "claimed.)"),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
