# LinuxAVFoundation. Each target installs what is missing first (Debian packages; needs root or sudo).
#   make demo    write a sample movie with our AVAssetWriter, export it with avconvert (720p and a trimmed
#                passthrough clip) and describe each file with avinfo; the files land in out/demo
#   make test    unit tests, external-oracle tests (ffmpeg, ffprobe, mediainfo, headless Chromium), the
#                public-surface audit against Apple's names (scripts/api-surface.sh), the 120-column check
#                (scripts/line-length.sh), the compat sample, and the segmented export on Ray and as Kubernetes
#                runs it (scripts/distributed-test.sh)
SHELL := /bin/bash
SWIFT ?= swift
# Which parts of ../shared/compat are required to pass (see scripts/compat.sh).
COMPAT_STAGE ?= full

# Seconds per fuzz target for `make fuzz`.
FUZZ_TIME ?= 60

.PHONY: all deps build release test unit-test compat demo fuzz bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Tests that watch an export while it runs go last, on their own (see ExportSchedulingTests.swift).
ALONE_TESTS := ExportSchedulingTests

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip $(ALONE_TESTS)
	$(SWIFT) test --skip-build --filter $(ALONE_TESTS)
	scripts/api-surface.sh
	scripts/line-length.sh
	COMPAT_STAGE=$(COMPAT_STAGE) scripts/compat.sh
	scripts/distributed-test.sh

# Only the package's own tests (no compat build).
unit-test: deps
	$(SWIFT) test

compat: deps
	COMPAT_STAGE=$(COMPAT_STAGE) scripts/compat.sh

demo: deps
	$(SWIFT) build -c release --product demo
	$(SWIFT) build -c release --product avconvert
	$(SWIFT) build -c release --product avinfo
	scripts/demo.sh

# Our tools against ffmpeg on the same jobs, same machine, same run: wall time ratios and peak memory.
bench: deps
	scripts/bench.sh

# libFuzzer campaigns over the box reader, the MOV/MP4 demuxer, the audio-file readers and AVAssetWriter call
# sequences (FUZZ_TIME s each).
fuzz: deps
	scripts/fuzz.sh $(FUZZ_TIME)

clean:
	rm -rf .build .build-* out
