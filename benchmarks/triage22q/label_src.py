"""Labels of the round q draw (docs/triage-issue22-q.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). "C": harmless in every configuration the corpus ships but a hazard under an option
nothing in the tree sets (lenient counts it true; none this round). Rows are judged each on its own (round k's rule: a
line breaks when it fails with the weights that other rows name assumed onloaded). Runtime texts name the harness of
benchmarks/triage22q_cases.py whose JSON is in runtime/ (offload-lint confirm from /tmp/wt_q = c1a74ea, tracking
backend, diffusers' real hooks on CPU), or say "read" with the reason no run was made. AB rows (a public method nothing
calls outside forward) are false in the raw reading; the doc's second reading counts them reached ("api")."""
import json
from pathlib import Path

READ = "read"

# --- normalizing_flows: glow.py ---
GLOW = ("normalizing_flows' glow.py builds `Glow(width, depth, n_levels, input_dims)` (the root; the script wraps it in "
        "DataParallel and calls `model.module.inverse`/`log_prob` directly) and reaches Glow.inverse from --generate and "
        "training's generate() (z from base_dist.sample), from --visualize (`model.inverse(zs)` with zs from the "
        "forward, on the device) and from test.py's test_glow (`net.inverse(zs)` after `net(x)`). Block level: "
        "flowlevels (ModuleList) and flowstep (FlowSequential, an nn.Sequential) members are groups hooked on "
        "FlowLevel.forward/FlowStep.forward, which inverse never calls; gaussianize and the base_dist buffers are in "
        "Glow's unmatched group, onloaded only by Glow.forward. Leaf level: the Conv2d layers are hooked (their outputs "
        "on the device); Actnorm/Invertible1x1Conv/AffineCoupling/Gaussianize keep own parameters grouped on their own "
        "forward, which inverse never calls")
R_GLOW_ZS = ("harness glow_inverse_zs (Glow(8, 2, 1, (3, 8, 8)): zs from the forward, then inverse(zs)): {what}")
R_GLOW_LP = ("harness glow_log_prob (training: data init, then log_prob(x)): confirmed at both levels "
             "(base_dist_mean/base_dist_var at glow.py:456, Normal.log_prob of the device z); harness glow_generate "
             "(generate(): inverse(batch_size) then log_prob): block confirmed at glow.py:455-456 only (the inverse "
             "itself runs wholly on the offload device at block), leaf confirmed in inverse (base_dist-derived z at "
             ":309, :311) and at :456")
LU = ("Invertible1x1Conv's LU branch (lu_factorize=True) runs in inverse (glow.py:178-180): the LU terms p, l, u, "
      "log_s (parameters) and sign_s, l_mask (buffers) are grouped on Invertible1x1Conv.forward (leaf; at block in the "
      "FlowStep group, or the layer's own root group), never onloaded by inverse, and w_inv meets z in F.conv2d at "
      ":186. Reached only through test.py:77 (`test_layer(Invertible1x1Conv(n_channels=12, lu_factorize=True), ...)`: "
      "the layer alone, l(x) then l.inverse(u)); Glow never passes lu_factorize. The constructor calls "
      "torch.btrifact/btriunpack (torch <= 1.2; the repository's readme: pytorch 1.0), gone from the installed torch "
      "2.13, so on it the build fails whatever the offloading: labelled by the repository's torch of its time "
      "(round l's rule) with tests counted (round p's). Second reading (no test-only path): not reached")
R_LU = ("harness glow_lu_layer (Invertible1x1Conv(4, lu_factorize=True) alone, btrifact/btriunpack stood in by "
        "torch.linalg.lu_factor/lu_unpack; l(x) then l.inverse(u)): confirmed at both levels (l, l_mask, log_s, p, "
        "sign_s, u-derived w_inv in F.conv2d at glow.py:186; at :178 only a `.device` read of l)")

