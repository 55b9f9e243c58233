//! A deterministic fake world for the native tests of `tidyup-core`: an
//! in-memory file tree, a scripted model and an event recorder, plus a
//! [`World`] that runs agent turns against them.
//!
//! Every test crate includes this module with `mod support;` and uses only a
//! part of it, hence the `dead_code` allowance.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde_json::{Value, json};
use tidyup_core::ErrorCode;
use tidyup_core::budget::Limits;
use tidyup_core::tools::{self, ToolContext, ToolSet};
use tidyup_core::{
    Agent, AgentConfig, CallSettings, Capabilities, Entry, EntryKind, Event, EventSink, FileSystem,
    HostError, HttpReply, Lang, Message, ModelClient, Outcome, Provider,
};

/// The target directory every test works in.
pub const TARGET: &str = "/home/user/Desktop";

/// The model identifier every test sends.
pub const MODEL: &str = "test-model";

/// The modification time given to every entry unless a test says otherwise:
/// 2024-03-15 09:30:00 UTC.
pub const MTIME: i64 = 1_710_495_000;

// ---------------------------------------------------------------------------
// MemFs
// ---------------------------------------------------------------------------

/// One node of the in-memory tree.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Dir {
        mtime: i64,
    },
    File {
        contents: String,
        size: u64,
        mtime: i64,
    },
    Link {
        target: String,
        mtime: i64,
    },
}

impl Node {
    fn mtime(&self) -> i64 {
        match self {
            Node::Dir { mtime } | Node::File { mtime, .. } | Node::Link { mtime, .. } => *mtime,
        }
    }
}

/// A file-system primitive, to say which operations an injected failure hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Op {
    /// [`FileSystem::stat`].
    Stat,
    /// [`FileSystem::list`].
    List,
    /// [`FileSystem::create_dir_all`].
    CreateDirAll,
    /// [`FileSystem::rename`] (both its source and its destination).
    Rename,
    /// [`FileSystem::remove_file`].
    RemoveFile,
    /// [`FileSystem::remove_dir_all`].
    RemoveDirAll,
}

impl Op {
    /// Every primitive that changes the tree.
    pub const WRITES: [Op; 4] = [
        Op::CreateDirAll,
        Op::Rename,
        Op::RemoveFile,
        Op::RemoveDirAll,
    ];
    /// Every primitive.
    pub const ALL: [Op; 6] = [
        Op::Stat,
        Op::List,
        Op::CreateDirAll,
        Op::Rename,
        Op::RemoveFile,
        Op::RemoveDirAll,
    ];
}

/// What a path holds, as seen by [`MemFs::snapshot`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Snap {
    /// A directory.
    Dir,
    /// A file with its contents and size.
    File(String, u64),
    /// A symbolic link with its target.
    Link(String),
}

/// The message of the injected `permission_denied` failures.
pub const DENIED: &str = "Permission denied (os error 13)";

/// An in-memory file tree implementing [`FileSystem`] with the semantics of a
/// POSIX file system: absolute `/`-separated paths (trailing slashes, `.` and
/// `..` are normalized), `stat` not following a final symlink, `rename`
/// replacing a file and failing with `not_found` on a missing parent.
///
/// Failures can be injected per path and primitive with [`MemFs::fail`]; every
/// primitive called is logged in [`MemFs::calls`].
#[derive(Debug, Clone)]
pub struct MemFs {
    nodes: BTreeMap<String, Node>,
    failures: Vec<(BTreeSet<Op>, String)>,
    /// The offset from UTC every entry reports, in seconds.
    pub utc_offset: i32,
    /// The modification time given to entries created through the trait.
    pub now: i64,
    /// Every primitive called, as `op path` (or `rename from -> to`).
    pub calls: Vec<String>,
}

impl Default for MemFs {
    fn default() -> Self {
        Self::new()
    }
}

impl MemFs {
    /// A tree holding only `/`, `/home`, `/home/user` and [`TARGET`].
    pub fn new() -> Self {
        let mut fs = Self {
            nodes: BTreeMap::from([("/".to_owned(), Node::Dir { mtime: MTIME })]),
            failures: Vec::new(),
            utc_offset: 0,
            now: MTIME,
            calls: Vec::new(),
        };
        fs.add_dir(TARGET);
        fs
    }

    /// Adds a directory (and its missing parents) at `path`, relative to [`TARGET`] unless absolute.
    pub fn dir(mut self, path: &str) -> Self {
        self.add_dir(&abs(path));
        self
    }

