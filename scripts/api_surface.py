#!/usr/bin/env python3
"""Public surface audit of the Apple-named modules (issue 23, part 1).

Lists every public/open declaration of the modules the `AVFoundation` product ships under Apple's names, as read by
the toolchain's symbol graph extractor from the built modules, and compares that list with the checked-in names of
Apple's SDK in scripts/api-surface/<Module>.txt. A public name that is not in the checked-in list is an addition to
Apple's API: user code that declares the same helper (a `*` on CMTime, a `seconds` on some type) becomes ambiguous
against us and compiles on a Mac.

Names, one a line, look like `CoreMedia CMTime.+(_:_:)`, `CoreMedia CMTimeAdd(_:_:)`,
`AVFoundation AVAssetWriter.Status.completed`: the module, then the declaration's path (parent types, then the name
with its argument labels). Overloads that differ only in types share a name. Protocol conformances the module
declares on a type are listed as `CoreMedia CMTime: Swift.Comparable`, leaving out the marker protocols (Sendable,
Copyable, Escapable, BitwiseCopyable, SendableMetatype).

Run through scripts/api-surface.sh after `swift build`; `--help` lists the options. Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST_DIR = ROOT / "scripts" / "api-surface"

# Package.swift's `appleModules` that are not Apple's API: an empty Swift Testing cross-import overlay and C modules of
# our own (the futex word behind os_unfair_lock, imported `internal` by `os`; the empty framework submodules).
NOT_AUDITED = {"_Testing_CoreGraphics", "COSUnfairLock", "FrameworkSubmodules"}
# Modules of ours whose public names reach users through an `@_exported import` in an Apple-named module:
# CoreGraphics, CoreVideo, CoreAudioTypes, ImageIO, VideoToolbox and CoreServices re-export CoreFoundationShims;
# AVFoundation re-exports MediaCodecs (its settings constants). Their public names are audited like the others.
REEXPORTED = ["CoreFoundationShims", "MediaCodecs"]

MARKER_PROTOCOLS = {"Swift.Sendable", "Swift.SendableMetatype", "Swift.Copyable", "Swift.Escapable",
                    "Swift.BitwiseCopyable"}


def audited_modules() -> list[str]:
    text = (ROOT / "Package.swift").read_text()
    m = re.search(r"let appleModules\s*=\s*\[(.*?)\]", text, re.S)
    if not m:
        sys.exit("api-surface: cannot find `let appleModules = [...]` in Package.swift")
    names = re.findall(r'"([^"]+)"', m.group(1))
    return [n for n in names if n not in NOT_AUDITED] + [n for n in REEXPORTED if n not in names]


def compiler_flags(build_dir: Path) -> list[str]:
    """The module maps and C include paths SwiftPM gives the compiler, from the build's llbuild manifest."""
    # .build/debug is a link to .build/<triple>/debug; the manifest is .build/debug.yaml.
    candidates = [build_dir.parent / f"{build_dir.name}.yaml",
                  build_dir.resolve().parent.parent / f"{build_dir.name}.yaml"]
    manifest = next((c for c in candidates if c.exists()), None)
    if manifest is None:
        sys.exit(f"api-surface: {candidates[0]} not found; run `swift build` first")
    flags: list[str] = []
    seen: set[tuple[str, ...]] = set()

    def add(*group: str) -> None:
        if group not in seen:
            seen.add(group)
            flags.extend(group)

    for line in manifest.read_text().splitlines():
        line = line.strip()
        if not line.startswith("args: [") or '"-module-name"' not in line:
            continue
        args = json.loads(line[len("args: "):])
        i = 0
        while i < len(args):
            a = args[i]
            if a == "-Xcc" and i + 1 < len(args):
                b = args[i + 1]
                if b.startswith("-fmodule-map-file="):
                    add("-Xcc", b)
                elif b == "-I" and i + 3 < len(args):
                    add("-Xcc", "-I", "-Xcc", args[i + 3])
                    i += 4
                    continue
                i += 2
                continue
            if a.startswith("-I") and a != "-I" and not a.endswith("/Modules"):
                add(a)
            i += 1
    return flags


def extract(module: str, modules_dir: Path, flags: list[str], out: Path, cache: Path) -> None:
    cmd = [os.environ.get("SWIFT", "swift"), "symbolgraph-extract", "-module-name", module, "-I", str(modules_dir),
           "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", str(out),
           "-module-cache-path", str(cache), *flags]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"api-surface: symbol graph of {module} failed:\n{r.stderr.strip()}")


