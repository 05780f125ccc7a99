$ simtrain validate --cross-validate --check-bands validation/error_bands.yaml
# exit 0
simtrain validate: 171 cases from validation/cases.yaml (measured: public figures, sources in the file)

id                                                                  what                                                                                                                                           measured   simulated    error  within tolerance
[collective]
nccl-ar-a100-8gpu-curve-stas00/1GiB                                 8x A100 NVSwitch all_reduce 1 GiB                                                                                                           229.04 GB/s       213.7    -6.7%  yes (+-8%)
nccl-ar-a100-8gpu-curve-stas00/16GiB                                8x A100 NVSwitch all_reduce 16 GiB                                                                                                          234.89 GB/s       232.6    -1.0%  yes (+-5%)
nccl-ar-a100-8gpu-curve-stas00/128MiB                               8x A100 NVSwitch all_reduce 128 MiB                                                                                                         176.92 GB/s       153.2     -13%  yes (+-20%)
nccl-ar-a100-8gpu-curve-stas00/8MiB                                 8x A100 NVSwitch all_reduce 8 MiB                                                                                                           109.93 GB/s       94.49     -14%  yes (+-20%)
nccl-ar-a100-8gpu-curve-stas00/1MiB                                 8x A100 NVSwitch all_reduce 1 MiB                                                                                                               18 GB/s       34.79     +93%  yes (+-100%)
nccl-ar-a100-8gpu-curve-stas00/32KiB                                8x A100 NVSwitch all_reduce 32 KiB                                                                                                            1.31 GB/s        1.27    -3.1%  yes (+-15%)
nccl-ar-dgxa100-multinode-192-maintainer/2nodes                     2x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                                                      192 GB/s       190.2    -0.9%  yes (+-5%)
nccl-ar-dgxa100-multinode-192-maintainer/4nodes                     4x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                                                      192 GB/s       189.8    -1.1%  yes (+-5%)
nccl-ar-dgxa100-multinode-192-maintainer/8nodes                     8x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                                                      192 GB/s       188.9    -1.6%  yes (+-5%)
nccl-ar-dgxa100-multinode-192-maintainer/16nodes                    16x DGX A100, 8x HDR, ring 8 GiB (plateau)                                                                                                     192 GB/s       187.1    -2.6%  yes (+-5%)
nccl-ar-nvidia-gtc24-s62129-expected/dgx-h100-2nodes                2x DGX H100, 8x NDR, ring 8 GiB (plateau)                                                                                                      380 GB/s       365.4    -3.9%  yes (+-8%)
nccl-ar-h200-8gpu-curve-stas00/nvls-off-16GiB                       8x H200 NVSwitch, ring (NVLS off) 16 GiB                                                                                                    367.61 GB/s       366.7    -0.2%  yes (+-5%)
nccl-ar-a100-nv12-pair/2gpus                                        2 A100 on an NV12 pair                                                                                                                         208 GB/s       230.2     +11%  yes (+-20%)
nccl-ar-a100-nv12-pair/3gpus-pcie                                   3 A100, ring crossing PCIe                                                                                                                      20 GB/s       27.64     +38%  yes (+-50%)
nccl-ar-nvidia-gtc24-s62129-expected/pcie-gen4                      8x A100 PCIe Gen4 box, ring                                                                                                                     24 GB/s       23.80    -0.8%  yes (+-10%)
nccl-ar-a100-8gpu-curve-stas00/2MiB                                 8x A100 NVSwitch all_reduce 2 MiB                                                                                                            36.18 GB/s       45.32     +25%  yes (+-30%)
nccl-ar-a100-8gpu-curve-stas00/32MiB                                8x A100 NVSwitch all_reduce 32 MiB                                                                                                          138.49 GB/s       136.3    -1.6%  yes (+-15%)
nccl-ar-a100-8gpu-curve-stas00/256MiB                               8x A100 NVSwitch all_reduce 256 MiB                                                                                                         194.07 GB/s       169.6     -13%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/32KiB                                8x H200 all_reduce 32 KiB (ring LL)                                                                                                           1.44 GB/s        1.55    +8.0%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/512KiB                               8x H200 all_reduce 512 KiB (ring LL)                                                                                                         23.94 GB/s       24.87    +3.9%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/1MiB                                 8x H200 all_reduce 1 MiB (ring LL)                                                                                                           39.93 GB/s       44.02     +10%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/2MiB                                 8x H200 all_reduce 2 MiB (NVLS)                                                                                                              64.53 GB/s       66.19    +2.6%  yes (+-15%)
nccl-ar-h200-8gpu-curve-stas00/8MiB                                 8x H200 all_reduce 8 MiB (NVLS)                                                                                                             155.53 GB/s       181.6     +17%  yes (+-25%)
nccl-ar-h200-8gpu-curve-stas00/32MiB                                8x H200 all_reduce 32 MiB (NVLS)                                                                                                            275.84 GB/s       341.1     +24%  yes (+-30%)
nccl-ar-h200-8gpu-curve-stas00/128MiB                               8x H200 all_reduce 128 MiB (NVLS)                                                                                                           401.93 GB/s       432.9    +7.7%  yes (+-12%)
nccl-ar-h200-8gpu-curve-stas00/1GiB                                 8x H200 all_reduce 1 GiB (NVLS)                                                                                                             463.58 GB/s       474.2    +2.3%  yes (+-5%)
nccl-ar-h200-8gpu-curve-stas00/16GiB                                8x H200 all_reduce 16 GiB (NVLS)                                                                                                            482.26 GB/s       481.7    -0.1%  yes (+-5%)
nccl-ar-h100-nvls-maintainer/nvls-peak                              8x H100 NVSwitch all_reduce, NVLS peak (4 GiB)                                                                                                 480 GB/s       480.1    +0.0%  yes (anchor: a constant was read from it)
nccl-ar-h100-single-and-ndr-maintainer/single-node                  8x H100 NVSwitch all_reduce, large size (8 GiB)                                                                                                476 GB/s       481.1    +1.1%  yes (+-5%)
nccl-ar-h100-single-and-ndr-maintainer/ndr-per-nic                  2 nodes, one NDR 400 Gb/s NIC each, ring 8 GiB                                                                                                  47 GB/s       47.99    +2.1%  yes (+-5%)
nccl-ar-h100-8x400g-multinode-maintainer/2nodes-ceiling             2x DGX H100, 8x 400 Gb/s, ring 8 GiB, at most the 400 GB/s ceiling                                                                          <= 400 GB/s       365.4           yes (bound)
nccl-ar-edr-per-nic-maintainer/dgx1-four-adapters                   2x DGX-1 (V100), 4 EDR adapters per node, ring 8 GiB                                                                                            48 GB/s       40.35     -16%  yes (+-25%)
nccl-ar-a100-80gb-hpe-8gpu-200/1GiB                                 8x A100 80GB NVLink (HPE Apollo 6500), all_reduce 1 GiB                                                                                        200 GB/s       213.7    +6.9%  yes (+-15%)
nccl-ar-nvidia-gtc24-s62129-expected/nvlink4-h100                   8x H100 NVSwitch, ring (NVLink4 row), 16 GiB                                                                                                   370 GB/s       366.7    -0.9%  yes (+-5%)
nccl-ar-nvidia-gtc24-s62129-expected/nvls-h100                      8x H100 NVSwitch, NVLS (NVLink4 SHARP row), 8 GiB                                                                                              480 GB/s       481.1    +0.2%  yes (anchor: a constant was read from it)
nccl-ar-nvidia-gtc24-s62129-expected/nvlink2-v100                   DGX-1 (V100) NVLink2 cube-mesh, ring 1 GiB                                                                                                     122 GB/s       77.42     -37%  yes (+-40%)
nccl-ar-nvidia-gtc24-s62129-expected/tcp-100g                       2 nodes, one 100GbE NIC each, NCCL socket transport, ring 8 GiB                                                                                 10 GB/s       10.00    -0.0%  yes (anchor: a constant was read from it)
nccl-ar-nvidia-gtc24-s62129-expected/rdma-200g                      2 nodes, one 200 Gb/s HDR NIC each, ring 8 GiB                                                                                                  24 GB/s       24.00    -0.0%  yes (anchor: a constant was read from it)
nccl-ar-nvidia-gtc24-s62129-expected/rdma-400g                      2 nodes, one 400 Gb/s NDR NIC each, ring 8 GiB                                                                                                  48 GB/s       47.99    -0.0%  yes (anchor: a constant was read from it)
nccl-ar-rtx4090-6gpu-p2p-patched/stock-driver-shm                   6x RTX 4090 on stock drivers (SHM through host memory), 32 MiB, at most the P2P-patched figure                                            <= 24.58 GB/s       14.33           yes (bound)
nccl-ar-h200-248nodes-1984gpu-community/512MiB-default              248x 8-GPU H200 nodes (1,984 GPUs), 8 IB NICs each, all_reduce 512 MiB, NCCL's default algorithm                                               350 GB/s       335.9    -4.0%  yes (+-25%)
rccl-ar-mi300x-8gpu-curve-amdblog/16GiB                             8x MI300X xGMI mesh all_reduce 16 GiB (RCCL ring)                                                                                           318.98 GB/s       313.8    -1.6%  yes (anchor: a constant was read from it)
rccl-ar-mi300x-8gpu-curve-amdblog/1GiB                              8x MI300X xGMI mesh all_reduce 1 GiB                                                                                                        314.72 GB/s       261.7     -17%  yes (+-20%)
rccl-ar-mi300x-8gpu-curve-amdblog/64MiB                             8x MI300X xGMI mesh all_reduce 64 MiB                                                                                                       273.66 GB/s       191.0     -30%  yes (+-35%)
rccl-ar-mi300x-8gpu-curve-hisohara/8GiB                             8x MI300X xGMI mesh all_reduce 8 GiB (second source)                                                                                        315.69 GB/s       309.7    -1.9%  yes (+-5%)
rccl-ar-mi300x-8gpu-curve-hisohara/128MiB                           8x MI300X xGMI mesh all_reduce 128 MiB (second source)                                                                                       293.5 GB/s       203.3     -31%  yes (+-35%)
rccl-ar-mi325x-ring-1to8node-hisohara/1node-16GiB                   8x MI325X xGMI mesh ring all_reduce 16 GiB                                                                                                  319.08 GB/s       313.8    -1.6%  yes (+-5%)
rccl-ar-mi325x-ring-1to8node-hisohara/2nodes-16GiB                  2x 8 MI325X, 8x 400G RoCE, ring all_reduce 16 GiB                                                                                           350.24 GB/s       358.9    +2.5%  yes (+-8%)
rccl-ar-mi325x-ring-1to8node-hisohara/8nodes-16GiB                  8x 8 MI325X, 8x 400G RoCE, ring all_reduce 16 GiB                                                                                           350.84 GB/s       356.3    +1.6%  yes (+-8%)
[gemm]
gemm-mamf-bf16-fp8/a100-sxm-bf16                                    A100 SXM bf16 matmul at its best shape 1024x10240x5120                                                                                    271.2 TFLOP/s       269.8    -0.5%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/a100-pcie-bf16                                   A100 PCIe bf16 matmul at its best shape 2048x5120x6144                                                                                    252.9 TFLOP/s       252.0    -0.3%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/h100-sxm-bf16                                    H100 SXM bf16 matmul at its best shape 2048x2048x13312                                                                                    794.5 TFLOP/s       783.0    -1.4%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/h100-sxm-fp8                                     H100 SXM fp8 matmul at its best shape 1024x9216x14336                                                                                     1,403 TFLOP/s       1,389    -1.0%  yes (anchor: a constant was read from it)
gemm-mamf-bf16-fp8/h200-sxm-fp8                                     H200 SXM fp8 matmul at its best shape 1280x4096x12032                                                                                     1,453 TFLOP/s       1,420    -2.3%  yes (anchor: a constant was read from it)
[cnn_1gpu]
dle-resnet50-pytorch-dgxa100-dgx1/a100-tf32                         A100, ResNet-50, TF32, batch 256, 1 GPU                                                                                                       938 img/s       967.5    +3.1%  yes (+-15%)
dle-resnet50-pytorch-dgxa100-dgx1/a100-amp                          A100, ResNet-50, AMP, batch 256, 1 GPU                                                                                                      2,470 img/s       1,871     -24%  yes (+-25%)
lambda-resnet50-amp-1gpu/a100-sxm4                                  A100, ResNet-50, AMP, 1 GPU (Lambda)                                                                                                        1,582 img/s       1,479    -6.5%  yes (+-15%)
dle-resnet50-pytorch-dgxa100-dgx1/v100-amp                          V100 32GB, ResNet-50, AMP, batch 256, 1 GPU                                                                                                 1,156 img/s       1,036     -10%  yes (+-12%)
dle-resnet50-pytorch-dgxa100-dgx1/v100-fp32                         V100 32GB, ResNet-50, FP32, batch 112, 1 GPU                                                                                                  356 img/s       270.1     -24%  yes (+-25%)
lambda-resnet50-amp-1gpu/rtx4090                                    RTX 4090, ResNet-50, AMP, 1 GPU (Lambda)                                                                                                    1,301 img/s       919.3     -29%  yes (+-35%)
lambda-resnet50-amp-1gpu/h100-sxm5                                  H100 SXM, ResNet-50, AMP, 1 GPU (Lambda)                                                                                                    2,616 img/s       3,262     +25%  yes (+-35%)
lambda-resnet50-fp32-1gpu/a100-sxm4-80gb                            A100 80GB SXM, ResNet-50, "FP32" (TF32), batch 640, 1 GPU (Lambda)                                                                          1,066 img/s       1,188     +11%  yes (+-25%)
lambda-resnet50-fp32-1gpu/h100-sxm5                                 H100 SXM, ResNet-50, "FP32" (TF32), batch 640, 1 GPU (Lambda)                                                                               1,753 img/s       2,189     +25%  yes (+-35%)
lambda-resnet50-fp32-1gpu/rtx4090                                   RTX 4090, ResNet-50, "FP32" (TF32), batch 224, 1 GPU (Lambda)                                                                                 721 img/s       596.6     -17%  yes (+-25%)
lambda-resnet50-amp-1gpu/a100-pcie-80gb                             A100 80GB PCIe, ResNet-50, AMP, 1 GPU (Lambda)                                                                                              1,527 img/s       1,748     +14%  yes (+-20%)
[transformer_1gpu]
dle-bert-large-pretrain-dgxa100/a100-amp-seq512                     A100, BERT-Large seq 512, AMP, batch 32, 1 GPU                                                                                                210 seq/s       244.2     +16%  yes (+-25%)
dle-bert-large-pretrain-dgx1-v100/v100-amp-seq512                   V100 32GB, BERT-Large seq 512, AMP, batch 8, 1 GPU                                                                                             75 seq/s       103.5     +38%  yes (+-45%)
dle-bert-large-pretrain-dgxa100/a100-amp-seq128                     A100, BERT-Large phase 1 (seq 128), AMP, batch 256, 1 GPU                                                                                     580 seq/s       624.4    +7.7%  yes (+-25%)
dle-bert-large-pretrain-dgxa100/a100-tf32-seq128                    A100, BERT-Large phase 1 (seq 128), TF32, batch 128, 1 GPU                                                                                    317 seq/s       316.3    -0.2%  yes (+-25%)
dle-bert-large-pretrain-dgx1-v100/v100-amp-seq128                   V100 32GB, BERT-Large phase 1 (seq 128), AMP, batch 64, 1 GPU                                                                                 224 seq/s       270.6     +21%  yes (+-25%)
[ddp]
dle-resnet50-pytorch-dgxa100-dgx1/dgx-a100-8gpu-amp                 DGX A100, ImageNet ResNet-50, AMP, DataLoader                                                                                              16,621 img/s      14,913     -10%  yes (+-12%)
dle-resnet50-pytorch-dgxa100-dgx1/dgx-a100-8gpu-tf32                DGX A100, ImageNet ResNet-50, TF32, DataLoader                                                                                              7,248 img/s       7,725    +6.6%  yes (+-15%)
dle-resnet50-pytorch-dgxa100-dgx1/dgx1-v100-8gpu-amp                DGX-1 V100 32GB, ResNet-50, AMP, batch 256, 8 GPUs                                                                                          8,056 img/s       8,248    +2.4%  yes (+-25%)
dle-resnet50-pytorch-dgxa100-dgx1/dgx1-v100-8gpu-fp32               DGX-1 V100 32GB, ResNet-50, FP32, batch 112, 8 GPUs                                                                                         2,766 img/s       2,156     -22%  yes (+-25%)
dle-bert-large-pretrain-dgxa100/a100-8gpu-amp-seq512                DGX A100, BERT-Large seq 512, AMP, batch 32 x 4 accumulated, 8 GPUs                                                                         1,657 seq/s       1,930     +16%  yes (+-25%)
dle-bert-large-pretrain-dgx1-v100/v100-8gpu-amp-seq512              DGX-1 V100 32GB, BERT-Large seq 512, AMP, batch 8 x 8 accumulated, 8 GPUs                                                                     586 seq/s       807.3     +38%  yes (+-45%)
dle-bert-large-pretrain-dgxa100/a100-8gpu-amp-seq128                DGX A100, BERT-Large phase 1 (seq 128), AMP, batch 256 x 4 accumulated, 8 GPUs                                                              4,591 seq/s       4,976    +8.4%  yes (+-25%)
dle-bert-large-pretrain-dgx1-v100/v100-8gpu-amp-seq128              DGX-1 V100 32GB, BERT-Large phase 1 (seq 128), AMP, batch 64 x 4 accumulated, 8 GPUs                                                        1,746 seq/s       2,139     +22%  yes (+-25%)
[fsdp]
fsdp-ibm-2024-llama2-a100-h100/7b-no-ckpt                           Llama-2-7B HSDP, 128x A100-80GB, no ckpt                                                                                             3,700 tokens/s/GPU       4,206     +14%  yes (+-30%)
fsdp-ibm-2024-llama2-a100-h100/13b-ckpt                             Llama-2-13B HSDP, 128x A100-80GB, selective ckpt                                                                                     1,800 tokens/s/GPU       1,997     +11%  yes (+-30%)
fsdp-blog-2022-gpt175b-gpt1t/gpt175b                                GPT 175B FSDP, 128x A100-40GB, offload+ckpt                                                                                             159 TFLOP/s/GPU       168.5    +6.0%  yes (+-25%)
fsdp-ibm-2024-llama2-a100-h100/34b-ckpt                             Llama-2-34B FSDP, 128x A100-80GB, ckpt                                                                                                 700 tokens/s/GPU       746.6    +6.7%  yes (+-30%)
fsdp-ibm-2024-llama2-a100-h100/70b-ckpt                             Llama-2-70B FSDP, 128x A100-80GB, ckpt                                                                                                 370 tokens/s/GPU       375.7    +1.5%  yes (+-30%)
fsdp-ibm-2024-llama2-a100-h100/h100-7b-no-ckpt                      Llama-2-7B HSDP, 96x H100, no ckpt                                                                                                   7,500 tokens/s/GPU       9,122     +22%  yes (+-50%)
fsdp-ibm-2024-llama2-a100-h100/h100-13b-ckpt                        Llama-2-13B HSDP, 96x H100, selective ckpt                                                                                           3,800 tokens/s/GPU       4,487     +18%  yes (+-50%)
fsdp-ibm-2024-llama2-a100-h100/h100-34b-ckpt                        Llama-2-34B FSDP, 96x H100, ckpt                                                                                                     1,550 tokens/s/GPU       1,733     +12%  yes (+-50%)
fsdp-ibm-2024-llama2-a100-h100/h100-70b-ckpt                        Llama-2-70B FSDP, 96x H100, ckpt                                                                                                       800 tokens/s/GPU       882.9     +10%  yes (+-50%)
nemo-24.07-dgxh100-fp8-pretrain/llama2-7b-8gpu                      Llama-2-7B, 8x H100, FP8 (TransformerEngine), seq 4096, micro-batch 1 x 16, TP1 PP1, distributed optimizer                          16,847 tokens/s/GPU      17,762    +5.4%  yes (+-25%)
megatron-bridge-dense-h100-b200-gb200/llama3-8b-8gpu-fp8            Llama-3-8B, 8x H100, FP8 (current scaling), seq 8192, micro-batch 1 x 16, FSDP over 8                                               14,451 tokens/s/GPU      13,582    -6.0%  yes (+-25%)
[parallel_3d]
bloom-176b-production-tp4-pp12-dp8/iteration                        BLOOM-176B, 384x A100 80GB (Jean Zay, Omni-Path), TP4 PP12 DP8, MBS 2, GBS 2048, full recompute, bf16                                 104.7 s/iteration       83.38     -20%  yes (+-35%)
bloom-176b-topology-sweep-2022-02-28/tp8-pp12-dp4-mbs2-h64          BLOOM-176B with 64 heads, 384x A100 80GB, TP8 PP12 DP4, MBS 2 (256 micro-batches), full recompute                                    121.63 s/iteration       91.33     -25%  yes (+-35%)
bloom-176b-topology-sweep-2022-02-28/tp4-pp12-dp8-mbs2-h64          BLOOM-176B with 64 heads, 384x A100 80GB, TP4 PP12 DP8, MBS 2 (128 micro-batches), full recompute                                    102.03 s/iteration       81.74     -20%  yes (+-35%)
bloom-176b-topology-sweep-2022-02-28/tp4-pp12-dp8-mbs4-h64          BLOOM-176B with 64 heads, 384x A100 80GB, TP4 PP12 DP8, MBS 4 (64 micro-batches), full recompute                                     102.27 s/iteration       86.96     -15%  yes (+-35%)
bloom-181b-tp-pp-dp-sweep-2022-02-25/dp8-tp4-pp12-mbs2              BigScience 181B candidate, 384x A100 80GB, TP4 PP12 DP8, MBS 2, GBS 2048, full recompute, fp16                                       112.01 s/iteration       84.92     -24%  yes (+-35%)
bloom-181b-tp-pp-dp-sweep-2022-02-25/dp24-tp8-pp2-mbs2              BigScience 181B candidate, 384x A100 80GB, TP8 PP2 DP24, MBS 2, GBS 2016, full recompute, fp16                                       136.13 s/iteration       86.48     -36%  yes (+-45%)
bloom-182b-pipeline-fill-vs-global-batch/gbs512-m32                 BigScience 182B candidate, 384x A100 80GB, TP4 PP12 DP8, MBS 2, GBS 512 (32 micro-batches per pipeline)                               35.77 s/iteration       27.79     -22%  yes (+-35%)
bloom-182b-pipeline-fill-vs-global-batch/gbs2048-m128               BigScience 182B candidate, 384x A100 80GB, TP4 PP12 DP8, MBS 2, GBS 2048 (128 micro-batches per pipeline)                            107.12 s/iteration       87.98     -18%  yes (+-35%)
narayanan2021-table2-ptdp-vs-zero3/ptdp-175b-384gpu                 GPT-3 175B, Megatron-LM PTD-P, 384x A100 80GB (Selene), TP8 PP12 DP4, MBS 1, GBS 1536, full recompute (DP scaled to 1)                76.78 s/iteration       68.57     -11%  yes (+-25%)
narayanan2021-table2-ptdp-vs-zero3/ptdp-175b-1536gpu                GPT-3 175B, Megatron-LM PTD-P, 1536x A100 80GB, TP8 PP12 DP16, MBS 1, GBS 1536 (96 micro-batches), full recompute (DP scaled to 1)    20.83 s/iteration       18.59     -11%  yes (+-25%)
narayanan2021-table2-ptdp-vs-zero3/ptdp-530b-2240gpu                GPT 530B, Megatron-LM PTD-P, 2240x A100 80GB, TP8 PP35 DP8, MBS 1, GBS 2240 (280 micro-batches), full recompute (DP scaled to 1)      55.45 s/iteration       49.67     -10%  yes (+-25%)
mtnlg-530b-node-scaling/280-nodes                                   MT-NLG 530B, DeepSpeed + Megatron, 2240x A100 80GB (280 DGX A100), TP8 PP35 DP8, GBS 1920, full recompute, bf16 (DP scaled to 1)       60.1 s/iteration       43.35     -28%  yes (+-40%)
korthikanti2022-530b-dp8-2240gpu/sp-selective-interleaved           GPT 530B, Megatron-LM, 2240x A100 80GB, TP8 PP35 (3 chunks) DP8, SP + selective recompute, MBS 1, GBS 2240 (DP scaled to 1)           39.15 s/iteration       35.51    -9.3%  yes (+-25%)
megascale2024-175b-strong-scaling/megatron-lm-256gpu                GPT 175B (128 heads, 64k vocab), stock Megatron-LM, 256 A100 with 8x 200G RoCE, TP8 PP8 (6 chunks) DP4, GBS 768 (DP scaled to 1)         40 s/iteration       40.20    +0.5%  yes (+-25%)
megascale2024-175b-strong-scaling/megatron-lm-1024gpu               GPT 175B (MegaScale), stock Megatron-LM, 1024 A100, TP8 PP8 (6 chunks) DP16, GBS 768 (48 micro-batches; DP scaled to 4)                11.9 s/iteration       10.56     -11%  yes (+-25%)
llama3-405b-table4-4d-parallel/8k-8192gpu                           Llama 3.1 405B, 8K context, 8192 H100, TP8 PP16 DP64, 32 sequences per DP replica, bf16, no recompute (DP scaled to 1)                  430 TFLOP/s/GPU       443.4    +3.1%  yes (+-25%)
llama3-405b-table4-4d-parallel/8k-16384gpu                          Llama 3.1 405B, 8K context, 16384 H100, TP8 PP16 DP128, 16 sequences per DP replica (DP scaled to 1)                                    400 TFLOP/s/GPU       401.3    +0.3%  yes (+-25%)
opt-175b-992gpu-fsdp-tp8                                            OPT-175B, 992x A100 80GB, FSDP (full shard) over 124 replicas x Megatron TP 8, 8 sequences a replica, fp16, full recompute              147 TFLOP/s/GPU       140.3    -4.6%  yes (+-25%)
nemotron4-15b-h100-tp8-dp-ramp/dp96-768gpu                          Nemotron-4 15B, 768 H100 (96 DGX H100), TP8 DP96, 4 x 4096 tokens per replica, bf16, distributed optimizer                             0.57 s/iteration        0.77     +35%  yes (+-40%)
nemo-24.07-dgxh100-fp8-pretrain/gpt3-5b-64gpu                       NeMo GPT-3 5B, 64 H100, FP8, TP1 PP1 DP64, MBS 4, GBS 2048, seq 2048                                                                22,521 tokens/s/GPU      26,566     +18%  yes (+-40%)
nemo-24.07-dgxh100-fp8-pretrain/gpt3-20b-64gpu                      NeMo GPT-3 20B, 64 H100, FP8, TP2 PP1 DP32, MBS 2, GBS 256, seq 2048                                                                 5,851 tokens/s/GPU       6,131    +4.8%  yes (+-25%)
nemo-24.07-dgxh100-fp8-pretrain/gpt3-175b-128gpu                    NeMo GPT-3 175B, 128 H100, FP8, TP4 PP8 VP6 DP4, MBS 1, GBS 256 (64 micro-batches), seq 2048                                           726 tokens/s/GPU       711.8    -2.0%  yes (+-25%)
nemo-24.07-dgxh100-fp8-pretrain/llama2-13b-16gpu                    NeMo Llama-2-13B, 16 H100, FP8, TP1 PP4 VP10 DP4, MBS 1, GBS 128 (32 micro-batches), seq 4096                                        8,646 tokens/s/GPU       9,343    +8.1%  yes (+-30%)
nemo-24.07-dgxh100-fp8-pretrain/llama2-70b-64gpu                    NeMo Llama-2-70B, 64 H100, FP8, TP4 PP4 VP20 DP4, MBS 1, GBS 128 (32 micro-batches), seq 4096                                        1,707 tokens/s/GPU       1,756    +2.9%  yes (+-25%)
nemo-24.07-dgxh100-fp8-pretrain/llama3-8b-8gpu-cp2                  NeMo Llama-3-8B, 8 H100, FP8, TP1 PP1 CP2 DP4, MBS 1, GBS 128 (32 micro-batches), seq 8192                                          12,036 tokens/s/GPU      14,165     +18%  yes (+-45%)
nemo-24.07-dgxh100-fp8-pretrain/llama3-70b-64gpu-cp2                NeMo Llama-3-70B, 64 H100, FP8, TP4 PP4 CP2 VP5 DP2, MBS 1, GBS 128 (64 micro-batches), seq 8192                                     1,533 tokens/s/GPU       1,614    +5.3%  yes (+-25%)
dgxc-llama31-70b-h100-tp4-pp4-cp2/bf16-64gpu                        DGX Cloud Llama 3.1 70B, 64 H100, bf16, TP4 PP4 CP2 VP5 DP2, MBS 1, GBS 128 (64 micro-batches), seq 8192                                   14.72 s/step       13.85    -5.9%  yes (+-25%)
dgxc-llama31-70b-h100-tp4-pp4-cp2/fp8-64gpu                         DGX Cloud Llama 3.1 70B, 64 H100, FP8, TP4 PP4 CP2 VP5 DP2, MBS 1, GBS 128 (64 micro-batches), seq 8192                                    11.01 s/step       10.15    -7.8%  yes (+-25%)
mcore-mixtral-8x7b-ep8-headline/tp1-pp4-vp8-ep8-64gpu               Megatron-Core Mixtral 8x7B (dropless, top-2), 64 H100, bf16, TP1 PP4 VP8 EP8 DP16, MBS 1, GBS 256, seq 4096                             468 TFLOP/s/GPU       537.3     +15%  yes (+-40%)
dgxc-gpt3-175b-h100-bf16-fp8/bf16-128gpu                            DGX Cloud NeMo GPT-3 175B, 128 H100, bf16, TP4 PP8 VP12 DP4, MBS 1, GBS 256 (64 micro-batches)                                             8.309 s/step        7.94    -4.5%  yes (+-25%)
dgxc-nemotron4-340b-h100-tp8-pp8-vp12/bf16-128gpu                   DGX Cloud Nemotron-4 340B, 128 H100, bf16, TP8 PP8 VP12 DP2, MBS 1, GBS 32 (16 micro-batches), seq 4096                                     4.61 s/step        4.25    -7.7%  yes (+-25%)
dgxc-nemotron4-340b-h100-tp8-pp8-vp12/fp8-128gpu                    DGX Cloud Nemotron-4 340B, 128 H100, FP8, TP8 PP8 VP12 DP2, MBS 1, GBS 32, seq 4096                                                         3.16 s/step        2.99    -5.5%  yes (+-25%)
megatron-bridge-dense-h100-b200-gb200/llama3-70b-64gpu-fp8cs-25.11  Megatron-Bridge Llama-3-70B, 64 H100, FP8 (current scaling), TP4 PP8 VP5 DP2, MBS 1, GBS 128 (64 micro-batches), seq 8192            1,602 tokens/s/GPU       1,609    +0.4%  yes (+-25%)
megatron-bridge-dense-h100-b200-gb200/llama3-70b-64gpu-fp8-26.02    Megatron-Bridge Llama-3-70B, 64 H100, FP8, TP4 PP8 VP5 DP2, MBS 1, GBS 256 (128 micro-batches), seq 8192                             1,621 tokens/s/GPU       1,633    +0.7%  yes (+-25%)
dgxc-llama31-405b-h100-tp8-pp9-cp2/bf16-576gpu                      DGX Cloud Llama 3.1 405B, 576 H100, bf16, TP8 PP9 CP2 VP7 DP4, MBS 1, GBS 252 (63 micro-batches), seq 8192 (DP scaled to 1)                 17.2 s/step       16.16    -6.0%  yes (+-25%)
dgxc-llama31-405b-h100-tp8-pp9-cp2/fp8-576gpu                       DGX Cloud Llama 3.1 405B, 576 H100, FP8, TP8 PP9 CP2 VP7 DP4, MBS 1, GBS 252 (63 micro-batches), seq 8192 (DP scaled to 1)                 11.24 s/step       11.43    +1.7%  yes (+-40%)
nemo-cp-llama2-7b-long-sequence/seq32k-tp2-cp2-32gpu                NeMo Llama-2-7B at 32K tokens, 32 H100, FP8, TP2 PP1 CP2 DP8 (batch not stated; 16 micro-batches of 1 assumed)                          610 TFLOP/s/GPU       514.1     -16%  yes (+-25%)
nemo-cp-llama2-7b-long-sequence/seq128k-tp4-cp4-128gpu              NeMo Llama-2-7B at 128K tokens, 128 H100, FP8, TP4 PP1 CP4 DP8 (batch not stated; 4 micro-batches of 1 assumed)                         555 TFLOP/s/GPU       438.2     -21%  yes (+-25%)
nemo-cp-llama2-7b-long-sequence/seq1m-tp8-cp32-1024gpu              NeMo Llama-2-7B at 1M tokens, 1024 H100, FP8, TP8 PP1 CP32 DP4 (batch not stated; 1 micro-batch assumed)                                536 TFLOP/s/GPU       411.0     -23%  yes (+-25%)
dgxc-grok1-314b-h100-ep8/bf16-512gpu                                DGX Cloud Grok-1 314B MoE, 512 H100, bf16, TP4 PP8 VP8 CP2 EP8 DP8, MBS 1, GBS 1024 (128 micro-batches), seq 8192                          20.83 s/step       18.66     -10%  yes (+-35%)
[memory]
fsdp-blog-2022-gpt175b-gpt1t/gpt175b-batch20-fits                   GPT 175B, 40 GB, largest batch (ran 20)                                                                                               >= 20 samples/GPU       23.00           yes (bound)
fsdp-aws-2022-gpt175b-gpt1t/gpt175b-largest-batch                   GPT 175B, 40 GB, largest batch                                                                                                           21 samples/GPU       23.00    +9.5%  yes (+-15%)
fsdp-blog-2022-gpt175b-gpt1t/gpt1t-largest-batch                    GPT 1T, 40 GB, largest batch                                                                                                              4 samples/GPU        4.00    +0.0%  yes (+-25%)
fsdp-blog-2022-gpt175b-gpt1t/gpt1t-peak-at-limit                    GPT 1T, 40 GB, peak at batch 4                                                                                                                   40 GiB       37.29    -6.8%  yes (+-10%)
bloom-prequel-memory-per-gpu/0221-dp4-tp8-pp12-mbs1                 BigScience 181B candidate, 384x A100 80GB, TP8 PP12 DP4, micro-batch 1, full recompute, fp16, ZeRO-1, peak memory per GPU                        29 GiB       24.04     -17%  yes (+-25%)
bloom-prequel-memory-per-gpu/0221-dp4-tp8-pp12-mbs2                 BigScience 181B candidate, 384x A100 80GB, TP8 PP12 DP4, micro-batch 2, full recompute, fp16, ZeRO-1, peak memory per GPU                        37 GiB       29.30     -21%  yes (+-25%)
bloom-prequel-memory-per-gpu/0221-dp4-tp8-pp12-mbs4                 BigScience 181B candidate, 384x A100 80GB, TP8 PP12 DP4, micro-batch 4, full recompute, fp16, ZeRO-1, peak memory per GPU                        49 GiB       39.83     -19%  yes (+-25%)
bloom-prequel-memory-per-gpu/0221-dp4-tp8-pp12-mbs8                 BigScience 181B candidate, 384x A100 80GB, TP8 PP12 DP4, micro-batch 8, full recompute, fp16, ZeRO-1, peak memory per GPU                        69 GiB       60.88     -12%  yes (+-25%)
bloom-prequel-memory-per-gpu/0221-dp8-tp8-pp6-mbs1                  BigScience 181B candidate, 384x A100 80GB, TP8 PP6 DP8, micro-batch 1, full recompute, fp16, ZeRO-1, peak memory per GPU                         38 GiB       30.06     -21%  yes (+-25%)
bloom-prequel-memory-per-gpu/0221-dp8-tp8-pp6-mbs2                  BigScience 181B candidate, 384x A100 80GB, TP8 PP6 DP8, micro-batch 2, full recompute, fp16, ZeRO-1, peak memory per GPU                         44 GiB       34.97     -21%  yes (+-25%)
bloom-prequel-memory-per-gpu/0221-dp8-tp8-pp6-mbs4                  BigScience 181B candidate, 384x A100 80GB, TP8 PP6 DP8, micro-batch 4, full recompute, fp16, ZeRO-1, peak memory per GPU                         56 GiB       44.81     -20%  yes (+-25%)
fsdp-ibm-2024-llama2-a100-h100/7b-batch2-fits                       Llama-2-7B, 80 GB, no ckpt, largest batch (ran 2)                                                                                      >= 2 samples/GPU        3.00           yes (bound)
fsdp-ibm-2024-llama2-a100-h100/13b-batch2-fits                      Llama-2-13B, 80 GB, selective ckpt, largest batch (ran 2)                                                                              >= 2 samples/GPU        3.00           yes (bound)
fsdp-ibm-2024-llama2-a100-h100/70b-batch2-fits                      Llama-2-70B, 80 GB, ckpt, largest batch (ran 2)                                                                                        >= 2 samples/GPU        9.00           yes (bound)
[ddp]
lambda-resnet50-amp-multigpu/8x-a100-sxm4-80gb                      8x A100 80GB SXM4, ResNet-50, AMP, batch 1280, DDP (Lambda)                                                                                11,439 img/s      14,757     +29%  yes (+-40%)
lambda-resnet50-amp-multigpu/4x-a100-sxm4-80gb                      4x A100 80GB SXM4, ResNet-50, AMP, batch 1280, DDP (Lambda)                                                                                 6,070 img/s       7,380     +22%  yes (+-25%)
lambda-resnet50-amp-multigpu/2x-a100-sxm4-80gb                      2x A100 80GB SXM4, ResNet-50, AMP, batch 1280, DDP (Lambda)                                                                                 3,038 img/s       3,690     +21%  yes (+-25%)
lambda-resnet50-amp-multigpu/8x-h100-sxm5                           8x H100 SXM5, ResNet-50, AMP, batch 1280, DDP (Lambda)                                                                                     20,728 img/s      26,786     +29%  yes (+-35%)
lambda-resnet50-amp-multigpu/2x-rtx4090                             2x RTX 4090, ResNet-50, AMP, batch 448, DDP over PCIe (Lambda)                                                                              2,468 img/s       1,848     -25%  yes (+-35%)
[transformer_1gpu]
lambda-bert-large-squad-fp16-1gpu/a100-sxm4-80gb                    A100 80GB SXM4, BERT-Large SQuAD fine-tuning, seq 384, fp16, batch 112, 1 GPU (Lambda)                                                        152 seq/s       215.9     +42%  yes (+-55%)
lambda-bert-large-squad-fp16-1gpu/h100-sxm5                         H100 SXM5, BERT-Large SQuAD fine-tuning, seq 384, fp16, batch 112, 1 GPU (Lambda)                                                             301 seq/s       477.2     +59%  yes (+-70%)
lambda-bert-large-squad-fp16-1gpu/rtx4090                           RTX 4090, BERT-Large SQuAD fine-tuning, seq 384, fp16, batch 28, 1 GPU (Lambda)                                                                93 seq/s       105.9     +14%  yes (+-35%)
lambda-bert-large-squad-fp16-1gpu/a100-pcie-80gb                    A100 80GB PCIe, BERT-Large SQuAD fine-tuning, seq 384, fp16, batch 112, 1 GPU (Lambda)                                                        140 seq/s       212.3     +52%  yes (+-65%)
[ddp]
lambda-bert-large-squad-fp16-multigpu/8x-h100-sxm5                  8x H100 SXM5, BERT-Large SQuAD fine-tuning, seq 384, fp16, batch 112, DDP (Lambda)                                                          2,167 seq/s       3,768     +74%  yes (+-85%)
lambda-bert-large-squad-fp16-multigpu/8x-a100-sxm4-80gb             8x A100 80GB SXM4, BERT-Large SQuAD fine-tuning, seq 384, fp16, batch 112, DDP (Lambda)                                                       746 seq/s       1,708    +129%  yes (+-140%)
[cnn_1gpu]
dlperf-dle-resnet50-pytorch-v100/1gpu-fp32                          V100-SXM2-16GB, ResNet-50, FP32, batch 128, 1 GPU (DLPerf)                                                                                 367.29 img/s       271.1     -26%  yes (+-30%)
dlperf-dle-resnet50-pytorch-v100/1gpu-amp                           V100-SXM2-16GB, ResNet-50, AMP, batch 256, 1 GPU (DLPerf)                                                                                   802.9 img/s       826.9    +3.0%  yes (+-25%)
[ddp]
dlperf-dle-resnet50-pytorch-v100/8gpu-fp32                          8x V100-SXM2-16GB, ResNet-50, FP32, batch 128, DDP (DLPerf)                                                                                 2,888 img/s       2,164     -25%  yes (+-30%)
dlperf-dle-resnet50-pytorch-v100/8gpu-amp                           8x V100-SXM2-16GB, ResNet-50, AMP, batch 256, DDP (DLPerf)                                                                                  6,155 img/s       6,592    +7.1%  yes (+-25%)
dlperf-dle-resnet50-pytorch-v100/4gpu-amp                           4x V100-SXM2-16GB, ResNet-50, AMP, batch 256, DDP (DLPerf)                                                                                  3,137 img/s       3,298    +5.1%  yes (+-25%)
[transformer_1gpu]
dlperf-dle-bert-base-pytorch-v100/1gpu-fp16-b96                     V100-SXM2-16GB, BERT-Base pre-training seq 128, fp16, batch 96, 1 GPU (DLPerf)                                                             462.35 seq/s       750.3     +62%  yes (+-75%)
dlperf-dle-bert-base-pytorch-v100/1gpu-fp32-b48                     V100-SXM2-16GB, BERT-Base pre-training seq 128, FP32, batch 48, 1 GPU (DLPerf)                                                             121.94 seq/s       127.0    +4.2%  yes (+-25%)
[ddp]
dlperf-dle-bert-base-pytorch-v100/8gpu-fp16-b96                     8x V100-SXM2-16GB, BERT-Base pre-training seq 128, fp16, batch 96, DDP (DLPerf)                                                             3,287 seq/s       5,707     +74%  yes (+-85%)
dlperf-dle-bert-base-pytorch-v100/8gpu-fp32-b48                     8x V100-SXM2-16GB, BERT-Base pre-training seq 128, FP32, batch 48, DDP (DLPerf)                                                            928.01 seq/s       1,000    +7.8%  yes (+-25%)
[memory]
hf-model-memory-anatomy-bert-large-v100/fp32-b4-peak                V100 16GB, BERT-Large seq 512, FP32, batch 4, AdamW, HF Trainer, GPU memory used                                                             14.599 GiB       10.75     -26%  yes (+-40%)
[transformer_1gpu]
hf-model-memory-anatomy-bert-large-v100/fp32-b4-throughput          V100 16GB, BERT-Large seq 512, FP32, batch 4, AdamW, HF Trainer, 1 GPU                                                                   8.86 samples/s        9.95     +12%  yes (+-25%)
[memory]
hf-perf-train-gpu-one-bert-large-v100/fp32-b1-ga4-peak              V100 16GB, BERT-Large seq 512, FP32, batch 1 x 4 accumulated, AdamW, GPU memory used                                                          8.478 GiB        7.20     -15%  yes (+-20%)
hf-perf-train-gpu-one-bert-large-v100/fp32-b1-ga4-ckpt-peak         V100 16GB, BERT-Large seq 512, FP32, batch 1 x 4, gradient checkpointing, GPU memory used                                                     6.616 GiB        6.14    -7.2%  yes (+-20%)
hf-perf-train-gpu-one-bert-large-v100/fp16-b4-peak                  V100 16GB, BERT-Large seq 512, fp16 AMP, batch 4, AdamW, GPU memory used                                                                     13.612 GiB        9.03     -34%  yes (+-45%)
hf-perf-train-gpu-one-bert-large-v100/fp16-b1-ga4-ckpt-peak         V100 16GB, BERT-Large seq 512, fp16 AMP, batch 1 x 4, gradient checkpointing, GPU memory used                                                 7.104 GiB        6.69    -5.8%  yes (+-20%)
[transformer_1gpu]
hf-perf-train-gpu-one-bert-large-v100/fp16-b4-throughput            V100 16GB, BERT-Large seq 512, fp16 AMP, batch 4, AdamW, HF Trainer, 1 GPU                                                              18.64 samples/s       40.31    +116%  yes (+-130%)
[ddp]
mlperf-v1.0-nvidia-dgxa100-resnet50-mxnet/8gpu-epoch-throughput     DGX A100 80GB, ResNet-50 v1.5, fp16, batch 408, 8 GPUs, MLPerf-class MXNet (Horovod all-reduce)                                            26,750 img/s      18,268     -32%  yes (+-45%)

