#!/usr/bin/env python3
"""Hostile inputs on every input surface, each run through the simtrain binary (first the
shipped YAML files, then the formats added since: nccl-tests logs, Kineto traces, NCCL
topology XML, `nvidia-smi topo -m` matrices, network calibration files, Chakra traces, sweep and
plan part files and journals, and the plan, memory and advise commands).

Each mutation is one input file of one surface changed in one way (a class), written to a
folder of its own beside copies of what it names, and run with a time limit and a cap on the
process's address space. Each outcome is one of:
  ok       exit 0 (the mutation was still a valid input), 7 or 8 (a time limit) or 4, or
           exit 2 with an error that names a place: "FILE:LINE:COL: error:", "FILE: error:" or
           "--flag: error:"
  unclear  exit 2 without such a place, or an exit code other than 0, 2, 4 and 7
  crash    killed by a signal, or exit 3 (an internal error: an exception nobody expected)
  hang     still running after the time limit (10 s)
  memory   ran out of the address-space cap (4 GB): bad_alloc or "out of memory" in its output
  litter   a file left behind: a failed run wrote something, or a hidden temporary remains
The table prints the count of each outcome per surface; the script fails on anything but ok.
Classes (a surface takes those that fit its format):
  malformed   the syntax broken: an unclosed bracket, quote or tag, a tab indent, a stray ':'
  types       a value swapped for another type (a list, a mapping, a string, null, a number)
  numbers     numbers swapped for extremes: 0, -1, 2^31, 2^63, 1e400, nan, inf, 1e-300, 1e308
  aliases     YAML anchors and aliases: a self reference, an unknown anchor, a billion laughs
  unicode     invalid UTF-8, NUL bytes, a 5,000-byte name, right-to-left marks, escape codes
  truncation  the file cut at a random byte
  paths       names of files that do not exist, folders, /dev/zero, ../.., very long names
  repeat      a line or element repeated thousands of times
  bytes       bits flipped, bytes overwritten, a chunk spliced (binary formats)
Usage: mutate.py SIMTRAIN_BINARY PROJECT_ROOT [--count N] [--jobs J] [--seed S] [--timeout T]
                 [--surfaces a,b] [--keep DIR]
Every mutation is a function of (seed, index) alone, so a run is the same whatever --jobs.
"""
import argparse
import concurrent.futures
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile

# A clear error's first line names where: FILE:LINE[:COL]: error:, FILE: error: (a file, not
# "simtrain"), a flag ("--set k=v: error:", "simtrain: error: '--flag': ...") or a CLI11 usage
# error naming the argument (exit 2, as every bad input). As the reliability campaign's classifier.
LOCATED = re.compile(r"^(.+?):(\d+)(:(\d+))?: error: ")
FILE_NAMED = re.compile(r"^(?!simtrain:)[^:]+: error: ")
FLAG_NAMED = re.compile(r"^(--[\w-]+|-\w)\b.*?: error: |^simtrain: error: '-{1,2}[a-z][\w-]*'")
CLI11 = re.compile(r"--?\w|argument|subcommand|required")
ADDRESS_SPACE = 4_000_000_000

YAML_CLASSES = ["malformed", "types", "numbers", "aliases", "unicode", "truncation", "paths", "repeat"]
TEXT_CLASSES = ["malformed", "types", "numbers", "unicode", "truncation", "repeat"]
BINARY_CLASSES = ["bytes", "truncation", "repeat"]


# --- The surfaces -------------------------------------------------------------------------

class Surface:
    """name; files: the shipped inputs mutated; classes; argv(target, folder) -> the command;
    outputs: files a successful run may leave in the folder; extra: files copied beside."""

    def __init__(self, name, files, classes, argv, outputs=(), extra=()):
        self.name, self.files, self.classes, self.argv = name, files, classes, argv
        self.outputs, self.extra = set(outputs), list(extra)


def listing(root, folder, suffix, skip=()):
    d = os.path.join(root, folder)
    return [os.path.join(d, f) for f in sorted(os.listdir(d))
            if f.endswith(suffix) and not any(s in f for s in skip)]


