$ simtrain validate
# exit 0
simtrain validate: 82 cases from validation/cases.yaml (measured: public figures, sources in the file)

id                                                        what                                                                                                                   measured   simulated    error  within tolerance
[collective]
nccl-ar-a100-8gpu-curve-stas00/1GiB                       8x A100 NVSwitch all_reduce 1 GiB                                                                                   229.04 GB/s       213.7    -6.7%  yes (+-8%)
nccl-ar-a100-8gpu-curve-stas00/16GiB                      8x A100 NVSwitch all_reduce 16 GiB                                                                                  234.89 GB/s       232.6    -1.0%  yes (+-5%)
nccl-ar-a100-8gpu-curve-stas00/128MiB                     8x A100 NVSwitch all_reduce 128 MiB                                                                                 176.92 GB/s       153.2     -13%  yes (+-20%)
nccl-ar-a100-8gpu-curve-stas00/8MiB                       8x A100 NVSwitch all_reduce 8 MiB                                                                                   109.93 GB/s       94.49     -14%  yes (+-20%)
nccl-ar-a100-8gpu-curve-stas00/1MiB                       8x A100 NVSwitch all_reduce 1 MiB                                                                                       18 GB/s       34.79     +93%  yes (+-100%)
nccl-ar-a100-8gpu-curve-stas00/32KiB                      8x A100 NVSwitch all_reduce 32 KiB                                                                                    1.31 GB/s        1.27    -3.1%  yes (+-15%)
nccl-ar-dgxa100-multinode-192-maintainer/2nodes           2x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                              192 GB/s       190.2    -0.9%  yes (+-5%)
nccl-ar-dgxa100-multinode-192-maintainer/4nodes           4x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                              192 GB/s       189.8    -1.1%  yes (+-5%)
nccl-ar-dgxa100-multinode-192-maintainer/8nodes           8x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                              192 GB/s       188.9    -1.6%  yes (+-5%)
nccl-ar-dgxa100-multinode-192-maintainer/16nodes          16x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                             192 GB/s       187.1    -2.6%  yes (+-5%)
nccl-ar-nvidia-gtc24-s62129-expected/dgx-h100-2nodes      2x DGX H100, 8x NDR, ring 8 GiB (plateau)                                                                              380 GB/s       365.4    -3.9%  yes (+-8%)
nccl-ar-h200-8gpu-curve-stas00/nvls-off-16GiB             8x H200 NVSwitch, ring (NVLS off) 16 GiB                                                                            367.61 GB/s       366.7    -0.2%  yes (+-5%)
nccl-ar-a100-nv12-pair/2gpus                              2 A100 on an NV12 pair                                                                                                 208 GB/s       230.2     +11%  yes (+-20%)
nccl-ar-a100-nv12-pair/3gpus-pcie                         3 A100, ring crossing PCIe                                                                                              20 GB/s       27.64     +38%  yes (+-50%)
nccl-ar-nvidia-gtc24-s62129-expected/pcie-gen4            8x A100 PCIe Gen4 box, ring                                                                                             24 GB/s       23.80    -0.8%  yes (+-10%)
nccl-ar-a100-8gpu-curve-stas00/2MiB                       8x A100 NVSwitch all_reduce 2 MiB                                                                                    36.18 GB/s       45.32     +25%  yes (+-30%)
nccl-ar-a100-8gpu-curve-stas00/32MiB                      8x A100 NVSwitch all_reduce 32 MiB                                                                                  138.49 GB/s       136.3    -1.6%  yes (+-15%)
nccl-ar-a100-8gpu-curve-stas00/256MiB                     8x A100 NVSwitch all_reduce 256 MiB                                                                                 194.07 GB/s       169.6     -13%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/32KiB                      8x H200 all_reduce 32 KiB (ring LL)                                                                                   1.44 GB/s        1.55    +8.0%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/512KiB                     8x H200 all_reduce 512 KiB (ring LL)                                                                                 23.94 GB/s       24.87    +3.9%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/1MiB                       8x H200 all_reduce 1 MiB (ring LL)                                                                                   39.93 GB/s       44.02     +10%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/2MiB                       8x H200 all_reduce 2 MiB (NVLS)                                                                                      64.53 GB/s       66.19    +2.6%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/8MiB                       8x H200 all_reduce 8 MiB (NVLS)                                                                                     155.53 GB/s       181.6     +17%  yes (+-25%)
nccl-ar-h200-8gpu-curve-stas00/32MiB                      8x H200 all_reduce 32 MiB (NVLS)                                                                                    275.84 GB/s       341.1     +24%  yes (+-30%)
nccl-ar-h200-8gpu-curve-stas00/128MiB                     8x H200 all_reduce 128 MiB (NVLS)                                                                                   401.93 GB/s       432.9    +7.7%  yes (+-12%)
nccl-ar-h200-8gpu-curve-stas00/1GiB                       8x H200 all_reduce 1 GiB (NVLS)                                                                                     463.58 GB/s       474.2    +2.3%  yes (+-5%)
nccl-ar-h200-8gpu-curve-stas00/16GiB                      8x H200 all_reduce 16 GiB (NVLS)                                                                                    482.26 GB/s       481.7    -0.1%  yes (+-5%)
nccl-ar-h100-nvls-maintainer/nvls-peak                    8x H100 NVSwitch all_reduce, NVLS peak (4 GiB)                                                                         480 GB/s       480.1    +0.0%  yes (anchor: a constant was read from it)
nccl-ar-h100-single-and-ndr-maintainer/single-node        8x H100 NVSwitch all_reduce, large size (8 GiB)                                                                        476 GB/s       481.1    +1.1%  yes (+-5%)
nccl-ar-h100-single-and-ndr-maintainer/ndr-per-nic        2 nodes, one NDR 400 Gb/s NIC each, ring 8 GiB                                                                          47 GB/s       47.99    +2.1%  yes (+-5%)
nccl-ar-h100-8x400g-multinode-maintainer/2nodes-ceiling   2x DGX H100, 8x 400 Gb/s, ring 8 GiB, at most the 400 GB/s ceiling                                                  <= 400 GB/s       365.4           yes (bound)
nccl-ar-edr-per-nic-maintainer/dgx1-four-adapters         2x DGX-1 (V100), 4 EDR adapters per node, ring 8 GiB                                                                    48 GB/s       40.35     -16%  yes (+-25%)
nccl-ar-a100-80gb-hpe-8gpu-200/1GiB                       8x A100 80GB NVLink (HPE Apollo 6500), all_reduce 1 GiB                                                                200 GB/s       213.7    +6.9%  yes (+-15%)
nccl-ar-nvidia-gtc24-s62129-expected/nvlink4-h100         8x H100 NVSwitch, ring (NVLink4 row), 16 GiB                                                                           370 GB/s       366.7    -0.9%  yes (+-5%)
nccl-ar-nvidia-gtc24-s62129-expected/nvls-h100            8x H100 NVSwitch, NVLS (NVLink4 SHARP row), 8 GiB                                                                      480 GB/s       481.1    +0.2%  yes (anchor: a constant was read from it)
nccl-ar-nvidia-gtc24-s62129-expected/nvlink2-v100         DGX-1 (V100) NVLink2 cube-mesh, ring 1 GiB                                                                             122 GB/s       77.42     -37%  yes (+-40%)
nccl-ar-nvidia-gtc24-s62129-expected/tcp-100g             2 nodes, one 100GbE NIC each, NCCL socket transport, ring 8 GiB                                                         10 GB/s       10.00    -0.0%  yes (anchor: a constant was read from it)
nccl-ar-nvidia-gtc24-s62129-expected/rdma-200g            2 nodes, one 200 Gb/s HDR NIC each, ring 8 GiB                                                                          24 GB/s       24.00    -0.0%  yes (anchor: a constant was read from it)
nccl-ar-nvidia-gtc24-s62129-expected/rdma-400g            2 nodes, one 400 Gb/s NDR NIC each, ring 8 GiB                                                                          48 GB/s       47.99    -0.0%  yes (anchor: a constant was read from it)
nccl-ar-rtx4090-6gpu-p2p-patched/stock-driver-shm         6x RTX 4090 on stock drivers (SHM through host memory), 32 MiB, at most the P2P-patched figure                    <= 24.58 GB/s       14.33           yes (bound)
[gemm]
gemm-mamf-bf16-fp8/a100-sxm-bf16                          A100 SXM bf16 matmul at its best shape 1024x10240x5120                                                            271.2 TFLOP/s       269.8    -0.5%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/a100-pcie-bf16                         A100 PCIe bf16 matmul at its best shape 2048x5120x6144                                                            252.9 TFLOP/s       252.0    -0.3%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/h100-sxm-bf16                          H100 SXM bf16 matmul at its best shape 2048x2048x13312                                                            794.5 TFLOP/s       783.0    -1.4%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/h100-sxm-fp8                           H100 SXM fp8 matmul at its best shape 1024x9216x14336                                                             1,403 TFLOP/s       1,389    -1.0%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/h200-sxm-fp8                           H200 SXM fp8 matmul at its best shape 1280x4096x12032                                                             1,453 TFLOP/s       1,420    -2.3%  yes (anchor: a constant was read from it)
[cnn_1gpu]
dle-resnet50-pytorch-dgxa100-dgx1/a100-tf32               A100, ResNet-50, TF32, batch 256, 1 GPU                                                                               938 img/s       983.6    +4.9%  yes (+-15%)
dle-resnet50-pytorch-dgxa100-dgx1/a100-amp                A100, ResNet-50, AMP, batch 256, 1 GPU                                                                              2,470 img/s       1,906     -23%  yes (+-25%)
lambda-resnet50-amp-1gpu/a100-sxm4                        A100, ResNet-50, AMP, 1 GPU (Lambda)                                                                                1,582 img/s       1,906     +20%  yes (+-25%)
dle-resnet50-pytorch-dgxa100-dgx1/v100-amp                V100 32GB, ResNet-50, AMP, batch 256, 1 GPU                                                                         1,156 img/s       1,036     -10%  yes (+-12%)
dle-resnet50-pytorch-dgxa100-dgx1/v100-fp32               V100 32GB, ResNet-50, FP32, batch 112, 1 GPU                                                                          356 img/s       270.1     -24%  yes (+-25%)
lambda-resnet50-amp-1gpu/rtx4090                          RTX 4090, ResNet-50, AMP, 1 GPU (Lambda)                                                                            1,301 img/s       1,149     -12%  yes (+-15%)
lambda-resnet50-amp-1gpu/h100-sxm5                        H100 SXM, ResNet-50, AMP, 1 GPU (Lambda)                                                                            2,616 img/s       4,277     +64%  yes (+-80%)
lambda-resnet50-fp32-1gpu/a100-sxm4-80gb                  A100 80GB SXM, ResNet-50, "FP32" (TF32), batch 640, 1 GPU (Lambda)                                                  1,066 img/s       1,215     +14%  yes (+-25%)
lambda-resnet50-fp32-1gpu/h100-sxm5                       H100 SXM, ResNet-50, "FP32" (TF32), batch 640, 1 GPU (Lambda)                                                       1,753 img/s       2,240     +28%  yes (+-35%)
lambda-resnet50-fp32-1gpu/rtx4090                         RTX 4090, ResNet-50, "FP32" (TF32), batch 224, 1 GPU (Lambda)                                                         721 img/s       596.6     -17%  yes (+-25%)
lambda-resnet50-amp-1gpu/a100-pcie-80gb                   A100 80GB PCIe, ResNet-50, AMP, 1 GPU (Lambda)                                                                      1,527 img/s       2,184     +43%  yes (+-45%)
[transformer_1gpu]
dle-bert-large-pretrain-dgxa100/a100-amp-seq512           A100, BERT-Large seq 512, AMP, batch 32, 1 GPU                                                                        210 seq/s       127.9     -39%  yes (+-45%)
dle-bert-large-pretrain-dgx1-v100/v100-amp-seq512         V100 32GB, BERT-Large seq 512, AMP, batch 8, 1 GPU                                                                     75 seq/s       51.40     -31%  yes (+-35%)
[ddp]
dle-resnet50-pytorch-dgxa100-dgx1/dgx-a100-8gpu-amp       DGX A100, ImageNet ResNet-50, AMP, DataLoader                                                                      16,621 img/s      15,192    -8.6%  yes (+-12%)
dle-resnet50-pytorch-dgxa100-dgx1/dgx-a100-8gpu-tf32      DGX A100, ImageNet ResNet-50, TF32, DataLoader                                                                      7,248 img/s       7,854    +8.4%  yes (+-15%)
dle-resnet50-pytorch-dgxa100-dgx1/dgx1-v100-8gpu-amp      DGX-1 V100 32GB, ResNet-50, AMP, batch 256, 8 GPUs                                                                  8,056 img/s       8,248    +2.4%  yes (+-25%)
dle-resnet50-pytorch-dgxa100-dgx1/dgx1-v100-8gpu-fp32     DGX-1 V100 32GB, ResNet-50, FP32, batch 112, 8 GPUs                                                                 2,766 img/s       2,156     -22%  yes (+-25%)
dle-bert-large-pretrain-dgxa100/a100-8gpu-amp-seq512      DGX A100, BERT-Large seq 512, AMP, batch 32 x 4 accumulated, 8 GPUs                                                 1,657 seq/s       1,042     -37%  yes (+-45%)
dle-bert-large-pretrain-dgx1-v100/v100-8gpu-amp-seq512    DGX-1 V100 32GB, BERT-Large seq 512, AMP, batch 8 x 8 accumulated, 8 GPUs                                             586 seq/s       442.3     -25%  yes (+-40%)
[fsdp]
fsdp-ibm-2024-llama2-a100-h100/7b-no-ckpt                 Llama-2-7B HSDP, 128x A100-80GB, no ckpt                                                                     3,700 tokens/s/GPU       4,584     +24%  yes (+-30%)
fsdp-ibm-2024-llama2-a100-h100/13b-ckpt                   Llama-2-13B HSDP, 128x A100-80GB, selective ckpt                                                             1,800 tokens/s/GPU       2,175     +21%  yes (+-30%)
fsdp-blog-2022-gpt175b-gpt1t/gpt175b                      GPT 175B FSDP, 128x A100-40GB, offload+ckpt                                                                     159 TFLOP/s/GPU       183.5     +15%  yes (+-25%)
fsdp-ibm-2024-llama2-a100-h100/34b-ckpt                   Llama-2-34B FSDP, 128x A100-80GB, ckpt                                                                         700 tokens/s/GPU       815.1     +16%  yes (+-30%)
fsdp-ibm-2024-llama2-a100-h100/70b-ckpt                   Llama-2-70B FSDP, 128x A100-80GB, ckpt                                                                         370 tokens/s/GPU       410.4     +11%  yes (+-30%)
fsdp-ibm-2024-llama2-a100-h100/h100-7b-no-ckpt            Llama-2-7B HSDP, 96x H100, no ckpt                                                                           7,500 tokens/s/GPU      10,693     +43%  yes (+-50%)
fsdp-ibm-2024-llama2-a100-h100/h100-13b-ckpt              Llama-2-13B HSDP, 96x H100, selective ckpt                                                                   3,800 tokens/s/GPU       5,274     +39%  yes (+-50%)
fsdp-ibm-2024-llama2-a100-h100/h100-34b-ckpt              Llama-2-34B FSDP, 96x H100, ckpt                                                                             1,550 tokens/s/GPU       2,054     +32%  yes (+-50%)
fsdp-ibm-2024-llama2-a100-h100/h100-70b-ckpt              Llama-2-70B FSDP, 96x H100, ckpt                                                                               800 tokens/s/GPU       1,047     +31%  yes (+-50%)
nemo-24.07-dgxh100-fp8-pretrain/llama2-7b-8gpu            Llama-2-7B, 8x H100, FP8 (TransformerEngine), seq 4096, micro-batch 1 x 16, TP1 PP1, distributed optimizer  16,847 tokens/s/GPU      20,776     +23%  yes (+-25%)
megatron-bridge-dense-h100-b200-gb200/llama3-8b-8gpu-fp8  Llama-3-8B, 8x H100, FP8 (current scaling), seq 8192, micro-batch 1 x 16, FSDP over 8                       14,451 tokens/s/GPU      16,959     +17%  yes (+-25%)
[memory]
fsdp-blog-2022-gpt175b-gpt1t/gpt175b-batch20-fits         GPT 175B, 40 GB, largest batch (ran 20)                                                                       >= 20 samples/GPU       23.00           yes (bound)
fsdp-aws-2022-gpt175b-gpt1t/gpt175b-largest-batch         GPT 175B, 40 GB, largest batch                                                                                   21 samples/GPU       23.00    +9.5%  yes (+-15%)
fsdp-blog-2022-gpt175b-gpt1t/gpt1t-largest-batch          GPT 1T, 40 GB, largest batch                                                                                      4 samples/GPU        4.00    +0.0%  yes (+-25%)
fsdp-blog-2022-gpt175b-gpt1t/gpt1t-peak-at-limit          GPT 1T, 40 GB, peak at batch 4                                                                                           40 GiB       37.29    -6.8%  yes (+-10%)
fsdp-ibm-2024-llama2-a100-h100/7b-batch2-fits             Llama-2-7B, 80 GB, no ckpt, largest batch (ran 2)                                                              >= 2 samples/GPU        3.00           yes (bound)
fsdp-ibm-2024-llama2-a100-h100/13b-batch2-fits            Llama-2-13B, 80 GB, selective ckpt, largest batch (ran 2)                                                      >= 2 samples/GPU        2.00           yes (bound)
fsdp-ibm-2024-llama2-a100-h100/70b-batch2-fits            Llama-2-70B, 80 GB, ckpt, largest batch (ran 2)                                                                >= 2 samples/GPU        9.00           yes (bound)

By category (bounds and calibration anchors excluded from the errors):
  collective         40 cases, median |error|   3.9%, worst  93.3%, mean signed   +4.1%, 40 of 40 within
  gemm                5 cases, none with an error (bounds or anchors), 5 of 5 within
  cnn_1gpu           11 cases, median |error|  20.5%, worst  63.5%, mean signed   +7.9%, 11 of 11 within
  transformer_1gpu    2 cases, median |error|  35.3%, worst  39.1%, mean signed  -35.3%, 2 of 2 within
  ddp                 6 cases, median |error|  15.3%, worst  37.1%, mean signed  -13.6%, 6 of 6 within
  fsdp               11 cases, median |error|  23.3%, worst  42.6%, mean signed  +24.8%, 11 of 11 within
  memory              7 cases, median |error|   6.8%, worst   9.5%, mean signed   +0.9%, 7 of 7 within

82 cases, median |error| 12.1% (bounds and anchors excluded), 82 of 82 within tolerance or bound
