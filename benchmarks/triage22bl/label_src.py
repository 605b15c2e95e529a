"""Write benchmarks/triage22bl/labels.json (round bl; 60 rows drawn with seed 20311000 from the 251 shown findings of
twelve libraries, linter 43c3372).

Standard of rounds x-bk (see triage22bk/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called); C when true only under a non-default option; false with a cause letter
otherwise. The offloaded object is the nn.Module a user holds: a MeloTTS `TTS(...).model` (SynthesizerTrn), a
laion_clap CLAP_Module / CLAP, a user's model built with Liger-Kernel's exported modules (LigerMLP), an nncf-compressed
user model. lmdeploy's PyTorch-engine models (lmdeploy/pytorch/models, nn/): built by the engine's model agent
(engine/model_agent/agent.py:1199 `build_patched_model`, :1202 `load_model_weights`, :1376 `update_weights`), run with
its paged KV cache / CUDA graphs / tensor parallelism; the user holds a `pipeline(...)` (lmdeploy/api.py:15), never
the module: AL (round be / bg / bi / bk's reading of robomimic's algo-built networks). xtuner v1's models: built by its
TrainEngine (engine/train_engine.py:174 `self.model_cfg.build()`) and driven by the Trainer with FSDP: AL. Benchmark
and research scripts that build and time their own module (liger benchmark/scripts, setfit scripts/adapet): AL.
MeloTTS' discriminators are built and driven by train.py (:116 / :144): AL (round bj's reading of SimpleTuner's
distillation discriminators). The torch fact is stated where it was checked.

Letters, all earlier rounds': AL a module the library builds and drives inside its own flow / training-side work;
AB code nothing in the library calls (api: a public method, true on the second reading); P the value meets no device
tensor; Y the only meeting is a 0-dim CPU tensor combined with device tensors, which torch allows; BB code reached
only under an option nothing sets. No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear / Embedding (subclasses included) on its own forward and groups every other parameter / "
      "buffer on its closest owning module's forward; the hooks replace the instance's `forward`.) ")

LMD = ("lmdeploy's PyTorch engine builds this model itself (engine/model_agent/agent.py:1199 build_patched_model, :1202 "
       "load_model_weights, :1376-:1377 update_weights) and drives it with its own KV cache, CUDA graphs and tensor "
       "parallelism; a user holds a pipeline (api.py:15), never the module, and nobody offloads it (AL). ")

XTV1 = ("xtuner v1 builds its models inside TrainEngine (engine/train_engine.py:174 `self.model_cfg.build()`) and drives "
        "them with FSDP from its Trainer (train/trainer.py:1164); the user holds a config (AL). ")

MELO_D = ("melotts: the multi-period / scale discriminators are built by train.py (:144 MultiPeriodDiscriminator(...)"
          ".cuda(rank)) and driven by its GAN loop; the user holds `TTS(...).model`, a SynthesizerTrn without them (AL; "
          "the legacy weight_norm torch fact would hold at leaf level). ")

WN = ("torch.nn.utils.weight_norm (legacy, still the hook-based one in torch 2.13) registers a forward pre-hook that "
      "recomputes `weight` from weight_g / weight_v; diffusers' leaf hook lives in the replaced forward, which runs after "
      "the pre-hooks, so the recomputed `weight` is made from the offloaded (CPU) g / v and meets the compute-device input "
      "(the same reading as round bk row 41, tsl). ")

CLAPW = ("laion_clap: CLAP_Module (hook.py:152 / :189 / :215, the README's get_audio_embedding_from_data / "
         "get_text_embedding API) calls `self.model.get_audio_embedding` / `get_text_embedding`, which take `device = "
         "next(self.parameters()).device` (the offload device), move the inputs there and run the audio / text "
         "branches outside CLAP.forward; at block level those branches (non-list children) sit in the root's unmatched "
         "group, never onloaded here, so the whole embedding silently runs on the offload device (round bk rows 18 / "
         "49 / 56's reading of scGPT encode_batch). ")

R = {
 1: ('lmdeploy/lmdeploy/pytorch/models/qwen3_vl.py', 573, 'OFL102', 'get_input_embeddings()', F("AL", LMD + "lmdeploy/pytorch/models/qwen3_vl.py:573 prepare_inputs_for_generation, called by the engine's model agent to build the step inputs (engine/model_agent), not by a user.")),
 2: ('lmdeploy/lmdeploy/pytorch/nn/linear/awq.py', 163, 'OFL101', 'scales', F("AL", LMD + "lmdeploy/pytorch/nn/linear/awq.py:163 AwqLinear.update_weights: a post-load weight conversion the engine runs once after load_model_weights (agent.py:1376-:1377 `mod.update_weights()`); a loading step before any run.")),
 3: ('lmdeploy/lmdeploy/pytorch/models/qwen2_vl.py', 695, 'OFL102', 'visual.rot_pos_emb', F("AL", LMD + "lmdeploy/pytorch/models/qwen2_vl.py:695 prepare_inputs_for_generation (engine step-input building), as row 1.")),
 4: ('lmdeploy/lmdeploy/pytorch/nn/moe/blocked_fp8.py', 239, 'OFL104', 'gate_up.weight', F("AL", LMD + "lmdeploy/pytorch/nn/moe/blocked_fp8.py:239 update_weights: post-load conversion run by the agent (agent.py:1376), as row 2.")),
 5: ('lmdeploy/lmdeploy/pytorch/models/qwen3_5.py', 1157, 'OFL102', 'get_input_embeddings()', F("AL", LMD + "lmdeploy/pytorch/models/qwen3_5.py:1157 prepare_inputs_for_generation, as row 1.")),
 6: ('lmdeploy/lmdeploy/pytorch/nn/linear/static_fp8.py', 211, 'OFL101', 'weight_scale', F("AL", LMD + "lmdeploy/pytorch/nn/linear/static_fp8.py:211 update_weights, as row 2.")),
 7: ('lmdeploy/lmdeploy/pytorch/nn/moe/w8a8.py', 159, 'OFL104', 'gate_up.weight', F("AL", LMD + "lmdeploy/pytorch/nn/moe/w8a8.py:159 FusedMoEW8A8.gemm hands `gate_up.weight` to a fused kernel (the torch fact holds on a user-held module at leaf level: LinearWeights has no forward), reached from the engine-driven forward.")),
 8: ('lmdeploy/lmdeploy/pytorch/models/glm_moe_dsa.py', 123, 'OFL104', 'k_norm.weight', F("AL", LMD + "lmdeploy/pytorch/models/glm_moe_dsa.py:123 the indexer's forward hands `k_norm.weight` to a fused kernel without calling k_norm (torch fact right at leaf level), engine-driven.")),
 9: ('nncf/src/nncf/torch/quantization/layers.py', 1051, 'OFL101', 'lora_A', F("P", "nncf src/nncf/torch/quantization/layers.py:1051 get_adapters returns the LoRA Parameters themselves; the QAT examples collect them into the optimizer (examples/llm_compression/torch/distillation_qat_with_lora/main.py:168, downstream_qat_with_nls/main.py:82): no compute, the value meets no device tensor.")),
 10: ('lmdeploy/lmdeploy/pytorch/models/internvl.py', 816, 'OFL102', 'get_input_embeddings()', F("AL", LMD + "lmdeploy/pytorch/models/internvl.py:816 prepare_inputs_for_generation, as row 1.")),
 11: ('lmdeploy/lmdeploy/pytorch/nn/moe/v4_fp4.py', 280, 'OFL104', 'gate_up.weight', F("AL", LMD + "lmdeploy/pytorch/nn/moe/v4_fp4.py:280 hands `gate_up.weight` to the fused MoE impl (torch fact right at leaf level), engine-driven.")),
 12: ('xtuner/xtuner/v1/float8/float8_gmm_tile_wise.py', 398, 'OFL105', 'weight', F("AL", XTV1 + "xtuner/v1/float8/float8_gmm_tile_wise.py:398 pad_for_fsdp, called only by Float8Handler.pad_for_fsdp (float8_handler.py:136) from Dense / MoE fully_shard (dense.py:197, moe.py:1165): FSDP setup that allocates the padded weight, before any run.")),
 13: ('lmdeploy/lmdeploy/pytorch/models/internvl3_hf.py', 220, 'OFL104', 'q_norm.weight', F("AL", LMD + "lmdeploy/pytorch/models/internvl3_hf.py:220 post_rms_norm hands `q_norm.weight` / `k_norm.weight` to a kernel without calling the norms, only on the tp > 1 branch of qkv_norm (:229-:238); recall hazard H1, the torch fact right at leaf level; engine-driven.")),
 14: ('melotts/melo/models.py', 641, 'OFL204', 'conv_post', F("AL", MELO_D + "melo/models.py:641 DiscriminatorS.")),
 15: ('melotts/melo/models.py', 603, 'OFL204', 'conv_post', F("AL", MELO_D + "melo/models.py:603 DiscriminatorP.")),
 16: ('liger/src/liger_kernel/transformers/mlp.py', 20, 'OFL103', 'gate_proj.weight', T("leaf", GO + "liger src/liger_kernel/transformers/mlp.py:20 LigerMLP.forward (exported, liger_kernel.transformers.__init__:19 / :205) hands `self.gate_proj.weight`, `self.up_proj.weight`, `self.down_proj.weight` to LigerMLPFunction without calling the Linears; at leaf level each Linear is hooked on its own forward, never run, so `gate_proj.weight` stays on the offload device while the compute-device `x` meets it.")),
 17: ('lmdeploy/lmdeploy/pytorch/nn/moe/blocked_fp8.py', 332, 'OFL104', 'down.weight_scale_inv', F("AL", LMD + "lmdeploy/pytorch/nn/moe/blocked_fp8.py:332 gemm hands `down.weight_scale_inv` to fusedmoe_forward (torch fact right at leaf level), engine-driven.")),
 18: ('xtuner/xtuner/v1/module/attention/mha.py', 221, 'OFL102', 'q_norm', F("AL", XTV1 + "xtuner/v1/module/attention/mha.py:221 MultiHeadAttention.prefilling, reached only from the decoder layers' prefilling (dense_decoder_layer.py:147, moe_decoder_layer.py:649), xtuner's own rollout / generation path.")),
 19: ('liger/benchmark/scripts/benchmark_tiled_mlp.py', 143, 'OFL103', 'mlp.down_proj.weight', F("AL", "liger benchmark/scripts/benchmark_tiled_mlp.py:143: a benchmark script that builds its own wrapper module and times it (the torch fact right at leaf level: the Linear's weight is handed to the kernel without calling the Linear); nobody offloads it.")),
 20: ('lmdeploy/lmdeploy/pytorch/models/deepseek_v4.py', 815, 'OFL101', 'hc_head_fn', F("AL", LMD + "lmdeploy/pytorch/models/deepseek_v4.py:815 _hc_head, reached from get_logits, which the engine's model agent calls after forward (not a user).")),
 21: ('lmdeploy/lmdeploy/pytorch/models/internvl.py', 77, 'OFL204', 'attn2', F("AL", LMD + "lmdeploy/pytorch/models/internvl.py:77 an nn.MultiheadAttention in the engine's InternVL vision model (the out_proj torch fact holds at leaf level on a user-held module).")),
 22: ('lmdeploy/lmdeploy/pytorch/models/deepseek_v2.py', 926, 'OFL102', 'mlp.gate', F("AL", LMD + "lmdeploy/pytorch/models/deepseek_v2.py:926 DeepseekV2DecoderLayer.forward_yield, the two-micro-batch overlap path the engine's model runs (:1112) under its own enable_microbatch option.")),
 23: ('lmdeploy/lmdeploy/pytorch/nn/linear/static_fp8.py', 212, 'OFL101', 'bias', F("AL", LMD + "lmdeploy/pytorch/nn/linear/static_fp8.py:212 update_weights, as row 2.")),
 24: ('melotts/melo/modules.py', 262, 'OFL204', 'convs2', T("leaf", GO + WN + "melotts melo/modules.py:262 ResBlock1.convs2: the HiFi-GAN generator's residual blocks (models.py:489, resblock \"1\" in configs/config.json:52), in the SynthesizerTrn that melo/api.py:42 builds as `TTS(...).model` and runs in tts_to_file; nothing calls remove_weight_norm on the inference path.")),
 25: ('lmdeploy/lmdeploy/pytorch/models/deepseek_v2.py', 907, 'OFL102', 'input_layernorm', F("AL", LMD + "lmdeploy/pytorch/models/deepseek_v2.py:907 forward_yield, as row 22.")),
 26: ('lmdeploy/lmdeploy/pytorch/models/gpt_oss.py', 491, 'OFL102', 'get_input_embeddings()', F("AL", LMD + "lmdeploy/pytorch/models/gpt_oss.py:491 prepare_inputs_for_generation, as row 1.")),
 27: ('lmdeploy/lmdeploy/pytorch/models/sdar_moe.py', 415, 'OFL103', 'model.embed_tokens.weight', F("AL", LMD + "lmdeploy/pytorch/models/sdar_moe.py:415 update_weights ties / copies `embed_tokens.weight` at load time (agent.py:1376), as row 2.")),
 28: ('lmdeploy/lmdeploy/pytorch/nn/linear/blocked_fp8.py', 147, 'OFL101', 'weight', F("AL", LMD + "lmdeploy/pytorch/nn/linear/blocked_fp8.py:147 update_weights, as row 2.")),
 29: ('lmdeploy/lmdeploy/pytorch/models/phi3.py', 339, 'OFL102', 'get_input_embeddings()', F("AL", LMD + "lmdeploy/pytorch/models/phi3.py:339 prepare_inputs_for_generation, as row 1.")),
 30: ('lmdeploy/lmdeploy/pytorch/models/deepseek_v2.py', 948, 'OFL102', 'mlp.shared_experts', F("AL", LMD + "lmdeploy/pytorch/models/deepseek_v2.py:948 forward_yield, as row 22.")),
 31: ('lmdeploy/lmdeploy/pytorch/models/qwen3_5.py', 261, 'OFL105', 'pos_embed.weight', F("AL", LMD + "lmdeploy/pytorch/models/qwen3_5.py:261 fast_pos_embed_interpolate places index / weight tensors with `pos_embed.weight.device` (the torch fact as row 55 at leaf level), engine-driven.")),
 32: ('setfit/scripts/adapet/ADAPET/src/adapet.py', 76, 'OFL102', 'mask_idx_lkup', F("AL", "setfit scripts/adapet/ADAPET/src/adapet.py:76 the ADAPET research script (not in the pip package) builds its own `adapet` module and drives it in its own train / eval scripts (adapet_test_eval.py:24).")),
 33: ('lmdeploy/lmdeploy/pytorch/models/qwen3_omni_moe_thinker.py', 671, 'OFL102', 'visual.fast_pos_embed_interpolate', F("AL", LMD + "lmdeploy/pytorch/models/qwen3_omni_moe_thinker.py:671 prepare_inputs_for_generation, as row 1.")),
 34: ('xtuner/xtuner/v1/float8/float8_linear_tensor_wise.py', 209, 'OFL105', 'weight', F("AL", XTV1 + "xtuner/v1/float8/float8_linear_tensor_wise.py:209 pad_for_fsdp, as row 12.")),
 35: ('liger/src/liger_kernel/transformers/mlp.py', 20, 'OFL103', 'down_proj.weight', T("leaf", GO + "liger src/liger_kernel/transformers/mlp.py:20 LigerMLP.forward (exported, liger_kernel.transformers.__init__:19 / :205) hands `self.gate_proj.weight`, `self.up_proj.weight`, `self.down_proj.weight` to LigerMLPFunction without calling the Linears; at leaf level each Linear is hooked on its own forward, never run, so `down_proj.weight` stays on the offload device while the compute-device `x` meets it.")),
 36: ('liger/benchmark/scripts/benchmark_kto_loss.py', 82, 'OFL103', 'lin.weight', F("AL", "liger benchmark/scripts/benchmark_kto_loss.py:82: a benchmark script that builds its own wrapper module and times it (the torch fact right at leaf level: the Linear's weight is handed to the kernel without calling the Linear); nobody offloads it.")),
 37: ('nncf/src/nncf/torch/function_hook/pruning/rb/modules.py', 80, 'OFL101', 'mask', F("Y", "nncf src/nncf/torch/function_hook/pruning/rb/modules.py:80 RBPruningMask.loss computes binary_mask(self.mask) from the mask alone (on its own device), and its only caller RBLoss.forward (rb/losses.py:63-:65) moves each sum to the CPU (`sw_loss.sum().cpu()`) and returns a 0-dim CPU tensor that the training loop adds to the device task loss, which torch allows.")),
 38: ('xtuner/xtuner/tools/model_converters/modeling_internlm2_reward/modeling_internlm2.py', 1354, 'OFL105', 'device', F("AB", "xtuner tools/model_converters/modeling_internlm2_reward/modeling_internlm2.py:1354 InternLM2ForCausalLM.chat (a copy of InternLM2 remote code kept for the reward-model converter): nothing in xtuner calls chat / stream_chat (xtuner/tools/chat.py drives its own chatbot); on the second reading `inputs.to(self.device)` puts the prompt on the offload device before generate, whose new tokens come from the compute device (true).", api=True)),
 39: ('lmdeploy/lmdeploy/pytorch/nn/linear/default.py', 115, 'OFL101', 'weight', F("AL", LMD + "lmdeploy/pytorch/nn/linear/default.py:115 BaseLinear.update_weights, as row 2.")),
 40: ('lmdeploy/lmdeploy/pytorch/nn/moe/static_fp8.py', 366, 'OFL104', 'gate_up.weight', F("AL", LMD + "lmdeploy/pytorch/nn/moe/static_fp8.py:366 gemm hands `gate_up.weight` to the fused impl, as row 7.")),
 41: ('lmdeploy/lmdeploy/pytorch/models/internvl.py', 279, 'OFL104', 'k_norm.weight', F("AL", LMD + "lmdeploy/pytorch/models/internvl.py:279 post_rms_norm (tp > 1 branch), as row 13.")),
 42: ('melotts/melo/modules.py', 226, 'OFL204', 'convs1', T("leaf", GO + WN + "melotts melo/modules.py:226 ResBlock1.convs1: the HiFi-GAN generator's residual blocks (models.py:489, resblock \"1\" in configs/config.json:52), in the SynthesizerTrn that melo/api.py:42 builds as `TTS(...).model` and runs in tts_to_file; nothing calls remove_weight_norm on the inference path.")),
 43: ('clap/src/laion_clap/clap_module/model.py', 734, 'OFL105', 'next(self.parameters())', T("block", GO + CLAPW + "clap_module/model.py:734 CLAP.get_audio_embedding.")),
 44: ('lmdeploy/lmdeploy/pytorch/nn/moe/static_fp8.py', 368, 'OFL104', 'gate_up.input_scale', F("AL", LMD + "lmdeploy/pytorch/nn/moe/static_fp8.py:368 `gate_up.input_scale`, as row 40.")),
 45: ('lmdeploy/lmdeploy/pytorch/nn/moe/default.py', 15, 'OFL205', '', F("AL", LMD + "lmdeploy/pytorch/nn/moe/default.py:15 LinearWeights (no forward; weights handed to the fused MoE kernels by the owner's forward; update_weight is a load-time step), engine-driven.")),
 46: ('lmdeploy/lmdeploy/pytorch/models/siglip.py', 267, 'OFL204', 'attention', F("AL", LMD + "lmdeploy/pytorch/models/siglip.py:267 nn.MultiheadAttention in the engine's SigLIP pooling head, as row 21.")),
 47: ('melotts/melo/models.py', 697, 'OFL204', 'convs', F("BB", "melotts melo/models.py:697 ReferenceEncoder is built only when n_speakers == 0 (models.py:881-:884); configs/config.json:35 sets n_speakers 256 and api.py:46 passes hps.data.n_speakers of the released checkpoints, so no MeloTTS model holds one (the weight_norm torch fact would hold at leaf level).")),
 48: ('liger/benchmark/scripts/benchmark_fused_linear_jsd.py', 110, 'OFL103', 'student_lin.weight', F("AL", "liger benchmark/scripts/benchmark_fused_linear_jsd.py:110: a benchmark script that builds its own wrapper module and times it (the torch fact right at leaf level: the Linear's weight is handed to the kernel without calling the Linear); nobody offloads it.")),
 49: ('lmdeploy/lmdeploy/pytorch/nn/moe/v4_fp4.py', 282, 'OFL104', 'down.weight', F("AL", LMD + "lmdeploy/pytorch/nn/moe/v4_fp4.py:282 `down.weight`, as row 11.")),
 50: ('clap/src/laion_clap/clap_module/model.py', 712, 'OFL105', 'next(self.parameters())', T("block", GO + CLAPW + "clap_module/model.py:712 CLAP.get_text_embedding.")),
 51: ('melotts/melo/models.py', 556, 'OFL204', 'convs', F("AL", MELO_D + "melo/models.py:556 DiscriminatorP.")),
 52: ('lmdeploy/lmdeploy/pytorch/models/llama.py', 344, 'OFL103', 'model.embed_tokens.weight', F("AL", LMD + "lmdeploy/pytorch/models/llama.py:344 update_weights ties lm_head to `embed_tokens.weight` at load time, as row 27.")),
 53: ('liger/benchmark/scripts/benchmark_fused_linear_jsd.py', 112, 'OFL103', 'teacher_lin.weight', F("AL", "liger benchmark/scripts/benchmark_fused_linear_jsd.py:112: a benchmark script that builds its own wrapper module and times it (the torch fact right at leaf level: the Linear's weight is handed to the kernel without calling the Linear); nobody offloads it.")),
 54: ('lmdeploy/lmdeploy/pytorch/models/llava.py', 91, 'OFL103', 'position_embedding.weight', F("AL", LMD + "lmdeploy/pytorch/models/llava.py:91 interpolate_pos_encoding reads `position_embedding.weight` without calling it (torch fact right at leaf level), engine-driven vision tower.")),
 55: ('xtuner/xtuner/v1/model/compose/qwen3_vl/modeling_vision.py', 380, 'OFL105', 'pos_embed.weight', F("AL", XTV1 + "xtuner/v1/model/compose/qwen3_vl/modeling_vision.py:380 fast_pos_embed_interpolate places the bilinear weights with `pos_embed.weight.device` and multiplies them into `self.pos_embed(indices)` (:418-:420): torch fact right at leaf level (the Embedding's hook onloads and moves the indices, the CPU weights then meet the device embeds), on the Trainer-built vision model.")),
 56: ('lmdeploy/lmdeploy/pytorch/nn/moe/blocked_fp8.py', 17, 'OFL205', '', F("AL", LMD + "lmdeploy/pytorch/nn/moe/blocked_fp8.py:17 LinearWeightsBlockedF8, as row 45.")),
 57: ('lmdeploy/lmdeploy/pytorch/spec_decode/proposers/base.py', 146, 'OFL201', 'target_model.get_input_embeddings()', F("AL", LMD + "lmdeploy/pytorch/spec_decode/proposers/base.py:146 the speculative-decoding proposer (built by the engine's spec agent) embeds ids with the target model's input embedding.")),
 58: ('lmdeploy/lmdeploy/pytorch/nn/moe/w8a8.py', 12, 'OFL205', '', F("AL", LMD + "lmdeploy/pytorch/nn/moe/w8a8.py:12 LinearWeightsW8A8, as row 45.")),
 59: ('lmdeploy/lmdeploy/pytorch/nn/moe/static_fp8.py', 17, 'OFL205', '', F("AL", LMD + "lmdeploy/pytorch/nn/moe/static_fp8.py:17 LinearWeightsStaticF8, as row 45.")),
 60: ('lmdeploy/lmdeploy/pytorch/nn/moe/v4_fp4.py', 14, 'OFL205', '', F("AL", LMD + "lmdeploy/pytorch/nn/moe/v4_fp4.py:14 V4ExpertWeights, as row 45.")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp62/"))
