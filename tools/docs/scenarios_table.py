#!/usr/bin/env python3
"""Print a Markdown table of the shipped scenarios' headline figures, from `simtrain SCENARIO --json`.

    tools/docs/scenarios_table.py [--strategy ddp,fsdp,...] [--jobs N] [scenarios/X.yaml ...]

Runs the `simtrain` found on PATH (tools/docs/generate.py puts the build's first) on each
scenario (default: every scenarios/*.yaml that is not a sweep or advise question) and prints
one row each: file, the scenario's own name, GPUs, step time, throughput, MFU, peak memory
against the card, and what bounds it. Standard library only.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def report(d):
    """The run report, inside a version envelope or not."""
    if 'step' in d:
        return d
    for v in d.values():
        if isinstance(v, dict) and 'step' in v:
            return v
    raise SystemExit('scenarios_table.py: no "step" in the --json output')


def run(path):
    p = subprocess.run(['simtrain', 'run', path, '--json'], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit(f'scenarios_table.py: simtrain {path} exited {p.returncode}: {p.stderr.decode()}')
    return report(json.loads(p.stdout))


def fmt_time(s):
    return f'{s * 1e3:.1f} ms' if s < 1 else f'{s:,.2f} s'


def fmt_rate(x):
    return f'{x / 1e6:,.2f} M' if x >= 1e6 else f'{x:,.0f}'


def row(path, d, name):
    t = d['throughput']
    tokens = t.get('tokens_per_s') or 0
    rate = f'{fmt_rate(tokens)} tokens/s' if tokens else f'{fmt_rate(t["samples_per_s"])} samples/s'
    m = d['memory']
    gib = 1024 ** 3
    mem = f'{m["peak_bytes_per_gpu"] / gib:.1f} / {m["capacity_bytes"] / gib:.0f} GiB'
    if m.get('oom'):
        mem += ' **OOM**'
    bound = d['bottleneck']
    limiter = (d.get('data') or {}).get('limiter')
    if bound == 'data' and limiter and limiter != 'none':
        bound += f': {limiter}'
    return (f'| `{os.path.basename(path)}` | {name} | {d["gpus"]:,} | {fmt_time(d["step"]["time_s"])} | '
            f'{rate} | {t["mfu"] * 100:.1f}% | {mem} | {bound} |')


def name_of(path):
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        for line in f:
            if line.startswith('name:'):
                return line[5:].strip().strip('"')
    return ''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--strategy', help='only scenarios whose strategy is one of these (comma-separated)')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('scenarios', nargs='*')
    args = ap.parse_args()
    paths = args.scenarios or [os.path.relpath(p, ROOT) for p in sorted(glob.glob(os.path.join(ROOT, 'scenarios', '*.yaml')))
                               if not os.path.basename(p).startswith(('sweep_', 'advise_', 'serve_'))]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        reports = list(pool.map(run, paths))
    keep = set(args.strategy.split(',')) if args.strategy else None
    print('| file | name | GPUs | step | throughput | MFU | memory / GPU | bound |')
    print('|---|---|---|---|---|---|---|---|')
    for path, d in zip(paths, reports):
        if keep is None or d.get('strategy') in keep:
            print(row(path, d, name_of(path)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
