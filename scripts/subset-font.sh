#!/usr/bin/env bash
# Rebuilds app/assets/fonts/inter-subset-wght.woff2 from Fontsource's Inter (OFL, see
# LICENSE-inter.txt). Needs Debian's python3-fonttools and python3-brotli. Run it only when the
# site starts using a character or weight outside the subset (then update the unicode-range in
# app/app.css to match).
#
# Why subset: the font is preloaded, so every byte of it races the headline on a phone. The
# latin file is 48 KB; basic Latin plus typographic punctuation, weights 400 to 900 only
# (the weights the site uses), is about 19 KB. Other characters (a customer's accented name
# in the form, say) fall back to the metric-matched system font.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=5.3.0
UNICODES="U+0020-007E,U+00A0,U+00A9,U+00B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "@fontsource-variable/inter@$VERSION" >/dev/null && tar xzf ./*.tgz)
python3 -m fontTools.varLib.instancer "$work/package/files/inter-latin-wght-normal.woff2" \
  wght=400:900 -o "$work/limited.ttf"
python3 -m fontTools.subset "$work/limited.ttf" --unicodes="$UNICODES" --flavor=woff2 \
  --layout-features='kern,liga,calt,ccmp,locl' \
  --output-file=app/assets/fonts/inter-subset-wght.woff2
ls -l app/assets/fonts/inter-subset-wght.woff2
