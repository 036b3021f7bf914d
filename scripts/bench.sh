#!/usr/bin/env bash
# make bench: our tools and ffmpeg doing the same job on the same files, in the same run, on this machine.
# Prints one table: wall time (median of BENCH_RUNS runs), the ratio ours/ffmpeg, and peak RSS of each.
# Inputs are generated once with ffmpeg and cached in .build-cache/bench/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${BENCH_RUNS:-3}
threads=$(nproc)
cache=.build-cache/bench
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$cache"

command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time missing (Debian package 'time')"; exit 1; }
echo "Building release tools…"
for product in avbench avconvert avinfo avframe avsegment avsplit; do
  swift build -c release --product "$product" 2>&1 | grep -E "error|warning: .*Sources/" || true
done
bin=.build/release

# --- Inputs -----------------------------------------------------------------------------------------------------
movie=$cache/h264-aac-1080p30-60s.mp4
if [ ! -f "$movie" ]; then
  echo "Making $movie (60 s of 1080p H.264 + AAC)…"
  ffmpeg -nostdin -v error -f lavfi -i "testsrc2=size=1920x1080:rate=30" -f lavfi -i "sine=frequency=440:sample_rate=48000" \
    -t 60 -c:v libx264 -preset veryfast -b:v 8M -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 "$movie"
fi
# Ten copies of it end to end (no re-encoding): remuxing 60 s takes a tenth of a second, mostly process start-up,
# so the container jobs run on 10 minutes to measure the work itself.
long=$cache/h264-aac-1080p30-600s.mp4
if [ ! -f "$long" ]; then
  echo "Making $long (the 60 s movie ten times over, copied)…"
  ffmpeg -nostdin -v error -stream_loop 9 -i "$movie" -map 0 -c copy "$long"
fi
million=$cache/opus-1000000-packets.mp4
if [ ! -f "$million" ]; then
  echo "Making $million (1,000,000 Opus packets of 2.5 ms)…"
  ffmpeg -nostdin -v error -f lavfi -i "anoisesrc=r=48000:a=0.01" -t 2500 -c:a libopus -b:a 12k -frame_duration 2.5 "$million"
fi
# Twenty one-minute clips to join (hard links to the 60 s movie: twenty files, twenty sources, no extra disk) and
# the list ffmpeg's concat demuxer reads.
clips=()
for i in $(seq -w 1 20); do
  clip=$cache/clip-$i.mp4
  [ -e "$clip" ] || ln "$movie" "$clip"
  clips+=("$clip")
done
concat_list=$cache/clips.txt
printf "file '%s'\n" "${clips[@]/#/$root/}" >"$concat_list"
sources=()
for clip in "${clips[@]}"; do sources+=(-s "$clip"); done
# A second 1080p movie with other pictures, the top layer of the video composition rows.
second=$cache/h264-1080p30-60s-testsrc.mp4
if [ ! -f "$second" ]; then
  echo "Making $second (60 s of 1080p H.264, another picture)…"
  ffmpeg -nostdin -v error -f lavfi -i "testsrc=size=1920x1080:rate=30" -t 60 -c:v libx264 -preset veryfast -b:v 8M \
    -g 60 -pix_fmt yuv420p "$second"
fi
raw=$cache/yuv420p-1080p30-5s.yuv
if [ ! -f "$raw" ]; then
  echo "Making $raw (5 s of raw 1080p frames)…"
  ffmpeg -nostdin -v error -f lavfi -i "testsrc2=size=1920x1080:rate=30" -t 5 -pix_fmt yuv420p -f rawvideo "$raw"
fi

