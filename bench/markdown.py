#!/usr/bin/env python3
"""Markdown rendering benchmark: `tidyup ask` on a pseudo-terminal (where
the model's Markdown is rendered, with colours) against a loopback mock
that streams the answer in 64-byte pieces. For each answer: the wall time
from start to exit and the bytes written to the terminal, median of the
runs, and their ratio to the answer's size.

The answers: deeply nested emphasis (`*` x 6,000, `x`, `*` x 6,000: 12 KB;
and 20,000 each side: 40 KB), and a plain 40 KB Markdown document
(headings, lists, bold, code, links) for comparison. Targets: rendering is
linear in the input (the 40 KB nested answer takes about as long as the
plain one) and the output stays under 10x the answer.

Usage: python3 bench/markdown.py [--tidyup PATH]... [--runs N] [--timeout S]
`--tidyup` may be given more than once (e.g. a before and an after build);
it defaults to target/release/tidyup (`cargo build --release -p tidyup`).
A run past `--timeout` seconds (default 120) is killed and reported so.
Linux only (a pseudo-terminal). Everything stays on this machine.
"""
import argparse
import http.server
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from harness import env_for, send_completion

PIECE = 64


def nested(markers):
    return "*" * markers + "x" + "*" * markers


def document(size):
    block = ("## Documents\n"
             "- **Invoices/**: 12 files, e.g. `invoice-2024-03.pdf`\n"
             "- *Photos/*: see [the album](https://example.com/album) ~~old~~\n"
             "1. Move `a.txt` to **Docs**\n"
             "> Nothing is deleted.\n\n")
    return (block * (size // len(block) + 1))[:size]


ANSWERS = {
    "nested emphasis 12 KB": nested(6_000),
    "nested emphasis 40 KB": nested(20_000),
    "plain document 40 KB": document(40_000),
}


def chunk(delta, finish=None):
    event = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "m",
             "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(event)}\n\n".encode()


class Mock(http.server.BaseHTTPRequestHandler):
    """`POST .../chat/completions`: the answer named by the question,
    streamed in pieces (or whole when no stream is asked for)."""
    protocol_version = "HTTP/1.1"

    def do_POST(self):  # noqa: N802 (the stdlib's name)
        length = int(self.headers.get("Content-Length", 0))
        request = json.loads(self.rfile.read(length) or b"{}")
        question = request["messages"][-1]["content"]
        answer = next(text for name, text in ANSWERS.items() if name in question)
        if not request.get("stream"):
            send_completion(self, {"role": "assistant", "content": answer}, "stop")
            return
        events = [chunk({"role": "assistant", "content": ""})]
        events += [chunk({"content": answer[at:at + PIECE]})
                   for at in range(0, len(answer), PIECE)]
        events += [chunk({}, finish="stop"), b"data: [DONE]\n\n"]
        body = b"".join(events)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def on_terminal(argv, env, timeout):
    """Runs `argv` with a pseudo-terminal as standard output; (wall seconds
    or None when killed, bytes written to the terminal, exit code)."""
    master, slave = pty.openpty()
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave,
                             stderr=subprocess.DEVNULL, env=env)
    os.close(slave)
    written = 0
    while True:
        left = start + timeout - time.perf_counter()
        if left <= 0:
            child.kill()
            child.wait()
            os.close(master)
            return None, written, None
        ready, _, _ = select.select([master], [], [], min(left, 1.0))
        if not ready:
            continue
        try:
            data = os.read(master, 1 << 16)
        except OSError:  # the child closed the terminal
            data = b""
        if not data:
            break
        written += len(data)
    code = child.wait()
    os.close(master)
    return time.perf_counter() - start, written, code


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tidyup", action="append", help="a tidyup binary (repeatable)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Mock)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/v1"
    print(f"Markdown on a terminal, `tidyup ask`, answer streamed in {PIECE}-byte pieces, "
          f"median of {args.runs} runs")
    with tempfile.TemporaryDirectory() as scratch:
        for index, binary in enumerate(args.tidyup or ["target/release/tidyup"]):
            home = os.path.join(scratch, f"home-{index}")
            os.makedirs(home)
            env = env_for(home, key="placeholder")
            del env["NO_COLOR"]
            env["TERM"] = "xterm-256color"
            argv = [binary, "ask", "--base-url", base, "--model", "m", "--lang", "en"]
            # The first start prepares the core: not measured.
            on_terminal([*argv, "hello: plain document 40 KB"], env, args.timeout)
            print(binary)
            for name, answer in ANSWERS.items():
                walls, sizes = [], []
                for _ in range(args.runs):
                    wall, written, code = on_terminal([*argv, f"answer: {name}"], env,
                                                      args.timeout)
                    if wall is not None and code != 0:
                        sys.exit(f"{binary} failed ({code}) on {name}")
                    walls.append(wall)
                    sizes.append(written)
                    if wall is None:
                        break  # killed: one run says enough
                size = statistics.median(sizes)
                ratio = size / len(answer)
                if None in walls:
                    time_text = f"killed after {args.timeout:.0f} s"
                else:
                    time_text = f"{statistics.median(walls) * 1000:8.1f} ms"
                print(f"  {name:<24} {time_text:>20}   {size:>10,.0f} bytes "
                      f"written ({ratio:.1f}x the answer)")
    server.shutdown()


if __name__ == "__main__":
    main()
