#!/usr/bin/env bash
# The --html pages in a real browser: Debian's headless Chromium loads a run's page and a
# sweep's and an advise's from file:// (no network), the rendered DOM must hold every section, and a
# screenshot must not be blank (ImageMagick counts its colours and its mean brightness).
# Usage: browser_test.sh SIMTRAIN_BINARY PROJECT_ROOT
# CI installs chromium and imagemagick (.ci/run); without chromium the test fails, unless
# SIMTRAIN_NO_BROWSER=1, which skips it (exit 77, ctest's SKIP_RETURN_CODE) for local runs.
set -u
bin=$1 root=$2
if [ "${SIMTRAIN_NO_BROWSER:-0}" = 1 ]; then
  echo "skipped: SIMTRAIN_NO_BROWSER=1"; exit 77
fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "FAIL: no chromium on PATH (apt-get install chromium; or SIMTRAIN_NO_BROWSER=1 to skip)"; exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; [ -f "$tmp/browser.log" ] && grep -v dbus "$tmp/browser.log" | tail -20; exit 1; }

# Headless Chromium as root needs --no-sandbox; its own profile keeps it off ~/.config.
chrome() {
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --hide-scrollbars --user-data-dir="$tmp/profile" "$@" 2>>"$tmp/browser.log"
}

# check PAGE ID...: the page is self-contained, its rendered DOM has each section, and its
# screenshot is a picture.
check() {
  local page=$1; shift
  grep -q 'http' "$page" && fail "$page names a URL"
  grep -qi '<script' "$page" && fail "$page has a script"
  chrome --dump-dom "file://$page" > "$tmp/dom.html" || fail "chromium --dump-dom failed on $page"
  for id in "$@"; do
    grep -q "id=\"$id\"" "$tmp/dom.html" || fail "no id=\"$id\" in the DOM of $page"
  done
  [ "$(grep -o '<svg' "$tmp/dom.html" | wc -l)" -ge 1 ] || fail "no <svg> in the DOM of $page"
  local png=${page%.html}.png
  chrome --window-size=1280,2000 --screenshot="$png" "file://$page" >/dev/null || fail "chromium --screenshot failed on $page"
  [ -s "$png" ] || fail "no screenshot of $page"
  local bytes; bytes=$(wc -c < "$png")
  [ "$bytes" -gt 20000 ] || fail "screenshot of $page is $bytes bytes: blank?"
  if command -v identify >/dev/null; then
    # A blank page is one colour, mean 1 (white); text, bars and charts give dozens of colours.
    read -r colors mean < <(identify -format '%k %[fx:mean]\n' "$png")
    echo "$(basename "$png"): $bytes bytes, $colors colours, mean brightness $mean"
    [ "$colors" -gt 50 ] || fail "screenshot of $page has $colors colours: blank?"
    awk -v m="$mean" 'BEGIN { exit !(m < 0.995) }' || fail "screenshot of $page is almost all white (mean $mean)"
  else
    echo "$(basename "$png"): $bytes bytes (no ImageMagick: colours not counted)"
  fi
}

cd "$root" || exit 2
"$bin" scenarios/8xA100_pcie_switch.yaml --html "$tmp/run.html" >/dev/null || fail "simtrain --html failed"
"$bin" sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2 --html "$tmp/sweep.html" >/dev/null || fail "simtrain sweep --html failed"
check "$tmp/run.html" figures trust step-split timeline links memory
"$bin" advise scenarios/advise_llama2_13b_50b_tokens.yaml --jobs 2 --html "$tmp/advise.html" >/dev/null || fail "simtrain advise --html failed"
check "$tmp/sweep.html" pareto points
check "$tmp/advise.html" answer pareto configurations
echo "ok: the run, sweep and advise pages render with every section"