By category (bounds and calibration anchors excluded from the errors):
  collective         49 cases, median |error|   3.9%, worst  93.3%, mean signed   +1.3%, 49 of 49 within
  gemm                5 cases, none with an error (bounds or anchors), 5 of 5 within
  cnn_1gpu           13 cases, median |error|  17.2%, worst  29.3%, mean signed   -4.3%, 13 of 13 within
  transformer_1gpu   13 cases, median |error|  20.8%, worst 116.3%, mean signed  +34.1%, 13 of 13 within
  ddp                21 cases, median |error|  22.1%, worst 129.0%, mean signed  +18.0%, 21 of 21 within
  fsdp               11 cases, median |error|  10.4%, worst  21.6%, mean signed   +9.1%, 11 of 11 within
  parallel_3d        40 cases, median |error|  10.4%, worst  36.5%, mean signed   -6.6%, 40 of 40 within
  memory             19 cases, median |error|  17.1%, worst  33.6%, mean signed  -14.3%, 19 of 19 within

171 cases, median |error| 11.1% (bounds and anchors excluded), 171 of 171 within tolerance or bound

Cross-validation: each source left out in turn, its cases given the bands the other sources make
(median and 90th percentile of |error|; report/error_bands.hpp). A band predicts new runs when
about 50% of the left-out cases fall inside its median and 90% inside its 90th percentile.