    /// Adds a file with `contents` (size = its byte length) and the default time.
    pub fn file(self, path: &str, contents: &str) -> Self {
        let size = contents.len() as u64;
        self.file_with(path, contents, size, MTIME)
    }

    /// Adds a file of the given size, with empty contents.
    pub fn file_sized(self, path: &str, size: u64) -> Self {
        self.file_with(path, "", size, MTIME)
    }

    /// Adds a file with every attribute chosen; missing parents are created.
    pub fn file_with(mut self, path: &str, contents: &str, size: u64, mtime: i64) -> Self {
        let path = abs(path);
        if let Some(parent) = parent_of(&path) {
            self.add_dir(&parent);
        }
        self.nodes.insert(
            path,
            Node::File {
                contents: contents.to_owned(),
                size,
                mtime,
            },
        );
        self
    }

    /// Adds a symbolic link at `path` pointing to `target` (absolute or relative to TARGET).
    pub fn symlink(mut self, path: &str, target: &str) -> Self {
        let path = abs(path);
        if let Some(parent) = parent_of(&path) {
            self.add_dir(&parent);
        }
        self.nodes.insert(
            path,
            Node::Link {
                target: abs(target),
                mtime: MTIME,
            },
        );
        self
    }

    /// Adds many files at once: `(path, size, mtime)` each, paths relative
    /// to [`TARGET`] unless absolute, contents empty; for large folders.
    pub fn files_with(mut self, files: impl IntoIterator<Item = (String, u64, i64)>) -> Self {
        for (path, size, mtime) in files {
            let path = abs(&path);
            if let Some(parent) = parent_of(&path) {
                self.add_dir(&parent);
            }
            self.nodes.insert(
                path,
                Node::File {
                    contents: String::new(),
                    size,
                    mtime,
                },
            );
        }
        self
    }

    /// The number of entries directly in the directory at `path` (absolute,
    /// or relative to [`TARGET`]).
    pub fn count_in(&self, path: &str) -> usize {
        self.children(&abs(path)).len()
    }

    /// Sets the modification time of an existing entry.
    pub fn touch(mut self, path: &str, mtime: i64) -> Self {
        let path = abs(path);
        match self.nodes.get_mut(&path) {
            Some(
                Node::Dir { mtime: m } | Node::File { mtime: m, .. } | Node::Link { mtime: m, .. },
            ) => {
                *m = mtime;
            }
            None => panic!("touch: nothing at {path}"),
        }
        self
    }

    /// Sets the UTC offset every entry reports.
    pub fn with_utc_offset(mut self, seconds: i32) -> Self {
        self.utc_offset = seconds;
        self
    }

    /// Makes the primitives `ops` fail with `permission_denied` on `path` and
    /// everything below it (absolute, or relative to [`TARGET`]).
    pub fn fail(mut self, ops: &[Op], path: &str) -> Self {
        self.failures
            .push((ops.iter().copied().collect(), abs(path)));
        self
    }

    /// The whole tree below [`TARGET`], keyed by path relative to it.
    pub fn snapshot(&self) -> BTreeMap<String, Snap> {
        self.snapshot_under(TARGET)
    }

    /// The whole tree below `root` (absolute), keyed by path relative to it.
    pub fn snapshot_under(&self, root: &str) -> BTreeMap<String, Snap> {
        let prefix = format!("{}/", root.trim_end_matches('/'));
        self.nodes
            .iter()
            .filter_map(|(path, node)| {
                let rel = path.strip_prefix(&prefix)?;
                let snap = match node {
                    Node::Dir { .. } => Snap::Dir,
                    Node::File { contents, size, .. } => Snap::File(contents.clone(), *size),
                    Node::Link { target, .. } => Snap::Link(target.clone()),
                };
                Some((rel.to_owned(), snap))
            })
            .collect()
    }

    /// Whether anything is at `path` (absolute, or relative to [`TARGET`]).
    pub fn exists(&self, path: &str) -> bool {
        self.nodes.contains_key(&abs(path))
    }

    fn add_dir(&mut self, path: &str) {
        let path = normalize(path);
        let mut current = String::new();
        for part in path.split('/').filter(|part| !part.is_empty()) {
            current.push('/');
            current.push_str(part);
            self.nodes
                .entry(current.clone())
                .or_insert(Node::Dir { mtime: MTIME });
        }
    }