# --- normalizing_flows: maf.py ---
MAF = ("normalizing_flows' maf.py builds one root by --model (made, mademog, maf, mafmog, realnvp; README's usage) and "
       "calls `model.log_prob(x[, y])` every training step and in evaluate(), and generate() (MNIST: after every "
       "epoch and with --generate): `u = model.base_dist.sample(...)`, `model.inverse(u[, labels])` (labels on the "
       "device with --conditional), then `model.log_prob(sample[, labels])`; test.py's test_layer builds single "
       "layers and calls l(x) then l.inverse(u)")
BASE_DIST = (MAF + ". {cls}.base_dist (maf.py:{line}) is `D.Normal(self.base_dist_mean, self.base_dist_var)` on the "
             "root's own buffers: the root's unmatched group at block, the root's own group at leaf, both onloaded "
             "only while {cls}.forward runs; log_prob calls self.forward(x, y) (hooked: onload, then offload) and then "
             "`self.base_dist.log_prob(u)` with u on the device")
R_BASE = "harness {h}: {lv} confirmed at maf.py:{at} (log_prob: base_dist_mean/base_dist_var with the device u)"
INVERSE_BLOCK = ("in inverse, the FlowSequential members (MADE, BatchNorm, LinearMaskedCoupling: block groups hooked on "
                 "their forward) and MAFMOG's unmatched mademog are not onloaded; the conditional labels (device) meet "
                 "MaskedLinear's cond_weight at maf.py:106, and with base_dist's buffers onloaded (rows naming them "
                 "assumed fixed, round k's rule) u and x are device values meeting the offloaded weights; test.py's "
                 "single-layer tests hand inverse a device u outright")

# --- ffjord ---
FFJORD_AB = ("AB: ffjord's train_vae_flow.py builds the VAE as the root; vae_lib/optimization/training.py and "
             "log_likelihood.py call only `model(x)`. {cls}.encode is called only from {cls}.forward "
             "(VAE.py:{w}), hooked at both levels: the amortized Linears (amor_*, h_context) and the root buffers "
             "(triu_mask, diag_idx, _eye) it reads are onloaded there. Nothing in the tree calls encode otherwise "
             "(grep `.encode(`): a public method nothing calls outside forward. Second reading (public methods "
             "reached): block (OFL102) / both levels (OFL101 triu_mask), true")
R_FFJORD = "harness {h} (the model's forward, as training.py calls it): refuted at both levels"
FF_CLS = {"Planar": ("PlanarVAE", "225", "ffjord_planar_forward"),
          "Ortho": ("OrthogonalSylvesterVAE", "392", "ffjord_ortho_forward"),
          "House": ("HouseholderSylvesterVAE", "544", "ffjord_householder_forward"),
          "Tri": ("TriangularSylvesterVAE", "660", "ffjord_triangular_forward"),
          "IAF": ("IAFVAE", "725", "ffjord_iaf_forward")}


def ffjord(kind, this):
    cls, w, harness = FF_CLS[kind]
    run = R_FFJORD.format(h=harness)
    if kind == "IAF":
        run += (" for encode's lines (the leaf 'confirmed' is elsewhere: IAF's MaskedLinear parameters held only by "
                "flows.IAF's ParameterList, vae_lib/models/layers.py:118, not this row)")
    return ("false", "AB", run, FFJORD_AB.format(cls=cls, w=w) + ". This row: " + this)


# --- vae_vampprior ---
VAMP = ("vae_vampprior's experiment.py builds `VAE(args)` (defaults: model_name vae, prior vampprior, dataset freyfaces, "
        "input_type gray) and moves it with `.cuda()`; the pseudo-inputs' `idle_input` is a plain tensor moved to the "
        "device at construction. Block level: q_z_layers/p_x_layers are Sequentials (their members hooked); q_z_mean "
        "(Linear), q_z_logvar, p_x_mean, p_x_logvar and means (NonLinear) are unmatched children, onloaded only by "
        "VAE.forward. utils/training.py calls `model.calculate_loss(x, beta, average=True)` every step: forward, then "
        "log_p_z (vampprior: `self.means(self.idle_input)` and `self.q_z(X)`) outside forward; utils/evaluation.py "
        "calls `model.generate_x(25)` (means -> q_z -> p_x)")