category          generation cases sources  median|e|   band med   band p90   in med   in p90 no band
collective        all           41      10       3.9%       5.7%      93.3%      59%      98%       0
collective        gfx942         7       2       2.5%       6.7%      93.3%      57%     100%       0
collective        Volta          2       2      26.2%       6.1%      93.3%       0%     100%       0
collective        Ampere        17       5       6.7%       6.8%      38.2%      59%      94%       0
collective        Hopper        15       4       3.9%       5.0%      38.2%      67%     100%       0
cnn_1gpu          all           13       3      17.2%      17.8%      36.2%      54%     100%       0
cnn_1gpu          Volta          4       2      17.3%      18.0%     116.3%      50%     100%       0
cnn_1gpu          Ampere         5       2      11.5%      17.8%      36.2%      80%     100%       0
cnn_1gpu          Ada            2       1      23.3%      17.8%      36.2%      50%     100%       0
cnn_1gpu          Hopper         2       1      24.8%      17.6%      36.2%       0%     100%       0
transformer_1gpu  all           13       4      20.8%      40.3%     116.3%      62%      92%       0
transformer_1gpu  Volta          6       3      29.4%      62.0%     116.3%      67%      83%       0
transformer_1gpu  Ampere         5       2      16.3%      40.3%     116.3%      60%     100%       0
transformer_1gpu  Ada            1       1      13.9%      31.2%     116.3%     100%     100%       0
transformer_1gpu  Hopper         1       1      58.6%      31.1%     116.3%       0%     100%       0
ddp               all           21       4      22.1%      23.3%     129.0%      62%      90%       0
ddp               Volta          9       2      22.1%      23.2%     129.0%      67%     100%       0
ddp               Ampere         9       3      21.5%      30.7%     129.0%      78%      89%       0
ddp               Ada            1       1      25.1%      22.1%      73.6%       0%     100%       0
ddp               Hopper         2       1      51.6%      22.0%      73.6%       0%      50%       0
fsdp              all           11       4      10.4%       8.1%      73.9%      45%     100%       0
fsdp              Ampere         5       2       6.7%       8.1%      98.0%      60%     100%       0
fsdp              Hopper         6       3      11.1%       6.0%      73.9%      33%     100%       0
parallel_3d       all           40      12      10.4%      10.9%      73.9%      57%     100%       0
parallel_3d       Ampere        16       6      16.4%      10.9%      98.0%      44%     100%       0
parallel_3d       Hopper        24       6       6.0%       9.2%      73.9%      67%     100%       0
memory            all           15       4      17.1%      11.5%      33.6%      33%      87%       0
memory            Volta          5       1      15.1%      11.5%      20.9%      40%      60%       0
memory            Ampere        10       3      17.9%      10.0%      33.6%      30%     100%       0
all               all          154      31      11.1%      10.8%      73.9%      55%      96%       0

error bands: validation/error_bands.yaml matches these results
