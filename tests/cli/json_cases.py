"""The commands whose --json output docs/schema/<schema>.schema.json describes, each on a small
shipped input: (schema, arguments). tests/cli/json_schemas.py validates their outputs;
tools/json_schema_gen.py infers the schemas' structure from the same outputs."""

RUN_CASES = [
    ["run", "scenarios/8xA100_pcie_switch.yaml", "--steps", "1"],
    ["run", "scenarios/8xA100_video_nvme.yaml", "--steps", "1"],  # data: the loader's fields
    ["run", "scenarios/8xA100_llama2_7b_fsdp.yaml", "--steps", "1", "--set", "run.tokens=1e9",
     "--set", "run.checkpoint.interval=30min"],  # run: cost of the whole run, goodput
    ["run", "scenarios/16xA100_llama_65b_tp8_pp2.yaml", "--steps", "1"],  # Megatron, pipeline
    ["run", "scenarios/dgx_a100_bert_large.yaml", "--steps", "1",  # sequences binned by length; a network calibration
     "--set", "calibration=tests/data/netcal/dgx_a100.yaml"],
    ["run", "scenarios/8xA100_llama2_7b_fsdp.yaml", "--steps", "1", "--set", "strategy=ddp"],  # strategy_change
]

CASES = [("run", c) for c in RUN_CASES] + [
    ("replay", ["replay", "tests/data/chakra/astra_sim_all_reduce_8npus_1MB", "--system", "dgx_a100"]),
    ("memory", ["memory", "scenarios/8xA100_pcie_switch.yaml"]),
    ("memory", ["memory", "scenarios/16xA100_llama_65b_tp8_pp2.yaml"]),  # pipeline stages
    ("compare", ["compare", "--profile", "tests/data/profile/bert_large_8gpu_synthetic.json",
                 "scenarios/dgx_a100_bert_large.yaml"]),
    ("plan", ["plan", "scenarios/8xA100_llama2_7b_fsdp.yaml", "--set", "strategy=megatron", "--set", "nodes=2",
              "--simulate", "2", "--no-progress"]),
    ("plan", ["plan", "tests/data/boxes/llama65b_2x16.yaml", "--simulate", "1", "--no-progress"]),  # boxes
    ("sweep", ["sweep", "tests/data/journal_t3/s.yaml", "--sweep", "batch_per_gpu=32,64", "--steps", "1",
               "--jobs", "1", "--no-progress"]),
    ("advise", ["advise", "scenarios/advise_tinyllama_4x4090_vs_a100.yaml", "--jobs", "2", "--no-progress"]),
    ("collective", ["collective", "topologies/hgx_a100_4gpu.yaml", "-b", "1K", "-e", "1M", "-f", "32"]),
    ("serve", ["serve", "scenarios/serve_8b_1xh100.yaml", "--set", "serve.requests.count=100"]),
    ("serve", ["serve", "scenarios/serve_8b_1xh100.yaml", "--set", "serve.requests.count=60", "--slo",
               "ttft_p99=1s,tpot_p99=50ms"]),
    ("serve", ["serve", "scenarios/serve_70b_4xa100_tp4.yaml", "--set", "gpus_per_node=1", "--set", "serve.tp=1"]),
    ("collective", ["collective", "node_1gpu_hdr", "--nodes", "2", "--compare",
                    "tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log", "--force-device"]),
    ("validate", ["validate", "--no-progress", "--only", "gemm-mamf-bf16-fp8", "lambda-resnet50-amp-1gpu",
                  "--cross-validate"]),
    ("validate", ["validate", "--no-progress", "--only", "nccl-ar-a100-8gpu-curve-stas00"]),
    # --check-bands under --json: the verdict as a field (one case's bands never match the
    # shipped file's: exit 6, see EXIT below)
    ("validate", ["validate", "--no-progress", "--only", "nccl-ar-a100-8gpu-curve-stas00", "--check-bands",
                  "validation/error_bands.yaml"]),
]

# The exit status a case ends with when it is not 0 (its JSON is still the whole output).
EXIT = {("validate", "--check-bands"): 6}


def expected_exit(args):
    """The exit status the case of these arguments ends with (0 unless EXIT names it)."""
    return next((code for (command, flag), code in EXIT.items() if args[0] == command and flag in args), 0)
