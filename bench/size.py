#!/usr/bin/env python3
"""Size of the shipped binary: the stripped `dist` build, against a limit.

Prints the binary's size, and what it embeds of the core as the build left
it beside (the `.wasm` deflated, the precompiled code LZ4-compressed), then
fails (exit 1) when the binary is larger than the limit: 25,000,000 bytes
unless --limit says otherwise. A binary with its symbols still in (a
`release` build) is measured as `strip` would leave it, on a copy.

Usage: python3 bench/size.py [path/to/tidyup] [--limit BYTES]
Build first with `cargo build --locked --profile dist -p tidyup` (the
release archives' and `just deb`'s build); the default path is its output.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

LIMIT = 25_000_000


def stripped_size(binary):
    """The size of `binary` without symbols: its own when it has none."""
    strip = shutil.which("strip")
    if strip is None or binary.endswith(".exe"):
        return os.path.getsize(binary)
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "tidyup")
        shutil.copyfile(binary, copy)
        if subprocess.run([strip, copy], capture_output=True).returncode != 0:
            return os.path.getsize(binary)
        return os.path.getsize(copy)


def embedded_parts(binary):
    """The embedded core's files the build wrote beside `binary`, newest first."""
    profile_dir = os.path.dirname(os.path.abspath(binary))
    found = []
    for name in ("tidyup_core.wasm.deflate", "tidyup_core.cwasm.lz4"):
        paths = glob.glob(os.path.join(profile_dir, "build", "tidyup-*", "out", name))
        if paths:
            found.append((name, max(paths, key=os.path.getmtime)))
    return found


def main():
    args = sys.argv[1:]
    limit = LIMIT
    if "--limit" in args:
        at = args.index("--limit")
        limit = int(args[at + 1])
        del args[at:at + 2]
    binary = args[0] if args else "target/dist/tidyup"
    if not os.path.isfile(binary):
        sys.exit(f"no binary at {binary}: build it with "
                 "`cargo build --locked --profile dist -p tidyup`")
    on_disk = os.path.getsize(binary)
    size = stripped_size(binary)
    print(f"binary: {binary}")
    print(f"{'on disk':<32} {on_disk:>12,} bytes ({on_disk / 2**20:.1f} MiB)")
    print(f"{'stripped':<32} {size:>12,} bytes ({size / 2**20:.1f} MiB)")
    for name, path in embedded_parts(binary):
        part = os.path.getsize(path)
        print(f"{'  embedded ' + name:<32} {part:>12,} bytes ({part / 2**20:.1f} MiB)")
    print(f"{'limit':<32} {limit:>12,} bytes")
    if size > limit:
        print(f"TOO LARGE: {size - limit:,} bytes over the limit")
        sys.exit(1)
    print(f"within the limit ({limit - size:,} bytes to spare)")


if __name__ == "__main__":
    main()
