#!/usr/bin/env bash
# make demo: the main job on a built-in sample. Writes a five-second 1080p movie with our AVAssetWriter (a
# computed pattern and chime, nothing downloaded), exports it with avconvert twice (a 1280x720 H.264/AAC .mp4,
# and a two-second passthrough clip in .mov, cut exactly at 1 s with no re-encoding) and describes each file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release"
out="$root/out/demo"
mkdir -p "$out"

# Headings in bold on a terminal, plain in a log.
if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }

step "1. Writing a sample movie with AVAssetWriter (1920x1080 H.264 + AAC, 5 s)"
rm -f "$out/sample.mov"
"$bin/demo" "$out/sample.mov" 5
"$bin/avinfo" "$out/sample.mov"

step "2. Exporting it with avconvert -p Preset1280x720 (decode, scale, re-encode to H.264/AAC in .mp4)"
"$bin/avconvert" -s "$out/sample.mov" -o "$out/sample-720p.mp4" -p Preset1280x720 --progress --replace --verbose
"$bin/avinfo" "$out/sample-720p.mp4"

step "3. Cutting 2 s from 1 s with avconvert -p PresetPassthrough (no re-encoding; exact start via an edit list)"
"$bin/avconvert" -s "$out/sample.mov" -o "$out/clip.mov" -p PresetPassthrough --start 1 --duration 2 --replace --verbose
"$bin/avinfo" "$out/clip.mov"

step "Done. The files are in $out:"
ls -l "$out"
