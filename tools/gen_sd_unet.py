#!/usr/bin/env python3
"""Writes models/sd_unet.yaml: the Stable Diffusion v1.5 UNet (diffusers UNet2DConditionModel,
runwayml/stable-diffusion-v1-5 unet/config.json) as an explicit simtrain layer list.

    python3 tools/gen_sd_unet.py > models/sd_unet.yaml

Prints the parameter count and forward FLOPs (same formulas as sim/work/model.cpp) to stderr.
"""
import sys

LATENT = 64            # 512x512 images / VAE factor 8
IN_CH = 4
CH = [320, 640, 1280, 1280]  # block_out_channels
LAYERS_PER_BLOCK = 2
HEADS = 8                     # attention_head_dim: 8 (diffusers' name for the head count in SD 1.x)
CTX_DIM, CTX_TOKENS = 768, 77  # CLIP ViT-L/14 text encoder output
TEMB = 4 * CH[0]              # 1280
CROSS = [True, True, True, False]  # CrossAttnDownBlock2D x3, DownBlock2D

lines = []
block = 0
params = 0
flops = 0.0
fl = {"conv": 0.0, "gemm": 0.0, "attention": 0.0}
temb_saved = False
ctx_saved = False  # the text embeddings are one tensor: counted once, by the first attn2.to_k


def emit(d, comment=None):
    d = dict(d)
    d["block"] = block
    s = "{" + ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in d.items()) + "}"
    lines.append(f"  - {s}" + (f"  # {comment}" if comment else ""))


def comment(text):
    lines.append(f"  # {text}")


def conv(name, cin, cout, hw, k, stride=1, save_input=True):
    global params, flops
    pad = k // 2
    o = (hw + 2 * pad - k) // stride + 1
    params += cout * cin * k * k + cout
    flops += 2 * cout * o * o * cin * k * k
    fl["conv"] += 2 * cout * o * o * cin * k * k
    d = {"name": name, "kind": "conv2d", "in": cin, "out": cout, "kernel": k, "hw": hw}
    if stride != 1:
        d["stride"] = stride
    if pad != k // 2:
        d["padding"] = pad
    d["bias"] = True
    if not save_input:
        d["save_input"] = False
    emit(d)
    return o


def linear(name, cin, cout, tokens=1, bias=True, save_input=True):
    global params, flops
    params += cin * cout + (cout if bias else 0)
    flops += 2 * tokens * cin * cout
    fl["gemm"] += 2 * tokens * cin * cout
    d = {"name": name, "kind": "linear", "in": cin, "out": cout}
    if tokens != 1:
        d["tokens"] = tokens
    if not bias:
        d["bias"] = False
    if not save_input:
        d["save_input"] = False
    emit(d)


def norm(name, c, positions, type_):
    global params, flops
    params += 2 * c
    flops += 5 * c * positions
    emit({"name": name, "kind": "norm", "features": c, "positions": positions, "type": type_})


def elem(name, elems, fpe=1, inputs=1, save="output"):
    global flops
    flops += fpe * elems
    d = {"name": name, "kind": "elementwise", "elems": elems}
    if fpe != 1:
        d["flops_per_elem"] = fpe
    if inputs != 1:
        d["inputs"] = inputs
    if save != "output":
        d["save"] = save
    emit(d)


def attention(name, tokens, kv_tokens, heads, head_dim):
    global flops
    flops += 4 * tokens * kv_tokens * heads * head_dim + 5 * heads * tokens * kv_tokens
    fl["attention"] += 4 * tokens * kv_tokens * heads * head_dim
    d = {"name": name, "kind": "attention", "tokens": tokens, "heads": heads, "head_dim": head_dim}
    if kv_tokens != tokens:
        d["kv_tokens"] = kv_tokens
    d["flash"] = True
    emit(d)


def resnet(p, cin, cout, hw):
    """diffusers ResnetBlock2D: GN-SiLU-conv3x3, + time_emb_proj(SiLU(temb)), GN-SiLU-conv3x3,
    1x1 conv shortcut when cin != cout, residual add (dropout 0 not modelled)."""
    global block
    block += 1
    n = hw * hw
    norm(p + "norm1", cin, n, "groupnorm")
    elem(p + "silu1", cin * n, 4, save="input")
    conv(p + "conv1", cin, cout, hw, 3)
    global temb_saved
    elem(p + "temb_silu", TEMB, 4, save="none" if temb_saved else "input")  # temb: one tensor
    temb_saved = True
    linear(p + "time_emb_proj", TEMB, cout)
    elem(p + "temb_add", cout * n, 1, 2, save="none")
    norm(p + "norm2", cout, n, "groupnorm")
    elem(p + "silu2", cout * n, 4, save="input")
    conv(p + "conv2", cout, cout, hw, 3)
    if cin != cout:
        conv(p + "conv_shortcut", cin, cout, hw, 1, save_input=False)  # input kept by norm1
    elem(p + "residual", cout * n, 1, 2, save="none")


