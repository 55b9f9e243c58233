#!/usr/bin/env bash
# tidyup on Windows and macOS, from Linux: cross-builds tidyup and its cli,
# safety and offline test suites for Windows with mingw-w64 and runs them
# under Wine, runs the offline demo session and `tidyup undo` under Wine,
# then checks the macOS build as far as a machine without an Apple SDK can.
#
# Installs what it needs (Debian's mingw-w64 and Wine, the Rust targets) and
# keeps what it makes under target/: the Windows build in
# target/x86_64-pc-windows-gnu, the macOS check in target/aarch64-apple-darwin,
# the Wine prefix in target/wine. Both share the native build's target
# directory, so what runs on this machine during the build (build scripts,
# proc macros, build.rs's wasmtime) is compiled once for all three. Running
# it again reuses them. A developer's ordinary builds are not affected: the
# cargo runner and linker for Windows are set here only.
#
#   .ci/windows.sh              everything below
#   .ci/windows.sh setup        install the tools and prepare the Wine prefix
#   .ci/windows.sh demo         the demo session under Wine, as a transcript
#   .ci/windows.sh wine ARGS    run a command in the prepared prefix
#
# The Wine test runs print cargo's usual `test result:` lines, then one
# `wine-test: N passed, M failed` line with their sum.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

windows_target=x86_64-pc-windows-gnu
mac_target=aarch64-apple-darwin
windows_dir="$root/target"
export WINEPREFIX="$root/target/wine"
export WINEARCH=win64
export WINEDEBUG=-all
# A headless prefix: no Mono or Gecko installers, no desktop menu entries.
export WINEDLLOVERRIDES="mscoree=;mshtml=;winemenubuilder.exe=d"
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=wine

# Cargo for Windows: the native target directory (see above); the
# workspace's dev profile keeps line tables only, which keeps the test
# binaries small enough to link quickly.
windows_cargo() {
    CARGO_TARGET_DIR="$windows_dir" cargo "$@"
}

install_tools() {
    local missing=()
    command -v x86_64-w64-mingw32-gcc >/dev/null || missing+=(gcc-mingw-w64-x86-64)
    command -v wine >/dev/null || missing+=(wine wine64)
    if ((${#missing[@]})); then
        echo "installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    rustup target add "$windows_target" "$mac_target"
}

# Wine 8 has no bcryptprimitives.dll, whose ProcessPrng Rust's standard
# library calls for random bytes; a stand-in built from
# .ci/windows/bcryptprimitives.c goes into the prefix's system32.
prepare_prefix() {
    if [[ ! -f "$WINEPREFIX/system.reg" ]]; then
        echo "creating the Wine prefix $WINEPREFIX"
        mkdir -p "$WINEPREFIX"
        wineboot --init >/dev/null 2>&1
        wineserver --wait
    fi
    local dll="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
    local source="$root/.ci/windows/bcryptprimitives.c"
    if [[ ! -f "$dll" || "$source" -nt "$dll" ]]; then
        x86_64-w64-mingw32-gcc -shared -O2 -Wl,--kill-at -o "$dll" "$source" -lbcrypt
    fi
}

# Every file under $1 with a hash of its content, by relative path.
tree_listing() {
    (cd "$1" && find . -type f -print0 | sort -z | xargs -0 md5sum)
}

# The offline demo session under Wine: `tidyup.exe demo`, organize, yes,
# then `tidyup.exe undo`; fails unless every loose file was moved into a
# folder and undo brought the folder back byte for byte. Prints the
# transcript.
demo_session() {
    local exe="$windows_dir/$windows_target/debug/tidyup.exe"
    local work
    work=$(mktemp -d)
    mkdir -p "$work/data" "$work/cache"
    local demo_dir
    demo_dir="$(winepath -w "$work")\\Desktop"
    export TIDYUP_DATA_DIR TIDYUP_CACHE_DIR
    TIDYUP_DATA_DIR=$(winepath -w "$work/data")
    TIDYUP_CACHE_DIR=$(winepath -w "$work/cache")

    echo "> tidyup.exe demo $demo_dir"
    wine "$exe" demo "$demo_dir" --lang en
    local before
    before=$(tree_listing "$work/Desktop")
    local loose
    loose=$(find "$work/Desktop" -maxdepth 1 -type f ! -name '.*' | wc -l)

    wineserver --wait
    echo "> tidyup.exe --provider offline $demo_dir --lang en"
    printf 'organize\nyes\nquit\n' | tee /dev/stderr | wine "$exe" --provider offline "$demo_dir" --lang en 2>&1
    local left
    left=$(find "$work/Desktop" -maxdepth 1 -type f ! -name '.*' | wc -l)

    # The last process's wineserver shuts down a few seconds after it ends;
    # a client connecting meanwhile can find it gone ("recvmsg: Connection
    # reset by peer"), so the next command starts when it has.
    wineserver --wait
    echo "> tidyup.exe undo"
    wine "$exe" undo
    local after
    after=$(tree_listing "$work/Desktop")
    rm -rf "$work"

    echo "demo session under Wine: $loose loose files, $left left loose after organizing;" \
        "after undo the folder is $([[ "$before" == "$after" ]] && echo "as it was" || echo "CHANGED")"
    [[ "$left" == 0 && "$loose" -gt 0 && "$before" == "$after" ]]
}

case "${1:-all}" in
setup)
    install_tools
    prepare_prefix
    exit 0
    ;;
demo)
    install_tools
    prepare_prefix
    windows_cargo build --target "$windows_target" -p tidyup --bin tidyup
    demo_session 2>&1
    exit $?
    ;;
wine)
    shift
    install_tools
    prepare_prefix
    wine "$@"
    exit $?
    ;;
all) ;;
*)
    echo "usage: $0 [setup | demo | wine COMMAND...]" >&2
    exit 2
    ;;
esac

started=$SECONDS
echo "--- windows: toolchain and Wine prefix"
install_tools
prepare_prefix

echo "--- windows: cross-build tidyup.exe and the test suites"
# One build: the tests' build makes tidyup.exe too (with the tests'
# features), which the demo session below runs. A separate `cargo build`
# would compile wasmtime and its neighbours a second time with other
# features.
windows_cargo test --target "$windows_target" -p tidyup --locked --test host --no-run
built=$SECONDS

echo "--- windows: cli, safety and offline tests under Wine"
log=$(mktemp)
status=0
windows_cargo test --target "$windows_target" -p tidyup --locked --no-fail-fast \
    --test host -- cli:: safety:: offline:: 2>&1 | tee "$log" || status=1
awk '/^test result:/ { passed += $4; failed += $6 } END { printf "wine-test: %d passed, %d failed\n", passed, failed }' "$log"
rm -f "$log"

echo "--- windows: the offline demo session and undo under Wine"
demo_session 2>&1 || status=1
tested=$SECONDS

echo "--- macOS ($mac_target): cargo check"
# Without an Apple SDK no C code can be compiled for macOS, and the TLS
# stack (ring) has C code: the host crate stops there. The core, all
# Rust, is checked completely.
CARGO_TARGET_DIR="$root/target" cargo check --target "$mac_target" -p tidyup-core --locked || status=1

echo "windows and macOS: build $((built - started)) s, Wine runs $((tested - built)) s, macOS check $((SECONDS - tested)) s"
exit "$status"
