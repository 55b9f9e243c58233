#!/usr/bin/env python3
"""One-shot question benchmark: `tidyup ask "..."` against aichat 0.30.0,
both asking the same loopback OpenAI-compatible mock for a streamed answer,
run after run in turn. Prints wall time and CPU time (user + system, from
wait4) for each, median / min / max, and tidyup's ratios to aichat.

Usage: python3 bench/one_shot.py [--tidyup PATH]... [--aichat PATH] [--runs N]
`--tidyup` may be given more than once (e.g. a before and an after build);
it defaults to target/release/tidyup (`cargo build --release -p tidyup`).
aichat defaults to /work/tools/bin/aichat or `aichat` on the PATH; install it
with `cargo install aichat --version 0.30.0 --locked --root DIR`.
Everything stays on this machine: the mock listens on 127.0.0.1.
"""
import argparse
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from harness import env_for

QUESTION = "In one sentence, why keep a downloads folder tidy?"
WORDS = ("A tidy downloads folder lets you find what you saved, see what you "
         "can delete, and keeps old installers and duplicates from piling up.").split(" ")
ANSWER = " ".join(WORDS)


def chunk(delta, finish=None, usage=None):
    """One chat.completion.chunk event."""
    event = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "m",
             "choices": [] if usage else [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage:
        event["usage"] = usage
    return f"data: {json.dumps(event)}\n\n".encode()


class Mock(http.server.BaseHTTPRequestHandler):
    """`POST .../chat/completions`: the answer streamed a word an event, or
    whole when the request does not ask for a stream."""
    protocol_version = "HTTP/1.1"

    def do_POST(self):  # noqa: N802 (the stdlib's name)
        length = int(self.headers.get("Content-Length", 0))
        request = json.loads(self.rfile.read(length) or b"{}")
        if request.get("stream"):
            events = [chunk({"role": "assistant", "content": ""})]
            events += [chunk({"content": (" " if i else "") + word}) for i, word in enumerate(WORDS)]
            events.append(chunk({}, finish="stop"))
            events.append(chunk(None, usage={"prompt_tokens": 20, "completion_tokens": len(WORDS),
                                             "total_tokens": 20 + len(WORDS)}))
            events.append(b"data: [DONE]\n\n")
            body = b"".join(events)
            kind = "text/event-stream"
        else:
            body = json.dumps({
                "id": "x", "object": "chat.completion", "created": 0, "model": "m",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": ANSWER},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 20, "completion_tokens": len(WORDS), "total_tokens": 42},
            }).encode()
            kind = "application/json"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def timed(argv, env):
    """Runs `argv`; (wall seconds, CPU seconds, stdout, stderr, exit code)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        return (wall, usage.ru_utime + usage.ru_stime, out.read().decode(errors="replace"),
                err.read().decode(errors="replace"), os.waitstatus_to_exitcode(status))


def aichat_config(home, base):
    """aichat's config dir: one openai-compatible client at the mock."""
    config = os.path.join(home, "aichat")
    os.makedirs(config)
    with open(os.path.join(config, "config.yaml"), "w", encoding="utf-8") as file:
        file.write(f"""model: mock:m
stream: true
save: false
highlight: false
clients:
  - type: openai-compatible
    name: mock
    api_base: {base}
    api_key: placeholder
    models:
      - name: m
""")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "AICHAT_CONFIG_DIR": config, "LANG": "C.UTF-8", "NO_COLOR": "1"}
    return env


def describe(name, samples):
    ms = [s * 1000 for s in samples]
    print(f"{name:<34} median {statistics.median(ms):7.1f} ms   "
          f"min {min(ms):7.1f} ms   max {max(ms):7.1f} ms")


def find_aichat(given):
    for candidate in [given, "/work/tools/bin/aichat", shutil.which("aichat")]:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("aichat not found: install it with\n"
             "  cargo install aichat --version 0.30.0 --locked --root /work/tools\n"
             "then pass --aichat /work/tools/bin/aichat")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tidyup", action="append", help="a tidyup binary (repeatable)")
    parser.add_argument("--aichat", help="the aichat 0.30.0 binary")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    tidyups = args.tidyup or ["target/release/tidyup"]
    aichat = find_aichat(args.aichat)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Mock)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/v1"
    with tempfile.TemporaryDirectory() as scratch:
        commands = {}
        for index, binary in enumerate(tidyups):
            home = os.path.join(scratch, f"tidyup-{index}")
            os.makedirs(home)
            argv = [binary, "ask", "--base-url", base, "--model", "m", QUESTION]
            commands[f"tidyup {binary}"] = (argv, env_for(home, key="placeholder"))
        home = os.path.join(scratch, "aichat-home")
        os.makedirs(home)
        commands[f"aichat {aichat}"] = ([aichat, QUESTION], aichat_config(home, base))
        walls = {name: [] for name in commands}
        cpus = {name: [] for name in commands}
        for run in range(args.runs + 1):
            for name, (argv, env) in commands.items():
                wall, cpu, out, err, code = timed(argv, env)
                if code != 0 or ANSWER not in out:
                    sys.exit(f"{name} failed ({code}):\n{out}\n{err}")
                if run:  # the first run warms caches (tidyup's compiled core)
                    walls[name].append(wall)
                    cpus[name].append(cpu)
    server.shutdown()
    print(f"one-shot ask, streamed, loopback mock, {args.runs} runs each, in turn")
    for name in commands:
        print(name)
        describe("  wall", walls[name])
        describe("  CPU (user+sys)", cpus[name])
    aichat_name = f"aichat {aichat}"
    for name in commands:
        if name == aichat_name:
            continue
        wall = statistics.median(walls[name]) / statistics.median(walls[aichat_name])
        cpu = statistics.median(cpus[name]) / statistics.median(cpus[aichat_name])
        print(f"{name}: {wall:.2f}x aichat's wall time, {cpu:.2f}x its CPU (medians)")


if __name__ == "__main__":
    main()
