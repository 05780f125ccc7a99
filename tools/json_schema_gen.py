#!/usr/bin/python3
"""Writes docs/schema/<command>.schema.json (JSON Schema draft 2020-12) from the outputs of the
cases in tests/cli/json_cases.py: each field's type, which fields every output has, arrays'
items; objects are closed (additionalProperties: false) so tests/cli/json_schemas.py fails on
a field no schema lists. Descriptions are kept from the schema files already there (edit them
there); a new field takes the one in DESCRIPTIONS below, by path, else by name, else none (and
the test fails until it has one). Objects whose keys are data (MAPS) are described as maps.
Usage: tools/json_schema_gen.py SIMTRAIN_BINARY [PROJECT_ROOT]"""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ".").resolve()
sys.path.insert(0, str(ROOT / "tests" / "cli"))
from json_cases import CASES, expected_exit  # noqa: E402

TITLES = {
    "run": "simtrain run SCENARIO --json: one simulated training step, its split, throughput, memory, energy and cost",
    "replay": "simtrain replay DIR --json: Chakra execution traces replayed on a system's cluster",
    "memory": "simtrain memory SCENARIO --json: peak memory per GPU by part and the largest batch per strategy",
    "compare": "simtrain compare --profile TRACE SCENARIO --json: a PyTorch profiler trace beside the simulated step",
    "plan": "simtrain plan SCENARIO --json: parallel layouts ranked by time per token, and why the rest fail",
    "sweep": "simtrain sweep SCENARIO --json: the points of a sweep, ranked",
    "advise": "simtrain advise SCENARIO --json: systems, node counts and strategies against days and cost",
    "collective": "simtrain collective SYSTEM --json: a collective per message size as nccl-tests measures it "
                  "(with --compare LOG: each size of the log beside the simulated one)",
    "validate": "simtrain validate --json: the simulator against public measurements, case by case",
    "serve": "simtrain serve SCENARIO --json: LLM serving -- throughput, TTFT/TPOT percentiles, KV cache, energy and "
             "cost per 1M output tokens, and with --slo the largest arrival rate meeting latency targets",
}

ENVELOPE = {
    "description": "Which simtrain wrote this output (docs/json.md): the same in every command's JSON",
    "type": "object",
    "properties": {
        "version": {"description": "simtrain's version, CMake's project(VERSION), e.g. 0.1.0", "type": "string"},
        "revision": {"description": "the git revision built (git rev-parse --short HEAD, '-dirty' with uncommitted "
                                    "changes); absent when not built from a git checkout", "type": "string"},
        "schema": {"description": "the JSON schema number: raised when a field changes meaning or disappears "
                                  "(adding a field keeps it)", "type": "integer", "minimum": 1},
    },
    "required": ["version", "schema"],
    "additionalProperties": False,
}

BAND_TEXT = ("how far off the simulator was, on the public cases nearest this figure (simtrain validate): "
             "the error band quoted beside a figure (report/error_bands.hpp)")

ROWS = "the output's rows, in the command's order (ranked, or by message size, or by case)"

# Objects whose keys are data (a swept key, a memory part, a figure), by the field's name: a
# map whose values share one schema.
MAPS = {"set", "sets", "breakdown", "error_bands"}
# An error band (report/error_bands.hpp) wherever it appears: one definition, #/$defs/error_band.
BAND = "error_band"

# Fields the code sets to null in some outputs (a missing price, a run that does not finish, no
# deadline...) though the samples may not show it: their type admits null.
NULLABLE = {"tokens", "samples", "epochs", "dataset_samples", "wall_clock_s", "goodput", "interval_s", "share",
            "mtbf_s", "lost_work_s_each", "relaunch_s", "wall_clock_without_s", "energy_kwh", "cost", "rent", "own",
            "per_step", "run", "run_rent", "run_own", "rent_per_step", "own_per_step", "own_capex_per_step",
            "own_energy_per_step", "break_even_utilisation", "first_epoch_stall_s", "unsettled", "no_stall_step_time_s",
            "steady_state", "value", "quote", "date", "source", "calibration", "error", "busbw_error",
            "cost_per_million_samples", "rent_per_million_samples", "own_per_million_samples",
            "rent_per_million_tokens", "own_per_million_tokens", "meets_deadline", "meets_deadline_with_margin",
            "within_budget", "budget", "deadline_days", "global_batch", "memory_margin", "cheapest", "fastest",
            "cheapest_meeting_deadline", "cheapest_meeting_deadline_with_margin", "fastest_within_budget",
            "not_validated", "scale", "size_class", "software", "traced_gpu", "wrong", "measured_in_place", "bound",
            "rent_per_1m_output_tokens", "own_per_1m_output_tokens"}