    fn check(&self, op: Op, path: &str) -> Result<(), HostError> {
        let denied = self
            .failures
            .iter()
            .any(|(ops, root)| ops.contains(&op) && is_within(path, root));
        if denied {
            Err(HostError::new(ErrorCode::PermissionDenied, DENIED))
        } else {
            Ok(())
        }
    }

    fn entry(&self, path: &str, node: &Node) -> Entry {
        let (kind, size) = match node {
            Node::Dir { .. } => (EntryKind::Dir, 0),
            Node::File { size, .. } => (EntryKind::File, *size),
            Node::Link { target, .. } => (EntryKind::Symlink, target.len() as u64),
        };
        Entry {
            name: name_of(path).to_owned(),
            kind,
            size,
            modified: node.mtime(),
            utc_offset: self.utc_offset,
        }
    }

    /// The path with a final symlink followed (once).
    fn follow(&self, path: &str) -> String {
        match self.nodes.get(path) {
            Some(Node::Link { target, .. }) => normalize(target),
            Some(Node::Dir { .. } | Node::File { .. }) | None => path.to_owned(),
        }
    }

    fn children(&self, dir: &str) -> Vec<String> {
        let prefix = if dir == "/" {
            "/".to_owned()
        } else {
            format!("{dir}/")
        };
        self.nodes
            .keys()
            .filter(|path| {
                path.strip_prefix(&prefix)
                    .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
            })
            .cloned()
            .collect()
    }

    fn subtree(&self, root: &str) -> Vec<String> {
        self.nodes
            .keys()
            .filter(|path| is_within(path, root))
            .cloned()
            .collect()
    }

    fn is_dir(&self, path: &str) -> bool {
        matches!(self.nodes.get(path), Some(Node::Dir { .. }))
    }
}

fn not_found(path: &str) -> HostError {
    HostError::new(
        ErrorCode::NotFound,
        format!("No such file or directory (os error 2): {path}"),
    )
}

fn host_error(code: ErrorCode, message: &str, path: &str) -> HostError {
    HostError::new(code, format!("{message}: {path}"))
}