def transformer(p, c, hw):
    """diffusers Transformer2DModel (SD 1.x: use_linear_projection false, one
    BasicTransformerBlock): GN, proj_in 1x1 conv, [LN, self-attn, LN, cross-attn on the text,
    LN, GEGLU feed-forward (4c)], proj_out 1x1 conv, residual."""
    global block, ctx_saved
    block += 1
    n = hw * hw
    d = c // HEADS
    b = p + "transformer_blocks.0."
    norm(p + "norm", c, n, "groupnorm")
    conv(p + "proj_in", c, c, hw, 1)
    norm(b + "norm1", c, n, "layernorm")
    linear(b + "attn1.to_q", c, c, n, bias=False)
    linear(b + "attn1.to_k", c, c, n, bias=False, save_input=False)
    linear(b + "attn1.to_v", c, c, n, bias=False, save_input=False)
    attention(b + "attn1.core", n, n, HEADS, d)
    linear(b + "attn1.to_out", c, c, n)
    elem(b + "attn1.residual", c * n, 1, 2, save="none")
    norm(b + "norm2", c, n, "layernorm")
    linear(b + "attn2.to_q", c, c, n, bias=False)
    linear(b + "attn2.to_k", CTX_DIM, c, CTX_TOKENS, bias=False, save_input=not ctx_saved)
    ctx_saved = True
    linear(b + "attn2.to_v", CTX_DIM, c, CTX_TOKENS, bias=False, save_input=False)
    attention(b + "attn2.core", n, CTX_TOKENS, HEADS, d)
    linear(b + "attn2.to_out", c, c, n)
    elem(b + "attn2.residual", c * n, 1, 2, save="none")
    norm(b + "norm3", c, n, "layernorm")
    linear(b + "ff.proj", c, 8 * c, n)          # GEGLU: value and gate halves
    elem(b + "ff.gelu", 4 * c * n, 8, save="input")   # gelu(gate) keeps the gate
    elem(b + "ff.mul", 4 * c * n, 1, 2, save="input")  # keeps the value half and gelu(gate)
    linear(b + "ff.out", 4 * c, c, n)
    elem(b + "ff.residual", c * n, 1, 2, save="none")
    conv(p + "proj_out", c, c, hw, 1)
    elem(p + "residual", c * n, 1, 2, save="none")


# ---- input end: conv_in and the timestep embedding ------------------------------------------
comment("conv_in and the timestep embedding: sinusoidal Timesteps(320) (no params), then")
comment("TimestepEmbedding 320 -> 1280 -> 1280 with SiLU")
hw = LATENT
conv("conv_in", IN_CH, CH[0], hw, 3)
linear("time_embedding.linear_1", CH[0], TEMB)
elem("time_embedding.act", TEMB, 4, save="input")
linear("time_embedding.linear_2", TEMB, TEMB)

# ---- down path -------------------------------------------------------------------------------
skips = [CH[0]]
cin = CH[0]
for i, cout in enumerate(CH):
    kind = "CrossAttnDownBlock2D" if CROSS[i] else "DownBlock2D"
    comment(f"down_blocks.{i}: {kind} {cin} -> {cout} at {hw}x{hw}")
    for j in range(LAYERS_PER_BLOCK):
        resnet(f"down_blocks.{i}.resnets.{j}.", cin if j == 0 else cout, cout, hw)
        if CROSS[i]:
            transformer(f"down_blocks.{i}.attentions.{j}.", cout, hw)
        skips.append(cout)
    if i < len(CH) - 1:
        hw = conv(f"down_blocks.{i}.downsamplers.0.conv", cout, cout, hw, 3, stride=2)
        skips.append(cout)
    cin = cout

# ---- middle ----------------------------------------------------------------------------------
c = CH[-1]
comment(f"mid_block: UNetMidBlock2DCrossAttn {c} at {hw}x{hw}")
resnet("mid_block.resnets.0.", c, c, hw)
transformer("mid_block.attentions.0.", c, hw)
resnet("mid_block.resnets.1.", c, c, hw)

