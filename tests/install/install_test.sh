#!/usr/bin/env bash
# The installed program runs outside the checkout (docs/install.md): installs the build to a
# temporary prefix, moves that prefix elsewhere (the tree is relocatable), and from an empty
# folder runs the headline scenario, a collective, plan and advise by name; the data path it
# reports holds the moved prefix and not the checkout; SIMTRAIN_DATA_PATH wins over the prefix.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
tmp=$(mktemp -d) && tmp=$(cd "$tmp" && pwd -P) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cmake --install "$build" --prefix "$tmp/p" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }
mv "$tmp/p" "$tmp/moved" || fail "moving the prefix"
prefix=$tmp/moved bin=$tmp/moved/bin/simtrain
[ -x "$bin" ] || fail "no $bin"
for f in topologies/devices.yaml topologies/dgx_a100.yaml models/resnet50.yaml scenarios/8xA100_pcie_switch.yaml \
         validation/cases.yaml validation/error_bands.yaml; do
  [ -f "$prefix/share/simtrain/$f" ] || fail "not installed: share/simtrain/$f"
done
for f in README.md LICENSE docs/install.md; do
  [ -f "$prefix/share/doc/simtrain/$f" ] || fail "not installed: share/doc/simtrain/$f"
done
mkdir "$tmp/empty" && cd "$tmp/empty" || exit 1
unset SIMTRAIN_DATA_PATH

# The data path: the moved prefix's share/simtrain, no source tree.
src_real=$(cd "$src" && pwd -P)
path=$("$bin" describe data-path) || fail "describe data-path exited $?"
echo "$path"
grep -qF "$(cd "$prefix" && pwd -P)/share/simtrain  (install prefix)" <<< "$path" || fail "the data path lacks the moved prefix"
grep -qF "$src_real" <<< "$path" && fail "the installed program's data path names the source tree $src_real"
grep -qF "(source tree, development build)" <<< "$path" && fail "the installed program uses a development fallback"

# run CMD... -- KEY_LINE: exit 0 and the report's key line.
check() {
  local key=${*: -1} out rc
  out=$("${@:1:$#-1}" 2>&1)
  rc=$?
  [ $rc = 0 ] || { echo "$out"; fail "'${*:1:$#-1}' exited $rc"; }
  grep -qF -- "$key" <<< "$out" || { echo "$out"; fail "'${*:1:$#-1}' did not print '$key'"; }
  grep -m1 -F -- "$key" <<< "$out"
}
check "$bin" 8xA100_pcie_switch.yaml "Step time "
check "$bin" collective dgx_a100 -b 1M -e 4M "# Avg bus bandwidth"
check "$bin" plan 4xA100_nvlink_bert_large.yaml "Simulated (fastest first)"
check "$bin" advise advise_tinyllama_4x4090_vs_a100.yaml "Fastest and cheapest of all: "

# SIMTRAIN_DATA_PATH before the prefix: a copy of one system, renamed, is the one read.
mkdir -p "$tmp/site/topologies"
sed 's/^name: .*/name: "site copy of the PCIe switch box"/' "$prefix/share/simtrain/topologies/pcie_switch_8gpu.yaml" \
  > "$tmp/site/topologies/pcie_switch_8gpu.yaml"
check env SIMTRAIN_DATA_PATH="$tmp/site" "$bin" 8xA100_pcie_switch.yaml "site copy of the PCIe switch box"
check env SIMTRAIN_DATA_PATH="$tmp/site" "$bin" describe data-path "$tmp/site  (SIMTRAIN_DATA_PATH)"
[ -z "$(ls -A "$tmp/empty")" ] || fail "the runs left files in the current folder"
echo "install test passed"