# Hostile but small: an edit list of 3,000,000 entries (36 MB), and a 1.6 KB file declaring 2^31 - 1 samples.
# (Named anew when its movie and track headers came to declare the edits' duration: an older cached copy declares 16
# ticks, and exports 16 samples.)
edits=$cache/edits-3000000.mov
[ -f "$edits" ] || $bin/avbench make-table elst 3000000 "$edits"
implicit=$cache/implicit-2147483647-samples.mov
[ -f "$implicit" ] || $bin/avbench make-table samples 2147483647 "$implicit"
# The same count really held: 2^31 - 1 one-byte samples in a 2 GiB sparse file (a few KB of disk).
held=$cache/held-2147483647-samples.mov
[ -f "$held" ] || $bin/avbench make-table sparse 2147483647 "$held"
# 10,000,000 one-frame chunks of 16-bit stereo PCM, every chunk at the same offset (40 MB, nearly all `stco`).
chunks=$cache/chunks-10000000.mov
[ -f "$chunks" ] || $bin/avbench make-table stco 10000000 "$chunks"
comments=$cache/comments-40000.mov
[ -f "$comments" ] || $bin/avbench make-table udta 40000 "$comments"
tracks=$cache/tracks-20000.mov
[ -f "$tracks" ] || $bin/avbench make-table trak 20000 "$tracks"
fewer_tracks=$cache/tracks-2500.mov
[ -f "$fewer_tracks" ] || $bin/avbench make-table trak 2500 "$fewer_tracks"

# --- Measurement --------------------------------------------------------------------------------------------------
# This machine's speed drifts (other load, clock changes: the same job's CPU time varies by 20 % over minutes), so
# the two commands of a row run alternately, ours then theirs, $runs times: a slow spell then slows both.
# run_once TAG CMD…: one run; appends "seconds kilobytes" to $scratch/TAG.times. Commands write $scratch/out.*; the
# last run's output is kept as $scratch/kept.TAG.* (for quality comparisons).
run_once() {
  local tag=$1; shift
  rm -f "$scratch"/out.*
  /usr/bin/time -f "%e %M" -o "$scratch/time" "$@" >/dev/null 2>"$scratch/stderr" \
    || { echo "bench: failed: $*" >&2; cat "$scratch/stderr" >&2; exit 1; }
  cat "$scratch/time" >>"$scratch/$tag.times"
  for file in "$scratch"/out.*; do [ -e "$file" ] && mv "$file" "$scratch/kept.$tag.${file##*.}"; done
  return 0
}

# summary TAG: "median_seconds peak_rss_mb" of the runs recorded for TAG.
summary() {
  sort -g "$scratch/$1.times" | awk '{t[NR]=$1; if ($2 > peak) peak=$2} END {print t[int((NR+1)/2)], int(peak/1024)}'
}

