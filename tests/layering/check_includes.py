#!/usr/bin/env python3
"""No include cycle between the folders of sim/: each part includes only its own folder and the
folders of the parts it links, directly or through them (sim/CMakeLists.txt's simtrain_part
DEPS, the layering the build states).

usage: check_includes.py SIM_DIR PART:DEP,DEP... [PART:...]   (st_<folder> target names, as
       sim/CMakeLists.txt passes them; DEPS that are not parts, e.g. fmt::fmt, are ignored)
Every `#include "folder/..."` in sim/<folder>/ whose folder is a part outside that closure is
reported as file:line (exit 1); a part whose DEPS lead back to itself is reported too. Folders
that are not parts (cli/: the executable, linked against everything) are not checked."""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_]+)/')


def parse_parts(args):
    """{folder: set of folders it links directly}; st_chakra_proto belongs to chakra/."""
    deps = {}
    for a in args:
        name, _, rest = a.partition(":")
        folder = name[len("st_"):].replace("_proto", "") if name.startswith("st_") else None
        if folder is None:
            continue
        direct = deps.setdefault(folder, set())
        for d in filter(None, re.split(r"[,;]", rest)):
            if d.startswith("st_"):
                dep = d[len("st_"):].replace("_proto", "")
                if dep != folder:
                    direct.add(dep)
    return deps


def closure(deps, part):
    seen, todo = set(), list(deps.get(part, ()))
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo.extend(deps.get(d, ()))
    return seen


def check(sim_dir, deps):
    problems = []
    for part in sorted(deps):
        allowed = closure(deps, part)
        if part in allowed:
            problems.append(f"{part}: its DEPS lead back to itself (a cycle in sim/CMakeLists.txt)")
        allowed.add(part)
        folder = os.path.join(sim_dir, part)
        for dirpath, _, files in os.walk(folder):
            for f in sorted(files):
                if not f.endswith((".cpp", ".hpp", ".h", ".cc")):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    for n, line in enumerate(fh, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) in deps and m.group(1) not in allowed:
                            rel = os.path.relpath(path, os.path.dirname(sim_dir.rstrip("/")))
                            problems.append(f"{rel}:{n}: {part}/ includes {m.group(1)}/, which st_{part} does not link "
                                            f"(its DEPS reach: {', '.join(sorted(allowed - {part})) or 'none'})")
    return problems


def self_test():
    """A toy tree: low <- high, and low including high is the cycle the check must find."""
    with tempfile.TemporaryDirectory() as d:
        for folder, text in (("low", '#include "low/a.hpp"\n'), ("high", '#include "low/a.hpp"\n')):
            os.makedirs(os.path.join(d, folder))
            with open(os.path.join(d, folder, "a.hpp"), "w") as fh:
                fh.write(text)
        deps = parse_parts(["st_low:fmt::fmt", "st_high:st_low"])
        assert check(d, deps) == [], check(d, deps)
        with open(os.path.join(d, "low", "b.cpp"), "w") as fh:
            fh.write('// a comment\n#include "high/a.hpp"\n')
        found = check(d, deps)
        assert len(found) == 1 and "low/b.cpp:2: low/ includes high/" in found[0], found
        assert check(d, parse_parts(["st_low:st_high", "st_high:st_low"]))[0].startswith("high: its DEPS lead back")
    print("self-test: a folder including a part it does not link is found")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    self_test()  # the check finds a cycle it is shown, so a pass below means something
    deps = parse_parts(sys.argv[2:])
    problems = check(sys.argv[1], deps)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) against the layering; move the shared type down (or name the part in DEPS "
              "if it is below)", file=sys.stderr)
        return 1
    print(f"{len(deps)} parts, no include outside their DEPS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
