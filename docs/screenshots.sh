#!/usr/bin/env bash
# Regenerates docs/preview-<Example>.png: each example's `headerc preview` in headless Chromium
# (chromium-headless-shell), scrolled by the page's fragment to an offset that shows the header moving.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build --product headerc
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
shot() {
    local name=$1 fragment=$2
    .build/debug/headerc preview "Examples/$name.header" -o "$pages/$name.html"
    chromium-headless-shell --no-sandbox --disable-gpu --hide-scrollbars --run-all-compositor-stages-before-draw --virtual-time-budget=5000 \
        --window-size=1280,800 --screenshot="docs/preview-$name.png" "file://$pages/$name.html#$fragment" 2>/dev/null
}
shot ProfileStretchy "offset=60&safeAreaTop=47"
shot StickyParallax "offset=120&safeAreaTop=47"
shot StretchyImage "offset=-80"
shot AppleMusicProfile "offset=0,90"