def surfaces(bin_, root, seeds):
    scen = lambda n: os.path.join(root, "scenarios", n)
    small_megatron = [scen("16xA100_llama_65b_tp8_pp2.yaml"), scen("4xA100_80gb_llama2_70b_tp4.yaml")]
    small_memory = [scen(n) for n in ("4xdgx_a100_gpt2_1.5b.yaml", "8xA100_llama2_7b_fsdp.yaml",
                                      "4x4090_gpt2_1.5b_fsdp.yaml", "dgx_a100_bert_large.yaml")]
    bert = scen("dgx_a100_bert_large.yaml")
    model_scenario = ("name: m\nsystem: dgx_a100\nmodel: {}\nbatch_per_gpu: 1\nprecision: amp_bf16\n"
                      "optimizer: adamw\nstrategy: fsdp\ngpus_per_node: 2\nsteps: 1\nwarmup_steps: 0\n")

    def model_run(target, folder):
        s = os.path.join(folder, "run_model.yaml")
        with open(s, "w") as f:
            f.write(model_scenario.format(target))
        return [bin_, s]

    def chakra_run(target, folder):
        return [bin_, "replay", folder, "--system", "dgx_a100"]

    return [
        Surface("scenario", listing(root, "scenarios", ".yaml", ("16384", "sweep_", "advise_", "serve_")), YAML_CLASSES,
                lambda t, d: [bin_, t, "--steps", "1", "--max-seconds", "8"]),
        Surface("serve", [scen("serve_8b_1xl4.yaml"), scen("serve_70b_4xa100_tp4.yaml")], YAML_CLASSES,
                lambda t, d: [bin_, "serve", t, "--max-seconds", "8"]),
        Surface("plan", small_megatron, YAML_CLASSES,
                lambda t, d: [bin_, "plan", t, "--simulate", "1"]),
        Surface("memory", small_memory, YAML_CLASSES, lambda t, d: [bin_, "memory", t]),
        Surface("advise", [scen("advise_tinyllama_4x4090_vs_a100.yaml")], YAML_CLASSES,
                lambda t, d: [bin_, "advise", t, "--jobs", "1", "--no-progress", "--max-seconds", "4",
                                     "--max-total-seconds", "6"]),
        Surface("system", listing(root, "topologies", ".yaml"), YAML_CLASSES, lambda t, d: [bin_, "topo", t]),
        Surface("model", listing(root, "models", ".yaml"), YAML_CLASSES, model_run),
        Surface("cases", [os.path.join(root, "validation", "cases.yaml")], YAML_CLASSES,
                lambda t, d: [bin_, "validate", "--cases", t, "--only", "nccl-ar-a100-8gpu-curve-stas00/1GiB"]),
        Surface("nccl_tests", listing(root, "tests/data/nccl_tests", ".log", ("bad",)), TEXT_CLASSES,
                lambda t, d: [bin_, "calibrate", "--nccl-tests", t, "--system", "dgx_a100", "--force-device",
                              "-o", os.path.join(d, "fit.yaml")], outputs=["fit.yaml"]),
        Surface("kineto", listing(root, "tests/data/profile", ".json", ("bad_", "truncated", "no_kernels")),
                TEXT_CLASSES,
                lambda t, d: [bin_, "compare", "--profile", t, bert, "--set", "gpus_per_node=1"]),
        Surface("nccl_xml", listing(root, "tests/data/nccl_topo", ".xml", ("bad_", "truncated")), TEXT_CLASSES,
                lambda t, d: [bin_, "topo", "--import-nccl-xml", t, "--gpu", "h200_sxm", "--cpu", "intel_xeon_8480c",
                              "--nic", "connectx7_ndr", "-o", os.path.join(d, "sys.yaml")], outputs=["sys.yaml"]),
        Surface("topo_matrix", [os.path.join(root, "tests/data/topo_dgx_a100_nps4.txt")], TEXT_CLASSES,
                lambda t, d: [bin_, "topo", "--import", t, "--gpu", "a100_sxm4_40gb", "--cpu", "amd_epyc_7742",
                              "--nic", "connectx6_hdr", "-o", os.path.join(d, "sys.yaml")], outputs=["sys.yaml"]),
        Surface("net_calibration", listing(root, "tests/data/netcal", ".yaml", ("bad_",)), YAML_CLASSES,
                lambda t, d: [bin_, "collective", "dgx_a100", "--calibration", t, "-b", "1M", "-e", "4M"]),
        Surface("chakra", listing(root, "tests/data/chakra/two_ranks", ".et"), BINARY_CLASSES, chakra_run,
                extra=listing(root, "tests/data/chakra/two_ranks", ".et")),
        Surface("sweep_part", [os.path.join(seeds, "p1.jsonl")], TEXT_CLASSES,
                lambda t, d: [bin_, "merge", t, os.path.join(d, "p2.jsonl")], extra=[os.path.join(seeds, n) for n in ("p2.jsonl", "s.yaml")]),
        Surface("plan_part", [os.path.join(seeds, "pl1.jsonl")], TEXT_CLASSES,
                lambda t, d: [bin_, "merge", t, os.path.join(d, "pl2.jsonl")], extra=[os.path.join(seeds, n) for n in ("pl2.jsonl", "m.yaml")]),
        Surface("journal", [os.path.join(seeds, "j.jsonl")], TEXT_CLASSES,
                lambda t, d: [bin_, "sweep", "s.yaml", "--sweep", "batch_per_gpu=32,64", "--steps", "1", "--jobs", "1",
                              "--resume", t], extra=[os.path.join(seeds, "s.yaml")]),
    ]


