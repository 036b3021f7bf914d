#!/usr/bin/env python3
"""Drives a segmented export (avsplit's plan) on a Ray cluster: one Ray task per segment, retried where a worker
dies, then the stitch. Run it where the plan, the source and the pieces are on storage every node sees.

    avsplit plan -s /shared/in.mov -p Preset1920x1080 -o /shared/out.mp4 /shared/job.json
    python3 segmented_export.py /shared/job.json [--avsplit PATH] [--address ray://host:10001]

Each task runs `avsplit encode PLAN INDEX`, which keeps a piece already finished and sound and redoes one that
is missing, cut short or damaged; the stitch checks every piece against its receipt. A stitch that finds a damaged
piece makes the driver encode again (only what is not sound) and stitch once more.
"""
import argparse
import subprocess
import sys

import ray


@ray.remote(max_retries=3, retry_exceptions=True)
def encode(avsplit: str, plan: str, index: int) -> str:
    result = subprocess.run([avsplit, "encode", plan, str(index)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"segment {index}: {result.stderr.strip()}")
    return result.stdout.strip()


def encode_all(avsplit: str, plan: str, count: int) -> None:
    for line in ray.get([encode.remote(avsplit, plan, index) for index in range(count)]):
        print(line, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan")
    parser.add_argument("--avsplit", default="avsplit")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: start a local one)")
    arguments = parser.parse_args()
    count = int(subprocess.run([arguments.avsplit, "count", arguments.plan], check=True, capture_output=True,
                               text=True).stdout)
    ray.init(address=arguments.address, include_dashboard=False, logging_level="warning")
    try:
        encode_all(arguments.avsplit, arguments.plan, count)
        for attempt in range(2):
            stitch = subprocess.run([arguments.avsplit, "stitch", arguments.plan], capture_output=True, text=True)
            if stitch.returncode == 0:
                return 0
            print(f"stitch: {stitch.stderr.strip()}", file=sys.stderr, flush=True)
            if attempt == 0:
                encode_all(arguments.avsplit, arguments.plan, count)
        return 1
    finally:
        ray.shutdown()


if __name__ == "__main__":
    sys.exit(main())