rows=()
# row JOB OURS_CMD -- OTHER_LABEL OTHER_CMD…  (skipped unless JOB matches $BENCH_ONLY, an extended regex, when set)
row() {
  local job=$1; shift
  local ours=() other=()
  while [ "$1" != "--" ]; do ours+=("$1"); shift; done; shift
  local other_label=$1; shift
  other=("$@")
  if [ -n "${BENCH_ONLY:-}" ] && ! [[ $job =~ $BENCH_ONLY ]]; then return 0; fi
  rm -f "$scratch"/kept.* "$scratch"/*.times
  for _ in $(seq "${ROW_RUNS:-$runs}"); do
    run_once ours "${ours[@]}"
    run_once other "${other[@]}"
  done
  read -r our_s our_mb < <(summary ours)
  read -r other_s other_mb < <(summary other)
  local ratio
  ratio=$(awk -v a="$our_s" -v b="$other_s" 'BEGIN { printf (b > 0 ? "%.2f" : "n/a"), (b > 0 ? a / b : 0) }')
  rows+=("$(printf '| %-50s | %8.2f | %-25s | %8.2f | %5s | %7s | %9s |' "$job" "$our_s" "$other_label" "$other_s" "$ratio" "$our_mb" "$other_mb")")
  echo "  $job: ours ${our_s}s (${our_mb} MB), $other_label ${other_s}s (${other_mb} MB)"
}

echo "Running (${runs} runs each, median wall time; ${threads} threads for codecs)…"
row "open+load 1,000,000-sample file" $bin/avbench open "$million" -- "ffprobe -show_format" \
  ffprobe -v error -show_format "$million"
# avinfo --json prints every edit; ffprobe reads the same tables (and shows less). Ours refuses the 2^31 samples
# the 1.6 KB file cannot hold, ffprobe believes them; both answer at once.
row "open a 3,000,000-entry edit list (avinfo --json)" $bin/avinfo --json "$edits" -- "ffprobe -show_streams" \
  ffprobe -v error -show_format -show_streams "$edits"
# 40,000 metadata items sharing one identifier: avinfo --json lists every value (it was quadratic in them), and
# coerces each to a date first (ten thousand took 14 s when each coercion made date formatters; `make test` counts
# the formatters made, MetadataDateParserTests).
row "40,000 comments under one identifier (avinfo --json)" $bin/avinfo --json "$comments" -- "ffprobe -show_format" \
  ffprobe -v error -show_format "$comments"
# Many tracks: every track's isPlayable once asked all tracks (quadratic); `make test` counts that work
# (ManyTracksWorkTests), this times it against the same on 8 times fewer tracks (linear: about 8 times as long).
# Not against ffprobe: it took 85 s on the 20,000 tracks (and needs -max_streams).
row "avinfo on 20,000 tracks" $bin/avinfo "$tracks" -- "the same, 2,500 tracks" $bin/avinfo "$fewer_tracks"
row "open a 1.6 KB file declaring 2^31 samples (avinfo)" $bin/avinfo "$implicit" -- "ffprobe -show_streams" \
  ffprobe -v error -show_format -show_streams "$implicit"
# avinfo counted samples with a cursor walk, over 20 s for these; the counts now come from the sample table
# (SampleCountTests checks they are the walk's).
row "open a 2 GiB file holding 2^31 - 1 samples (avinfo --json)" $bin/avinfo --json "$held" \
  -- "ffprobe -show_streams" ffprobe -v error -show_format -show_streams "$held"
# A sample buffer per edit through reader, export and writer (ffmpeg: a packet per edit, each its whole chunk).
row "export passthrough of a 3,000,000-entry edit list (.mov)" \
  $bin/avconvert -s "$edits" -o "$scratch/out.mov" -p PresetPassthrough -- "ffmpeg -c copy" \
  ffmpeg -nostdin -v error -i "$edits" -map 0 -c copy "$scratch/out.mov"
# A sample buffer per chunk: no frame is followed by the next in the file, so none are grouped (ffmpeg: a packet
# per chunk).
row "export passthrough of 10,000,000 one-frame chunks (.mov)" \
  $bin/avconvert -s "$chunks" -o "$scratch/out.mov" -p PresetPassthrough -- "ffmpeg -c copy" \
  ffmpeg -nostdin -v error -i "$chunks" -map 0 -c copy "$scratch/out.mov"
row "read every sample, 1080p H.264+AAC 600 s" $bin/avbench read "$long" -- "ffmpeg -c copy -f null" \
  ffmpeg -nostdin -v error -i "$long" -map 0 -c copy -f null -
row "decode 1080p H.264 60 s (planar 4:2:0)" $bin/avbench decode "$movie" -- "ffmpeg -threads $threads" \
  ffmpeg -nostdin -v error -threads "$threads" -i "$movie" -an -f null -
row "AVAssetReader → AVAssetWriter remux 600 s to .mp4" $bin/avbench remux "$long" "$scratch/out.mp4" -- "ffmpeg -c copy" \
  ffmpeg -nostdin -v error -i "$long" -map 0 -c copy "$scratch/out.mp4"
row "remux, physical floor" $bin/avbench remux "$long" "$scratch/out.mp4" -- "cp" cp "$long" "$scratch/out.mp4"
# The iOS 26 / macOS 26 API (output providers, input receivers, back-pressure by awaiting) on the same jobs, against
# the classic calls and against ffmpeg in the same run. The aim: no slower than the classic API (within 2 %). The
# first row has the classic loop's shape (one loop, the tracks in turn), so it measures the API; the second feeds
# each track from its own task, as app code often does (two threads then contend for the muxer's locks).
row "providers → receivers remux 600 s (iOS 26 API)" $bin/avbench remux-receivers "$long" "$scratch/out.mp4" \
  -- "classic API (avbench remux)" $bin/avbench remux "$long" "$scratch/out.mp4"
row "providers → receivers remux, a task per track" $bin/avbench remux-receivers-tasks "$long" "$scratch/out.mp4" \
  -- "classic API (avbench remux)" $bin/avbench remux "$long" "$scratch/out.mp4"
row "providers → receivers remux 600 s, against ffmpeg" $bin/avbench remux-receivers "$long" "$scratch/out.mp4" \
  -- "ffmpeg -c copy" ffmpeg -nostdin -v error -i "$long" -map 0 -c copy "$scratch/out.mp4"
row "provider → receiver transcode 1080p 10 s H.264 5 Mb/s" \
  $bin/avbench transcode-receivers "$movie" "$scratch/out.mp4" 10 5000000 \
  -- "classic API (avbench transcode)" $bin/avbench transcode "$movie" "$scratch/out.mp4" 10 5000000
row "provider → receiver transcode, against ffmpeg" \
  $bin/avbench transcode-receivers "$movie" "$scratch/out.mp4" 10 5000000 -- "ffmpeg libx264 5 Mb/s" \
  ffmpeg -nostdin -v error -t 10 -i "$movie" -map 0:v -c:v libx264 -b:v 5000000 -pix_fmt yuv420p "$scratch/out.mp4"
# The export rows run avconvert, the command-line face of AVAssetExportSession. Its files are laid out for
# progressive playback (movie box first) by default, so ffmpeg is asked for the same (-movflags +faststart).
row "export passthrough 1080p H.264+AAC 600 s to .mp4" \
  $bin/avconvert -s "$long" -o "$scratch/out.mp4" -p PresetPassthrough -- "ffmpeg -c copy +faststart" \
  ffmpeg -nostdin -v error -i "$long" -map 0 -c copy -movflags +faststart "$scratch/out.mp4"
row "export passthrough, physical floor" \
  $bin/avconvert -s "$long" -o "$scratch/out.mp4" -p PresetPassthrough -- "cp" cp "$long" "$scratch/out.mp4"
# Preset1280x720 writes H.264 High at 0.15 bits per pixel per frame (4,147,200 b/s at 720p30), x264 preset medium,
# key frames at most 2 s apart, AAC 128 kb/s stereo; ffmpeg gets the same settings, both with x264's automatic
# thread count. Quality: SSIM of each output against the source scaled to 1280x720.
rm -f "$scratch"/kept.*
row "export 1080p to 720p H.264+AAC (Preset1280x720)" \
  $bin/avconvert -s "$movie" -o "$scratch/out.mp4" -p Preset1280x720 -- "ffmpeg libx264 medium" \
  ffmpeg -nostdin -v error -i "$movie" -map 0 -vf scale=1280:720 -c:v libx264 -preset medium -profile:v high \
    -b:v 4147200 -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -movflags +faststart "$scratch/out.mp4"
# The reference is the source scaled to 720p, by bicubic (ffmpeg's default scaler, which ffmpeg's output also used)
# and by area averaging (close to libyuv's downscale, which ours used): each scaler favours outputs made with it.
ssim() {
  ffmpeg -nostdin -v info -i "$1" -i "$movie" -lavfi "[1:v]scale=1280:720:flags=$2[ref];[0:v][ref]ssim" -f null - 2>&1 \
    | sed -n 's/.*SSIM .*All:\([0-9.]*\).*/\1/p' | tail -n 1
}
quality_note=""
if [ -e "$scratch/kept.ours.mp4" ] && [ -e "$scratch/kept.other.mp4" ]; then
  quality_note="SSIM vs the source scaled to 720p by bicubic: ours $(ssim "$scratch/kept.ours.mp4" bicubic), ffmpeg's $(ssim "$scratch/kept.other.mp4" bicubic); by area: ours $(ssim "$scratch/kept.ours.mp4" area), ffmpeg's $(ssim "$scratch/kept.other.mp4" area)"
  echo "  $quality_note"
