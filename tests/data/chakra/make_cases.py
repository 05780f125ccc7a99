#!/usr/bin/env python3
"""Writes the small hand-made Chakra ET cases of tests/data/chakra/ (see README.md).

Protobuf is encoded by hand here (field numbers of sim/chakra/et_def.proto, schema 0.0.4) so the
cases need no protobuf package; each file is varint-length-delimited GlobalMetadata + Nodes.
Run from this directory: python3 make_cases.py
"""
import os, struct, shutil

def varint(v):
    out = b""
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])

def key(field, wire):
    return varint(field << 3 | wire)

def vint(field, v):
    if v < 0:
        v += 1 << 64
    return key(field, 0) + varint(v)

def vbytes(field, b):
    if isinstance(b, str):
        b = b.encode()
    return key(field, 2) + varint(len(b)) + b

def attr(name, **kw):
    m = vbytes(1, name)
    for k, v in kw.items():
        if k == "int64":
            m += vint(9, v)
        elif k == "int32":
            m += vint(7, v)
        elif k == "bool":
            m += vint(27, 1 if v else 0)
        elif k == "string":
            m += vbytes(29, v)
        elif k == "double":
            m += key(3, 1) + struct.pack("<d", v)
    return m

def node(id, name, type, deps=(), dur_us=0, attrs=()):
    m = vint(1, id) + vbytes(2, name) + vint(3, type)
    if deps:
        m += vbytes(5, b"".join(varint(d) for d in deps))  # data_deps, packed
    if dur_us:
        m += vint(7, dur_us)
    for a in attrs:
        m += vbytes(10, a)
    return m

def meta(version="0.0.4", gpu=None):
    m = vbytes(1, version)
    if gpu:
        m += vbytes(2, attr("simtrain_gpu", string=gpu))  # GlobalMetadata.attr: the GPU the times are for
    return m

def frame(msgs):
    return b"".join(varint(len(m)) + m for m in msgs)

COMP, SEND, RECV, COLL, MEM_LOAD = 4, 5, 6, 7, 2
ALL_REDUCE, REDUCE, ALL_GATHER = 0, 1, 2
GPU = attr("is_cpu_op", bool=False)

