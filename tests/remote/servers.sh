#!/usr/bin/env bash
# Loopback SFTP, WebDAV and S3 servers for tidyup's remote-folder tests.
#
#   bash tests/remote/servers.sh install            # install missing server tools
#   bash tests/remote/servers.sh start STATE_DIR    # start all three on 127.0.0.1
#   bash tests/remote/servers.sh stop  STATE_DIR    # stop them again
#
# `start` writes STATE_DIR/env (source it) with the URLs, backing directories and
# credentials the tests use. Every server is backed by a plain directory under
# STATE_DIR, so a test can compare what tidyup did with the bytes on disk.
# See tests/remote/README.md.
set -euo pipefail

S3_BUCKET=tidyup-test
WEBDAV_USER=tidyup
WAIT_SECONDS=20

die() {
  echo "servers.sh: $*" >&2
  exit 1
}

usage() {
  die "usage: servers.sh install | start STATE_DIR | stop STATE_DIR"
}

# Where s3s-fs may live: PATH, then "$TIDYUP_TOOLS/bin", then ~/.cargo/bin.
find_s3s_fs() {
  local dir
  if command -v s3s-fs >/dev/null 2>&1; then
    command -v s3s-fs
    return 0
  fi
  for dir in "${TIDYUP_TOOLS:-}" "${HOME:-/nonexistent}/.cargo"; do
    if [ -n "$dir" ] && [ -x "$dir/bin/s3s-fs" ]; then
      echo "$dir/bin/s3s-fs"
      return 0
    fi
  done
  return 1
}

# ---------------------------------------------------------------- install ---

cmd_install() {
  local missing=()
  [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
  { command -v ssh && command -v sftp && command -v ssh-keygen; } >/dev/null 2>&1 ||
    missing+=(openssh-client)
  command -v rclone >/dev/null 2>&1 || missing+=(rclone)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "servers.sh: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if ! find_s3s_fs >/dev/null; then
    echo "servers.sh: installing s3s-fs" >&2
    cargo install s3s-fs --version 0.14.1 --features binary --locked \
      --root "${TIDYUP_TOOLS:-$HOME/.cargo}"
  fi
}

# ------------------------------------------------------------------ helpers ---

# Absolute path of an existing directory.
abs_dir() {
  (cd "$1" && pwd -P)
}

# N distinct free TCP ports on 127.0.0.1, one per line (all held open at once
# while choosing, so they differ from each other).
free_ports() {
  python3 - "$1" <<'EOF'
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
for s in socks:
    print(s.getsockname()[1])
EOF
}

# A random hex token (passwords and keys for the test servers).
random_token() {
  od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'
}

# True once something accepts TCP connections on 127.0.0.1:$1.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# True once a key login through the test ssh config works.
ssh_login() {
  /usr/bin/ssh -F "$1/ssh_config" tidyup-sftp true </dev/null >/dev/null 2>&1
}

# Wait until `check ARGS...` succeeds; fail with the log if the server process
# dies or the time runs out.   wait_for NAME PID LOG check ARGS...
wait_for() {
  local name=$1 pid=$2 log=$3 i
  shift 3
  for ((i = 0; i < WAIT_SECONDS * 10; i++)); do
    if "$@"; then
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "servers.sh: $name exited before it was ready; its log ($log):" >&2
      cat "$log" >&2 || true
      return 1
    fi
    sleep 0.1
  done
  echo "servers.sh: $name not ready after ${WAIT_SECONDS}s; its log ($log):" >&2
  cat "$log" >&2 || true
  return 1
}

# Start a server in the background, detached from our stdio (so callers that
# capture our output do not hang) in its own session, and record its pid.
#   spawn STATE_DIR LOG CMD ARGS...   (sets SPAWNED_PID)
spawn() {
  local state=$1 log=$2
  shift 2
  setsid "$@" </dev/null >>"$log" 2>&1 &
  SPAWNED_PID=$!
  echo "$SPAWNED_PID" >>"$state/pids"
}

# All descendants of a pid (children first found, deepest last).
descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null || true); do
    echo "$child"
    descendants "$child"
  done
}

