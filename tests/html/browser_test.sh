#!/usr/bin/env bash
# The --html pages in a real browser: Debian's headless Chromium loads a run's page (and a
# pipeline run's), a sweep's and an advise's from file:// (no network), the rendered DOM must
# hold every section (each pipeline stage's lanes, the advise chart's deadline and budget, the
# sweep's costs in the text table's unit), and a screenshot must not be blank (ImageMagick
# counts its colours and its mean brightness). The screenshots in docs/ come from
# tests/html/screenshots.sh, from the same pages.
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

# dom_has PAGE PATTERN WHAT: the rendered DOM of the last check()ed page matches PATTERN.
dom_has() { grep -q -- "$2" "$tmp/dom.html" || fail "$1: $3 (no '$2' in the rendered DOM)"; }

cd "$root" || exit 2
"$bin" scenarios/8xA100_pcie_switch.yaml --html "$tmp/run.html" >/dev/null || fail "simtrain --html failed"
check "$tmp/run.html" figures trust step-split timeline links memory

# A pipeline run: every stage has its lanes on the timeline (the bubble's picture), not stage 0 alone.
"$bin" scenarios/16xA100_llama_65b_tp8_pp2.yaml --html "$tmp/pipeline.html" >/dev/null || fail "simtrain --html failed on a pipeline run"
check "$tmp/pipeline.html" figures step-split timeline memory stage-0 stage-1
dom_has pipeline.html '>stage 1: gpu8 compute<' "no lane for stage 1's first rank"

# The sweep: its costs in the text table's unit (GPT-2 has tokens: per 1M tokens, both places).
"$bin" sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2 --html "$tmp/sweep.html" > "$tmp/sweep.txt" || fail "simtrain sweep --html failed"
check "$tmp/sweep.html" pareto points
grep -q 'rent \$/1M tokens' "$tmp/sweep.txt" || fail "the sweep's text table is not per 1M tokens"
dom_has sweep.html '>cost per 1M tokens (\$)<' "the chart's cost is not per 1M tokens, as the text table's"
dom_has sweep.html '>rent \$/1M tokens<' "the page's table is not per 1M tokens, as the text table's"
grep -q '1M samples' "$tmp/dom.html" && fail "sweep.html: a cost per 1M samples where the text table says per 1M tokens"
# Number labels: every marker's number is drawn, none on top of another (points at one place share one).
[ "$(grep -o 'class="num"' "$tmp/dom.html" | wc -l)" -ge 6 ] || fail "sweep.html: fewer than 6 number labels on the chart"

# The advise page: the deadline (scenario) and the budget (--budget) drawn on the chart, points
# coloured by system with a legend, each marker shaped by its bound.
"$bin" advise scenarios/advise_llama2_13b_50b_tokens.yaml --budget '$35000' --jobs 2 --html "$tmp/advise.html" >/dev/null ||
  fail "simtrain advise --html failed"
check "$tmp/advise.html" answer pareto configurations deadline budget
dom_has advise.html '>deadline 14.0 days<' "the deadline's label is missing"
dom_has advise.html '>budget \$35,000 (rent)<' "the budget's label is missing"
dom_has advise.html 'colour, system:' "no legend of the systems' colours"
dom_has advise.html 'marker shape, bound:' "no legend of the markers' shapes"
echo "ok: the run, pipeline, sweep and advise pages render with every section, the stages, the limits and the units"
