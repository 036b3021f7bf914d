#!/usr/bin/env bash
# Lines of Swift stay within 120 columns (docs/CONVENTIONS.md). Older files that predate the check keep an allowance:
# scripts/line-length-allowance.txt lists, per file, how many of its lines may be longer. A file may not go over its
# allowance (a file without one has none), so the count only shrinks; `--update` rewrites the list from the tree as
# it is (run it after shortening lines, never to let new long lines in).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=120
allowance=scripts/line-length-allowance.txt

# The lines of a file longer than the limit, as "line:columns", counting characters, not bytes (perl is part of every
# Debian system; mawk counts bytes).
long_lines() {
    perl -CSD -ne 'chomp; printf "%d:%d\n", $., length if length > '"$limit" "$1"
}

count_long_lines() {
    git ls-files -co --exclude-standard -- 'Sources/*.swift' 'Tests/*.swift' \
        | while read -r file; do
            [ -f "$file" ] || continue
            n=$(long_lines "$file" | wc -l)
            if [ "$n" -gt 0 ]; then printf '%s %s\n' "$n" "$file"; fi
        done
}

if [ "${1:-}" = "--update" ]; then
    {
        echo "# Lines over $limit columns each file may keep (scripts/line-length.sh); the numbers only go down."
        count_long_lines | sort -k2
    } > "$allowance"
    echo "line-length: allowance rewritten ($(grep -vc '^#' "$allowance") files)"
    exit 0
fi

declare -A allowed=()
while read -r n file; do
    [[ "$n" == \#* || -z "$n" ]] && continue
    allowed["$file"]=$n
done < "$allowance"

failures=0
while read -r n file; do
    permitted=${allowed["$file"]:-0}
    if [ "$n" -gt "$permitted" ]; then
        echo "line-length: $file has $n lines over $limit columns (allowed: $permitted):" >&2
        long_lines "$file" | sed "s|^\([0-9]*\):\([0-9]*\)|  $file:\1 (\2 columns)|" >&2
        failures=$((failures + 1))
    fi
done < <(count_long_lines)

if [ "$failures" -gt 0 ]; then
    echo "line-length: $failures file(s) over their allowance; wrap the new lines at $limit columns" >&2
    exit 1
fi
total=0
for n in "${allowed[@]}"; do total=$((total + n)); done
echo "line-length: every Swift file within its allowance ($total older long lines left in ${#allowed[@]} files)"
