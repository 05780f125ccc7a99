"""simtrain from Python: each function runs the simtrain binary with ``--json`` and returns
its output as a dict (run, memory, plan, advise) or a pandas DataFrame of its rows (sweep,
collective, validate).

The binary is ``$SIMTRAIN_BIN`` when set, else ``simtrain`` on ``PATH``. Keyword arguments
map to the command's flags (see ``simtrain COMMAND --help``)::

    steps=2                       --steps 2
    rank_by="cost"                --rank-by cost
    set={"batch_per_gpu": 64}     --set batch_per_gpu=64          (one --set per entry)
    sweep={"nodes": [1, 2, 4]}    --sweep nodes=1,2,4
    only=["a", "b"]               --only a --only b               (a list repeats the flag)
    fail_on_oom=True              --fail-on-oom                   (False or None: left out)

A failure (any exit status but 0) raises SimtrainError with the binary's message (for bad
input ``file:line:col: ...``), its exit status and, where the binary printed one, the JSON
it printed. ``timeout`` (seconds) bounds the wall clock of one call.

The JSON envelope (docs/json.md) is kept: a dict's ``"simtrain"`` entry, a DataFrame's
``attrs["simtrain"]``, says which simtrain produced it and its schema number.
"""

from ._run import (
    SimtrainError,
    advise,
    collective,
    find_binary,
    memory,
    plan,
    run,
    sweep,
    validate,
    version,
)

__version__ = "0.1.0"

__all__ = [
    "SimtrainError",
    "advise",
    "collective",
    "find_binary",
    "memory",
    "plan",
    "run",
    "sweep",
    "validate",
    "version",
]