fi
# Compositions: twenty one-minute clips joined (avconvert builds an AVMutableComposition of its --source clips)
# against ffmpeg's concat demuxer; the transcode of the joined 20 minutes runs once (about 25 minutes a side).
row "export passthrough: 20 × 60 s 1080p clips joined" \
  $bin/avconvert "${sources[@]}" -o "$scratch/out.mp4" -p PresetPassthrough -- "ffmpeg concat -c copy" \
  ffmpeg -nostdin -v error -f concat -safe 0 -i "$concat_list" -map 0 -c copy -movflags +faststart "$scratch/out.mp4"
ROW_RUNS=1 row "export 20 joined clips to 720p (Preset1280x720)" \
  $bin/avconvert "${sources[@]}" -o "$scratch/out.mp4" -p Preset1280x720 -- "ffmpeg concat libx264 medium" \
  ffmpeg -nostdin -v error -f concat -safe 0 -i "$concat_list" -map 0 -vf scale=1280:720 -c:v libx264 -preset medium \
    -profile:v high -b:v 4147200 -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -movflags +faststart "$scratch/out.mp4"
# Memory of a composition read end to end must not grow with its segments: 100 pieces of 3 s (from the 20 clips)
# against 2 pieces; compare the MB columns (the times differ by the 50 × more media).
row "read a 100-segment composition (video decoded, audio mixed)" \
  $bin/avbench compose-read 100 3 "${clips[@]}" -- "the same, 2 segments" \
  $bin/avbench compose-read 2 3 "${clips[@]}"
