//! `tidyup mcp` spoken to line by line on its stdio, for requests no
//! client library sends.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;

use serde_json::Value;

use super::support::{STEP, World};

impl World {
    /// The server as a plain process speaking lines on its stdio.
    pub fn raw(&self, args: &[&str]) -> RawConnection {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tidyup"))
            .arg("mcp")
            .args(args)
            .env_clear()
            .envs(self.environment())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn tidyup mcp");
        let stdout = child.stdout.take().expect("stdout");
        let (lines, received) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        RawConnection {
            stdin: child.stdin.take(),
            child,
            received,
        }
    }
}

/// The server as a process, spoken to line by line.
pub struct RawConnection {
    child: Child,
    stdin: Option<ChildStdin>,
    received: mpsc::Receiver<String>,
}

impl RawConnection {
    /// Writes one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the server");
        stdin.flush().expect("flush");
    }

    /// The next line the server wrote, as JSON.
    pub fn receive(&self) -> Value {
        let line = self
            .received
            .recv_timeout(STEP)
            .expect("a line from the server in time");
        serde_json::from_str(&line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"))
    }

    /// Sends a request and returns the next line.
    pub fn request(&mut self, request: &Value) -> Value {
        self.request_line(&request.to_string())
    }

    /// Sends one line as it is and returns the next line.
    pub fn request_line(&mut self, line: &str) -> Value {
        self.send(line);
        self.receive()
    }

    /// Does the handshake with protocol `2025-06-18` and no capabilities.
    pub fn initialize(&mut self) -> Value {
        let reply = self.request(&serde_json::json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "raw", "version": "1"}}
        }));
        self.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        reply
    }

    /// Closes stdin and waits for the exit status.
    pub fn finish(mut self) -> Option<i32> {
        drop(self.stdin.take());
        self.child.wait().expect("wait").code()
    }
}
