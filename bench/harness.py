"""What tidyup's benchmarks share: a clean environment in a temporary home,
one timed run of the binary with its peak RSS, and a scripted model's
chat-completion reply. Everything stays on this machine."""
import json
import os
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass


def env_for(home, key=None):
    """tidyup's environment: its data, cache and config inside `home`."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "TIDYUP_DATA_DIR": os.path.join(home, "data"),
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
    }
    if key:
        env["TIDYUP_API_KEY"] = key
    return env


@dataclass
class Run:
    """One finished run: exit code, wall seconds, peak RSS (MiB), output."""
    code: int
    wall: float
    rss_mib: float
    stdout: str
    stderr: str


def measure(binary, args, env, stdin, kill_after=None):
    """Runs `binary ARGS` with `stdin`; killed after `kill_after` seconds if given."""
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err:
        given.write(stdin.encode())
        given.seek(0)
        start = time.perf_counter()
        child = subprocess.Popen([binary, *args], stdin=given, stdout=out, stderr=err, env=env)
        watchdog = threading.Timer(kill_after, child.kill) if kill_after else None
        if watchdog:
            watchdog.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        if watchdog:
            watchdog.cancel()
        out.seek(0)
        err.seek(0)
        return Run(os.waitstatus_to_exitcode(status), wall, usage.ru_maxrss / 1024,
                   out.read().decode(errors="replace"), err.read().decode(errors="replace"))


def send_completion(handler, message, finish_reason):
    """Answers an HTTP request with a chat completion carrying `message`."""
    reply = json.dumps({
        "id": "x", "object": "chat.completion", "created": 0, "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
    }).encode()
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(reply)))
    handler.end_headers()
    handler.wfile.write(reply)
