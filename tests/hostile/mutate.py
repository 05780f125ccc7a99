#!/usr/bin/env python3
"""Hostile inputs by class, each run through the simtrain binary (issue 12's table).

For every shipped scenario, system, model and the validation cases file, deterministic
mutations of each class are written to a temporary folder (beside copies of what they name,
so relative references still resolve) and run with a time limit. Each outcome is one of:
  ok       exit 0 (the mutation was still a valid input) or exit 2 with an error that names a
           place: "FILE:LINE:COL: error:", "FILE: error:" or "--flag: error:" and a key
  unclear  exit 2 without such a place, or an exit code other than 0, 2 (and 4, 7)
  crash    killed by a signal, or exit 3 (an internal error: an exception nobody expected)
  hang     still running after the time limit
The table prints the count of each outcome per class; the script fails on any crash, hang or
unclear error. Classes:
  malformed   YAML syntax broken: an unclosed bracket or quote, a tab indent, a stray ':'
  types       a scalar swapped for a list, a mapping, a string or null, and back
  numbers     numbers swapped for extremes: 0, -1, 2^31, 2^63, 1e400, .nan, .inf, 1e-300
  aliases     anchors and aliases: a self reference, an alias to an unknown anchor, a bomb
  unicode     invalid UTF-8, NUL bytes, a 5,000-byte name, right-to-left marks
  truncation  the file cut at a fixed set of byte offsets
  paths       names of files that do not exist, folders, /dev/zero, ../.., very long names
Usage: mutate.py SIMTRAIN_BINARY PROJECT_ROOT [PER_CLASS_LIMIT]
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

BIN, ROOT = sys.argv[1], sys.argv[2]
LIMIT = int(sys.argv[3]) if len(sys.argv) > 3 else 40
TIMEOUT = 20  # seconds; the shipped inputs run in well under 1 s at these sizes
PLACE = re.compile(r"^(\S+:\d+:\d+|\S+|--[\w-]+): error: ", re.M)

rng = random.Random(12)


def sources():
    """(kind, path): the inputs mutated."""
    out = []
    for d, kind in (("scenarios", "scenario"), ("topologies", "system"), ("models", "model")):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".yaml") and "16384" not in f and "sweep_" not in f:
                out.append((kind, os.path.join(ROOT, d, f)))
    out.append(("cases", os.path.join(ROOT, "validation", "cases.yaml")))
    return out


def command(kind, path):
    """How a mutated file of this kind is run (small, so each run is quick)."""
    if kind == "scenario":
        return [BIN, path, "--steps", "1"]
    if kind == "system":
        return [BIN, "topo", path]
    if kind == "model":
        # A scenario in the same folder naming the mutated model.
        scen = os.path.join(os.path.dirname(path), "run_model.yaml")
        with open(scen, "w") as f:
            f.write("name: m\nsystem: dgx_a100\nmodel: %s\nbatch_per_gpu: 1\nprecision: amp_bf16\n"
                    "optimizer: adamw\nstrategy: fsdp\ngpus_per_node: 2\nsteps: 1\nwarmup_steps: 0\n" % path)
        return [BIN, scen]
    return [BIN, "validate", "--cases", path, "--only", "nccl-ar-a100-8gpu-curve-stas00/1GiB"]


SCALAR = re.compile(rb"(:\s+)([^\s#\[\]{}][^\n#]*?)(\s*(#.*)?)$", re.M)


def scalars(text):
    return [m for m in SCALAR.finditer(text)]


def replace_scalar(text, repl):
    ms = scalars(text)
    if not ms:
        return text + b"\nx: " + repl + b"\n"
    m = rng.choice(ms)
    return text[: m.start(2)] + repl + text[m.end(2):]


def mutate(cls, text):
    if cls == "malformed":
        lines = text.split(b"\n")
        i = rng.randrange(len(lines))
        choice = rng.choice([b"[", b"{a: ", b"'", b'"', b"\t", b": :", b"- - ", b"? "])
        lines[i] = lines[i] + choice if choice not in (b"\t",) else b"\t" + lines[i]
        return b"\n".join(lines)
    if cls == "types":
        return replace_scalar(text, rng.choice([b"[1, 2]", b"{a: 1}", b"'text'", b"~", b"[]", b"{}", b"true", b"- x"]))
    if cls == "numbers":
        nums = [m for m in re.finditer(rb"(?<=[:\s\[,])-?\d+(\.\d+)?(e-?\d+)?(?=[\s,\]}]|$)", text)]
        big = rng.choice([b"0", b"-1", b"2147483648", b"4294967297", b"9223372036854775808", b"1e400", b".nan", b".inf",
                          b"-.inf", b"1e-300", b"99999999999999999999999"])
        if not nums:
            return replace_scalar(text, big)
        m = rng.choice(nums)
        return text[: m.start()] + big + text[m.end():]
    if cls == "aliases":
        pick = rng.randrange(4)
        if pick == 0:
            return text + b"\nself: &s [*s]\n"
        if pick == 1:
            return replace_scalar(text, b"*nowhere")
        if pick == 2:
            bomb = b"\nb0: &b0 [x, x, x, x, x, x, x, x, x, x]\n"
            for k in range(1, 9):
                bomb += b"b%d: &b%d [*b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d, *b%d]\n" % (
                    (k, k) + (k - 1,) * 10)
            return text + bomb
        return replace_scalar(text, b"&a 1") + b"\nagain: *a\n"
    if cls == "unicode":
        return replace_scalar(text, rng.choice([b"\xff\xfe", b"a\x00b", b"x" * 5000, b"\xe2\x80\xaeevil", b"\xc3\x28",
                                                b"\xed\xa0\x80", b"\xf4\x90\x80\x80", "名前".encode()]))
    if cls == "truncation":
        return text[: rng.randrange(1, max(2, len(text)))]
    if cls == "paths":
        return replace_scalar(text, rng.choice([b"/dev/zero", b"/", b"../../../../etc/passwd", b"x" * 300 + b".yaml",
                                                b"/nonexistent/a.yaml", b"'..'", b"a/" * 200 + b"b"]))
    raise ValueError(cls)


def classify(proc_result):
    rc, out = proc_result
    if rc is None:
        return "hang"
    if rc < 0 or rc == 3:
        return "crash"
    if rc in (0, 4, 7):
        return "ok"
    if rc == 2:
        return "ok" if PLACE.search(out) else "unclear"
    return "unclear"


def run(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=TIMEOUT)
        return p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, ""


def main():
    classes = ["malformed", "types", "numbers", "aliases", "unicode", "truncation", "paths"]
    srcs = sources()
    tmp = tempfile.mkdtemp(prefix="simtrain-hostile-")
    counts = {c: {"ok": 0, "unclear": 0, "crash": 0, "hang": 0} for c in classes}
    bad = []
    try:
        for cls in classes:
            for i in range(LIMIT):
                kind, src = srcs[(i * 7 + classes.index(cls)) % len(srcs)]
                text = open(src, "rb").read()
                mutated = mutate(cls, text)
                folder = os.path.join(tmp, "%s-%d" % (cls, i))
                os.makedirs(folder)
                target = os.path.join(folder, os.path.basename(src))
                with open(target, "wb") as f:
                    f.write(mutated)
                outcome = classify(run(command(kind, target), ROOT))
                counts[cls][outcome] += 1
                if outcome != "ok":
                    keep = os.path.join(tmp, "..", "simtrain-hostile-%s-%s-%d%s" % (outcome, cls, i, os.path.splitext(src)[1]))
                    shutil.copy(target, keep)
                    bad.append((cls, outcome, src, os.path.abspath(keep)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("| input class | inputs | errors at a place or valid | crashes | hangs | unclear errors |")
    print("|---|---|---|---|---|---|")
    for cls in classes:
        c = counts[cls]
        print("| %s | %d | %d | %d | %d | %d |" % (cls, sum(c.values()), c["ok"], c["crash"], c["hang"], c["unclear"]))
    for cls, outcome, src, keep in bad:
        print("%s: %s from %s, kept as %s" % (outcome, cls, src, keep))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