# Video compositions: two 1080p sources for 10 s, the second on top shrinking from full size to half while moving
# to the bottom right corner (a transform ramp) and fading out (an opacity ramp), as avbench's layeredComposition
# builds it. ffmpeg draws the same with scale (bilinear, sized per frame) + fade (alpha) + overlay (placed per frame).
layered="[1:v]scale=w='trunc(1920*(1-0.05*t)/2)*2':h='trunc(1080*(1-0.05*t)/2)*2':eval=frame:flags=bilinear,"
layered+="format=yuva420p,fade=t=out:st=0:d=10:alpha=1[top];[0:v][top]overlay=x='96*t':y='54*t':eval=frame"
row "compose 2 × 1080p 10 s (transform + opacity ramps) to BGRA" \
  $bin/avbench composite "$movie" "$second" 10 -- "ffmpeg scale+fade+overlay" \
  ffmpeg -nostdin -v error -threads "$threads" -t 10 -i "$movie" -t 10 -i "$second" \
    -filter_complex "$layered,format=bgra" -an -f null -
# A custom compositor that hands back a source frame: what the engine costs beyond the compositor's own work,
# against decoding the same two sources alone.
row "custom compositor (hands back a source frame), 2 × 1080p 10 s" \
  $bin/avbench composite "$movie" "$second" 10 --custom -- "decode both sources" \
  $bin/avbench decode-two "$movie" "$second" 10
# Preset1920x1080: H.264 High at 0.15 bits per pixel per frame (9,331,200 b/s), x264 medium, key frames ≤ 2 s.
row "export the layered composition (Preset1920x1080)" \
  $bin/avbench composite-export "$movie" "$second" 10 "$scratch/out.mp4" -- "ffmpeg same graph, libx264 medium" \
  ffmpeg -nostdin -v error -t 10 -i "$movie" -t 10 -i "$second" -filter_complex "$layered" -an -c:v libx264 \
    -preset medium -profile:v high -b:v 9331200 -g 60 -pix_fmt yuv420p -movflags +faststart "$scratch/out.mp4"
# HLS: a passthrough package of the 600 s movie in 6 s fMP4 segments, and a three-rendition ladder of the 60 s one
# (one decode, H.264 at 1080, 720 and 480 lines with the bit rates avsegment picks, shared AAC audio), against
# ffmpeg's HLS muxer doing the same (split + three libx264 with a key frame forced every 6 s). Each run starts from an
# empty folder: neither tool overwrites.
hls=$scratch/hls
row "HLS passthrough, 6 s fMP4 segments of 1080p 600 s (avsegment)" \
  sh -c "rm -rf '$hls' && mkdir '$hls' && $bin/avsegment -t 6 -f '$hls' '$long'" -- "ffmpeg -c copy -f hls fmp4" \
  sh -c "rm -rf '$hls' && mkdir '$hls' && ffmpeg -nostdin -v error -i '$long' -map 0 -c copy -f hls -hls_time 6 \
    -hls_segment_type fmp4 -hls_playlist_type vod '$hls/prog_index.m3u8'"
