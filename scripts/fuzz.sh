#!/usr/bin/env bash
# Runs the libFuzzer targets (box reader, whole MOV/MP4 demuxer, audio-file readers, AVAssetWriter call sequences,
# passthrough export of a movie file)
# for FUZZ_TIME seconds each,
# starting from the seed corpora kept in the test folders. New corpus entries stay in .build-fuzz/ (not the repo);
# crashing inputs are copied to .build-fuzz/crashes/ and the run fails. `make test` replays the committed seeds and
# past crashes (Tests/*/Corpus) through the same harnesses.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]     default: 60 seconds, all targets
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(isobmff-fuzz moviefile-fuzz audiofile-fuzz avassetwriter-fuzz avexport-fuzz)

declare -A seeds=(
  [isobmff-fuzz]="Tests/ISOBMFFTests/Corpus"
  [moviefile-fuzz]="Tests/MovieFileTests/Corpus"
  [audiofile-fuzz]="Tests/AudioFileTests/Corpus"
  [avassetwriter-fuzz]="Tests/ToolTests/Corpus/avassetwriter-fuzz"
  [avexport-fuzz]="Tests/MovieFileTests/Corpus/seeds Tests/ToolTests/Corpus/avexport-fuzz"
)

scratch=.build-fuzz
mkdir -p "$scratch/crashes"
status=0
for target in "${targets[@]}"; do
  [ -n "${seeds[$target]:-}" ] || { echo "fuzz: unknown target $target"; exit 2; }
  echo "== $target: building with -sanitize=fuzzer,address"
  # Coverage is asked for explicitly: swiftc 6.3 given `-sanitize=fuzzer -sanitize=address` in that order (as
  # SwiftPM passes them) instruments for ASan only, and libFuzzer then runs blind ("no interesting inputs").
  if ! swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING \
       -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
       --product "$target" --scratch-path "$scratch" 2>&1 | grep -E "error:|warning: .*Sources/" ; then :; fi
  # grep reads all of nm's output: with -q it would stop at the first match, nm would die of SIGPIPE, and pipefail
  # would call an instrumented target uninstrumented.
  if ! nm "$scratch/release/$target" 2>/dev/null | grep "sancov.module_ctor" >/dev/null; then
    echo "fuzz: $target is not instrumented for coverage (objects from an older build? remove $scratch)"; status=1; continue
  fi
  binary="$scratch/release/$target"
  [ -x "$binary" ] || { echo "fuzz: $target did not build"; status=1; continue; }
  corpus="$scratch/corpus/$target"
  mkdir -p "$corpus"
  # Seeds and past crashes from the repository start the run; what the fuzzer adds stays in .build-fuzz.
  for seed_directory in ${seeds[$target]}; do
    [ -d "$seed_directory" ] && find "$seed_directory" -type f ! -name '*.md' -exec cp -n {} "$corpus/" \;
  done
  echo "== $target: fuzzing for ${seconds}s from $(ls "$corpus" | wc -l) inputs"
  # Not $scratch/artifacts: SwiftPM owns that folder and empties it when it builds the next target.
  artifacts="$scratch/fuzz-artifacts/$target/"
  # Emptied first: what an earlier run found is in $scratch/crashes already, and must not count as this run's.
  rm -rf "$artifacts"
  mkdir -p "$artifacts"
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
    "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$artifacts" "$corpus" \
    2>&1 | grep -E "DONE|^Done|ERROR|SUMMARY|crash-|timeout-|oom-" | tail -n 5
  found=$(find "$artifacts" -type f | wc -l)
  if [ "$found" -gt 0 ]; then
    echo "fuzz: $target found $found failing input(s):"
    find "$artifacts" -type f -exec cp {} "$scratch/crashes/" \; -print
    echo "  keep each one under ${seeds[$target]##* }/crashes (or regressions) with a test that replays it."
    status=1
  fi
done
exit $status