# Descriptions of new fields: "command:path" first, then "path", then the field's name.
DESCRIPTIONS = {
    "validate:bands_check": "--check-bands FILE: whether the bands file says what these results give (exit 6 when not)",
    "validate:bands_check.file": "the bands file checked",
    "validate:bands_check.matches": "true when the file equals `simtrain validate --bands` on these results",
    "plan:gpus_per_node": "GPUs per node of the job: the NVLink domain a TP group stays in",
    "plan:box": "the system's boxes (its box: key: the chassis inside a node, e.g. a GB200 NVL72 rack's compute "
                "trays); null when a node is one box",
    "plan:box.name": "what a box is called (\"compute tray\")",
    "plan:box.gpus": "GPUs per box",
    "plan:layouts[].groups": "where the layout's TP and EP groups run",
    "plan:layouts[].groups.tp": "the TP groups: the most nodes and boxes one spans",
    "plan:layouts[].groups.ep": "the EP groups (their all-to-all): the most nodes and boxes one spans",
    "nodes": "the most nodes one group spans (more than 1: its collectives cross the fabric)",
    "boxes": "the most boxes one group spans (a node without boxes is one box)",
    **{f"serve:{k}": v for k, v in {
        "scenario": "the scenario's name", "model": "the model served", "system": "the system's name",
        "gpu": "the GPU model", "engine": "the serving engine profile (topologies/serving.yaml)",
        "layout": "how the GPUs serve: replicas of tp x pp GPUs", "layout.gpus": "GPUs serving (replicas x tp x pp)",
        "layout.tp": "tensor-parallel GPUs of a replica", "layout.pp": "pipeline stages of a replica",
        "layout.replicas": "model replicas side by side", "precision": "the precisions served",
        "precision.weights": "weight precision: bf16 | fp16 | fp8 | int8 | int4",
        "precision.kv_cache": "KV-cache precision: bf16 | fp16 | fp8",
        "overrides": "the --set overrides applied, key=value", "traffic": "the request mix in words",
        "memory": "one GPU's memory plan (serve/kv_memory.hpp)", "memory.capacity_bytes": "the GPU's memory",
        "memory.weights_bytes": "weights on one GPU (its stage's, its TP share)",
        "memory.activation_bytes": "workspace for the largest iteration and the sampled logits",
        "memory.context_bytes": "CUDA context and library workspaces",
        "memory.kv_cache_bytes": "what is left for the KV cache (0 when nothing is)",
        "memory.kv_bytes_per_token": "KV-cache bytes one token takes on one GPU",
        "memory.kv_blocks": "paged KV-cache blocks of a replica", "memory.block_tokens": "tokens per block",
        "memory.kv_tokens": "tokens the KV cache holds (blocks x block tokens)",
        "memory.longest_request_tokens": "the longest prompt + output the scenario draws",
        "memory.fits": "whether the weights and one longest request fit; false: nothing was simulated",
        "memory.verdict": "why it does not fit, with the figures (empty when it fits)",
        "notes": "assumptions this run leans on", "cost_basis": "the headline cost: rent | own",
        "figures": "the run at the scenario's arrival rate (absent when the model does not fit)",
        "slo": "--slo: the largest Poisson arrival rate meeting every target",
        "slo.targets": "the targets given", "slo.targets[].metric": "ttft | tpot | e2e",
        "slo.targets[].percentile": "50 | 90 | 99", "slo.targets[].limit_s": "the target, seconds",
        "slo.found": "whether a rate meets every target", "slo.rate_per_s": "the largest rate found meeting them",
        "slo.failing_rate_per_s": "the smallest rate found missing one (within 1% of rate_per_s when found)",
        "slo.binding": "the target missed just above the rate", "slo.runs": "simulations the search ran",
        "slo.at_rate": "the figures at rate_per_s",
    }.items()},
    **{f"serve:{base}.{k}": v for base in ("figures", "slo.at_rate") for k, v in {
        "rate_per_s": "Poisson arrival rate simulated, requests/s (0: closed loop)", "requests": "requests simulated",
        "duration_s": "first arrival to last token", "throughput": "rates over duration_s",
        "throughput.output_tokens_per_s": "output (generated) tokens per second",
        "throughput.requests_per_s": "requests completed per second",
        "throughput.total_tokens_per_s": "prompt and output tokens per second",
        "tokens": "tokens processed", "tokens.prompt": "prompt tokens", "tokens.output": "output tokens generated",
        "tokens.recomputed": "tokens recomputed after preemptions",
        "ttft_s": "time to first token, seconds: arrival to the first output token",
        "tpot_s": "time per output token after the first, seconds: (end - first token) / (output - 1)",
        "e2e_s": "end-to-end latency, seconds: arrival to the last token",
        "kv_cache": "KV-cache occupancy, shares of its blocks", "kv_cache.peak": "the most held at once (share)",
        "kv_cache.mean": "time-weighted mean held (share)", "kv_cache.preemptions": "preemptions (recompute)",
        "kv_cache.preempted_requests": "requests preempted at least once",
        "gpu": "the GPUs' use", "gpu.busy": "share of the time a replica runs an iteration",
        "gpu.mfu": "executed FLOP/s per GPU over its dense tensor peak at the compute precision",
        "gpu.comm_share": "share of busy time in TP collectives and pipeline sends",
        "gpu.power_w": "mean power of one GPU (idle to TDP by the busy share)",
        "batch": "the continuous batch", "batch.mean_sequences": "sequences per iteration",
        "batch.mean_decoding": "decoding sequences per iteration that had any", "batch.iterations": "iterations run",
        "energy": "energy over duration_s (GPUs and node overhead, x PUE)", "energy.joules": "joules",
        "energy.joules_per_1m_output_tokens": "joules per 1M output tokens",
        "cost": "cost over duration_s (train/cost_of_run.hpp); null: no price given",
        "cost.rent": "rent, USD", "cost.own": "own (purchase share and power), USD",
        "cost.rent_per_1m_output_tokens": "rent per 1M output tokens, USD",
        "cost.own_per_1m_output_tokens": "own per 1M output tokens, USD",
    }.items()},
    **{f"serve:{base}.{p}.{q}": d for base in ("figures", "slo.at_rate") for p in ("ttft_s", "tpot_s", "e2e_s")
       for q, d in {"p50": "median", "p90": "90th percentile", "p99": "99th percentile", "mean": "mean"}.items()},
    "where": "in words, when a group spans several boxes or nodes (\"TP 8 over 2 compute trays, one NVLink "
             "domain\", \"EP 16 across 2 nodes, over the fabric\"); empty within one box",
}