impl FileSystem for MemFs {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let path = normalize(path);
        self.calls.push(format!("stat {path}"));
        self.check(Op::Stat, &path)?;
        Ok(self.nodes.get(&path).map(|node| self.entry(&path, node)))
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let path = normalize(path);
        self.calls.push(format!("list {path}"));
        self.check(Op::List, &path)?;
        let dir = self.follow(&path);
        match self.nodes.get(&dir) {
            None => Err(not_found(&path)),
            Some(Node::File { .. } | Node::Link { .. }) => Err(host_error(
                ErrorCode::NotADirectory,
                "Not a directory (os error 20)",
                &path,
            )),
            Some(Node::Dir { .. }) => Ok(self
                .children(&dir)
                .iter()
                .rev() // any order: make sure the core sorts
                .map(|child| self.entry(child, &self.nodes[child]))
                .collect()),
        }
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let path = normalize(path);
        self.calls.push(format!("create_dir_all {path}"));
        self.check(Op::CreateDirAll, &path)?;
        let mut current = String::new();
        let mut created = Vec::new();
        for part in path.split('/').filter(|part| !part.is_empty()) {
            current.push('/');
            current.push_str(part);
            match self.nodes.get(&current) {
                Some(Node::Dir { .. }) => {}
                Some(Node::File { .. } | Node::Link { .. }) => {
                    return Err(host_error(
                        ErrorCode::AlreadyExists,
                        "File exists (os error 17)",
                        &current,
                    ));
                }
                None => created.push(current.clone()),
            }
        }
        for dir in created {
            self.nodes.insert(dir, Node::Dir { mtime: self.now });
        }
        Ok(())
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from, to) = (normalize(from), normalize(to));
        self.calls.push(format!("rename {from} -> {to}"));
        self.check(Op::Rename, &from)?;
        self.check(Op::Rename, &to)?;
        let Some(source) = self.nodes.get(&from).cloned() else {
            return Err(not_found(&from));
        };
        match parent_of(&to) {
            Some(parent) if self.is_dir(&parent) => {}
            Some(_) | None => return Err(not_found(&to)),
        }
        if from == to {
            return Ok(());
        }
        let source_is_dir = matches!(source, Node::Dir { .. });
        if source_is_dir && is_within(&to, &from) {
            return Err(host_error(
                ErrorCode::Other("invalid_input".to_owned()),
                "Invalid argument (os error 22)",
                &to,
            ));
        }
        match (source_is_dir, self.nodes.get(&to)) {
            (_, None) => {}
            (false, Some(Node::File { .. } | Node::Link { .. })) => {}
            (false, Some(Node::Dir { .. })) => {
                return Err(host_error(
                    ErrorCode::Other("is_a_directory".to_owned()),
                    "Is a directory (os error 21)",
                    &to,
                ));
            }
            (true, Some(Node::File { .. } | Node::Link { .. })) => {
                return Err(host_error(
                    ErrorCode::NotADirectory,
                    "Not a directory (os error 20)",
                    &to,
                ));
            }
            (true, Some(Node::Dir { .. })) => {
                if !self.children(&to).is_empty() {
                    return Err(host_error(
                        ErrorCode::Other("directory_not_empty".to_owned()),
                        "Directory not empty (os error 39)",
                        &to,
                    ));
                }
            }
        }
        self.nodes.remove(&to);
        for old in self.subtree(&from) {
            if let Some(node) = self.nodes.remove(&old) {
                let new = format!("{to}{}", &old[from.len()..]);
                self.nodes.insert(new, node);
            }
        }
        Ok(())
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        let path = normalize(path);
        self.calls.push(format!("remove_file {path}"));
        self.check(Op::RemoveFile, &path)?;
        match self.nodes.get(&path) {
            None => Err(not_found(&path)),
            Some(Node::Dir { .. }) => Err(host_error(
                ErrorCode::Other("is_a_directory".to_owned()),
                "Is a directory (os error 21)",
                &path,
            )),
            Some(Node::File { .. } | Node::Link { .. }) => {
                self.nodes.remove(&path);
                Ok(())
            }
        }
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let path = normalize(path);
        self.calls.push(format!("remove_dir_all {path}"));
        self.check(Op::RemoveDirAll, &path)?;
        match self.nodes.get(&path) {
            None => Err(not_found(&path)),
            Some(Node::File { .. } | Node::Link { .. }) => Err(host_error(
                ErrorCode::NotADirectory,
                "Not a directory (os error 20)",
                &path,
            )),
            Some(Node::Dir { .. }) if path == "/" => {
                Err(host_error(ErrorCode::PermissionDenied, DENIED, &path))
            }
            Some(Node::Dir { .. }) => {
                for old in self.subtree(&path) {
                    self.nodes.remove(&old);
                }
                Ok(())
            }
        }
    }

    /// The contents as the digest of a file that has them; a file made
    /// with only a size has unknown bytes, so its digest is its own.
    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        Ok(paths
            .iter()
            .map(|path| {
                let path = normalize(path);
                self.calls.push(format!("digest {path}"));
                self.check(Op::Stat, &path)?;
                match self.nodes.get(&self.follow(&path)) {
                    Some(Node::File { contents, size, .. }) if contents.len() as u64 == *size => {
                        let end = limit.map_or(contents.len(), |limit| {
                            contents
                                .len()
                                .min(usize::try_from(limit).unwrap_or(usize::MAX))
                        });
                        Ok(format!(
                            "bytes:{}",
                            &contents.as_bytes()[..end].escape_ascii()
                        ))
                    }
                    Some(Node::File { .. }) => Ok(format!("unknown:{path}")),
                    Some(Node::Dir { .. } | Node::Link { .. }) | None => Err(not_found(&path)),
                }
            })
            .collect())
    }
}

/// A [`MemFs`] whose batch moves take a file in one step instead of
/// scanning the whole tree, for folders of many thousand files. The rules
/// are those of [`FileSystem::move_batch`]: in order, one result per move,
/// never replacing anything; injected failures apply as to `rename`.
#[derive(Debug, Clone)]
pub struct QuickMoves(pub MemFs);

impl MemFs {
    fn quick_move(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from, to) = (normalize(from), normalize(to));
        if self.nodes.contains_key(&to) {
            return Err(host_error(
                ErrorCode::AlreadyExists,
                "File exists (os error 17)",
                &to,
            ));
        }
        match self.nodes.get(&from) {
            Some(Node::File { .. } | Node::Link { .. }) => {}
            Some(Node::Dir { .. }) | None => return self.rename(&from, &to),
        }
        self.calls.push(format!("rename {from} -> {to}"));
        self.check(Op::Rename, &from)?;
        self.check(Op::Rename, &to)?;
        match parent_of(&to) {
            Some(parent) if self.is_dir(&parent) => {}
            Some(_) | None => return Err(not_found(&to)),
        }
        if let Some(node) = self.nodes.remove(&from) {
            self.nodes.insert(to, node);
        }
        Ok(())
    }
}