def make_seeds(bin_, root, seeds):
    """Part files and a journal written by this binary (a part of another version is refused
    whole, so the mutations must start from this one's)."""
    os.makedirs(seeds, exist_ok=True)
    shutil.copy(os.path.join(root, "scenarios", "8xA100_pcie_switch.yaml"), os.path.join(seeds, "s.yaml"))
    shutil.copy(os.path.join(root, "scenarios", "16xA100_llama_65b_tp8_pp2.yaml"), os.path.join(seeds, "m.yaml"))
    sweep = [bin_, "sweep", "s.yaml", "--sweep", "batch_per_gpu=32,64", "--steps", "1", "--jobs", "1"]
    plan = [bin_, "plan", "m.yaml", "--simulate", "2", "--memory-margin", "0"]
    for argv in (sweep + ["--shard", "1/2", "--journal", "p1.jsonl"], sweep + ["--shard", "2/2", "--journal", "p2.jsonl"],
                 sweep + ["--journal", "j.jsonl"], plan + ["--shard", "1/2", "--journal", "pl1.jsonl"],
                 plan + ["--shard", "2/2", "--journal", "pl2.jsonl"]):
        subprocess.run(argv, cwd=seeds, capture_output=True, timeout=120, check=True)


# --- The mutations ------------------------------------------------------------------------

NUMBER = re.compile(rb"(?<![\w.])-?\d+(\.\d+)?([eE][-+]?\d+)?(?![\w.])")
SCALAR = re.compile(rb"(:\s+)([^\s#\[\]{}][^\n#]*?)(\s*(#.*)?)$", re.M)
JSON_VALUE = re.compile(rb'(:\s*)("(?:[^"\\\n]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)')
XML_ATTR = re.compile(rb'(=)("[^"\n]*")')
EXTREMES = [b"0", b"-1", b"2147483648", b"4294967297", b"9223372036854775808", b"1e400", b".nan", b"nan", b".inf",
            b"inf", b"-.inf", b"1e-300", b"1e308", b"-1e308", b"99999999999999999999999"]
BAD_TEXT = [b"\xff\xfe", b"a\x00b", b"x" * 5000, b"\xe2\x80\xaeevil", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
            "名前".encode(), b"\x1b]0;owned\x07\x1b[31mRED"]


def replace_one(rng, text, pattern, group, repl):
    ms = list(pattern.finditer(text))
    if not ms:
        return text + b"\n" + repl + b"\n"
    m = rng.choice(ms)
    return text[: m.start(group)] + repl + text[m.end(group):]


def value_pattern(fmt):
    return {"yaml": (SCALAR, 2), "json": (JSON_VALUE, 2), "xml": (XML_ATTR, 2)}.get(fmt, (NUMBER, 0))