# ---- up path ---------------------------------------------------------------------------------
rev = list(reversed(CH))
rev_cross = list(reversed(CROSS))
prev = rev[0]
for i, cout in enumerate(rev):
    kind = "CrossAttnUpBlock2D" if rev_cross[i] else "UpBlock2D"
    comment(f"up_blocks.{i}: {kind} -> {cout} at {hw}x{hw}, concatenating the down path's skips")
    for j in range(LAYERS_PER_BLOCK + 1):
        skip = skips.pop()
        rin = (prev if j == 0 else cout) + skip
        n = hw * hw
        block += 1
        elem(f"up_blocks.{i}.cat.{j}", rin * n, 0, save="none")  # torch.cat: read + write
        block -= 1  # the concat opens the resnet's block
        resnet(f"up_blocks.{i}.resnets.{j}.", rin, cout, hw)
        if rev_cross[i]:
            transformer(f"up_blocks.{i}.attentions.{j}.", cout, hw)
    if i < len(rev) - 1:
        elem(f"up_blocks.{i}.upsamplers.0.interpolate", cout * 4 * hw * hw, 0, save="none")
        hw *= 2
        conv(f"up_blocks.{i}.upsamplers.0.conv", cout, cout, hw, 3)
    prev = cout
assert not skips

# ---- output end ------------------------------------------------------------------------------
block += 1
comment("output end: GroupNorm, SiLU, conv_out 320 -> 4, and the MSE loss on the predicted noise")
norm("conv_norm_out", CH[0], hw * hw, "groupnorm")
elem("conv_act", CH[0] * hw * hw, 4, save="input")
conv("conv_out", CH[0], IN_CH, hw, 3)
emit({"name": "loss", "kind": "loss", "classes": IN_CH, "positions": hw * hw},
     "MSE on 4x64x64, costed as the loss op")
flops += 5 * IN_CH * hw * hw

header = f"""\
# Stable Diffusion v1.5 UNet (diffusers UNet2DConditionModel, runwayml/stable-diffusion-v1-5
# unet/config.json): 4-channel 64x64 latents (512x512 images, VAE factor 8), block_out_channels
# 320/640/1280/1280, 2 ResnetBlock2D per level (3 on the way up), one cross-attention
# Transformer2DModel after each resnet at the first three levels and in the middle (8 heads,
# GEGLU feed-forward 4x), text context 77 x 768 from the frozen CLIP ViT-L/14 (not part of this
# model: its output is an input here), GroupNorm(32) + SiLU, timestep embedding 320->1280->1280.
# The VAE encoder and the text encoder are frozen in SD training and are not modelled.
#
# Generated by tools/gen_sd_unet.py -- edit the script, not this file.
#
# Parameters: {params:,} (diffusers reports 859,520,964). GroupNorm is `norm` with
# type: groupnorm (2 params per channel). Attention uses flash: true (diffusers on PyTorch 2
# runs F.scaled_dot_product_attention); set it to false for eager softmax probabilities.
# Forward FLOPs per sample (one UNet evaluation on one 64x64 latent, a multiply-add = 2):
# {flops/1e12:.3f} TFLOPs: convs {fl['conv']/1e12:.3f}, linears {fl['gemm']/1e12:.3f}, attention matmuls {fl['attention']/1e12:.3f}, the rest
# (norms, activations, softmax, adds) {(flops-sum(fl.values()))/1e12:.3f}. That is ~{sum(fl.values())/2e9:.0f} G multiply-adds: the
# "~0.4 T" often quoted per UNet call is this MAC count. Published: NVIDIA's TensorRT talk
# "Stable Diffusion inference acceleration" (www.sgpjbg.com/bgdown/155314.html) gives the U-Net
# 1.67952e12 FLOPs per step at B=1, H=W=64 with classifier-free guidance, i.e. on 2 latents:
# 0.84e12 per latent, {(0.83976e12/flops-1)*100:.0f}% above the count here.
name: Stable Diffusion v1.5 UNet
source: diffusers UNet2DConditionModel, runwayml/stable-diffusion-v1-5 unet/config.json (Rombach et al. 2022, "High-Resolution Image Synthesis with Latent Diffusion Models"); 859,520,964 params
family: cnn
image_size: {LATENT}  # latent pixels per side (512x512 images)
layers:
"""
sys.stdout.write(header + "\n".join(lines) + "\n")
print(f"params {params} ({(params / 859520964 - 1) * 100:+.4f}% vs 859,520,964), "
      f"fwd {flops / 1e12:.4f} TFLOPs, blocks {block + 1}", file=sys.stderr)