R_VLOSS = ("harness vamp_loss (calculate_loss(x)): block confirmed (means.linear at utils/nn.py:48 from VAE.py:201; "
           "q_z_mean at VAE.py:175; q_z_logvar.linear at nn.py:48 from :176); leaf refuted")
R_VGEN = ("harness vamp_generate (generate_x(5)): block confirmed (means.linear from VAE.py:160; q_z_mean at :175; "
          "q_z_logvar, p_x_mean, p_x_logvar .linear at utils/nn.py:48 from :176, :183, :188); leaf refuted")

# --- transformer-xl ---
TXL = ("transformer-xl's train.py trains MemTransformerLM (the root; tied weights by default): at leaf level the crit's "
       "Linear out_layers and the embedding's Embedding layers are hooked on their own forward, and the "
       "ParameterLists out_projs/emb_projs (no forward) group their parameters on a forward that never runs")
R_TXL_PLAIN = ("harness txl_plain (no cutoffs, tied, d_embed = d_model; training forward; uint8 masks as bool): leaf "
               "confirmed (crit.out_layers.0.bias and the tied word_emb.emb_layers.0.weight in F.linear at "
               "proj_adaptive_softmax.py:61, from :84-85); block refuted")
R_TXL_PROJ = ("harness txl_proj (--d_embed below --d_model, no cutoffs): leaf confirmed (word_emb.emb_projs.0 at "
              "mem_transformer.py:468; crit.out_projs.0 at proj_adaptive_softmax.py:64 from :84-85); block refuted; "
              "harness txl_adaptive (cutoffs, div_val 2): leaf confirmed at mem_transformer.py:485 (the other line "
              "the message names)")

# --- pytorch-dc-tts ---
DCTTS = ("pytorch-dc-tts builds SSRN with hparams' ssrn_normalization = 'weight' (train-ssrn.py, synthesize.py): C and "
         "D wrap their conv in the legacy `nn.utils.weight_norm`, whose forward pre-hook computes `weight` from the "
         "offloaded weight_g/weight_v before the conv's leaf hook onloads them (leaf). Text2Mel uses 'layer'")
R_SSRN = ("harness ssrn (SSRN(c=16, f=8, f_prime=12) forward): leaf confirmed (weight_g/weight_v-derived weights in "
          "conv1d at models/layers.py:79 (C) and conv_transpose1d at :42 (D)); block refuted")