ROW_RUNS=1 row "HLS ladder 1080/720/480 H.264 + AAC of 1080p 60 s (avsegment)" \
  sh -c "rm -rf '$hls' && mkdir '$hls' && $bin/avsegment -t 6 -f '$hls' --ladder 1080,720,480 '$movie'" \
  -- "ffmpeg split, 3 × libx264 medium" \
  sh -c "rm -rf '$hls' && mkdir '$hls' && ffmpeg -nostdin -v error -i '$movie' -filter_complex \
    '[0:v]split=3[a][b][c];[b]scale=1280:720[b2];[c]scale=854:480[c2]' -map '[a]' -map '[b2]' -map '[c2]' -map 0:a \
    -c:v libx264 -preset medium -profile:v high -b:v:0 6000k -b:v:1 2667k -b:v:2 1186k \
    -force_key_frames 'expr:gte(t,n_forced*6)' -c:a copy -f hls -hls_time 6 -hls_segment_type fmp4 \
    -hls_playlist_type vod -master_pl_name master.m3u8 \
    -var_stream_map 'v:0,agroup:aud v:1,agroup:aud v:2,agroup:aud a:0,agroup:aud' '$hls/stream_%v.m3u8'"
# AVFAudio: a 10-minute upload turned into what speech services take.
speech_input=$cache/aac-44k1-stereo-600s.m4a
if [ ! -f "$speech_input" ]; then
  echo "Making $speech_input (600 s of 44.1 kHz stereo AAC)…"
  ffmpeg -nostdin -v error -f lavfi -i "sine=frequency=440:sample_rate=44100" -f lavfi -i "sine=frequency=660:sample_rate=44100" \
    -filter_complex "[0][1]amerge=inputs=2" -t 600 -c:a aac -b:a 128k "$speech_input"
fi
row "AAC 600 s to 16 kHz mono WAV (AVAudioFile+Converter)" $bin/avbench speech "$speech_input" "$scratch/speech.wav" \
  -- "ffmpeg -ar 16000 -ac 1" ffmpeg -nostdin -v error -y -i "$speech_input" -ar 16000 -ac 1 "$scratch/speech-ff.wav"
row "export audio only to .m4a (PresetAppleM4A)" \
  $bin/avconvert -s "$movie" -o "$scratch/out.m4a" -p PresetAppleM4A -- "ffmpeg aac 256k" \
  ffmpeg -nostdin -v error -i "$movie" -vn -c:a aac -b:a 256k -movflags +faststart "$scratch/out.m4a"
# Both encoders with x264's automatic thread count (1.5 × cores: 3 here), as our writer runs it: the options string
# x264 writes into each stream is the same for both outputs.
row "encode 150 raw 1080p frames, x264 medium 8 Mb/s" \
  $bin/avbench encode "$raw" 1920 1080 30 8000000 "$scratch/out.mp4" -- "ffmpeg libx264" \
  ffmpeg -nostdin -v error -f rawvideo -pix_fmt yuv420p -s 1920x1080 -r 30 -i "$raw" \
    -c:v libx264 -preset medium -b:v 8M -g 250 "$scratch/out.mp4"

# Still images (issue 13 §3) of the 60 s 1080p movie (key frames every 2 s), 320 wide, as PNG files: avframe, the
# command-line face of AVAssetImageGenerator, against ffmpeg; both compress their PNG files (ours through ImageIO).
# (a) ten exact frames at scattered times, one per group of pictures, none on a key frame, against ten ffmpeg
# runs with an accurate seek (-ss before -i decodes from the key frame before T and drops frames until T).
frame_times=(3.7 8.23 14.9 21.45 27.1 33.83 39.55 45.3 51.97 58.6)
ours_times=()
for t in "${frame_times[@]}"; do ours_times+=(-t "$t"); done
row "10 exact frames at scattered times, 320 wide, PNG" \
  $bin/avframe "$movie" "${ours_times[@]}" --size 320x0 -o "$scratch/frame-%d.png" -- "10 × ffmpeg -ss T -i" \
  sh -c 'for t in $2; do ffmpeg -nostdin -v error -y -ss "$t" -i "$1" -frames:v 1 -vf scale=320:-1 "$3/ff-$t.png" || exit 1; done' \
    sh "$movie" "${frame_times[*]}" "$scratch"