def rank_nodes(r, peer):
    """Two ranks of a data-parallel step: forward (given time), backward (FLOPs only), a 64 MiB
    all-reduce, a 1 MiB send to the peer or receive from it, and an optimizer after both."""
    ns = [
        node(1, "forward", COMP, dur_us=2000, attrs=[GPU]),
        node(2, "backward", COMP, deps=[1], attrs=[GPU, attr("num_ops", int64=312 * 10**12 // 100),
                                                   attr("tensor_size", int64=1 << 30)]),
        node(3, "all_reduce grads", COLL, deps=[2], attrs=[GPU, attr("comm_type", int64=ALL_REDUCE),
                                                           attr("comm_size", int64=64 << 20),
                                                           attr("rf_id", int64=7)]),
    ]
    if r == 0:
        ns.append(node(4, "send activations", SEND, deps=[1], attrs=[GPU, attr("comm_dst", int32=peer),
                                                                     attr("comm_size", int64=1 << 20),
                                                                     attr("comm_tag", int32=5)]))
    else:
        ns.append(node(4, "recv activations", RECV, deps=[1], attrs=[GPU, attr("comm_src", int32=peer),
                                                                     attr("comm_size", int64=1 << 20),
                                                                     attr("comm_tag", int32=5)]))
    ns.append(node(5, "optimizer", COMP, deps=[3, 4], dur_us=500, attrs=[GPU]))
    ns.append(node(6, "host: loss.item()", COMP, deps=[5], dur_us=30, attrs=[attr("is_cpu_op", int32=1)]))
    return ns

def write_dir(name, files, extra=None):
    shutil.rmtree(name, ignore_errors=True)
    os.makedirs(name)
    for fname, data in files.items():
        with open(os.path.join(name, fname), "wb") as f:
            f.write(data)
    for fname, text in (extra or {}).items():
        with open(os.path.join(name, fname), "w") as f:
            f.write(text)

good = {f"dp.{r}.et": frame([meta()] + rank_nodes(r, 1 - r)) for r in (0, 1)}
write_dir("two_ranks", good)

# The same step, its GlobalMetadata naming the GPU its times are for (simtrain_gpu, as
# `simtrain run --chakra` writes it): replayed on another system, the header must say the
# compute times are that GPU's, not rescaled.
write_dir("two_ranks_a100", {f"dp.{r}.et": frame([meta(gpu="NVIDIA A100-SXM4-40GB")] + rank_nodes(r, 1 - r)) for r in (0, 1)})

# Truncated: rank 1's file cut in the middle of its last node (the message says more bytes than remain).
t = dict(good)
t["dp.1.et"] = good["dp.1.et"][:-7]
write_dir("bad_truncated", t)

# A length prefix cut off: the file ends inside a varint.
t = dict(good)
t["dp.1.et"] = good["dp.1.et"] + bytes([0x96])
write_dir("bad_varint", t)

# A dependency on a node id the file does not have.
t = dict(good)
ns = rank_nodes(0, 1)
ns[4] = node(5, "optimizer", COMP, deps=[3, 99], dur_us=500, attrs=[GPU])
t["dp.0.et"] = frame([meta()] + ns)
write_dir("bad_dep", t)

# A cycle: forward waits on the optimizer.
t = dict(good)
ns = rank_nodes(0, 1)
ns[0] = node(1, "forward", COMP, deps=[5], dur_us=2000, attrs=[GPU])
t["dp.0.et"] = frame([meta()] + ns)
write_dir("bad_cycle", t)

# The ranks disagree on the collective: rank 1 all-gathers.
t = dict(good)
ns = rank_nodes(1, 0)
ns[2] = node(3, "all_gather", COLL, deps=[2], attrs=[GPU, attr("comm_type", int64=ALL_GATHER), attr("comm_size", int64=64 << 20)])
t["dp.1.et"] = frame([meta()] + ns)
write_dir("bad_mismatch", t)

# comm_size negative.
t = dict(good)
ns = rank_nodes(1, 0)
ns[2] = node(3, "all_reduce", COLL, deps=[2], attrs=[GPU, attr("comm_type", int64=ALL_REDUCE), attr("comm_size", int64=-4096)])
t["dp.1.et"] = frame([meta()] + ns)
write_dir("bad_size", t)

# A REDUCE collective (no simtrain model) and a memory node: refused.
t = dict(good)
ns = rank_nodes(0, 1)
ns[2] = node(3, "reduce", COLL, deps=[2], attrs=[GPU, attr("comm_type", int64=REDUCE), attr("comm_size", int64=1024)])
t["dp.0.et"] = frame([meta()] + ns)
write_dir("bad_reduce", t)
t = dict(good)
ns = rank_nodes(0, 1) + [node(7, "load", MEM_LOAD, deps=[6], attrs=[attr("tensor_size", int64=1024)])]
t["dp.0.et"] = frame([meta()] + ns)
write_dir("bad_memnode", t)

# Deadlock across ranks: rank 1's all-reduce waits on a node after its receive, whose send on
# rank 0 waits for the all-reduce.
t = {}
r0 = [node(1, "ar", COLL, attrs=[GPU, attr("comm_type", int64=ALL_REDUCE), attr("comm_size", int64=4096)]),
      node(2, "send", SEND, deps=[1], attrs=[GPU, attr("comm_dst", int32=1), attr("comm_size", int64=4096)])]
r1 = [node(1, "recv", RECV, attrs=[GPU, attr("comm_src", int32=0), attr("comm_size", int64=4096)]),
      node(2, "ar", COLL, deps=[1], attrs=[GPU, attr("comm_type", int64=ALL_REDUCE), attr("comm_size", int64=4096)])]
write_dir("bad_deadlock", {"dp.0.et": frame([meta()] + r0), "dp.1.et": frame([meta()] + r1)})

# A gap in the ranks.
write_dir("bad_missing_rank", {"dp.0.et": good["dp.0.et"], "dp.2.et": good["dp.1.et"]})