def mutate_text(cls, text, fmt, rng):
    lines = text.split(b"\n")
    if cls == "malformed":
        i = rng.randrange(len(lines))
        structural = {"yaml": [b"[", b"{a: ", b"'", b'"', b"\t", b": :", b"- - ", b"? "],
                      "json": [b"[", b"{", b'"', b",", b"}", b"]]", b":", b"\\"],
                      "xml": [b"<", b"<a", b'"', b"</x>", b"&", b"&bogus;", b"<!--", b"/>"]}.get(fmt, [b"#", b"|", b" "])
        c = rng.choice(structural)
        pos = rng.randrange(len(lines[i]) + 1)
        lines[i] = b"\t" + lines[i] if c == b"\t" else lines[i][:pos] + c + lines[i][pos:]
        return b"\n".join(lines)
    if cls == "types":
        pattern, group = value_pattern(fmt)
        other = {"yaml": [b"[1, 2]", b"{a: 1}", b"'text'", b"~", b"[]", b"{}", b"true", b"- x"],
                 "json": [b"[1, 2]", b'{"a": 1}', b'"text"', b"null", b"[]", b"{}", b"true", b"12"],
                 "xml": [b'"text"', b'""', b'"-"', b'"0x"', b'"1 2"', b'"[1]"']}.get(fmt, [b"text", b"-", b"N/A", b"0x1f"])
        return replace_one(rng, text, pattern, group, rng.choice(other))
    if cls == "numbers":
        return replace_one(rng, text, NUMBER, 0, rng.choice(EXTREMES))
    if cls == "aliases":
        pick = rng.randrange(4)
        if pick == 0:
            return text + b"\nself: &s [*s]\n"
        if pick == 1:
            return replace_one(rng, text, SCALAR, 2, b"*nowhere")
        if pick == 2:
            bomb = b"\nb0: &b0 [x, x, x, x, x, x, x, x, x, x]\n"
            for k in range(1, 9):
                bomb += b"b%d: &b%d [*b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d]\n" % ((k, k) + (k - 1,) * 10)
            return text + bomb
        return replace_one(rng, text, SCALAR, 2, b"&a 1") + b"\nagain: *a\n"
    if cls == "unicode":
        pattern, group = value_pattern(fmt)
        return replace_one(rng, text, pattern, group, rng.choice(BAD_TEXT))
    if cls == "truncation":
        return text[: rng.randrange(1, max(2, len(text)))]
    if cls == "paths":
        return replace_one(rng, text, SCALAR, 2, rng.choice([b"/dev/zero", b"/", b"../../../../etc/passwd",
                                                             b"x" * 300 + b".yaml", b"/nonexistent/a.yaml", b"'..'",
                                                             b"a/" * 200 + b"b"]))
    if cls == "repeat":
        i = rng.randrange(len(lines))
        return b"\n".join(lines[: i + 1] + [lines[i]] * rng.choice([2, 100, 5000]) + lines[i + 1:])
    if cls == "bytes":
        b = bytearray(text)
        if not b:
            return bytes(rng.randrange(256) for _ in range(16))
        for _ in range(rng.choice([1, 4, 32])):
            i = rng.randrange(len(b))
            b[i] = rng.choice([b[i] ^ (1 << rng.randrange(8)), 0, 0xFF, 0x7F, 0x80])
        if rng.random() < 0.3:
            i, j = sorted(rng.randrange(len(b) + 1) for _ in range(2))
            b[j:j] = b[i:j]
        return bytes(b)
    raise ValueError(cls)


def fnv1a(data, h=0xcbf29ce484222325):
    for b in data:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def reseal(text):
    """A journal or part file with each record's checksum recomputed (FNV-1a 64 over the search's
    fingerprint, a NUL and the record's JSON without its checksum, keys sorted: drive/search.hpp),
    so that a mutation reaches the type and range checks behind the checksum."""
    import json
    out, fingerprint = [], None
    for line in text.split(b"\n"):
        try:
            obj = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            out.append(line)
            continue
        if isinstance(obj, dict):
            if fingerprint is None and isinstance(obj.get("fingerprint"), str):
                fingerprint = obj["fingerprint"]
            if fingerprint is not None:
                rest = {k: v for k, v in obj.items() if k != "checksum"}
                body = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
                obj["checksum"] = "%016x" % fnv1a(body.encode("utf-8", "surrogatepass"),
                                                  fnv1a(fingerprint.encode() + b"\0"))
                line = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
                    "utf-8", "surrogatepass")
        out.append(line)
    return b"\n".join(out)


def format_of(path):
    ext = os.path.splitext(path)[1]
    return {".yaml": "yaml", ".json": "json", ".jsonl": "json", ".xml": "xml"}.get(ext, "text")


# --- Running and classifying ---------------------------------------------------------------

def limit_resources():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run(argv, cwd, timeout):
    """(exit code or None on a timeout, stderr)."""
    try:
        p = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout,
                           preexec_fn=limit_resources)
        return p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, ""


def clear_error(rc, err):
    first = err.split("\n")[0] if err.strip() else ""
    # CLI11's usage errors exit 2 like every other bad input (docs/cli.md) and name the argument.
    usage = first.startswith("simtrain: error: ") and bool(CLI11.search(first))
    return bool(LOCATED.match(first) or FILE_NAMED.match(first) or FLAG_NAMED.match(first) or usage)


def classify(rc, err, new_files, allowed):
    if rc is None:
        return "hang"
    if "bad_alloc" in err or "length_error" in err or (rc != 0 and "out of memory" in err.split("\n")[0]):
        return "memory"
    if rc < 0 or rc == 3 or "internal error" in err:
        return "crash"
    if any(f.startswith(".") or rc != 0 or f not in allowed for f in new_files):
        return "litter"
    if rc in (0, 4, 7, 8):
        return "ok"
    return "ok" if clear_error(rc, err) else "unclear"