# (b) 100 exact frames evenly spaced (every 0.6 s: frames 0, 18, 36, …) against one ffmpeg run selecting them.
row "100 evenly spaced exact frames, 320 wide, PNG" \
  $bin/avframe "$movie" --every 0.6 --size 320x0 -o "$scratch/frame-%d.png" -- "ffmpeg select every 18th" \
  ffmpeg -nostdin -v error -y -i "$movie" -vf "select='not(mod(n\,18))',scale=320:-1" -fps_mode passthrough \
    "$scratch/ff-%d.png"
# (c) the same 100 times at the default tolerance (the nearest key frame: 30 distinct frames, 100 files) against
# ffmpeg decoding only the key frames (30 files).
row "100 times, nearest key frame, 320 wide, PNG" \
  $bin/avframe "$movie" --every 0.6 --nearest-sync --size 320x0 -o "$scratch/frame-%d.png" -- "ffmpeg -skip_frame nokey" \
  ffmpeg -nostdin -v error -y -skip_frame nokey -i "$movie" -vf scale=320:-1 -fps_mode passthrough "$scratch/ff-%d.png"

# --- Segmented export (issue 27 §4, docs/segmented-export.md) ----------------------------------------------------
# (a) The split allowsParallelizedExport's rule (ParallelExportPolicy) makes of an ordinary export, of the 60 s
# 1080p movie: as many segments as cores, one single-threaded x264 each, side by side, then the stitch (the audio is
# encoded there), against the one-piece export: one x264 of every core. The shipped rule splits only from 4 cores
# (docs/segmented-export.md, "When an ordinary export is split"); on fewer this row shows what a split would give.
# Both ours; one run a side unless SEGMENT_RUNS says more.
if [ -z "${BENCH_ONLY:-}" ] || [[ "segmented" =~ $BENCH_ONLY ]]; then
cores=$(nproc)
split_export() { # SOURCE PRESET SECONDS CORES DIR: plan and run the split as the rule makes it
  rm -rf "$5" && mkdir -p "$5" || return 1
  "$bin/avsplit" plan -s "$1" -p "$2" -o "$scratch/out.mp4" --segment-duration "$(awk -v d="$3" -v n="$4" \
    'BEGIN { print d / n }')" --encoder-threads 1 "$5/job.json" >/dev/null && "$bin/avsplit" run "$5/job.json" \
    --parallel "$4"
}
export -f split_export
export bin scratch
ROW_RUNS=${SEGMENT_RUNS:-1} row "export 1080p 60 s in $cores segments side by side (Preset1920x1080)" \
  bash -c 'split_export "$@"' split "$movie" Preset1920x1080 60 "$cores" "$scratch/segments" \
  -- "one export, x264 all cores" $bin/avconvert -s "$movie" -o "$scratch/out.mp4" -p Preset1920x1080
# (b) What segmenting costs: the CPU time of 6 one-thread pieces of 10 s, one at a time, against one one-thread piece
# of 60 s (the same plan but for its cuts), each with its stitch. The target is 1.05.
segplans=$scratch/segplans
mkdir -p "$segplans/six" "$segplans/one"
$bin/avsplit plan -s "$movie" -p Preset1280x720 -o "$segplans/six/out.mp4" --segment-duration 10 \
  --encoder-threads 1 "$segplans/six/job.json" >/dev/null
$bin/avsplit plan -s "$movie" -p Preset1280x720 -o "$segplans/one/out.mp4" --segment-duration 1000 \
  --encoder-threads 1 "$segplans/one/job.json" >/dev/null
