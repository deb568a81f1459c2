#!/usr/bin/env bash
# Rebuilds docs/web: each example's web element (`headerc compile --target web`) beside its demo page, and
# screenshots of each page resting, half and fully collapsed, in headless Chromium (chromium-headless-shell).
# Open a page from a local server (`python3 -m http.server` here), or in Chromium with
# --allow-file-access-from-files: a module does not load from a file: page otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build --product headerc
for example in ProfileStretchy StickyParallax StretchyImage AppleMusicProfile CollapsingToolbar; do
    .build/debug/headerc compile "Examples/$example.header" --target web -o docs/web
done
shot() {
    local page=$1 name=$2 path=$3
    chromium-headless-shell --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
        --run-all-compositor-stages-before-draw --virtual-time-budget=5000 --window-size=390,844 --screenshot="docs/web/$name.png" \
        "file://$PWD/docs/web/$page.html#offset=$path" 2>/dev/null
}
# Pulled down 60 pt (each page's element has a `pull`), then resting; travel 146: half at 73, the bar at 146.
shot profile-stretchy profile-stretchy-stretched -60
shot profile-stretchy profile-stretchy-resting 0
shot profile-stretchy profile-stretchy-half 73
shot profile-stretchy profile-stretchy-collapsed 146
# 260 over a 60 pt bar: half at 100, pinned at 200.
shot sticky-parallax sticky-parallax-stretched -60
shot sticky-parallax sticky-parallax-resting 0
shot sticky-parallax sticky-parallax-half 100
shot sticky-parallax sticky-parallax-collapsed 200
# The 300 pt image: half gone at 150, gone at 300.
shot stretchy-image stretchy-image-stretched -60
shot stretchy-image stretchy-image-resting 0
shot stretchy-image stretchy-image-half 150
shot stretchy-image stretchy-image-collapsed 300
# The height follows the direction: 260, then 260 - 70 = 190 (half-way to 120), then 120.
shot apple-music-profile apple-music-profile-stretched -60
shot apple-music-profile apple-music-profile-resting 0
shot apple-music-profile apple-music-profile-half 0,70
shot apple-music-profile apple-music-profile-collapsed 0,70,140
# A 256 pt bar over a 56 pt toolbar: half at 100; past the trigger (144) the scrim fades in over 600 ms,
# which the screenshot's virtual time runs through; the toolbar at 200.
shot collapsing-toolbar collapsing-toolbar-stretched -60
shot collapsing-toolbar collapsing-toolbar-resting 0
shot collapsing-toolbar collapsing-toolbar-half 100
shot collapsing-toolbar collapsing-toolbar-collapsed 200
echo "docs/web: 5 elements, 5 pages, 20 screenshots"