impl FileSystem for QuickMoves {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        self.0.stat(path)
    }
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.0.list(path)
    }
    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.0.create_dir_all(path)
    }
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.0.rename(from, to)
    }
    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.0.remove_file(path)
    }
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.0.remove_dir_all(path)
    }
    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        self.0.digests(paths, limit)
    }
    fn move_batch(
        &mut self,
        moves: &[tidyup_core::ports::BatchMove],
    ) -> Result<Vec<Result<(), HostError>>, HostError> {
        Ok(moves
            .iter()
            .map(|step| self.0.quick_move(&step.from, &step.to))
            .collect())
    }
}

/// `path` made absolute against [`TARGET`] and normalized.
pub fn abs(path: &str) -> String {
    if path.starts_with('/') {
        normalize(path)
    } else {
        normalize(&format!("{TARGET}/{path}"))
    }
}

/// Collapses repeated and trailing slashes, `.` and `..` of an absolute path
/// (a relative path is taken from `/`, as no working directory exists here).
pub fn normalize(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    format!("/{}", parts.join("/"))
}

fn parent_of(path: &str) -> Option<String> {
    if path == "/" {
        return None;
    }
    let cut = path.rfind('/')?;
    Some(if cut == 0 {
        "/".to_owned()
    } else {
        path[..cut].to_owned()
    })
}

fn name_of(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

fn is_within(path: &str, root: &str) -> bool {
    root == "/"
        || path == root
        || path
            .strip_prefix(root)
            .is_some_and(|rest| rest.starts_with('/'))
}

// ---------------------------------------------------------------------------
// ScriptedModel and reply builders
// ---------------------------------------------------------------------------

/// A [`ModelClient`] that answers from a queue of canned replies and records
/// every request body. When the queue is empty it answers with its fallback
/// reply, or panics when it has none.
#[derive(Debug, Default)]
pub struct ScriptedModel {
    queue: VecDeque<Result<HttpReply, HostError>>,
    fallback: Option<HttpReply>,
    /// Every request body received, in order.
    pub requests: Vec<Value>,
}

impl ScriptedModel {
    /// A model that will give `replies` in order.
    pub fn new(replies: impl IntoIterator<Item = HttpReply>) -> Self {
        Self {
            queue: replies.into_iter().map(Ok).collect(),
            ..Self::default()
        }
    }

    /// A model that gives `reply` to every request.
    pub fn always(reply: HttpReply) -> Self {
        Self {
            fallback: Some(reply),
            ..Self::default()
        }
    }

    /// The same model, answering `reply` once its queue is empty.
    pub fn or_else(mut self, reply: HttpReply) -> Self {
        self.fallback = Some(reply);
        self
    }

    /// Queues one more HTTP reply.
    pub fn push(&mut self, reply: HttpReply) {
        self.queue.push_back(Ok(reply));
    }

    /// Queues a transport failure (no HTTP answer arrived).
    pub fn push_transport_error(&mut self, code: ErrorCode, message: &str) {
        self.queue.push_back(Err(HostError::new(code, message)));
    }

    /// How many queued replies were not asked for.
    pub fn remaining(&self) -> usize {
        self.queue.len()
    }

    /// The `messages` array of request `index`.
    pub fn messages(&self, index: usize) -> &Vec<Value> {
        self.requests[index]["messages"]
            .as_array()
            .unwrap_or_else(|| panic!("request {index} has no messages array"))
    }
}

impl ModelClient for ScriptedModel {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        self.requests.push(body.clone());
        match (self.queue.pop_front(), &self.fallback) {
            (Some(reply), _) => reply,
            (None, Some(reply)) => Ok(reply.clone()),
            (None, None) => panic!(
                "ScriptedModel: no reply left for request {}",
                self.requests.len()
            ),
        }
    }
}

/// One tool call of an assistant message, with `arguments` as a JSON string.
pub fn call(id: &str, name: &str, arguments: &str) -> Value {
    call_raw(id, name, Value::String(arguments.to_owned()))
}

