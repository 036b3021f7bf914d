#!/usr/bin/env python3
"""Runs a Kubernetes Job manifest's containers here, as Kubernetes would run them: an Indexed Job's command once
per index with JOB_COMPLETION_INDEX set (retried up to backoffLimitPerIndex), any other Job's once, in the order
the manifest lists them. Volume mount paths in the commands become local directories. For testing manifests
without a cluster:

    python3 run_locally.py segmented-export.yaml --mount /media=/tmp/media --set SEGMENTS=4 --bin avsplit=PATH
"""
import argparse
import os
import string
import subprocess
import sys

import yaml


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest")
    parser.add_argument("--mount", action="append", default=[], help="MOUNT_PATH=LOCAL_DIR")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE for ${NAME} in the manifest")
    parser.add_argument("--bin", action="append", default=[], help="COMMAND=PATH of a container's program")
    arguments = parser.parse_args()
    mounts = dict(item.split("=", 1) for item in arguments.mount)
    binaries = dict(item.split("=", 1) for item in arguments.bin)
    with open(arguments.manifest) as file:
        text = string.Template(file.read()).safe_substitute(dict(item.split("=", 1) for item in arguments.set))
    for job in yaml.safe_load_all(text):
        assert job["kind"] == "Job", job["kind"]
        spec = job["spec"]
        container = spec["template"]["spec"]["containers"][0]
        command = [binaries.get(part, part) for part in container["command"] + container.get("args", [])]
        for mount_path, local in mounts.items():
            command = [part.replace(mount_path, local, 1) if part.startswith(mount_path) else part
                       for part in command]
        if spec.get("completionMode") == "Indexed":
            attempts = spec.get("backoffLimitPerIndex", 0) + 1
            runs = [(index, attempts) for index in range(int(spec["completions"]))]
        else:
            runs = [(None, spec.get("backoffLimit", 0) + 1)]
        for index, attempts in runs:
            environment = dict(os.environ)
            if index is not None:
                environment["JOB_COMPLETION_INDEX"] = str(index)
            for attempt in range(attempts):
                result = subprocess.run(command, env=environment, capture_output=True, text=True)
                print(f"{job['metadata']['name']}[{index}] attempt {attempt}: {result.returncode} "
                      f"{(result.stdout + result.stderr).strip()}", flush=True)
                if result.returncode == 0:
                    break
            else:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
