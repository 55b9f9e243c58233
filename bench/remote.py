#!/usr/bin/env python3
"""Remote-folder benchmark of tidyup, on real servers on 127.0.0.1
(OpenSSH's sshd, rclone serve webdav, s3s-fs: tests/remote/servers.sh).

For each server:
1. 10,000 moves: the offline planner organizes a folder of 10,000 small
   files (organize, yes). The moves' time is the session's wall time less
   that of the same session declined (organize, no: it lists and plans
   alike but moves nothing); the figure is files moved per second.
2. A 100,000-object listing: the offline planner lists and plans a folder
   of 100,000 empty files (organize, then quit); the figure is tidyup's
   peak RSS.

The folders are filled before the servers start, so the WebDAV server
keeps its folder listings cached between requests (as a real one does);
the tests run it without, since they change its folder behind its back.

Usage: python3 bench/remote.py [path/to/tidyup] [moves] [listed]
Build first with `cargo build --profile dist -p tidyup` (target/dist/tidyup).
The servers' folders are on this machine: the figures measure tidyup and
the protocols, not a network.
"""
import os
import subprocess
import sys
import tempfile

from harness import env_for, measure

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/dist/tidyup")
MOVES = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
LISTED = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
EXTENSIONS = ["jpg", "pdf", "docx", "mp4", "mp3", "zip", "py", "txt"]
HERE = os.path.dirname(os.path.abspath(__file__))
SERVERS = os.path.join(HERE, "..", "tests", "remote", "servers.sh")
ORGANIZE = "organize this folder\nyes\nquit\n"
DECLINE = "organize this folder\nno\nquit\n"
PLAN = "organize this folder\nquit\n"


def servers_env(state):
    """Starts the servers into `state`; returns their variables."""
    env = dict(os.environ, TIDYUP_WEBDAV_DIR_CACHE="1h")
    subprocess.run(["bash", SERVERS, "start", state], check=True, stdout=subprocess.DEVNULL, env=env)
    found = {}
    with open(os.path.join(state, "env"), encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("export "):
                name, _, value = line[len("export "):].strip().partition("=")
                found[name] = value.strip("'")
    return found


def fill(folder, count, size):
    os.makedirs(folder, exist_ok=True)
    body = b"x" * size
    for n in range(count):
        with open(os.path.join(folder, f"file {n:06}.{EXTENSIONS[n % len(EXTENSIONS)]}"), "wb") as f:
            f.write(body)


def session(env, url, said):
    run = measure(BINARY, ["--provider", "offline", url], env, said)
    if run.code != 0:
        sys.exit(f"tidyup failed on {url}:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    return run


def main():
    subprocess.run(["bash", SERVERS, "install"], check=True)
    with tempfile.TemporaryDirectory() as state:
        s3_root = os.path.join(state, "s3-root", "tidyup-test")
        for backing in ["sftp-root", "webdav-root", s3_root]:
            fill(os.path.join(state, backing, "moves"), MOVES, 64)
            fill(os.path.join(state, backing, "listing"), LISTED, 0)
        servers = servers_env(state)
        try:
            print(f"{'server':8} {'moves':>7} {'declined s':>11} {'organized s':>12} "
                  f"{'files/s':>8} {'listed':>8} {'peak MiB':>9}", flush=True)
            for name in ["SFTP", "WEBDAV", "S3"]:
                base_url = servers[f"TIDYUP_TEST_{name}_URL"].rstrip("/")
                with tempfile.TemporaryDirectory() as home:
                    env = env_for(home)
                    env.update({k: v for k, v in servers.items() if not k.startswith("TIDYUP_TEST_")})
                    env["PATH"] = servers["TIDYUP_TEST_SSH_BIN"] + ":" + env["PATH"]
                    env["TIDYUP_BASE_URL"] = "http://127.0.0.1:9/v1"
                    declined = session(env, f"{base_url}/moves", DECLINE)
                    organized = session(env, f"{base_url}/moves", ORGANIZE)
                    moving = max(organized.wall - declined.wall, 1e-9)
                    listed = session(env, f"{base_url}/listing", PLAN)
                print(f"{name.lower():8} {MOVES:>7} {declined.wall:>11.1f} {organized.wall:>12.1f} "
                      f"{MOVES / moving:>8.0f} {LISTED:>8} {listed.rss_mib:>9.0f}", flush=True)
        finally:
            subprocess.run(["bash", SERVERS, "stop", state], check=False)


if __name__ == "__main__":
    main()
