#!/usr/bin/env bash
# Regenerates the screenshots in docs/ (docs/html.md shows them) from the --html pages of the
# shipped scenarios, in Debian's headless Chromium, shrunk to 75% and 128 colours by ImageMagick
# so each stays under ~150 KB:
#   docs/html_run.png     simtrain scenarios/8xA100_pcie_switch.yaml --html
#   docs/html_pipeline.png  simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml --html  (a lane group per stage)
#   docs/html_sweep.png   simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --html
#   docs/html_advise.png  simtrain advise scenarios/advise_llama2_13b_50b_tokens.yaml --budget '$35000' --html
# Usage: tests/html/screenshots.sh build/sim/simtrain   (from the project root)
set -eu
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"

# shoot NAME HEIGHT: the page $tmp/NAME.html, 1280 px wide, as docs/html_NAME.png.
shoot() {
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --hide-scrollbars \
    --user-data-dir="$tmp/profile" --window-size=1280,"$2" --screenshot="$tmp/$1.png" "file://$tmp/$1.html" \
    >/dev/null 2>>"$tmp/browser.log"
  # -trim: the white below the page's end; +repage drops the trimmed offset.
  convert "$tmp/$1.png" -trim +repage -bordercolor white -border 8 -resize 75% +dither -colors 128 "docs/html_$1.png"
  identify "docs/html_$1.png"
}

"$bin" scenarios/8xA100_pcie_switch.yaml --html "$tmp/run.html" >/dev/null
shoot run 2200
"$bin" scenarios/16xA100_llama_65b_tp8_pp2.yaml --html "$tmp/pipeline.html" >/dev/null
shoot pipeline 2200
"$bin" sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2 --html "$tmp/sweep.html" >/dev/null
shoot sweep 1100
"$bin" advise scenarios/advise_llama2_13b_50b_tokens.yaml --budget '$35000' --jobs 2 --html "$tmp/advise.html" >/dev/null
shoot advise 1400
