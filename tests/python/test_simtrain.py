"""The simtrain package against the binary it wraps: each function returns what the CLI's
--json prints (the same figures), keyword arguments become flags, failures raise SimtrainError
with the binary's file:line:col and exit status. Run by ctest (python.package)."""

import json
import os
import re
import subprocess
import sys

import pandas
import pytest

import simtrain
from simtrain._run import _flags

HEADLINE = "scenarios/8xA100_pcie_switch.yaml"
ROOT = os.getcwd()


def cli(*args):
    """The binary's --json output, parsed."""
    out = subprocess.run([os.environ["SIMTRAIN_BIN"], *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def same_rows(df, rows):
    """The DataFrame holds exactly the CLI's rows, flattened (its columns reordered)."""
    cli_frame = pandas.json_normalize(rows)
    assert sorted(df.columns) == sorted(cli_frame.columns)
    pandas.testing.assert_frame_equal(df, cli_frame[list(df.columns)])


def cmake_version():
    text = open(os.path.join(ROOT, "CMakeLists.txt")).read()
    return re.search(r"project\(simtrain VERSION (\S+)", text).group(1)


def test_versions_are_cmakes():
    # One version: CMake's project(VERSION) is the binary's, the envelope's and the package's.
    assert simtrain.version()["version"] == cmake_version()
    assert simtrain.__version__ == cmake_version()
    if os.path.exists(os.path.join(ROOT, ".git")):  # built from this checkout: its revision
        assert re.fullmatch(r"[0-9a-f]{7,}(-dirty)?", simtrain.version()["revision"])


def test_run_gives_the_cli_report():
    d = simtrain.run(HEADLINE, steps=1)
    assert d == cli("run", HEADLINE, "--steps", "1")
    assert d["simtrain"]["schema"] == 1 and d["simtrain"]["version"] == cmake_version()
    assert d["gpus"] == 8
    assert 0.10 < d["step"]["time_s"] < 0.20  # the headline: 148 ms a step (README)


def test_set_becomes_set_flags():
    d = simtrain.run(HEADLINE, steps=1, set={"batch_per_gpu": 64})
    assert "batch_per_gpu=64" in d["overrides"]
    assert d == cli("run", HEADLINE, "--steps", "1", "--set", "batch_per_gpu=64")
    # a quarter of the headline's 256 images per GPU: a step under half as long
    assert d["step"]["time_s"] < 0.5 * simtrain.run(HEADLINE, steps=1)["step"]["time_s"]


def test_flag_mapping():
    assert _flags({"steps": 2, "rank_by": "cost", "set": {"a.b": 1, "c": "x y"}, "sweep": {"nodes": [1, 2]},
                   "only": ["p", "q"], "fail_on_oom": True, "strict": False, "html": None}) == [
        "--steps", "2", "--rank-by", "cost", "--set", "a.b=1", "--set", "c=x y", "--sweep", "nodes=1,2",
        "--only", "p", "--only", "q", "--fail-on-oom"]


def test_memory():
    d = simtrain.memory(HEADLINE)
    assert d == cli("memory", HEADLINE)
    assert d["simtrain"]["schema"] == 1


def test_sweep_rows_are_the_clis():
    args = dict(sweep={"batch_per_gpu": [32, 64]}, steps=1, jobs=1, no_progress=True)
    df = simtrain.sweep("tests/data/journal_t3/s.yaml", **args)
    rows = cli("sweep", "tests/data/journal_t3/s.yaml", "--sweep", "batch_per_gpu=32,64", "--steps", "1",
               "--jobs", "1", "--no-progress")["rows"]
    assert len(df) == 2
    same_rows(df, rows)
    assert list(df["rank"]) == [1, 2] and list(df.columns[:2]) == ["rank", "point"]
    assert sorted(df["set.batch_per_gpu"]) == ["32", "64"]  # the --sweep values as given
    assert df.attrs["simtrain"]["schema"] == 1


def test_collective_rows_are_the_clis():
    df = simtrain.collective("topologies/hgx_a100_4gpu.yaml", minbytes="1K", maxbytes="1M", stepfactor=32)
    rows = cli("collective", "topologies/hgx_a100_4gpu.yaml", "-b", "1K", "-e", "1M", "-f", "32")["rows"]
    assert list(df["size_bytes"]) == [1024, 32768, 1048576]
    same_rows(df, rows)


def test_plan():
    d = simtrain.plan("scenarios/8xA100_llama2_7b_fsdp.yaml", set={"strategy": "megatron", "nodes": 2},
                      simulate=2, no_progress=True)
    assert d == cli("plan", "scenarios/8xA100_llama2_7b_fsdp.yaml", "--set", "strategy=megatron", "--set", "nodes=2",
                    "--simulate", "2", "--no-progress")
    assert d["simtrain"]["schema"] == 1


def test_advise():
    d = simtrain.advise("scenarios/advise_tinyllama_4x4090_vs_a100.yaml", no_progress=True, jobs=2)
    assert d == cli("advise", "scenarios/advise_tinyllama_4x4090_vs_a100.yaml", "--no-progress", "--jobs", "2")


def test_validate_rows():
    only = ["gemm-mamf-bf16-fp8", "lambda-resnet50-amp-1gpu"]
    df = simtrain.validate(only=only, no_progress=True)
    rows = cli("validate", "--no-progress", "--only", *only)["rows"]
    same_rows(df, rows)
    assert set(df["id"]) == set(only)


def test_bad_scenario_raises_with_its_place():
    with pytest.raises(simtrain.SimtrainError) as e:
        simtrain.run("tests/data/bad_scenario_key.yaml")
    err = e.value
    assert err.returncode == 2
    assert (err.file, err.line, err.col) == ("tests/data/bad_scenario_key.yaml", 5, 1)
    assert "tests/data/bad_scenario_key.yaml:5:1: error: 'bacth_per_gpu': unknown key" in str(err)
    assert "did you mean 'batch_per_gpu'" in err.message


def test_bad_flag_raises_with_exit_2():
    with pytest.raises(simtrain.SimtrainError) as e:
        simtrain.run(HEADLINE, no_such_flag=3)
    assert e.value.returncode == 2 and "--no-such-flag" in e.value.message and e.value.file is None


def test_timeout():
    with pytest.raises(simtrain.SimtrainError) as e:
        simtrain.run("scenarios/16384xH100_llama3_405b_tp8_pp16.yaml", timeout=0.2)
    assert e.value.returncode is None and "timeout" in str(e.value)


def test_binary_from_env_then_path(monkeypatch, tmp_path):
    real = os.environ["SIMTRAIN_BIN"]
    monkeypatch.setenv("SIMTRAIN_BIN", str(tmp_path / "nothing"))
    with pytest.raises(simtrain.SimtrainError, match="SIMTRAIN_BIN=.*not an executable"):
        simtrain.run(HEADLINE)
    monkeypatch.delenv("SIMTRAIN_BIN")
    os.symlink(real, tmp_path / "simtrain")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert simtrain.find_binary() == str(tmp_path / "simtrain")
    assert simtrain.run(HEADLINE, steps=1)["gpus"] == 8
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(simtrain.SimtrainError, match="no simtrain binary"):
        simtrain.find_binary()


def test_pandas_is_optional_at_import():
    code = ("import sys; sys.modules['pandas'] = None; import simtrain; "
            f"assert simtrain.run({HEADLINE!r}, steps=1)['gpus'] == 8\n"
            "try:\n  simtrain.sweep('x')\nexcept ImportError as e:\n  print('ImportError', e)")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "ImportError simtrain: this function returns a pandas DataFrame" in out.stdout
