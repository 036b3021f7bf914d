#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, if any is missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

packages=(
  pkg-config
  # The codec bridge links these (FFmpeg 5.1 on Debian 12; libx264/libx265 come in with libavcodec).
  libavcodec-dev libavutil-dev libswscale-dev libswresample-dev
  # Pixel-format conversion fast paths (no .pc file; see Sources/CYUV).
  libyuv-dev
  # 2-D compositing for the built-in video compositor (Sources/CPixman).
  libpixman-1-dev
  # Time stretching for scaled edits: Rubber Band (spectral), SoundTouch (time domain); Sources/MediaCodecs/README.md.
  librubberband-dev libsoundtouch-dev
  # Still images for ImageIO: PNG (libpng, with zlib's CRC), JPEG (libjpeg-turbo's TurboJPEG API) and GIF (giflib).
  libpng-dev zlib1g-dev libturbojpeg0-dev libgif-dev
  # Outside judges used by the tests: ffmpeg/ffprobe and mediainfo.
  ffmpeg mediainfo
  # The browser judge (Tests/BrowserJudge, docs/browser-judge.md): headless Chromium plays what the tests make,
  # driven by a Python 3 runner (standard library only). Debian 12's chromium plays H.264/AAC in MP4, also through
  # Media Source Extensions. chromium alone is about 81 MB to download and 290 MB installed.
  chromium python3
  # GNU time, for peak memory in `make bench`.
  time
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Installed: ${missing[*]}"