def kind(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def describe(command, path, old):
    name = path.split(".")[-1].replace("[]", "")
    for key in (f"{command}:{path}", path, name):
        if key in old:
            return old[key]
        if key in DESCRIPTIONS:
            return DESCRIPTIONS[key]
    return ""


def infer(command, path, values, old, bands=None):
    """The schema of `values` (the samples of one field); error bands are collected in `bands`."""
    name = path.split(".")[-1].replace("[]", "")
    if (name == BAND and not path.startswith("$defs")) or path.endswith(("error_bands.*", "error_bands[]")):
        if bands is not None:
            bands.extend(v for v in values if isinstance(v, dict))
        if all(isinstance(v, dict) for v in values):
            return {"$ref": "#/$defs/error_band"}
        return {"anyOf": [{"$ref": "#/$defs/error_band"}, {"type": "null"}]}
    kinds = {kind(v) for v in values}
    if {"integer", "number"} <= kinds:
        kinds.discard("integer")
    s = {}
    types = sorted(kinds)
    if name in NULLABLE and types != ["null"] and "null" not in types and not path.startswith("$defs") \
            and not (path.endswith("[]")):
        types = sorted(types + ["null"])
    if types != ["null"]:  # only ever null in the samples: its type is not known from them
        s["type"] = types[0] if len(types) == 1 else types
    objects = [v for v in values if isinstance(v, dict)]
    if objects and name in MAPS and not path.endswith("[]"):
        s["additionalProperties"] = infer(command, path + ".*", [x for o in objects for x in o.values()], old, bands) \
            if any(objects) else {}
    elif objects:
        keys = []
        for o in objects:
            keys += [k for k in o if k not in keys]
        props = {}
        for k in keys:
            sub_path = f"{path}.{k}" if path else k
            sub = infer(command, sub_path, [o[k] for o in objects if k in o], old, bands)
            props[k] = {"description": describe(command, sub_path, old), **sub}
        s["properties"] = props
        required = [k for k in keys if all(k in o for o in objects)]
        if required:
            s["required"] = required
        s["additionalProperties"] = False
    items = [x for v in values if isinstance(v, list) for x in v]
    if items:
        s["items"] = infer(command, path + "[]", items, old, bands)
    return s


def old_descriptions(schema, command, path="", out=None):
    """command:path -> description, from a schema written before (hand edits kept)."""
    out = {} if out is None else out
    if not isinstance(schema, dict):
        return out
    for k, sub in schema.get("properties", {}).items():
        p = f"{path}.{k}" if path else k
        if sub.get("description"):
            out[f"{command}:{p}"] = sub["description"]
        old_descriptions(sub, command, p, out)
    for key, suffix in (("items", "[]"), ("additionalProperties", ".*")):
        if isinstance(schema.get(key), dict):
            old_descriptions(schema[key], command, path + suffix, out)
    for name, sub in schema.get("$defs", {}).items():
        if sub.get("description"):
            out[f"{command}:$defs.{name}"] = sub["description"]
        old_descriptions(sub, command, f"$defs.{name}", out)
    return out


def main():
    binary = sys.argv[1]
    outputs = {}
    for command, args in CASES:
        done = subprocess.run([binary, *args, "--json"], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != expected_exit(args):
            raise SystemExit(f"simtrain {' '.join(args)} --json: exit {done.returncode}: {done.stderr[:500]}")
        text = done.stdout
        outputs.setdefault(command, []).append(json.loads(text))
    for command, docs in outputs.items():
        path = ROOT / "docs" / "schema" / f"{command}.schema.json"
        old = old_descriptions(json.loads(path.read_text()), command) if path.exists() else {}
        bands = []
        body = infer(command, "", [{k: v for k, v in d.items() if k != "simtrain"} for d in docs], old, bands)
        props = {"simtrain": ENVELOPE, **body.get("properties", {})}
        if "rows" in props and not props["rows"]["description"]:
            props["rows"]["description"] = ROWS
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": TITLES[command],
                  "description": "Generated by tools/json_schema_gen.py from the outputs of tests/cli/json_cases.py; "
                                 "descriptions edited here are kept. Units are SI unless a field's name says "
                                 "otherwise (_us: microseconds, _gbps: GB/s, _usd: US dollars).",
                  "type": "object", "properties": props, "required": ["simtrain"] + body.get("required", []),
                  "additionalProperties": False}
        if bands:
            schema["$defs"] = {"error_band": {"description": old.get(f"{command}:$defs.error_band", BAND_TEXT),
                                              **infer(command, "$defs.error_band", bands, old)}}
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
        print(f"{path.relative_to(ROOT)}: {sum(1 for _ in walk(schema))} fields")


def walk(schema):
    for k, sub in schema.get("properties", {}).items():
        yield k
        yield from walk(sub)
    if isinstance(schema.get("items"), dict):
        yield from walk(schema["items"])


if __name__ == "__main__":
    main()
