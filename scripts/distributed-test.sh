#!/usr/bin/env bash
# The segmented export's engines beyond one process (issue 27.3), run as `make test` runs them:
#  - the Ray driver (examples/ray) on a local Ray cluster, with a damaged piece on the shared directory on the
#    second run, which the stitch detects and the driver re-encodes;
#  - the Kubernetes manifest's container commands (examples/kubernetes), run for every index with the
#    environment Kubernetes sets.
# Each output must be the same bytes as `avsplit run` of the same plan in one process. Ray and PyYAML come from
# PyPI into .build-cache/ray-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${AVSPLIT_BIN_DIR:-$(swift build --show-bin-path)}
avsplit=$bin/avsplit
venv=.build-cache/ray-venv
if ! "$venv/bin/python" -c "import ray, yaml" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "ray==2.40.0" "pyyaml==6.0.2"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/avsplit-distributed.XXXXXX")
trap 'rm -rf "$work"' EXIT
ffmpeg -nostdin -v error -f lavfi -i testsrc2=size=320x240:rate=30:duration=8 \
  -f lavfi -i sine=frequency=440:sample_rate=44100:duration=8 -c:v libx264 -preset veryfast -g 30 -bf 2 \
  -pix_fmt yuv420p -c:a aac -b:a 64k "$work/source.mp4"
mkdir -p "$work/one" "$work/ray" "$work/k8s"
"$avsplit" plan -s "$work/source.mp4" -p Preset640x480 -o "$work/one/out.mp4" --segment-duration 2 \
  --encoder-threads 1 --encoder-instructions sse2 "$work/one/job.json"
# The same plan for each engine, writing its own output.
for engine in ray k8s; do
  python3 - "$work/one/job.json" "$work/$engine/job.json" "$work/$engine/out.mp4" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
plan["settings"]["outputPath"] = sys.argv[3]
json.dump(plan, open(sys.argv[2], "w"))
PY
done
segments=$("$avsplit" count "$work/one/job.json")
"$avsplit" run "$work/one/job.json" --parallel 2 >/dev/null

echo "Ray: $segments segments as Ray tasks on a local cluster"
"$venv/bin/python" examples/ray/segmented_export.py "$work/ray/job.json" --avsplit "$avsplit"
cmp "$work/one/out.mp4" "$work/ray/out.mp4"
# A piece damaged on the shared directory after it was encoded: the next run's encode step finds it does not
# match its receipt and encodes that segment alone again.
rm "$work/ray/out.mp4"
printf 'damage' | dd of="$work/ray/job.segment-0002.mov" bs=1 seek=4000 conv=notrunc status=none
"$venv/bin/python" examples/ray/segmented_export.py "$work/ray/job.json" --avsplit "$avsplit" > "$work/ray.log" 2>&1
if [ "$(grep -c 'was already encoded' "$work/ray.log")" != $((segments - 1)) ] \
   || ! grep -q "^segment 2 encoded" "$work/ray.log"; then
  cat "$work/ray.log"
  echo "FAIL: the Ray driver did not redo the damaged segment 2 alone"
  exit 1
fi
cmp "$work/one/out.mp4" "$work/ray/out.mp4"

echo "Kubernetes: the manifest's commands for $segments indices, then the stitch"
"$venv/bin/python" examples/kubernetes/run_locally.py examples/kubernetes/segmented-export.yaml \
  --mount "/media=$work/k8s" --set "SEGMENTS=$segments" --bin "avsplit=$avsplit" >/dev/null
cmp "$work/one/out.mp4" "$work/k8s/out.mp4"
echo "distributed-test: Ray and Kubernetes outputs are byte-identical to the one-process export"
