//! The MCP handler: `initialize` (with instructions saying where the tools
//! work), `tools/list` (every tool from the start), `tools/call` (through
//! the core's `tidyup_run_tool`, one call at a time), and the client's
//! roots (`roots/list`, read again when the client says they changed).
//!
//! Roots are a request from server to client, which only the protocol
//! versions with an `initialize` handshake have (up to 2025-11-25, where
//! rmcp marks them deprecated for later versions); tidyup speaks those.
#![allow(deprecated)]

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomRequest,
    CustomResult, ErrorCode, Implementation, InitializeRequestParams, InitializeResult,
    ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
    Tool,
};
use rmcp::service::{NotificationContext, Peer, RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use serde_json::Value;
use tidyup_core::{Lang, ToolRun, tool_names_in};
use tokio::sync::Mutex as AsyncMutex;

use super::progress::ProgressSink;
use super::workspace::Workspace;
use crate::cancel::Cancel;
use crate::cli::McpSettings;
use crate::console::errln;
use crate::failure::Failure;
use crate::runtime::{CoreSession, ToolCallStopped};
use crate::words::mcp::{self as texts, McpRoots};

/// How long the client may take to answer `roots/list`.
const ROOTS_TIMEOUT: Duration = Duration::from_secs(30);

/// One connection's server: the core instance, the workspace its file
/// primitives act on, and where the roots come from.
pub struct TidyupServer {
    settings: McpSettings,
    tools: Vec<Tool>,
    /// The core; its lock also keeps the roots from changing during a call.
    core: AsyncMutex<CoreSession>,
    workspace: Arc<Mutex<Workspace>>,
    progress: ProgressSink,
    /// Set when the client's roots must be read (again) before the next call.
    roots_stale: AtomicBool,
    /// Stops the call in progress (the workspace's): the client cancelled it.
    stop: Cancel,
}

impl TidyupServer {
    /// A server for `settings` running tools in `core`, whose file
    /// primitives act on `workspace` and whose events go to `progress`.
    pub fn new(
        settings: McpSettings,
        core: CoreSession,
        workspace: Arc<Mutex<Workspace>>,
        progress: ProgressSink,
    ) -> Self {
        let from_client = settings.dirs.is_empty();
        let tools = super::tools::all(settings.tools());
        let stop = workspace
            .lock()
            .map(|workspace| workspace.stop())
            .unwrap_or_default();
        Self {
            settings,
            tools,
            core: AsyncMutex::new(core),
            workspace,
            progress,
            roots_stale: AtomicBool::new(from_client),
            stop,
        }
    }

    fn lang(&self) -> Lang {
        self.settings.lang
    }

    /// Waits for the call in progress, if any, to end (then no other starts
    /// before the connection is finished).
    pub async fn quiesce(&self) {
        drop(self.core.lock().await);
    }

    /// Reads the client's roots again when they are stale; the caller holds
    /// the core's lock.
    async fn refresh_roots(&self, peer: &Peer<RoleServer>) {
        if !self.roots_stale.swap(false, Ordering::SeqCst) {
            return;
        }
        let offers_roots = peer
            .peer_info()
            .is_some_and(|info| info.capabilities.roots.is_some());
        let (roots, rejected) = if offers_roots {
            match tokio::time::timeout(ROOTS_TIMEOUT, peer.list_roots()).await {
                Ok(Ok(listed)) => {
                    let uris: Vec<String> = listed.roots.into_iter().map(|root| root.uri).collect();
                    let (roots, rejected) = super::roots::directories(&uris, self.lang());
                    let rejected = (!rejected.is_empty())
                        .then(|| texts::rejected_roots(self.lang(), &rejected));
                    (roots, rejected)
                }
                Ok(Err(err)) => {
                    errln!(
                        "tidyup mcp: {}",
                        texts::roots_unreadable(self.lang(), &err.to_string())
                    );
                    (Vec::new(), None)
                }
                Err(_) => {
                    errln!(
                        "tidyup mcp: {}",
                        texts::roots_timed_out(self.lang(), ROOTS_TIMEOUT.as_secs())
                    );
                    (Vec::new(), None)
                }
            }
        } else {
            (Vec::new(), None)
        };
        if let Some(rejected) = &rejected {
            errln!(
                "tidyup mcp: {}",
                texts::roots_left_out(self.lang(), rejected)
            );
        }
        let changed = self
            .workspace
            .lock()
            .map_err(|_| anyhow::Error::new(Failure::LockPoisoned("workspace")))
            .and_then(|mut workspace| workspace.set_roots(roots, rejected));
        match changed {
            Ok(Some(line)) => errln!("tidyup mcp: {line}"),
            Ok(None) => {}
            Err(err) => errln!(
                "tidyup mcp: {}",
                texts::roots_unusable(self.lang(), &format!("{err:#}"))
            ),
        }
    }

    /// The directory relative paths resolve against, or why there is none.
    fn target(&self) -> Result<String, String> {
        let workspace = self
            .workspace
            .lock()
            .map_err(|_| Failure::LockPoisoned("workspace").to_string())?;
        match workspace.target() {
            Some(target) => Ok(crate::fs::names::shown_path(target)),
            None => Err(workspace.no_folder()),
        }
    }

    /// Runs one call in the core, the caller holding its lock.
    async fn run(
        &self,
        core: &mut CoreSession,
        call: &ToolRun,
        peer: &Peer<RoleServer>,
        progress_token: Option<rmcp::model::ProgressToken>,
    ) -> Result<CallToolResult, ErrorData> {
        let forwarding = self.progress.forward(peer, progress_token);
        let outcome = core.run_tool(call).await;
        forwarding.finish().await;
        match outcome {
            Ok(output) if output.is_error => {
                Ok(CallToolResult::error(vec![ContentBlock::text(output.text)]))
            }
            Ok(output) => Ok(CallToolResult::success(vec![ContentBlock::text(
                output.text,
            )])),
            Err(err) => match err.downcast_ref::<ToolCallStopped>() {
                Some(stopped) => {
                    errln!(
                        "tidyup mcp: {} in {}: {stopped}",
                        call.name,
                        call.target_dir
                    );
                    Ok(CallToolResult::error(vec![ContentBlock::text(
                        texts::core_stopped(self.lang(), &stopped.cause),
                    )]))
                }
                None => {
                    errln!("tidyup mcp: {}: {err:#}", call.name);
                    Err(ErrorData::internal_error(format!("{err:#}"), None))
                }
            },
        }
    }
}

impl ServerHandler for TidyupServer {
    fn get_info(&self) -> ServerConfig {
        let dirs: Vec<String> = (self.settings.dirs.iter())
            .map(|dir| dir.display().to_string())
            .collect();
        let source = if dirs.is_empty() {
            McpRoots::Client
        } else {
            McpRoots::Given(&dirs)
        };
        let instructions = texts::instructions(self.lang(), &source, self.settings.mode());
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
            .with_server_info(
                Implementation::new("tidyup", env!("CARGO_PKG_VERSION")).with_title("tidyup"),
            )
            .with_instructions(instructions)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(
            &ProtocolVersion::LATEST_WITH_INITIALIZE,
        ))
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        let mut result = self.negotiate_initialize(&request)?;
        if self.settings.dirs.is_empty() && request.capabilities.roots.is_none() {
            result.instructions = Some(texts::instructions(
                self.lang(),
                &McpRoots::Nowhere,
                self.settings.mode(),
            ));
            errln!("tidyup mcp: {}", texts::no_folder(self.lang(), None));
        }
        Ok(result)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        if !tool_names_in(self.settings.tools()).any(|known| known == name) {
            return Err(ErrorData::invalid_params(
                self.lang().unknown_tool(&name),
                None,
            ));
        }
        let progress_token = context.meta.get_progress_token().or_else(|| {
            request
                .meta
                .as_ref()
                .and_then(|meta| meta.get_progress_token())
        });
        let mut core = self.core.lock().await;
        self.refresh_roots(&context.peer).await;
        let target_dir = match self.target() {
            Ok(target) => target,
            Err(why) => return Ok(CallToolResult::error(vec![ContentBlock::text(why)]).into()),
        };
        let call = ToolRun {
            target_dir,
            lang: self.lang(),
            name,
            arguments: request.arguments.map_or(Value::Null, Value::Object),
            limits: self.settings.limits,
            read_contents: self.settings.read_contents,
            dry_run: self.settings.dry_run,
        };
        // The client's `notifications/cancelled` for this call reaches a
        // remote request waiting on its server.
        self.stop.reset();
        let stop = self.stop.clone();
        let cancelled = context.ct.clone();
        let watch = tokio::spawn(async move {
            cancelled.cancelled().await;
            stop.request();
        });
        let result = self
            .run(&mut core, &call, &context.peer, progress_token)
            .await;
        watch.abort();
        result.map(CallToolResponse::from)
    }

    /// A request rmcp could not read as one it knows: a `tools/call` whose
    /// params are malformed (no name, arguments not an object) is invalid
    /// params, saying why; any other method is not found.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let CustomRequest { method, params, .. } = request;
        if method != "tools/call" {
            return Err(ErrorData::new(ErrorCode::METHOD_NOT_FOUND, method, None));
        }
        let why =
            match serde_json::from_value::<CallToolRequestParams>(params.unwrap_or(Value::Null)) {
                Ok(_) => "unreadable params".to_owned(),
                Err(err) => err.to_string(),
            };
        Err(ErrorData::invalid_params(
            format!("malformed tools/call: {why}"),
            None,
        ))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let _core = self.core.lock().await;
        self.refresh_roots(&context.peer).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        if !self.settings.dirs.is_empty() {
            return;
        }
        let _core = self.core.lock().await;
        self.roots_stale.store(true, Ordering::SeqCst);
        self.refresh_roots(&context.peer).await;
    }
}