def names_in(module: str, out: Path) -> set[str]:
    """Every public declaration of `module` (its own graph and its extensions of other modules' types)."""
    graphs = [json.loads(path.read_text())
              for path in sorted(out.glob(f"{module}.symbols.json")) + sorted(out.glob(f"{module}@*.symbols.json"))]
    names: set[str] = set()
    paths: dict[str, str] = {}       # USR -> path, for this module's declarations
    external: dict[str, str] = {}    # USR -> "Module.Type", for other modules' types we extend
    for graph in graphs:
        for s in graph["symbols"]:
            precise = s["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise:
                continue
            paths[precise] = ".".join(display_path(s))
            names.add(paths[precise])
        for r in graph["relationships"]:
            if r["kind"] == "memberOf" and "targetFallback" in r:
                external[r["target"]] = r["targetFallback"]
    for graph in graphs:
        for r in graph["relationships"]:
            if r["kind"] != "conformsTo":
                continue
            target = r.get("targetFallback")
            if target is None:
                target = (f"{module}.{paths[r['target']]}" if r["target"] in paths
                          else external.get(r["target"]) or demangled(r["target"]))
            if target in MARKER_PROTOCOLS:
                continue
            if r["source"] in paths:
                parent = paths[r["source"]]
            else:
                # A conformance added by an extension to another module's type: name the type without its module.
                parent = (external.get(r["source"]) or demangled(r["source"])).split(".", 1)[-1]
            names.add(f"{parent}: {target}")
    return names


def display_path(symbol: dict) -> list[str]:
    """The declaration's path as users reach it. A member of a protocol extension constrained to a class
    (`extension AVAsynchronousKeyValueLoading where Self: AVAsset { var tracks }`) is a member of that class."""
    path = list(symbol["pathComponents"])
    ext = symbol.get("swiftExtension") or {}
    if ext.get("typeKind") == "swift.protocol" and len(path) > 1:
        for c in ext.get("constraints", []):
            if c.get("kind") == "superclass" and c.get("lhs") == "Self":
                return [c["rhs"]] + path[1:]
    return path


def demangled(usr: str) -> str:
    """`s:9CoreVideo8CVBufferC` -> `CVBuffer` (a USR's `s:` is the mangling's `$s`)."""
    r = subprocess.run([os.environ.get("SWIFT", "swift"), "demangle", "--simplified", "--compact", "$s" + usr[2:]],
                       capture_output=True, text=True)
    return r.stdout.strip() or usr


def read_list(module: str) -> set[str] | None:
    path = LIST_DIR / f"{module}.txt"
    if not path.exists():
        return None
    return {line.rstrip("\n") for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")}


KNOWN_EXTRAS = LIST_DIR / "known-extras.txt"


def read_known_extras() -> set[str]:
    """Public names of ours that are not Apple's and cannot go ("Module Name" lines, each group with a comment saying
    why). They do not fail the run; anything else not in Apple's lists does, so no new one creeps in."""
    if not KNOWN_EXTRAS.exists():
        return set()
    return {line.rstrip("\n") for line in KNOWN_EXTRAS.read_text().splitlines()
            if line.strip() and not line.startswith("#")}


def main() -> int:
    p = argparse.ArgumentParser(
        description="Compare the public declarations of the Apple-named modules with Apple's names "
                    "(scripts/api-surface/<Module>.txt).",
        epilog="Environment: API_SURFACE_WARN_ONLY=1 reports unlisted names but exits 0; "
               "API_SURFACE_BUILD_DIR overrides .build/debug; SWIFT names the swift driver (default: swift).")
    p.add_argument("--stale", action="store_true",
                   help="also list names in the checked-in lists that the modules no longer declare (informational)")
    p.add_argument("--print", dest="print_all", action="store_true",
                   help="print the whole public surface, one name a line, and exit")
    p.add_argument("--module", action="append", help="audit only this module (repeatable)")
    p.add_argument("--keep", metavar="DIR", help="write the symbol graphs to DIR and keep them")
    args = p.parse_args()

    build_dir = Path(os.environ.get("API_SURFACE_BUILD_DIR", ROOT / ".build" / "debug")).absolute()
    modules_dir = build_dir / "Modules"
    modules = args.module or audited_modules()
    missing = [m for m in modules if not (modules_dir / f"{m}.swiftmodule").exists()]
    if missing:
        sys.exit(f"api-surface: not built: {', '.join(missing)} (run `swift build` first)")
    flags = compiler_flags(build_dir)

    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="api-surface."))
    tmp.mkdir(parents=True, exist_ok=True)
    # The module cache outlives a run (Foundation's and Glibc's Clang modules take seconds to build).
    cache = build_dir / "api-surface-module-cache"
    try:
        with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
            list(pool.map(lambda m: extract(m, modules_dir, flags, tmp, cache), modules))
        surface = {m: names_in(m, tmp) for m in modules}
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)

    if args.print_all:
        for m in modules:
            for n in sorted(surface[m]):
                print(f"{m} {n}")
        return 0

    unlisted: list[str] = []
    stale: list[str] = []
    total = 0
    for m in modules:
        listed = read_list(m)
        if listed is None:
            listed = set()
            print(f"api-surface: no list for {m} (scripts/api-surface/{m}.txt)", file=sys.stderr)
        total += len(surface[m])
        unlisted += [f"{m} {n}" for n in sorted(surface[m] - listed)]
        stale += [f"{m} {n}" for n in sorted(listed - surface[m])]

    known = read_known_extras()
    audited = set(modules)
    known_here = {n for n in known if n.split(" ", 1)[0] in audited}
    extras_gone = sorted(known_here - set(unlisted))
    new_extras = [n for n in unlisted if n not in known]
    for n in new_extras:
        print(f"FAIL {n}")
    for n in extras_gone:
        print(f"GONE {n}")
    if args.stale:
        for n in stale:
            print(f"STALE {n}")
    warn_only = os.environ.get("API_SURFACE_WARN_ONLY", "") not in ("", "0")
    summary = (f"api-surface: {total} public names in {len(modules)} modules; "
               f"{len(new_extras)} not in Apple's list (FAIL); {len(unlisted) - len(new_extras)} known extras that "
               f"stay (scripts/api-surface/known-extras.txt says why)"
               + (f"; {len(extras_gone)} known extras gone (GONE)" if extras_gone else "")
               + (f", {len(stale)} listed names no longer declared (STALE)" if args.stale else ""))
    if new_extras or extras_gone:
        print(summary + (" (API_SURFACE_WARN_ONLY: not failing)" if warn_only else "")
              + "\n  A FAIL name is public in an Apple-named module but not in the list of Apple's names: make it"
              + " package/internal or remove it; if Apple does declare it, confirm it in the sources named at the top"
              + " of scripts/api-surface/<Module>.txt and add it there. A GONE name is no longer public: take it out"
              + " of scripts/api-surface/known-extras.txt.", file=sys.stderr)
        return 0 if warn_only else 1
    print(summary, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
