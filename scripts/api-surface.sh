#!/usr/bin/env bash
# Public surface audit (issue 23, part 1): every public declaration of the Apple-named modules must be one that
# Apple's SDK declares, as listed in scripts/api-surface/<Module>.txt. Names of ours that Apple lacks and that cannot
# go are listed, with the reason, in scripts/api-surface/known-extras.txt. Needs a `swift build` (debug) first.
#   scripts/api-surface.sh            fail (exit 1) on public names in neither list, and on known extras gone
#   scripts/api-surface.sh --stale    also list names in the lists that are no longer declared
#   scripts/api-surface.sh --print    print the whole public surface
#   API_SURFACE_WARN_ONLY=1 scripts/api-surface.sh   report, but exit 0
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/api_surface.py "$@"