/// One tool call whose `arguments` is any JSON value (e.g. an already-parsed object).
pub fn call_raw(id: &str, name: &str, arguments: Value) -> Value {
    json!({
        "id": id,
        "type": "function",
        "function": { "name": name, "arguments": arguments },
    })
}

/// An assistant message requesting `calls`, with `content: null`, as providers send it.
pub fn tool_message(calls: &[Value]) -> Value {
    json!({ "role": "assistant", "content": null, "tool_calls": calls })
}

/// An assistant message with plain text.
pub fn text_message(text: &str) -> Value {
    json!({ "role": "assistant", "content": text })
}

/// `message` with one more (unknown to the protocol) field.
pub fn with_field(mut message: Value, key: &str, value: Value) -> Value {
    if let Some(object) = message.as_object_mut() {
        object.insert(key.to_owned(), value);
    }
    message
}

/// A complete `chat.completion` body around one assistant message.
pub fn completion_body(message: &Value) -> Value {
    let finish = if message.get("tool_calls").is_some() {
        "tool_calls"
    } else {
        "stop"
    };
    json!({
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_710_495_000,
        "model": MODEL,
        "choices": [{ "index": 0, "message": message, "finish_reason": finish }],
        "usage": { "prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15 },
    })
}

/// An HTTP 200 reply carrying `message`.
pub fn completion(message: &Value) -> HttpReply {
    http(200, &completion_body(message).to_string())
}

/// An HTTP 200 reply requesting `calls`.
pub fn tool_reply(calls: &[Value]) -> HttpReply {
    completion(&tool_message(calls))
}

/// An HTTP 200 reply with a plain answer.
pub fn text_reply(text: &str) -> HttpReply {
    completion(&text_message(text))
}

/// Any HTTP reply.
pub fn http(status: u16, body: &str) -> HttpReply {
    HttpReply::new(status, body)
}

// ---------------------------------------------------------------------------
// Recorder
// ---------------------------------------------------------------------------

/// An [`EventSink`] that keeps every event.
#[derive(Debug, Default, Clone)]
pub struct Recorder {
    /// The events, in order, but for usage lines.
    pub events: Vec<Event>,
    /// The usage events, apart: most tests compare the others whole.
    pub usage: Vec<Event>,
    /// The progress events of bulk tools, apart too.
    pub progress: Vec<Event>,
}

impl Recorder {
    /// The console texts of the events.
    pub fn texts(&self) -> Vec<String> {
        self.events.iter().map(|e| e.text().to_owned()).collect()
    }

    /// The tool events as `(name, result)`.
    pub fn tools(&self) -> Vec<(String, String)> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Tool { name, result, .. } => Some((name.clone(), result.clone())),
                Event::Started { .. }
                | Event::AnswerDelta { .. }
                | Event::Answer { .. }
                | Event::Usage { .. }
                | Event::Notice { .. }
                | Event::Error { .. }
                | Event::Progress { .. } => None,
            })
            .collect()
    }

    /// The texts of the plain answers.
    pub fn answers(&self) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Answer { text, .. } => Some(text.clone()),
                Event::Started { .. }
                | Event::Tool { .. }
                | Event::AnswerDelta { .. }
                | Event::Usage { .. }
                | Event::Notice { .. }
                | Event::Error { .. }
                | Event::Progress { .. } => None,
            })
            .collect()
    }

    /// Forgets the events recorded so far.
    pub fn clear(&mut self) {
        self.events.clear();
        self.usage.clear();
        self.progress.clear();
    }
}

impl EventSink for Recorder {
    fn emit(&mut self, event: Event) {
        match event {
            Event::Usage { .. } => self.usage.push(event),
            Event::Progress { .. } => self.progress.push(event),
            Event::Started { .. }
            | Event::Tool { .. }
            | Event::AnswerDelta { .. }
            | Event::Answer { .. }
            | Event::Notice { .. }
            | Event::Error { .. } => self.events.push(event),
        }
    }
}

// ---------------------------------------------------------------------------
// World
// ---------------------------------------------------------------------------

/// An agent on [`TARGET`] with its file tree, model and console.
pub struct World {
    /// The agent under test.
    pub agent: Agent,
    /// Its file system.
    pub fs: MemFs,
    /// Its model.
    pub model: ScriptedModel,
    /// Its console.
    pub events: Recorder,
}

