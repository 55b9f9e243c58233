# tidyup tasks. `just --list` shows them.

# Tidy a directory: just run ~/Downloads
run dir="" *args="":
    cargo run --release -p tidyup -- {{dir}} {{args}}

# Install tidyup into ~/.cargo/bin (release build), as the README says
install:
    cargo install --locked --path host

# The Debian package (dist: a stripped release build; man pages, completions): target/debian/
deb:
    PROFILE=dist bash .ci/deb.sh

# Every test: core natively, the wasm ABI through wasmtime, the CLI end to end
test:
    cargo test

# Build the core .wasm alone (the host's build script does this too)
wasm:
    rustup target add wasm32-unknown-unknown
    cargo build -p tidyup-core --lib --target wasm32-unknown-unknown --profile core-wasm
    @ls -l target/wasm32-unknown-unknown/core-wasm/tidyup_core.wasm

# Formatting and lints, as CI runs them
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo clippy -p tidyup-core --target wasm32-unknown-unknown -- -D warnings
    cargo clippy -p tidyup-core --features web --target wasm32-unknown-unknown -- -D warnings

# Fuzz the core: every target for SECONDS each, or one: just fuzz sse 600
fuzz target="" seconds="60":
    FUZZ_TARGETS="{{target}}" FUZZ_SECONDS={{seconds}} bash .ci/fuzz.sh

# Start-up benchmark (first and cached start, time to prompt, peak RSS), and one-shot ask against aichat
bench:
    cargo build --release -p tidyup
    python3 bench/startup.py target/release/tidyup 15
    python3 bench/one_shot.py --tidyup target/release/tidyup

# The shipped binary's size (the stripped dist build), failing above 25,000,000 bytes
size:
    cargo build --locked --profile dist -p tidyup
    python3 bench/size.py target/dist/tidyup

# What a session decides, scored against a careful person's placements: just quality --details downloads
quality *args="":
    cargo build -p tidyup
    python3 bench/quality/score.py {{args}}

# The static page, built into web/dist/ (the page, the core .wasm, the demo list): serve it from any static server
web-dist:
    cargo build -p tidyup
    bash web/build.sh target/debug/tidyup

# The same core in a browser: serves web/dist/ on http://127.0.0.1:PORT (Chromium or Edge 137+, for JSPI)
web port="8000": web-dist
    @echo "open http://127.0.0.1:{{port}}/ (Ctrl-C stops)"
    python3 -m http.server {{port}} --bind 127.0.0.1 --directory web/dist

# The module graph of both crates (every module imports only downward); fails on a cycle
graph:
    python3 .ci/module_graph.py core-wasm/src
    python3 .ci/module_graph.py host/src