L = {
 1: ffjord("Ortho", "`self.amor_d(h)` (VAE.py:362)"),
 2: ("true", "", R_GLOW_ZS.format(what="block confirmed (conv2.weight at glow.py:228; actnorm2's scale/bias in "
     "Actnorm.forward at :133 called from :228); harness glow_coupling_layer (test.py's AffineCoupling alone): block "
     "confirmed at :227-229 and :133"),
     GLOW + ". AffineCoupling.inverse calls `self.actnorm2(self.conv2(h))` (glow.py:228): at block actnorm2 and conv2 "
     "are in the FlowStep group (or AffineCoupling's own root group in test.py), not onloaded by inverse, with h "
     "derived from the device z (block)"),
 3: ffjord("Ortho", "`full_d * self.triu_mask` (VAE.py:370)"),
 4: ("true", "", "harness effnet_endpoints (EfficientNet.from_name('efficientnet-b0'), extract_endpoints(x)): block "
     "confirmed (_conv_stem at utils.py:275; _bn0 at model.py:257; _conv_head; _bn1 at :273); leaf refuted",
     "EfficientNet-PyTorch is a library (setup.py); `model.extract_endpoints(inputs)` is documented in model.py's "
     "docstring and run by tests/test_model.py:114. At block level _conv_stem, _bn0, _conv_head, _bn1 are unmatched "
     "children in EfficientNet's root group, onloaded only by EfficientNet.forward, which extract_endpoints does not "
     "run. This row: `self._bn1(self._conv_head(x))` (model.py:273)"),
 5: ffjord("Tri", "`self.amor_b(h)` (VAE.py:645)"),
 6: ("true", "", R_GLOW_ZS.format(what="block confirmed (gaussianize.net.weight/bias in conv2d at glow.py:309, "
     "Gaussianize.inverse called from :437)"),
     GLOW + ". Glow.inverse calls `self.gaussianize.inverse(torch.zeros_like(zs[-1]), zs[-1])` (glow.py:437): "
     "gaussianize is in Glow's unmatched group and its net conv meets the device zs (block; in generate() at block "
     "zs come from the offloaded base_dist and stay on the offload device, but with base_dist onloaded (rows 17, 49) "
     "they are device values)"),
 7: ffjord("Tri", "`self.amor_d(h)` (VAE.py:631)"),
 8: ("true", "", "harness glow_conv1x1_layer (test.py's Invertible1x1Conv alone): confirmed at both levels (w-derived "
     "w_inv in F.conv2d at glow.py:186); " + R_GLOW_ZS.format(what="w at :186 at both levels inside Glow"),
     GLOW + ". Invertible1x1Conv.inverse computes `w_inv = self.w.inverse()` (glow.py:183) from the parameter w "
     "(not onloaded by inverse at either level) and convolves the device z with it at :186"),
 9: ("true", "", R_GLOW_ZS.format(what="confirmed at both levels (log_scale_factor with the conv3 output at "
     "glow.py:229)") + "; harness glow_coupling_layer: confirmed at both levels at :229",
     GLOW + ". AffineCoupling.inverse multiplies conv3's output by `self.log_scale_factor.exp()` (glow.py:229): at "
     "leaf conv3 is hooked (device output) and log_scale_factor, AffineCoupling's own parameter, is not onloaded; at "
     "block both are offloaded and h derives from the device z"),
 10: ("true", "", R_BASE.format(h="realnvp_generate", lv="block and leaf", at="484"),
      BASE_DIST.format(cls="RealNVP", line="474")),
 11: ("true", "", "harness made_generate (MADE(4, 8, 1, cond 3), conditional generate()): block confirmed "
      "(net_input.weight/mask/bias/cond_weight in MaskedLinear.forward, maf.py:106, called from :290); harness "
      "made_test (test.py's MADE alone, l(x) then l.inverse(u)): block confirmed at maf.py:104 from :290; leaf "
      "refuted (net_input is a hooked Linear)",
      MAF + ". MADE.inverse calls `self.net_input(x, y)` (maf.py:290): net_input (a MaskedLinear) is in MADE's "
      "unmatched group as the root (--model made), or in the MADE block group inside MAF; " + INVERSE_BLOCK),
 12: ffjord("House", "`self.amor_q(h)` (VAE.py:527)"),
 13: ("true", "", "harness mafmog_generate (MAFMOG(2, 3, 4, 8, 1, cond 3), conditional generate()): block confirmed "
      "(mademog.net_input.* in MaskedLinear.forward at maf.py:104-106, from :367); harness mademog_generate (MADEMOG as "
      "the root): block confirmed at :106 from :367",
      MAF + ". MADEMOG.inverse calls `self.net_input(x, y)` (maf.py:367): in MAFMOG, mademog is an unmatched child "
      "(onloaded only by MAFMOG.forward), and MAFMOG.inverse calls mademog.inverse first; " + INVERSE_BLOCK),
 14: ("true", "", R_BASE.format(h="maf_log_prob (log_prob(x, y)) and maf_generate", lv="block and leaf", at="414"),
      BASE_DIST.format(cls="MAF", line="404") + " (the row names leaf; block breaks too)"),
 15: ("true", "", "harness batchnorm_test (test.py's BatchNorm alone: train, eval, inverse): confirmed at both levels "
      "(beta at maf.py:208); harness realnvp_generate: net.1.beta at :208 at both levels",
      MAF + ". BatchNorm.inverse computes `(y - self.beta)` (maf.py:208) with BatchNorm's own parameter, grouped on "
      "BatchNorm.forward (leaf) or in its FlowSequential block group, never onloaded by inverse; " + INVERSE_BLOCK),
 16: ffjord("IAF", "`self.h_context(h)` (VAE.py:714)"),
 17: ("true", "", R_GLOW_LP, GLOW + ". Glow.base_dist (glow.py:452) is `D.Normal(self.base_dist_mean, "
      "self.base_dist_var)` on the root's buffers: log_prob (every training step, evaluate, generate) calls "
      "self.forward(x) (hooked) and then `self.base_dist.log_prob(z)` with z on the device (block, leaf); "
      "Glow.inverse samples z from it (offload device)"),
 18: ("true", "", R_VGEN, VAMP + ". This row: generate_x's `self.means(self.idle_input)` (VAE.py:160; vampprior)"),
 19: ("true", "", "harness batchnorm_test: confirmed at both levels (running_var read at maf.py:206 meets the device "
      "values at :209, :213); harness realnvp_generate / maf_generate: running_var at :209/:229",
      MAF + ". BatchNorm.inverse in eval mode (generate() calls model.eval()) reads `var = self.running_var` "
      "(maf.py:206), a buffer grouped with BatchNorm, and uses it with the device x at :209-213; " + INVERSE_BLOCK),
 20: ffjord("Planar", "`self.amor_b(h)` (VAE.py:213)"),
 21: ("false", "BB", "run txl_sampled_softmax (python -m benchmarks.triage22q_cases): tie_weight=True (train.py's "
      "default): the constructor raises AttributeError ('AdaptiveEmbedding' object has no attribute 'weight'); "
      "tie_weight=False: training forward raises AssertionError (`assert self.tie_weight`), eval forward "
      "AttributeError (no crit)",
      "BB (new): MemTransformerLM.forward's sampled-softmax branch (mem_transformer.py:749-752, "
      "`sample_logits(self.word_emb, self.out_layer.bias, ...)`) needs --sample_softmax > 0 (a train.py option no "
      "script sets), and then no build reaches the line: with tied weights (the default) __init__ reads "
      "`self.word_emb.weight`, which AdaptiveEmbedding has not (AttributeError; train.py's optimizer setup reads it "
      "too), and with --not_tied training stops at `assert self.tie_weight` just before the line (eval mode takes the "
      "crit branch, which this build lacks)"),
 22: ("true", "", R_GLOW_ZS.format(what="block confirmed (flowlevels.0.split.gaussianize.net.weight/bias in conv2d at "
      "glow.py:309, from Split.inverse at :280)"),
      GLOW + ". Split.inverse calls `self.gaussianize.inverse(x1, z2)` (glow.py:280) from FlowLevel.inverse: split is "
      "in the FlowLevel group (FlowLevel.forward never runs in inverse; test.py's test_split/test_flowlevel drive "
      "Split and FlowLevel alone) and its conv meets the device x1/z2 (block)"),
 23: ffjord("Planar", "`self.amor_w(h)` (VAE.py:212)"),
 24: ("true", "", R_VLOSS + "; " + R_VGEN.split(": ", 1)[0] + ": block confirmed (q_z_logvar from :176)",
      VAMP + ". q_z's `self.q_z_logvar(x)` (VAE.py:176), reached from log_p_z (:204) and generate_x (:161)"),
 25: ("true", "", R_VGEN, VAMP + ". p_x's `self.p_x_logvar(z)` (VAE.py:188; built for gray/continuous inputs, the "
      "default freyfaces dataset's gray), reached from generate_x (:164)"),
 26: ("true", "", R_LU, LU + ". This row: `self.u * self.l_mask.t()` (glow.py:179)"),
 27: ("true", "", R_VGEN, VAMP + ". p_x's `self.p_x_mean(z)` (VAE.py:183), reached from generate_x (:164)"),
 28: ("true", "", R_BASE.format(h="mademog_generate (MADEMOG as the root, --model mademog)", lv="block and leaf",
      at="381"), BASE_DIST.format(cls="MADEMOG", line="342") + " (the row names leaf; block breaks too)"),
 29: ("true", "", R_SSRN, DCTTS + ". This row: D's `self.deconv` (layers.py:31)"),
 30: ("true", "", R_LU, LU + ". This row: `self.l * self.l_mask` (glow.py:178), l_mask"),
 31: ("true", "", R_BASE.format(h="mafmog_generate", lv="block and leaf", at="450"),
      BASE_DIST.format(cls="MAFMOG", line="433")),
 32: ("true", "", R_LU, LU + ". This row: `self.l * self.l_mask` (glow.py:178), l"),
 33: ("false", "P", R_LU + " (the only access at :178 is the `.device` read; the eye it places meets l and l_mask there, and the "
      "compute accesses are all at :186)",
      "P: `torch.eye(C).to(self.l.device)` (glow.py:178) places the identity on the device of l, which is itself "
      "the offloaded weight it is added to (`self.l * self.l_mask + eye`); the break is l/l_mask and the other LU "
      "terms meeting z in F.conv2d at :186 (rows 30, 32): with them onloaded the eye is on the onload device, and "
      "with them offloaded it meets only them (round k's rule: not a second break). " + LU.split(". Reached")[0]),
 34: ("true", "", R_LU, LU + ". This row: `torch.diag(self.sign_s * self.log_s.exp())` (glow.py:179), sign_s"),
 35: ("true", "", R_LU, LU + ". This row: `self.p.inverse()` (glow.py:180), p"),
 36: ("true", "", "harness coupling_test (test.py's LinearMaskedCoupling alone): confirmed at both levels (mask at "
      "maf.py:150, :155, :157); harness realnvp_generate: net.0.mask at :150 at both levels",
      MAF + ". LinearMaskedCoupling.inverse computes `u * self.mask` (maf.py:150) with its own buffer (grouped on its "
      "forward at leaf; its FlowSequential group at block), never onloaded by inverse; at leaf s_net/t_net are hooked "
      "and their device outputs meet mu at :155; " + INVERSE_BLOCK),
 37: ffjord("Ortho", "`self.amor_q(h)` (VAE.py:376)"),
 38: ("true", "", R_GLOW_ZS.format(what="leaf confirmed (Actnorm scale/bias at glow.py:138); harness glow_generate: "
      "leaf confirmed at :138"),
      GLOW + ". Actnorm.inverse computes `z * self.scale + self.bias` (glow.py:138) with Actnorm's own parameters, "
      "grouped on Actnorm.forward at leaf, never onloaded by inverse, and z on the device (leaf)"),
 39: ("true", "", R_BASE.format(h="mademog_generate", lv="block and leaf", at="381"),
      BASE_DIST.format(cls="MADEMOG", line="342") + " (base_dist_var; the row names leaf)"),
 40: ("true", "", R_TXL_PLAIN,
      TXL + ". ProjectedAdaptiveLogSoftmax.forward without clusters (no --adaptive: run_enwik8/text8 scripts) passes "
      "`self.out_layers[0].bias` (proj_adaptive_softmax.py:85) to F.linear with the device hidden; out_layers[0]'s "
      "forward never runs (leaf)"),
 41: ("true", "", R_LU, LU + ". This row: `self.log_s.exp()` (glow.py:179), log_s"),
 42: ffjord("Planar", "`self.amor_u(h)` (VAE.py:211)"),
 43: ("true", "", R_BASE.format(h="mafmog_generate", lv="block and leaf", at="450"),
      BASE_DIST.format(cls="MAFMOG", line="433") + " (base_dist_var)"),
 44: ("true", "", R_BASE.format(h="made_generate (MADE as the root, --model made)", lv="block and leaf", at="297"),
      BASE_DIST.format(cls="MADE", line="274") + " (base_dist_var)"),
 45: ("true", "", R_BASE.format(h="made_generate", lv="block and leaf", at="297"),
      BASE_DIST.format(cls="MADE", line="274")),
 46: ("true", "", "harness batchnorm_test: confirmed at both levels (running_mean read at maf.py:205 meets the device "
      "values at :209); harness realnvp_generate: running_mean at :209/:229",
      MAF + ". BatchNorm.inverse in eval mode reads `mean = self.running_mean` (maf.py:205) and adds it to the device "
      "x_hat at :209; " + INVERSE_BLOCK),
 47: ("true", "", R_BASE.format(h="maf_log_prob and maf_generate", lv="block and leaf", at="414"),
      BASE_DIST.format(cls="MAF", line="404") + " (base_dist_var; the row names leaf)"),
 48: ("true", "", R_TXL_PLAIN,
      TXL + ". Without clusters, forward passes `self.out_layers[0].weight` (proj_adaptive_softmax.py:84; tied to "
      "word_emb.emb_layers[0].weight by default, offloaded again after the Embedding's forward) to F.linear with the "
      "device hidden (leaf)"),
 49: ("true", "", R_GLOW_LP, GLOW + ". Glow.base_dist's `self.base_dist_var` (glow.py:452), as row 17"),
 50: ffjord("House", "`full_d * self.triu_mask` (VAE.py:521)"),
 51: ("true", "", R_VLOSS, VAMP + ". q_z's `self.q_z_mean(x)` (VAE.py:175), reached from log_p_z (:204) and "
      "generate_x (:161)"),
 52: ("true", "", "harness effnet_endpoints: block confirmed (_bn0 at model.py:257, after _conv_stem at "
      "utils.py:275); leaf refuted",
      "EfficientNet-PyTorch is a library (setup.py); `model.extract_endpoints(inputs)` is documented in model.py's "
      "docstring and run by tests/test_model.py:114. At block level _conv_stem and _bn0 are unmatched children in "
      "EfficientNet's root group, onloaded only by EfficientNet.forward. This row: `self._bn0(self._conv_stem("
      "inputs))` (model.py:257)"),
 53: ("true", "", R_VLOSS, VAMP + ". log_p_z's `self.means(self.idle_input)` (VAE.py:201), every training step"),
 54: ("true", "", R_TXL_PROJ,
      TXL + ". AdaptiveEmbedding.forward with div_val 1 runs `F.linear(embed, self.emb_projs[0])` (mem_transformer.py"
      ":468) when d_embed differs from d_model (train.py's --d_embed option; no shipped script sets it): emb_projs "
      "is a ParameterList, never onloaded, and embed comes from the hooked Embedding (leaf). The line the message "
      "also names (:485, div_val 4: run_wt103/lm1b scripts) is the same hazard, confirmed by txl_adaptive"),
 55: ffjord("Ortho", "`self.amor_b(h)` (VAE.py:377)"),
 56: ("true", "", R_TXL_PROJ,
      TXL + ". Without clusters, forward passes `self.out_projs[0]` (proj_adaptive_softmax.py:85) to _compute_logit, "
      "which multiplies the device hidden by it (:64) when it is a parameter: with --d_embed below --d_model "
      "(train.py's option; with d_embed = d_model, the shipped scripts' case, out_projs[0] is None and the line reads "
      "no weight) (leaf)"),
 57: ("true", "", R_SSRN, DCTTS + ". This row: C's `self.conv` (layers.py:68; SSRN's Conv/ResidualBlock use C)"),
 58: ffjord("House", "`self.amor_b(h)` (VAE.py:529)"),
 59: ffjord("House", "`self.amor_d(h)` (VAE.py:513)"),
 60: ffjord("Tri", "`full_d * self.triu_mask` (VAE.py:639)"),
}

out = {str(k): {"label": v[0], "cause": v[1], "runtime": v[2], "why": v[3]} for k, v in L.items()}
for entry in out.values():
    if entry["cause"] == "AB":
        entry["api"] = True  # second reading: public methods nothing calls (outside forward) counted reached
Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1))
print(len(out), "labels;", sum(v["label"] == "true" for v in out.values()), "true;",
      sum(v["label"] == "C" for v in out.values()), "C")