impl World {
    /// A world in `lang` over `fs`, the model answering from `model`.
    pub fn new(lang: Lang, fs: MemFs, model: ScriptedModel) -> Self {
        Self {
            agent: Agent::new(AgentConfig {
                target_dir: TARGET.to_owned(),
                model: MODEL.to_owned(),
                lang,
                provider: Provider::Remote,
                // One try per call: failures show at once (retries have their own tests).
                calls: CallSettings {
                    max_tries: 1,
                    ..CallSettings::default()
                },
                limits: Default::default(),
                read_contents: false,
                rules: None,
            }),
            fs,
            model,
            events: Recorder::default(),
        }
    }

    /// The same world with other limits (large-folder threshold, context budget).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        let config = AgentConfig {
            limits,
            read_contents: false,
            rules: None,
            ..self.agent.config().clone()
        };
        self.agent = Agent::new(config);
        self
    }

    /// An English world.
    pub fn en(fs: MemFs, model: ScriptedModel) -> Self {
        Self::new(Lang::En, fs, model)
    }

    /// Runs one user line through [`Agent::handle_line`].
    pub fn line(&mut self, line: &str) -> Outcome {
        let mut caps = Capabilities {
            model: &mut self.model,
            files: &mut self.fs,
            events: &mut self.events,
        };
        self.agent.handle_line(line, &mut caps)
    }

    /// The agent's history as the JSON it would be sent as.
    pub fn history_json(&self) -> Vec<Value> {
        self.agent.history().iter().map(message_json).collect()
    }
}

/// A history message as JSON.
pub fn message_json(message: &Message) -> Value {
    serde_json::to_value(message).unwrap_or_else(|err| panic!("message not serializable: {err}"))
}

/// Checks spec 2.2 rule 3 on a `messages` array: every assistant message
/// with tool_calls is followed by exactly one tool message per call, in
/// order, with matching ids; no message carries an empty `tool_calls`; and
/// tool messages appear nowhere else. Panics with the reason.
pub fn assert_well_formed(messages: &[Value]) {
    assert_eq!(messages[0]["role"], "system", "system message first");
    let mut i = 0;
    while i < messages.len() {
        let message = &messages[i];
        if let Some(calls) = message.get("tool_calls") {
            let calls = calls
                .as_array()
                .unwrap_or_else(|| panic!("message {i}: tool_calls is not an array: {message}"));
            assert!(!calls.is_empty(), "message {i}: empty tool_calls sent");
            assert_eq!(
                message["role"], "assistant",
                "message {i}: tool_calls off assistant"
            );
            for (k, call) in calls.iter().enumerate() {
                let answer = messages
                    .get(i + 1 + k)
                    .unwrap_or_else(|| panic!("message {i}: call {k} has no tool message"));
                assert_eq!(
                    answer["role"],
                    "tool",
                    "message {}: expected a tool message",
                    i + 1 + k
                );
                assert_eq!(
                    answer["tool_call_id"],
                    call["id"],
                    "message {}: id",
                    i + 1 + k
                );
                assert!(answer["content"].is_string(), "tool content is text");
            }
            i += 1 + calls.len();
        } else {
            assert_ne!(message["role"], "tool", "message {i}: stray tool message");
            i += 1;
        }
    }
}

// ---------------------------------------------------------------------------
// Running tools directly
// ---------------------------------------------------------------------------

/// Runs tool `name` with `arguments` (a JSON value as the provider sent it)
/// on `fs`, with [`TARGET`] as the target directory.
pub fn run_tool_value(fs: &mut MemFs, lang: Lang, name: &str, arguments: Value) -> String {
    let mut ctx = ToolContext::new(fs, TARGET, lang).with_tools(ToolSet::WITH_BULK);
    tools::run(name, &arguments, &mut ctx)
}

/// Runs tool `name` with `arguments` given as JSON text, in English.
pub fn run_tool(fs: &mut MemFs, name: &str, arguments: &str) -> String {
    run_tool_value(fs, Lang::En, name, Value::String(arguments.to_owned()))
}

/// Runs tool `name` with `arguments` given as JSON text, in Chinese.
pub fn run_tool_zh(fs: &mut MemFs, name: &str, arguments: &str) -> String {
    run_tool_value(fs, Lang::Zh, name, Value::String(arguments.to_owned()))
}

/// `path` under [`TARGET`], as the absolute text the tools print.
pub fn t(path: &str) -> String {
    format!("{TARGET}/{path}")
}