# Quote a value for a `export NAME=value` line.
shell_quote() {
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# ------------------------------------------------------------------- start ---

cmd_start() {
  [ $# -eq 1 ] || usage
  mkdir -p "$1"
  local state
  state=$(abs_dir "$1")
  if [ -s "$state/pids" ]; then
    die "$state/pids exists: servers already started there (run stop first)"
  fi
  : >"$state/pids"
  # If anything below fails, stop whatever was already started.
  START_STATE=$state
  START_OK=0
  trap 'if [ "$START_OK" -eq 0 ]; then cmd_stop "$START_STATE"; fi' EXIT

  local s3s_fs
  s3s_fs=$(find_s3s_fs) || die "s3s-fs not found (run: servers.sh install)"

  local ports ssh_port webdav_port s3_port
  ports=$(free_ports 3)
  ssh_port=$(sed -n 1p <<<"$ports")
  webdav_port=$(sed -n 2p <<<"$ports")
  s3_port=$(sed -n 3p <<<"$ports")

  # --- SFTP: a private sshd with its own host key, client key and config. ---
  local user
  user=$(id -un)
  mkdir -p "$state/sftp-root" "$state/bin"
  rm -f "$state/ssh_host_ed25519_key"* "$state/id_ed25519"* "$state/known_hosts"
  ssh-keygen -q -t ed25519 -N '' -C tidyup-test-host -f "$state/ssh_host_ed25519_key"
  ssh-keygen -q -t ed25519 -N '' -C tidyup-test-client -f "$state/id_ed25519"
  cp "$state/id_ed25519.pub" "$state/authorized_keys"
  chmod 600 "$state/authorized_keys"

  cat >"$state/sshd_config" <<EOF
# sshd for tidyup's tests: loopback only, key login only.
ListenAddress 127.0.0.1
Port $ssh_port
HostKey $state/ssh_host_ed25519_key
PidFile $state/sshd.pid
AuthorizedKeysFile $state/authorized_keys
AllowUsers $user
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
StrictModes no
UsePAM no
PrintMotd no
PrintLastLog no
# internal-sftp is OpenSSH's sftp-server built in: it offers the
# posix-rename@openssh.com and hardlink@openssh.com extensions.
Subsystem sftp internal-sftp
EOF

  # Client config: the alias tidyup-sftp and 127.0.0.1 both reach this sshd
  # with the test key; nothing is read from or written to ~/.ssh.
  cat >"$state/ssh_config" <<EOF
# ssh client config for tidyup's tests (used via $state/bin/ssh).
Host tidyup-sftp 127.0.0.1
  HostName 127.0.0.1
  Port $ssh_port
  User $user
  IdentityFile $state/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $state/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking no
  LogLevel ERROR
  BatchMode yes
  ControlMaster no
  ControlPath none
EOF

  # `ssh` wrapper: tests put STATE_DIR/bin first on PATH so that every ssh
  # tidyup spawns uses the config above.
  cat >"$state/bin/ssh" <<EOF
#!/bin/sh
exec /usr/bin/ssh -F $state/ssh_config "\$@"
EOF
  chmod 755 "$state/bin/ssh"

  # sshd refuses a relative path for itself and needs /run/sshd when root.
  mkdir -p /run/sshd 2>/dev/null || true
  : >"$state/sshd.log"
  spawn "$state" "$state/sshd.log" \
    /usr/sbin/sshd -D -f "$state/sshd_config" -E "$state/sshd.log"
  local sshd_pid=$SPAWNED_PID
  wait_for sshd "$sshd_pid" "$state/sshd.log" ssh_login "$state"

  # --- WebDAV: rclone serving a local directory with basic auth. ---
  local webdav_pass
  webdav_pass=$(random_token 16)
  mkdir -p "$state/webdav-root"
  : >"$state/rclone.conf"
  : >"$state/webdav.log"
  spawn "$state" "$state/webdav.log" \
    rclone serve webdav "$state/webdav-root" \
    --config "$state/rclone.conf" \
    --addr "127.0.0.1:$webdav_port" \
    --user "$WEBDAV_USER" --pass "$webdav_pass" \
    --dir-cache-time "${TIDYUP_WEBDAV_DIR_CACHE:-0s}" \
    --log-file "$state/webdav.log"
  local webdav_pid=$SPAWNED_PID
  wait_for webdav "$webdav_pid" "$state/webdav.log" port_open "$webdav_port"

  # --- S3: s3s-fs, path-style; buckets are directories under s3-root. ---
  local s3_access s3_secret
  s3_access=$(random_token 10)
  s3_secret=$(random_token 20)
  mkdir -p "$state/s3-root/$S3_BUCKET"
  : >"$state/s3.log"
  spawn "$state" "$state/s3.log" \
    "$s3s_fs" --host 127.0.0.1 --port "$s3_port" \
    --access-key "$s3_access" --secret-key "$s3_secret" \
    "$state/s3-root"
  local s3_pid=$SPAWNED_PID
  wait_for s3 "$s3_pid" "$state/s3.log" port_open "$s3_port"

  # --- What tests source. ---
  {
    echo "# tidyup remote-folder test servers; source this file."
    echo "export TIDYUP_TEST_SFTP_URL=$(shell_quote "sftp://tidyup-sftp$state/sftp-root")"
    echo "export TIDYUP_TEST_SFTP_DIR=$(shell_quote "$state/sftp-root")"
    echo "export TIDYUP_TEST_SSH_BIN=$(shell_quote "$state/bin")"
    echo "export TIDYUP_TEST_WEBDAV_URL=$(shell_quote "webdav://127.0.0.1:$webdav_port/")"
    echo "export TIDYUP_TEST_WEBDAV_DIR=$(shell_quote "$state/webdav-root")"
    echo "export TIDYUP_WEBDAV_USER=$(shell_quote "$WEBDAV_USER")"
    echo "export TIDYUP_WEBDAV_PASSWORD=$(shell_quote "$webdav_pass")"
    echo "export TIDYUP_TEST_S3_URL=$(shell_quote "s3://$S3_BUCKET/")"
    echo "export TIDYUP_TEST_S3_DIR=$(shell_quote "$state/s3-root/$S3_BUCKET")"
    echo "export AWS_ENDPOINT_URL=$(shell_quote "http://127.0.0.1:$s3_port")"
    echo "export AWS_ACCESS_KEY_ID=$(shell_quote "$s3_access")"
    echo "export AWS_SECRET_ACCESS_KEY=$(shell_quote "$s3_secret")"
    echo "export AWS_REGION=us-east-1"
  } >"$state/env"
  START_OK=1
}

# -------------------------------------------------------------------- stop ---

cmd_stop() {
  [ $# -eq 1 ] || usage
  local state=$1 pid all=() i
  [ -f "$state/pids" ] || return 0
  # Each server, its process group and any descendants (e.g. sshd sessions,
  # which sit in sessions of their own).
  while read -r pid; do
    [ -n "$pid" ] || continue
    all+=("$pid")
    while read -r i; do
      [ -n "$i" ] && all+=("$i")
    done < <(descendants "$pid")
  done <"$state/pids"
  if [ "${#all[@]}" -gt 0 ]; then
    for pid in "${all[@]}"; do
      kill -TERM -- "-$pid" 2>/dev/null || true
      kill -TERM "$pid" 2>/dev/null || true
    done
    # Give them up to 5 s, then force.
    for ((i = 0; i < 50; i++)); do
      local alive=0
      for pid in "${all[@]}"; do
        kill -0 "$pid" 2>/dev/null && alive=1
      done
      [ "$alive" -eq 0 ] && break
      sleep 0.1
    done
    for pid in "${all[@]}"; do
      kill -KILL "$pid" 2>/dev/null || true
    done
  fi
  rm -f "$state/pids"
}

# -------------------------------------------------------------------- main ---

[ $# -ge 1 ] || usage
case $1 in
  install) shift; [ $# -eq 0 ] || usage; cmd_install ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) usage ;;
esac
