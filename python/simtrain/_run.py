"""Calls the simtrain binary and turns its --json output into Python values."""

import json
import os
import re
import shutil
import subprocess

# "file:line:col: message" (a ScenarioError, docs/json.md); the file may hold ':' but not a newline.
_LOCATION = re.compile(r"^(?P<file>[^\n]*?):(?P<line>\d+):(?P<col>\d+): ", re.MULTILINE)


class SimtrainError(Exception):
    """The binary failed (or could not run).

    message:    the binary's message (its stderr), e.g. "s.yaml:3:12: unknown key 'bach'..."
    returncode: its exit status (2: bad input, 1: bad flags, ...; None: it did not finish)
    file, line, col: where the input is wrong, when the message says (else None)
    output:     the JSON it printed before failing (e.g. validate --strict, exit 5), else None
    command:    the command line that was run
    """

    def __init__(self, message, returncode=None, command=None, output=None):
        super().__init__(message)
        self.message = message
        self.returncode = returncode
        self.command = command
        self.output = output
        m = _LOCATION.search(message)
        self.file = m.group("file") if m else None
        self.line = int(m.group("line")) if m else None
        self.col = int(m.group("col")) if m else None

    def __str__(self):
        status = "" if self.returncode is None else f" (exit {self.returncode})"
        return f"{self.message.rstrip()}{status}"


def find_binary():
    """The simtrain binary: $SIMTRAIN_BIN, else `simtrain` on PATH."""
    path = os.environ.get("SIMTRAIN_BIN")
    if path:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise SimtrainError(f"SIMTRAIN_BIN={path}: not an executable file")
        return path
    found = shutil.which("simtrain")
    if not found:
        raise SimtrainError("no simtrain binary: set SIMTRAIN_BIN to its path or put simtrain on PATH")
    return found


def _flag_value(value):
    if isinstance(value, (list, tuple)):
        return ",".join(_flag_value(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _flags(options):
    """Keyword arguments as command-line flags (the module's docstring gives the mapping)."""
    args = []
    for key, value in options.items():
        if value is None or value is False:
            continue
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif isinstance(value, dict):  # set=, sweep=: one KEY=VALUE per entry
            for k, v in value.items():
                args += [flag, f"{k}={_flag_value(v)}"]
        elif isinstance(value, (list, tuple)):
            for v in value:
                args += [flag, _flag_value(v)]
        else:
            args += [flag, _flag_value(value)]
    return args


def _call(command, positional, options, timeout):
    """Runs `simtrain COMMAND POSITIONAL... FLAGS... --json` and returns its parsed output."""
    argv = [find_binary(), command] + [os.fspath(p) for p in positional] + _flags(options) + ["--json"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise SimtrainError(f"simtrain {command}: no answer within {timeout} s (timeout)", None, argv) from None
    output = None
    if done.stdout.strip():
        try:
            output = json.loads(done.stdout)
        except json.JSONDecodeError:
            output = None
    if done.returncode != 0:
        message = done.stderr.strip() or done.stdout.strip() or f"simtrain {command} failed"
        raise SimtrainError(message, done.returncode, argv, output)
    if not isinstance(output, dict) or "simtrain" not in output:
        raise SimtrainError(f"simtrain {command}: expected one JSON object on stdout, got: {done.stdout[:200]!r}",
                            done.returncode, argv)
    return output


def _pandas():
    """pandas, imported only by the functions that return DataFrames (before the binary runs)."""
    try:
        import pandas
    except ImportError:
        raise ImportError("simtrain: this function returns a pandas DataFrame; install pandas "
                          "(Debian: apt install python3-pandas)") from None
    return pandas


def _frame(command, positional, options, timeout):
    """A DataFrame of the output's "rows", nested fields flattened with '.' ("set.nodes",
    "measured.busbw_gbps"), the row's rank/id/size and set values first; the envelope and
    any other top-level field in attrs."""
    pandas = _pandas()
    output = _call(command, positional, options, timeout)
    frame = pandas.json_normalize(output["rows"])
    # What a row is first (its rank, the values it set, its id or size), then its figures.
    first = [c for c in ("rank", "point", "id", "case", "size_bytes") if c in frame.columns]
    first += [c for c in frame.columns if c.startswith("set.")]
    frame = frame[first + [c for c in frame.columns if c not in first]]
    for key, value in output.items():
        if key != "rows":
            frame.attrs[key] = value
    return frame


def run(scenario, *, timeout=None, **flags):
    """`simtrain run SCENARIO --json`: the run report as a dict (step, throughput, memory, cost, ...)."""
    return _call("run", [scenario], flags, timeout)


def memory(scenario, *, timeout=None, **flags):
    """`simtrain memory SCENARIO --json`: peak memory by part and the largest batch per strategy, as a dict."""
    return _call("memory", [scenario], flags, timeout)


def plan(scenario, *, timeout=None, **flags):
    """`simtrain plan SCENARIO --json`: the layouts ranked, and why the rest fail, as a dict."""
    return _call("plan", [scenario], flags, timeout)


def advise(scenario, *, timeout=None, **flags):
    """`simtrain advise SCENARIO --json`: the systems, node counts and strategies searched, as a dict."""
    return _call("advise", [scenario], flags, timeout)


def sweep(scenario, *, timeout=None, **flags):
    """`simtrain sweep SCENARIO --json`: one DataFrame row per point, in rank order."""
    return _frame("sweep", [scenario], flags, timeout)


def collective(system, *, timeout=None, **flags):
    """`simtrain collective SYSTEM --json`: one DataFrame row per message size (with compare=LOG: per log line)."""
    return _frame("collective", [system], flags, timeout)


def validate(*, timeout=None, **flags):
    """`simtrain validate --json`: one DataFrame row per validation case."""
    return _frame("validate", [], flags, timeout)


def version(*, timeout=None):
    """The binary's `--version` as {"version": "0.1.0", "revision": "454b5ba"} ("revision" only when built from git)."""
    line = subprocess.run([find_binary(), "--version"], capture_output=True, text=True, timeout=timeout).stdout.strip()
    m = re.fullmatch(r"simtrain (\S+)(?: \(git (\S+)\))?", line)
    if not m:
        raise SimtrainError(f"simtrain --version printed {line!r}")
    out = {"version": m.group(1)}
    if m.group(2):
        out["revision"] = m.group(2)
    return out
