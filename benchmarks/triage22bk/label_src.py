"""Write benchmarks/triage22bk/labels.json (round bk; 60 rows drawn with seed 20310000 from the 150 shown findings of
twelve libraries, linter 6a93f64).

Standard of rounds x-bi (see triage22bi/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
documented entry method counts as called; dgl's examples / tutorials count as library code, as earlier rounds counted
physicsnemo's examples); C when true only under a non-default option; false with a cause letter otherwise. The
offloaded object is the nn.Module a user holds: a dgl example / tutorial model (CAREGNN, DGLJTNNVAE, MVGRL, RGAT, GCMC,
NGCF, Graphormer, node2vec, TreeLSTM, OGC, GIN, GraphSAINT GCN), a terratorch model (TerraMind / TerraMindGeneration,
PrithviMAE, Clay), a scGPT TransformerModel / TransformerGenerator / MultiOmicTransformerModel, a tsl layer stack, a
user's model made of bayesian-torch layers. Robomimic's networks (built into `algo.nets` and driven by the Algo
classes that train.py / the rollout policy run) and dgl's DeepWalk / LINE SkipGramModel (built, placed by its own
`all_to_device` / `set_device` / `share_memory` and updated by hand by the plain-object trainer) are AL (round be / bg
/ bi's reading); the torch fact is stated where it was checked.

Letters, all earlier rounds': P the value meets no device tensor (every operand on the offload device, or no compute
at all); Y the only meeting is a 0-dim CPU tensor combined with device tensors, which torch allows; AL a module the
library builds and drives inside its own flow; AB code nothing in the library calls (api: a public method, true on the
second reading); BE a method reached only through a forward() of its class; AH a class built only as a child judged
as the root; C true only under a non-default option; BB code reached only under an option nothing sets, here (as
round ay used it) code that fails without offloading. No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear (subclasses included) on its own forward and groups every other parameter / buffer on "
      "its closest owning module's forward (a ParameterList / ParameterDict, or a module without forward, is never "
      "called); the hooks replace the instance's `forward`.) ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a NonDynamicallyQuantizableLinear, a Linear subclass, so a hooked leaf at leaf level): its "
       "weight stays on the offload device while the attention runs (torch/nn/modules/activation.py). ")

QUANT = ("bayesian-torch: `quantize()` is the one-time conversion step that models/bnn_to_qbnn.py:113 / :140 / :153 / "
         ":192 and models/bayesian/quantized_resnet_*_large.py:194 / :199 (quant_then_dequant) run right after building "
         "the quantized layer, on a model the example moves to the CPU first (examples/main_bayesian_cifar_dnn2bnn.py:"
         "571 `model.cpu()`; int8 quantized ops run on the CPU). Every operand derives from the parameter itself: "
         "get_scale_and_zero_point puts `scale` / `zero_point` on `x.device` (quantize_linear_variational.py:78-:79), "
         "so torch.quantize_per_tensor meets no compute-device tensor even on an offloaded model (P; a conversion step, "
         "AL on the other reading). ")

FLIP3 = ("bayesian-torch layers/flipout_layers/quantized_conv_flipout.py:529 QuantizedConv3dFlipout cannot be built: its "
         "__init__ calls `super(QuantizedConv3dFlipout).__init__(in_channels=..., ...)` (an unbound super with keyword "
         "arguments) and raises `TypeError: super() takes no keyword arguments` (run here: benchmarks/"
         "triage22bk_cases.py's docstring note); no instance exists to offload or quantize: code that fails without "
         "offloading (BB, round ay's use). ")

TERRA = ("terratorch terramind: TerraMind (model/terramind.py:107) holds the decoder embeddings in an nn.ModuleDict and "
         "calls their forward_embed / forward_logits (terramind.py:545 / :670); TerraMindGeneration "
         "(terramind_generation.py:179) drives generation through GenerationSampler (generate.py:416), which calls "
         "`self.model.forward_logits` / `decoder_embeddings[...].forward_embed` (generate.py:732 / :737 / :849) outside "
         "TerraMind.forward. ")

ROBO = ("robomimic: the networks are built into `self.nets` (an nn.ModuleDict) by the Algo classes "
        "(algo/diffusion_policy.py:74 / :83, algo/bc.py:382, algo/bcq.py:113) and driven by them in train_on_batch / "
        "get_action (scripts/train.py, the RolloutPolicy); the user holds a config / an Algo, no module (AL). ")

SKIP = ("dgl examples/pytorch/ogb/{deepwalk,line}: the trainer (a plain object) builds SkipGramModel, places it with its "
        "own all_to_device / set_device (deepwalk/model.py:269 / :285, line/model.py:223 / :233) and share_memory for "
        "Hogwild workers, and updates the embeddings by hand in fast_learn (deepwalk/model.py:304, line/model.py:311); "
        "nobody offloads it (AL). ")

SCGPT_ENC = ("scgpt encode_batch (the cell-embedding API examples/finetune_integration.py:648 and scgpt/trainer.py:632 "
             "call): `device = next(self.parameters()).device`, then `self._encode(src.to(device), ...)` runs the "
             "encoders outside forward; at block level every child sits in the root's unmatched group, never onloaded "
             "here, so the inputs are sent to the offload device and the whole encode silently runs there (the device "
             "read is the offload device, as the finding says). ")

R = {
 1: ('bayesian-torch/bayesian_torch/layers/variational_layers/quantize_linear_variational.py', 121, 'OFL101', 'mu_bias', F("P", QUANT + "quantize_linear_variational.py:121 `self.quantized_mu_bias = self.mu_bias` re-registers the same Parameter under a new name: no compute at all.")),
 2: ('terratorch/terratorch/models/backbones/prithvi_mae.py', 494, 'OFL102', 'temporal_embed_enc', F("AB", "terratorch models/backbones/prithvi_mae.py:850 PrithviMAE.forward_features (the path the finding names) is called by nothing in the library: the backbone path builds PrithviViT and rebinds `model.forward = model.forward_features` / forward_filter_indices (prithvi_vit.py:358 / :368), so there forward_features runs inside diffusers' hook; PrithviMAE is the MAE reconstruction model whose forward (:812) the library runs. On the second reading (a user calls PrithviMAE.forward_features) the encoder, a non-list child in the root's unmatched group, is not onloaded at block level.", api=True)),
 3: ('bayesian-torch/bayesian_torch/layers/flipout_layers/quantized_conv_flipout.py', 609, 'OFL101', 'rho_kernel', F("BB", FLIP3 + "quantized_conv_flipout.py:609 (and, were it reached, P as rows 1 / 16).")),
 4: ('bayesian-torch/bayesian_torch/layers/variational_layers/quantize_conv_variational.py', 1134, 'OFL101', 'mu_kernel', F("P", QUANT + "quantize_conv_variational.py:1134 `get_quantized_tensor(self.mu_kernel)`.")),
 5: ('dgl/tutorials/models/3_generative_model/5_dgmg.py', 716, 'OFL102', 'add_edge_agent', F("BE", "dgl tutorials/models/3_generative_model/5_dgmg.py:716 DGMG.add_edge_or_not is reached only from DGMGSkeleton.forward (:287 -> forward_train :277 / forward_inference :282 -> add_edge_or_not :268); the root group is onloaded while it runs.")),
 6: ('dgl/examples/pytorch/caregnn/model.py', 179, 'OFL203', 'layers[i].MLP', T("block", GO + "dgl examples/pytorch/caregnn/model.py:179 CAREGNN.forward calls `self.layers[0].MLP(feat)` (an nn.Linear inside the first CAREConv) before the loop that calls `self.layers[0]` itself; at block level `layers` (a ModuleList of the root) is chunked into groups hooked on the CAREConv forward, which has not run yet, so MLP's weight is still on the offload device when it meets the compute-device `feat` (recall hazard H1's sibling).")),
 7: ('bayesian-torch/bayesian_torch/layers/flipout_layers/quantized_conv_flipout.py', 390, 'OFL101', 'quantized_sigma_weight', F("AB", "bayesian-torch layers/flipout_layers/quantized_conv_flipout.py:388 QuantizedConv2dFlipout.dequantize: nothing calls it (its forward, :398, never calls self.dequantize(); the linear / variational classes call their own); it only rebinds dequantized copies on a CPU-run quantized model.")),
 8: ('robomimic/robomimic/models/vae_nets.py', 1116, 'OFL102', 'nets[i]', F("AB", "robomimic models/policy_nets.py:1447 VAEActor.encode (the path the finding names) is called by nothing in the library (BC_VAE / BCQ drive VAEActor through forward_train / forward / decode; the GL goal network is a plain VAE, algo/gl.py:495); robomimic's networks are also algo-driven (AL).", api=True)),
 9: ('terratorch/terratorch/models/backbones/terramind/model/decoder_embeddings.py', 125, 'OFL101', 'pos_emb', T("leaf", GO + TERRA + "decoder_embeddings.py:102-:125 SequenceDecoderEmbedding (no forward) reads its own `pos_emb` in forward_embed: its owner never runs a forward, so at leaf level it stays on the offload device and meets the compute-device ids in torch.gather.")),
 10: ('terratorch/terratorch/models/backbones/terramind/tokenizer/quantizers/quantize_finite_scalar.py', 67, 'OFL101', '_basis', T("leaf", GO + "terratorch terramind tokenizer/quantizers/quantize_finite_scalar.py:67 FiniteScalarQuantizer.indice_to_code reads its `_basis` buffer, reached from indices_to_embedding <- VQ.tokens_to_embedding <- decode_tokens (tokenizer/vqvae.py:400 / :408), the path TerraMindGeneration.forward takes to decode generated tokens (terramind_generation.py:343); the FSQ's forward never runs there (the TerraMind tokenizers are quant_type='fsq', tokenizer_backbones_register.py:129), so at leaf level the buffer stays offloaded and meets the compute-device indices.")),
 11: ('terratorch/terratorch/models/backbones/terramind/model/decoder_embeddings.py', 281, 'OFL102', 'to_logits', F("AH", TERRA + "decoder_embeddings.py:281 ImageTokenDecoderEmbedding is only ever built as a child of TerraMind (in its `decoder_embeddings` ModuleDict); judged as the root the message says its group is onloaded by a forward it lacks, but in the model a user holds (TerraMind / TerraMindGeneration) the ModuleDict sits in the root's unmatched group, onloaded while the root's forward runs (TerraMind.forward calls forward_logits at :545; TerraMindGeneration.forward drives the sampler); at block level `to_logits` is onloaded.")),
 12: ('dgl/examples/pytorch/tree_lstm/tree_lstm.py', 16, 'OFL205', '', T("leaf", GO + "dgl examples/pytorch/tree_lstm/tree_lstm.py:16 TreeLSTMCell has no forward; TreeLSTM.forward (:116) hands `self.cell.message_func / reduce_func / apply_node_func` to dgl.prop_nodes_topo, so the cell's own `b_iou` (:21, read at :34) is never onloaded at leaf level and meets the compute-device `iou`.")),
 13: ('dgl/examples/pytorch/jtnn/jtnn/jtnn_dec.py', 301, 'OFL102', 'U', T("block", GO + "dgl examples/pytorch/jtnn: DGLJTNNVAE.decode (jtnn/jtnn_vae.py:209), the generation path the example runs (vaetrain_dgl.py:164 `model.decode(tree_vec, mol_vec)`, README 'To decode for new molecules'), calls `self.decoder.decode` (jtnn_dec.py:261), which runs the decoder's `U` (:301) outside DGLJTNNVAE.forward; `decoder` is a non-list child in the root's unmatched group, not onloaded at block level.")),
 14: ('dgl/examples/pytorch/tree_lstm/tree_lstm.py', 34, 'OFL101', 'b_iou', T("leaf", GO + "tree_lstm.py:34 `nodes.data['iou'] + self.b_iou` in TreeLSTMCell.apply_node_func, as row 12.")),
 15: ('dgl/examples/pytorch/mvgrl/graph/model.py', 94, 'OFL102', 'encoder1', T("block", GO + "dgl examples/pytorch/mvgrl/graph/model.py:93 MVGRL.get_embedding, called by the example for evaluation (main.py:104 / :149), runs encoder1 / encoder2 / global_mlp outside MVGRL.forward; non-list children in the root's unmatched group, not onloaded at block level.")),
 16: ('bayesian-torch/bayesian_torch/layers/variational_layers/quantize_conv_variational.py', 659, 'OFL101', 'rho_kernel', F("P", QUANT + "quantize_conv_variational.py:659.")),
 17: ('dgl/examples/pytorch/ogb_lsc/PCQM4M/conv.py', 73, 'OFL103', 'root_emb.weight', T("leaf", GO + "dgl examples/pytorch/ogb_lsc/PCQM4M/conv.py:73 GCNConv.forward adds `self.root_emb.weight` (an nn.Embedding never called) to the compute-device `x`; at leaf level the Embedding's weight is grouped on its own forward, never run.")),
 18: ('scgpt/scgpt/model/model.py', 462, 'OFL105', 'next(self.parameters())', T("block", GO + SCGPT_ENC + "scgpt/model/model.py:462 TransformerModel.encode_batch.")),
 19: ('robomimic/robomimic/models/vae_nets.py', 1188, 'OFL102', 'nets[i]', F("BE", "robomimic models/policy_nets.py:1472 VAEActor.decode is reached from VAEActor.forward (:1570 `self.decode(...)['action']`), the way BC_VAE / BCQ get actions; the root's group is onloaded while it runs (robomimic's networks are also algo-driven, AL).")),
 20: ('scgpt/scgpt/model/model.py', 127, 'OFL204', 'transformer_encoder', T("leaf", GO + MHA + "scgpt/model/model.py:123-:127 TransformerModel builds a torch nn.TransformerEncoder unless use_fast_transformer (flash-attn, not installed by default; the flash path falls back, generation_model.py:69-:75).")),
 21: ('terratorch/terratorch/models/backbones/terramind/model/decoder_embeddings.py', 160, 'OFL205', '', T("leaf", GO + TERRA + "decoder_embeddings.py:160 ImageTokenDecoderEmbedding owns `pos_emb` / `mod_emb` and has no forward; forward_embed (:230) reads them, so at leaf level they stay on the offload device (mod_emb, shared with the encoder embedding, is offloaded again after that module's forward returns).")),
 22: ('bayesian-torch/bayesian_torch/layers/variational_layers/rnn_variational.py', 100, 'OFL102', 'hh.kl_loss', F("Y", "bayesian-torch layers/variational_layers/rnn_variational.py:97-:100 LSTMReparameterization.kl_loss -> LinearReparameterization.kl_loss (linear_variational.py:144-:154) computes the KL from the layer's own mu / rho / prior tensors only (all in one group, all on the offload device) and returns `kl.mean()` sums (base_variational_layer.py:68), a 0-dim tensor; the training loop's `loss = ce + kl / batch_size` (dnn_to_bnn get_kl_loss, models/dnn_to_bnn.py:157) combines a 0-dim CPU tensor with the device loss, which torch allows.")),
 23: ('bayesian-torch/bayesian_torch/layers/flipout_layers/rnn_flipout.py', 98, 'OFL102', 'ih.kl_loss', F("Y", "bayesian-torch layers/flipout_layers/rnn_flipout.py:97-:100 LSTMFlipout.kl_loss: as row 22 (LinearFlipout.kl_loss, own tensors only, a 0-dim result).")),
 24: ('bayesian-torch/bayesian_torch/layers/flipout_layers/rnn_flipout.py', 99, 'OFL102', 'hh.kl_loss', F("Y", "rnn_flipout.py:99, as row 23.")),
 25: ('dgl/examples/pytorch/jtnn/jtnn/jtnn_dec.py', 301, 'OFL102', 'U_s', T("block", GO + "jtnn_dec.py:301 `U_s`, as row 13.")),
 26: ('bayesian-torch/bayesian_torch/layers/flipout_layers/quantized_conv_flipout.py', 608, 'OFL101', 'mu_kernel', F("BB", FLIP3 + "quantized_conv_flipout.py:608.")),
 27: ('dgl/examples/pytorch/jtnn/jtnn/jtnn_vae.py', 227, 'OFL102', 'jtnn', T("block", GO + "dgl examples/pytorch/jtnn/jtnn/jtnn_vae.py:227 DGLJTNNVAE.decode runs `self.jtnn`, `self.mpn`, `self.G_mean` outside forward on the example's decode path (vaetrain_dgl.py:164), as row 13.")),
 28: ('dgl/examples/pytorch/ogb_lsc/MAG240M/train.py', 94, 'OFL203', 'convs[i][i]', T("block", GO + "dgl examples/pytorch/ogb_lsc/MAG240M/train.py:94 RGAT.forward calls `self.convs[i][j]` (a ModuleList of ModuleLists of GATConv): block level hooks each inner ModuleList on its forward, which nothing runs, so the GATConvs' weights stay on the offload device.")),
 29: ('bayesian-torch/bayesian_torch/layers/variational_layers/quantize_linear_variational.py', 122, 'OFL101', 'rho_bias', F("P", QUANT + "quantize_linear_variational.py:122 `Parameter(torch.log1p(torch.exp(self.rho_bias)))`, all on the parameter's device.")),
 30: ('dgl/examples/pytorch/graphsaint/modules.py', 46, 'OFL104', 'bias[i]', T("leaf", GO + "dgl examples/pytorch/graphsaint/modules.py:46 GCNLayer.feat_trans (from forward) adds `self.bias[idx]` (nn.ParameterList, never called) to the compute-device Linear output.")),
 31: ('bayesian-torch/bayesian_torch/layers/variational_layers/quantize_conv_variational.py', 658, 'OFL101', 'mu_kernel', F("P", QUANT + "quantize_conv_variational.py:658.")),
 32: ('scgpt/scgpt/model/multiomic_model.py', 135, 'OFL204', 'transformer_encoder', T("leaf", GO + MHA + "scgpt/model/multiomic_model.py:135 MultiOmicTransformerModel's nn.TransformerEncoder (use_fast_transformer False by default).")),
 33: ('terratorch/terratorch/models/backbones/clay_v15/factory.py', 49, 'OFL204', 'encoder', T("leaf", GO + MHA + "terratorch clay_v15/factory.py:49 WavesTransformer's nn.TransformerEncoder (Clay v1.5's dynamic embedding).")),
 34: ('terratorch/terratorch/models/backbones/terramind/model/terramind_generation.py', 237, 'OFL105', 'next(self.parameters())', T("leaf", GO + "terratorch terramind_generation.py:237 TerraMindGeneration.forward takes `device = next(self.parameters()).device`, at leaf level the offload device (the first parameter's owner is not running); the input / target / decoder masks are then built on it (:268-:270 `torch.zeros(..., device=device)`, init_full_input_modality generate.py:229-:233) next to the compute-device inputs and fed to the sampler (the encode(value, device) call the message names ignores its device argument, tokenizer/vqvae.py:334).")),
 35: ('dgl/examples/core/rgcn/hetero_rgcn.py', 276, 'OFL103', 'weight[i].weight', T("leaf", GO + "dgl examples/core/rgcn/hetero_rgcn.py:276 RelGraphConvLayer.forward passes `self.weight[rel].weight.T` (nn.Linear in a ModuleDict, never called) as mod_kwargs to HeteroGraphConv, whose GraphConv multiplies it with the compute-device features.")),
 36: ('dgl/examples/pytorch/NGCF/NGCF/model.py', 134, 'OFL104', 'feature_dict[i]', T("leaf", GO + "dgl examples/pytorch/NGCF/NGCF/model.py:134 NGCF.forward takes the node embeddings from `self.feature_dict` (an nn.ParameterDict, never called) and runs them through the layers with the compute-device graph.")),
 37: ('dgl/examples/pytorch/ogc/ogc.py', 31, 'OFL103', 'linear_clf.W.weight', T("both", GO + "dgl examples/pytorch/ogc/ogc.py:29-:36 OGC.update_embeds (train.py:33) runs `self(embeds)` and then reads `self.linear_clf.W.weight` after that forward returned (its hook has offloaded it again) into dglsp.matmul with the compute-device labels / predictions.")),
 38: ('robomimic/robomimic/models/diffusion_policy_nets.py', 239, 'OFL203', 'up_modules[i][i]', F("AL", ROBO + "diffusion_policy_nets.py:239 ConditionalUnet1D (algo/diffusion_policy.py:74). Torch fact checked right: `up_modules` is a ModuleList of ModuleLists whose layers forward calls one by one, so on a user-held UNet block level would leave them offloaded.")),
 39: ('dgl/examples/pytorch/ogb/deepwalk/deepwalk.py', 160, 'OFL202', 'emb_model.fast_learn', F("AL", SKIP + "deepwalk.py:160 DeepwalkTrainer.fast_train_sp.")),
 40: ('dgl/examples/pytorch/gcmc/model.py', 359, 'OFL104', 'Ps[i]', T("leaf", GO + "dgl examples/pytorch/gcmc/model.py:359 BiDecoder.forward `ufeat @ self.Ps[i]` (nn.ParameterList, never called) with compute-device features.")),
 41: ('tsl/tsl/nn/layers/base/temporal_conv.py', 69, 'OFL204', 'conv', U("leaf", GO + "tsl nn/layers/base/temporal_conv.py:68-:69 the legacy weight_norm pre-hook recomputes the conv's weight before diffusers' replaced forward onloads weight_g / weight_v (true at leaf level), but only with `weight_norm=True`: the default is False (:38) and no tsl model, block (tcn.py:51, conditional.py:103) or config sets it.")),
 42: ('dgl/examples/core/Graphormer/model.py', 115, 'OFL103', 'graph_token_virtual_distance.weight', T("leaf", GO + "dgl examples/core/Graphormer/model.py:115 Graphormer.forward reads `self.graph_token_virtual_distance.weight` (an Embedding never called) into the compute-device attention bias.")),
 43: ('scgpt/scgpt/model/generation_model.py', 307, 'OFL105', 'next(self.parameters())', T("both", GO + "scgpt/model/generation_model.py:306-:337 TransformerGenerator.pred_perturb (the perturbation-prediction API) moves `batch_data` to `next(self.parameters()).device`, the offload device, then writes the compute-device model output into it (`pred_gene_values[:, input_gene_ids] = output_values`, :337): a cross-device index_put (the meeting the message names, map_raw_id_to_vocab_id, stays on one device).")),
 44: ('terratorch/terratorch/models/backbones/terramind/model/generate.py', 546, 'OFL104', 'model.mask_token', T("leaf", GO + TERRA + "generate.py:546 GenerationSampler.forward_mask_decoder_maskgit adds TerraMind's own `mask_token` (owner TerraMind, whose forward generation never calls) to compute-device tokens.")),
 45: ('dgl/examples/pytorch/node2vec/model.py', 121, 'OFL103', 'embedding.weight', T("leaf", GO + "dgl examples/pytorch/node2vec/model.py:121 Node2vec.forward indexes `self.embedding.weight[nodes]` (never called) with compute-device node ids.")),
 46: ('dgl/examples/pytorch/gcmc/model.py', 273, 'OFL104', 'W_r[i]', T("leaf", GO + "dgl examples/pytorch/gcmc/model.py:273-:278 GCMCLayer.forward hands `self.W_r[...]` (nn.ParameterDict, never called) to the HeteroGraphConv as mod_args, multiplied with compute-device features.")),
 47: ('dgl/examples/pytorch/graphsaint/modules.py', 54, 'OFL104', 'offset[i]', T("leaf", GO + "graphsaint/modules.py:54 `self.offset[idx]` (ParameterList) in the batch-norm branch, on by default (config.py `no_batch_norm: False`).")),
 48: ('scgpt/scgpt/model/generation_model.py', 104, 'OFL204', 'transformer_encoder', T("leaf", GO + MHA + "scgpt/model/generation_model.py:104 TransformerGenerator's nn.TransformerEncoder (use_fast_transformer defaults to False, :51).")),
 49: ('scgpt/scgpt/model/generation_model.py', 280, 'OFL105', 'next(self.parameters())', T("block", GO + SCGPT_ENC + "generation_model.py:280 TransformerGenerator.encode_batch.")),
 50: ('tsl/tsl/nn/layers/graph_convs/spatiotemporal_attention.py', 32, 'OFL204', 'spatial_attn', T("leaf", GO + MHA + "tsl nn/layers/graph_convs/spatiotemporal_attention.py:32 SpatioTemporalAttention (exported layer) holds torch.nn.MultiheadAttention.")),
 51: ('dgl/benchmarks/benchmarks/rgcn.py', 51, 'OFL103', 'emb.weight', T("leaf", GO + "dgl benchmarks/benchmarks/rgcn.py:51 (an identical copy of examples/pytorch/rgcn/model.py:51) RGCN.forward passes `self.emb.weight` (an Embedding never called) to conv1 with the compute-device graph.")),
 52: ('dgl/examples/pytorch/ogb/line/line.py', 237, 'OFL202', 'emb_model.fast_learn', F("AL", SKIP + "line.py:237 LineTrainer.fast_train.")),
 53: ('dgl/examples/pytorch/multigpu/multi_gpu_graph_prediction.py', 57, 'OFL103', 'virtual_emb.weight', T("leaf", GO + "dgl examples/pytorch/multigpu/multi_gpu_graph_prediction.py:57 GIN.forward broadcasts `self.virtual_emb.weight` (never called) over the compute-device graph.")),
 54: ('dgl/examples/pytorch/caregnn/model_sampling.py', 199, 'OFL203', 'layers[i].MLP', T("block", GO + "dgl examples/pytorch/caregnn/model_sampling.py:199 CAREGNN.forward `self.layers[0].MLP(blocks[-1].dstdata['feature'])` before `self.layers[0]` runs: recall hazard H1.")),
 55: ('dgl/examples/pytorch/tree_lstm/tree_lstm.py', 42, 'OFL205', '', T("leaf", GO + "tree_lstm.py:42 ChildSumTreeLSTMCell: no forward, own `b_iou` (:47) read at :60, as row 12.")),
 56: ('scgpt/scgpt/model/multiomic_model.py', 506, 'OFL105', 'next(self.parameters())', T("block", GO + SCGPT_ENC + "multiomic_model.py:506 MultiOmicTransformerModel.encode_batch.")),
 57: ('robomimic/robomimic/models/diffusion_policy_nets.py', 229, 'OFL203', 'down_modules[i][i]', F("AL", ROBO + "diffusion_policy_nets.py:229, as row 38 (down_modules).")),
 58: ('dgl/examples/pytorch/ogb/deepwalk/deepwalk.py', 234, 'OFL202', 'emb_model.fast_learn', F("AL", SKIP + "deepwalk.py:234 DeepwalkTrainer.fast_train.")),
 59: ('terratorch/terratorch/models/backbones/terramind/model/decoder_embeddings.py', 28, 'OFL205', '', T("leaf", GO + TERRA + "decoder_embeddings.py:28 SequenceDecoderEmbedding: no forward, own `pos_emb` / `mod_emb` read in forward_embed, as row 9.")),
 60: ('dgl/examples/pytorch/ogb/line/line.py', 146, 'OFL202', 'emb_model.fast_learn', F("AL", SKIP + "line.py:146 LineTrainer.fast_train_sp.")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp61/"))