def one(job):
    """Runs mutation `index` and returns (surface, class, outcome, detail)."""
    index, surface, path, cls, seed, tmp, timeout = job
    rng = random.Random(seed * 1_000_003 + index)
    folder = os.path.join(tmp, "m%d" % index)
    os.makedirs(folder)
    for e in surface.extra:
        shutil.copy(e, folder)
    target = os.path.join(folder, os.path.basename(path))
    with open(path, "rb") as f:
        mutated = mutate_text(cls, f.read(), format_of(path), rng)
    if path.endswith(".jsonl") and index % 2:
        mutated = reseal(mutated)
    with open(target, "wb") as f:
        f.write(mutated)
    argv = surface.argv(target, folder)
    before = set(os.listdir(folder))
    rc, out = run(argv, folder, timeout)
    new_files = sorted(set(os.listdir(folder)) - before)
    outcome = classify(rc, out, new_files, surface.outputs)
    first = "exit 0" if rc == 0 else re.sub(r"\d+", "N", (out.split("\n")[0].split("error: ", 1)[-1])[:70])
    detail = ""
    if outcome != "ok":
        detail = "%s %s rc=%s new=%s: %s" % (" ".join(os.path.basename(a) for a in argv[1:3]), cls, rc, new_files,
                                             out.strip().splitlines()[-1][:200] if out.strip() else "")
    return index, surface.name, cls, outcome, detail, target, mutated if outcome != "ok" else None, first


def plan_jobs(all_surfaces, count, seed, tmp, timeout):
    jobs = []
    for i in range(count):
        s = all_surfaces[i % len(all_surfaces)]
        k = i // len(all_surfaces)
        cls = s.classes[k % len(s.classes)]
        path = s.files[(k // len(s.classes)) % len(s.files)]
        jobs.append((i, s, path, cls, seed, tmp, timeout))
    return jobs


OUTCOMES = ["ok", "crash", "hang", "memory", "unclear", "litter"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("root")
    ap.add_argument("--count", type=int, default=340, help="mutations in all (spread over surfaces and classes)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds a run may take before it is a hang")
    ap.add_argument("--surfaces", default="", help="comma-separated surface names (default: all)")
    ap.add_argument("--keep", default="", help="folder to copy each failing input into")
    ap.add_argument("--answers", action="store_true", help="also print each surface's most common answers")
    a = ap.parse_args()
    binary, root = os.path.abspath(a.binary), os.path.abspath(a.root)
    tmp = tempfile.mkdtemp(prefix="simtrain-hostile-")
    counts, bad, answers = {}, [], {}
    try:
        seeds = os.path.join(tmp, "seeds")
        make_seeds(binary, root, seeds)
        all_surfaces = [s for s in surfaces(binary, root, seeds) if not a.surfaces or s.name in a.surfaces.split(",")]
        jobs = plan_jobs(all_surfaces, a.count, a.seed, tmp, a.timeout)
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            for index, name, cls, outcome, detail, target, mutated, first in pool.map(one, jobs):
                answers.setdefault(name, {}).setdefault(first, 0)
                answers[name][first] += 1
                counts.setdefault(name, dict.fromkeys(OUTCOMES, 0))[outcome] += 1
                if outcome != "ok":
                    bad.append((index, name, outcome, detail))
                    if a.keep:
                        os.makedirs(a.keep, exist_ok=True)
                        with open(os.path.join(a.keep, "%d-%s-%s%s" % (index, name, outcome,
                                                                       os.path.splitext(target)[1])), "wb") as f:
                            f.write(mutated)
                shutil.rmtree(os.path.dirname(target), ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("| surface | inputs | errors at a place or valid | crashes | hangs > %gs | memory > 4 GB | unclear errors "
          "| files left |" % a.timeout)
    print("|---|---|---|---|---|---|---|---|")
    total = dict.fromkeys(OUTCOMES, 0)
    for name, c in counts.items():
        for o in OUTCOMES:
            total[o] += c[o]
        print("| %s | %d | %d | %d | %d | %d | %d | %d |" % (name, sum(c.values()), c["ok"], c["crash"], c["hang"],
                                                             c["memory"], c["unclear"], c["litter"]))
    print("| **all** | %d | %d | %d | %d | %d | %d | %d |" % (sum(total.values()), total["ok"], total["crash"],
                                                               total["hang"], total["memory"], total["unclear"],
                                                               total["litter"]))
    if a.answers:
        for name, firsts in answers.items():
            print("%s:" % name)
            for first, n in sorted(firsts.items(), key=lambda kv: -kv[1])[:8]:
                print("  %5d  %s" % (n, first))
    for index, name, outcome, detail in bad:
        print("%s: mutation %d of %s: %s" % (outcome, index, name, detail))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
