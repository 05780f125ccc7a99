#!/usr/bin/env python3
"""Writes the edited copies of the turn-3 journal reproducers (make.sh calls it).

Each copy changes one field of a part file simtrain wrote, as turn 3's reproducers did:
  NAME.jsonl           the field edited, the record's checksum left as written: simtrain must
                       read it as edited or damaged
  NAME_resealed.jsonl  the same edit with the checksum recomputed (FNV-1a 64 over the search's
                       fingerprint, a NUL and the record's JSON without its checksum, keys
                       sorted, as drive/search.hpp says): what reaches the range and type checks
The checksum is checked against every line simtrain wrote before any edit, so this script and
simtrain agree on the canonical form.
Usage: edit.py FOLDER
"""
import json
import sys


def fnv1a(data, h=0xcbf29ce484222325):
    for b in data:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def checksum(fingerprint, obj):
    rest = {k: v for k, v in obj.items() if k != "checksum"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "%016x" % fnv1a(text.encode(), fnv1a(fingerprint.encode() + b"\0"))


def load(path):
    lines = [json.loads(l) for l in open(path, encoding="utf-8")]
    fp = lines[0]["fingerprint"]
    for obj in lines:
        assert checksum(fp, obj) == obj["checksum"], f"{path}: edit.py's checksum differs from simtrain's"
    return lines, fp


def write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        for obj in lines:
            f.write(json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n")


def edit(folder, source, name, line, change):
    lines, fp = load(f"{folder}/{source}")
    change(lines[line])
    write(f"{folder}/{name}.jsonl", lines)
    lines[line]["checksum"] = checksum(fp, lines[line])
    write(f"{folder}/{name}_resealed.jsonl", lines)


def set_result(key, value):
    return lambda rec: rec["result"].__setitem__(key, value)


def failed(rec):
    del rec["result"]
    # A stored failure's text with a terminal title and colour escape in it (defect 15).
    rec["internal_error"] = "the disk is on fire \x1b]0;owned\x07\x1b[31mRED"


def main():
    folder = sys.argv[1]
    edit(folder, "p1.jsonl", "p1_negative_time", 1, set_result("step_time_s", -1))
    edit(folder, "p1.jsonl", "p1_zero_time", 1, set_result("step_time_s", 0))
    edit(folder, "p1.jsonl", "p1_string_time", 1, set_result("step_time_s", "fast"))
    edit(folder, "p1.jsonl", "p1_internal_error", 1, failed)
    edit(folder, "p1.jsonl", "p1_command_number", 0, lambda h: h["search"].__setitem__("command", 7))
    edit(folder, "plan1.jsonl", "plan1_zero_time", 1, set_result("step_time_s", 0))
    edit(folder, "plan1.jsonl", "plan1_no_gpus", 1, lambda rec: rec["result"].pop("gpus"))
    edit(folder, "j_one.jsonl", "j_zero_time", 1, set_result("step_time_s", 0))


if __name__ == "__main__":
    main()