cpu_seconds() {
  rm -f "$(dirname "$1")/out.mp4"
  $bin/avsplit clean "$1" >/dev/null
  /usr/bin/time -f "%U %S" -o "$scratch/cpu" $bin/avsplit run "$1" --parallel 1 >/dev/null
  awk '{print $1 + $2}' "$scratch/cpu"
}
six_cpu=$(cpu_seconds "$segplans/six/job.json")
one_cpu=$(cpu_seconds "$segplans/one/job.json")
segment_note="Segmenting's CPU cost (720p from the 60 s 1080p movie, one-thread x264): 6 pieces of 10 s ${six_cpu} s, one piece ${one_cpu} s: $(awk -v a="$six_cpu" -v b="$one_cpu" 'BEGIN { printf "%.3f", a / b }')× (target 1.05)."
echo "  $segment_note"
# (c) The stitch of 600 s of segments against a remux of its result. The pieces (60 of 10 s, 640x360 video) are
# made once and cached, each segment encoded by its own process and timed: (d)'s input.
stitch_source=$cache/h264-640x360-600s.mp4
if [ ! -f "$stitch_source" ]; then
  echo "Making $stitch_source (600 s of 640x360 H.264, video only)…"
  ffmpeg -nostdin -v error -f lavfi -i "testsrc2=size=640x360:rate=30" -t 600 -c:v libx264 -preset veryfast -g 60 \
    -pix_fmt yuv420p "$stitch_source"
fi
stitch_dir=$cache/stitch-600s
if [ ! -f "$stitch_dir/segment-times" ] || [ ! -f "$stitch_dir/stitched.mp4" ]; then
  echo "Encoding the 600 s in 10 s segments, one process each (cached in $stitch_dir)…"
  rm -rf "$stitch_dir"
  mkdir -p "$stitch_dir"
  $bin/avsplit plan -s "$stitch_source" -p Preset640x480 -o "$stitch_dir/stitched.mp4" --segment-duration 10 \
    --encoder-threads 1 "$stitch_dir/job.json" >/dev/null
  for index in $(seq 0 $(( $($bin/avsplit count "$stitch_dir/job.json") - 1 ))); do
    /usr/bin/time -f "%e" -a -o "$stitch_dir/segment-times.partial" \
      $bin/avsplit encode "$stitch_dir/job.json" "$index" >/dev/null
  done
  $bin/avsplit stitch "$stitch_dir/job.json" >/dev/null
  mv "$stitch_dir/segment-times.partial" "$stitch_dir/segment-times"
fi
rm -f "$scratch"/*.times
row "stitch 600 s of 10 s segments (avsplit stitch)" \
  sh -c 'rm -f "$1" && exec "$0" stitch "$2"' $bin/avsplit "$stitch_dir/stitched.mp4" "$stitch_dir/job.json" \
  -- "ffmpeg -c copy +faststart" \
  ffmpeg -nostdin -v error -i "$stitch_dir/stitched.mp4" -map 0 -c copy -movflags +faststart "$scratch/out.mp4"
stitch_seconds=$(summary ours | cut -d' ' -f1)
# (d) How the 600 s export would scale over machines: each machine takes the longest segment left (the measured
# one-process times above), then one stitch.
scaling_table=$(python3 - "$stitch_dir/segment-times" "$stitch_seconds" <<'PY'
import heapq, sys
times = sorted((float(line) for line in open(sys.argv[1]) if line.strip()), reverse=True)
stitch = float(sys.argv[2])
lines = [f"Segmented export of 600 s over machines ({len(times)} one-thread segments of 10 s, measured one process "
         f"each; stitch {stitch:.2f} s):", "| machines | wall (s) | speed-up |", "|---|---|---|"]
one = sum(times) + stitch
for machines in (1, 2, 4, 8, 16):
    loads = [0.0] * machines
    for t in times:
        heapq.heapreplace(loads, loads[0] + t)
    wall = max(loads) + stitch
    lines.append(f"| {machines} | {wall:.1f} | {one / wall:.1f}× |")
print("\n".join(lines))
PY
)
echo "$scaling_table"
fi

echo
echo "$(uname -m), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(ffmpeg -version | head -n 1 | cut -d' ' -f1-3)"
echo "| Job                                                | Ours (s) | Compared with             |  Its (s) | Ratio | Ours MB |  Its MB   |"
echo "|----------------------------------------------------|----------|---------------------------|----------|-------|---------|-----------|"
printf '%s\n' "${rows[@]}"
echo "Ratio = our time / the other's time (below 1 is faster). MB = peak resident set size."
[ -z "$quality_note" ] || echo "$quality_note"
[ -z "${segment_note:-}" ] || echo "$segment_note"
[ -z "${scaling_table:-}" ] || echo "$scaling_table"
