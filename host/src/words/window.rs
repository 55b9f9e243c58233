//! What `tidyup ui` says: in the terminal that started it, and to its page
//! (refusals, the titles and lines of its reports, its places).

use tidyup_core::{FailureKind, Lang, ModelFailure};

/// The words of `window` only the host says.
pub(crate) trait WindowWords {
    /// After the address: what the window is and how to end it.
    fn window_serving(self, folder: &str) -> String;

    /// The server cannot listen on `port` of 127.0.0.1 (0: any free one).
    fn window_cannot_listen(self, port: u16) -> String;

    /// The browser could not be opened: the address (printed above) by hand.
    fn window_open_by_hand(self) -> String;

    /// The window's server stopped (Ctrl-C or SIGTERM).
    fn window_stopped(self) -> String;

    /// A request refused because it did not come from tidyup's own page
    /// (another site, another host name, no tab).
    fn window_refused_request(self) -> String;

    /// A path the window does not have.
    fn window_not_found(self) -> String;

    /// Another tab has the session; this one may take it over.
    fn window_other_tab(self) -> String;

    /// This tab lost the session to another (or never claimed it).
    fn window_not_this_tab(self) -> String;

    /// An action while the session is busy with another.
    fn window_busy(self) -> String;

    /// A request the window cannot read (`detail` says why).
    fn window_bad_request(self, detail: &str) -> String;

    /// Apply of a plan that is not the current one (or with none).
    fn window_no_such_plan(self) -> String;

    /// Apply naming a row the plan does not have.
    fn window_no_such_row(self, row: &str) -> String;

    /// Undo of a session the journal does not have.
    fn window_no_such_session(self, session: &str) -> String;

    /// A destination that is not a folder inside the one organized.
    fn window_bad_destination(self, to: &str) -> String;

    /// The request "Organize" sends when none is typed.
    fn window_default_request(self) -> String;

    /// The title of an apply's report.
    fn window_applied_title(self, stopped: bool) -> String;

    /// A report line: an apply stopped with `left` files as they were.
    fn window_stopped_left(self, left: usize) -> String;

    /// A report line: files the person unticked stay where they are.
    fn window_unticked_left(self, left: usize) -> String;

    /// The title of a `--dry-run` apply's report: the plan was saved.
    fn window_saved_title(self) -> String;

    /// A report line: nothing was ticked.
    fn window_nothing_ticked(self) -> String;

    /// The title of an undo's report.
    fn window_undone_title(self) -> String;

    /// The title of a report of what could not be done.
    fn window_failed_title(self) -> String;

    /// The link of the redirect page the browser is opened with.
    fn window_redirect_link(self) -> String;

    /// The window reached its `limit` of connections: the oldest that never
    /// carried the secret was closed, or (`refused`) every one did and the
    /// new one was refused; how to raise the limit.
    fn window_connection_limit(self, limit: usize, refused: bool) -> String;

    /// A change of settings that would send the API key to `base_url`
    /// (provider `provider`), an address the user's own settings do not
    /// give: not made until confirmed.
    fn window_confirm_key_address(self, base_url: &str, provider: &str) -> String;

    /// The label of a usual place (`desktop`, `download`, `document`,
    /// `picture`, `home`); any other key is shown as it is.
    fn window_place(self, key: &str) -> String;

    /// The start line when no API key is set up: the offline planner
    /// plans, and how to plan with a model from the window.
    fn window_start_no_key(self) -> String;

    /// The start line of the offline planner chosen by the person.
    fn window_start_offline(self) -> String;

    /// The start line of a model's session (the line below names it).
    fn window_start_model(self) -> String;

    /// A report line: `moved` files moved, into these folders (relative
    /// to the folder organized, `""` the folder itself) with how many each.
    fn window_moved_into(self, moved: usize, folders: &[(String, usize)]) -> String;

    /// A report line: `trashed` items put in the trash.
    fn window_trashed(self, trashed: usize) -> String;

    /// A report line: where the changes can be undone in the window.
    fn window_undo_hint(self) -> String;

    /// A report line: `refused` changes of the plan were not made, and
    /// why each follows.
    fn window_refused(self, refused: usize) -> String;

    /// An undo's report line: `put_back` items put back where they were.
    fn window_put_back(self, put_back: usize) -> String;

    /// An undo's report line: `skipped` changes not reversed, and why each
    /// follows.
    fn window_not_put_back(self, skipped: usize) -> String;

    /// A failed model call, for people: what failed at `base_url` (with
    /// `model`), what to do about it in the window's settings, then the
    /// provider's own words when it sent any.
    fn window_call_failed(self, failure: &ModelFailure, base_url: &str, model: &str) -> String;
}

impl WindowWords for Lang {
    fn window_serving(self, folder: &str) -> String {
        self.pick(
            format!("tidyup's window for {folder} is open at the address above (this computer only). Ctrl-C stops."),
            format!("tidyup 的窗口已在上面的地址打开（仅限本机），文件夹：{folder}。按 Ctrl-C 停止。"),
        )
    }

    fn window_cannot_listen(self, port: u16) -> String {
        self.pick(
            format!("cannot listen on 127.0.0.1 port {port}"),
            format!("无法在 127.0.0.1 的端口 {port} 上监听"),
        )
    }

    fn window_open_by_hand(self) -> String {
        self.pick(
            "Could not open the browser; open the address above in it by hand.".to_owned(),
            "无法打开浏览器；请手动在浏览器中打开上面的地址。".to_owned(),
        )
    }

    fn window_stopped(self) -> String {
        self.pick(
            "tidyup's window stopped.".to_owned(),
            "tidyup 的窗口已停止。".to_owned(),
        )
    }

    fn window_refused_request(self) -> String {
        self.pick(
            "refused: this request did not come from tidyup's own page".to_owned(),
            "已拒绝：此请求并非来自 tidyup 自己的页面".to_owned(),
        )
    }

    fn window_not_found(self) -> String {
        self.pick("not found".to_owned(), "未找到".to_owned())
    }

    fn window_other_tab(self) -> String {
        self.pick(
            "This folder is open in another tab or window. Take it over to work here; the other tab stops.".to_owned(),
            "此文件夹已在另一个标签页或窗口中打开。接管后可在这里继续，另一个标签页将停止。".to_owned(),
        )
    }

    fn window_not_this_tab(self) -> String {
        self.pick(
            "Another tab has taken over this session; reload to take it back.".to_owned(),
            "另一个标签页已接管此会话；重新加载页面即可取回。".to_owned(),
        )
    }

    fn window_busy(self) -> String {
        self.pick(
            "tidyup is still working; wait until it is done, or press Stop.".to_owned(),
            "tidyup 仍在处理；请等待完成，或按“停止”。".to_owned(),
        )
    }

    fn window_bad_request(self, detail: &str) -> String {
        self.pick(
            format!("the request cannot be read: {detail}"),
            format!("无法读取此请求：{detail}"),
        )
    }

    fn window_no_such_plan(self) -> String {
        self.pick(
            "That plan is no longer the current one; organize again.".to_owned(),
            "该方案已不是当前方案；请重新整理。".to_owned(),
        )
    }

    fn window_no_such_row(self, row: &str) -> String {
        self.pick(
            format!("the plan has no row {row}"),
            format!("方案中没有 {row} 这一行"),
        )
    }

    fn window_no_such_session(self, session: &str) -> String {
        self.pick(
            format!("there is no session {session}"),
            format!("没有会话 {session}"),
        )
    }

    fn window_bad_destination(self, to: &str) -> String {
        self.pick(
            format!("The destination \"{to}\" must be a folder inside the folder being organized, written relative to it, without \"..\"."),
            format!("目标“{to}”必须是正在整理的文件夹中的某个文件夹，以相对路径书写，且不含“..”。"),
        )
    }

    fn window_default_request(self) -> String {
        self.pick("organize".to_owned(), "整理".to_owned())
    }

    fn window_applied_title(self, stopped: bool) -> String {
        match stopped {
            false => self.pick("Done".to_owned(), "已完成".to_owned()),
            true => self.pick("Stopped".to_owned(), "已停止".to_owned()),
        }
    }

    fn window_stopped_left(self, left: usize) -> String {
        match (self, left) {
            (Lang::En, 1) => {
                "Stopped after the file in progress; 1 file stays where it was.".to_owned()
            }
            (Lang::En, _) => {
                format!("Stopped after the file in progress; {left} files stay where they were.")
            }
            (Lang::Zh, _) => format!("已在当前文件完成后停止；{left} 个文件保持原样。"),
        }
    }

    fn window_unticked_left(self, left: usize) -> String {
        match (self, left) {
            (Lang::En, 1) => "1 file you unticked stays where it was.".to_owned(),
            (Lang::En, _) => format!("{left} files you unticked stay where they were."),
            (Lang::Zh, _) => format!("{left} 个未勾选的文件保持原样。"),
        }
    }

    fn window_saved_title(self) -> String {
        self.pick("Plan saved".to_owned(), "方案已保存".to_owned())
    }

    fn window_nothing_ticked(self) -> String {
        self.pick(
            "Nothing was ticked; nothing changed.".to_owned(),
            "没有勾选任何项；未做任何改动。".to_owned(),
        )
    }

    fn window_undone_title(self) -> String {
        self.pick("Undone".to_owned(), "已撤销".to_owned())
    }

    fn window_failed_title(self) -> String {
        self.pick("Not done".to_owned(), "未完成".to_owned())
    }

    fn window_redirect_link(self) -> String {
        self.pick(
            "Open tidyup's window".to_owned(),
            "打开 tidyup 的窗口".to_owned(),
        )
    }

    fn window_connection_limit(self, limit: usize, refused: bool) -> String {
        match refused {
            false => self.pick(
                format!("tidyup's window reached its limit of {limit} connections: the oldest that had not shown the address's secret was closed. Raise it with --max-connections N (or TIDYUP_UI_MAX_CONNECTIONS)."),
                format!("tidyup 的窗口已达到 {limit} 个连接的上限：已关闭最早的、未出示地址密钥的连接。可用 --max-connections N（或 TIDYUP_UI_MAX_CONNECTIONS）提高上限。"),
            ),
            true => self.pick(
                format!("tidyup's window reached its limit of {limit} connections: a new one was refused. Raise it with --max-connections N (or TIDYUP_UI_MAX_CONNECTIONS)."),
                format!("tidyup 的窗口已达到 {limit} 个连接的上限：已拒绝新的连接。可用 --max-connections N（或 TIDYUP_UI_MAX_CONNECTIONS）提高上限。"),
            ),
        }
    }

    fn window_confirm_key_address(self, base_url: &str, provider: &str) -> String {
        self.pick(
            format!("This sends your API key (provider {provider}) to {base_url}, an address your own settings do not name. Confirm only if you typed it and trust it."),
            format!("这会把你的 API 密钥（服务商 {provider}）发送到 {base_url}，而你自己的设置中并没有这个地址。只有当这是你自己输入并信任的地址时才确认。"),
        )
    }

    fn window_place(self, key: &str) -> String {
        let (en, zh) = match key {
            "desktop" => ("Desktop", "桌面"),
            "download" => ("Downloads", "下载"),
            "document" => ("Documents", "文档"),
            "picture" => ("Pictures", "图片"),
            "home" => ("Home", "主目录"),
            other => (other, other),
        };
        self.pick(en.to_owned(), zh.to_owned())
    }

    fn window_start_no_key(self) -> String {
        self.pick(
            "No API key is set up, so tidyup plans with its offline planner: rules, no AI, and nothing leaves this computer. To plan with a model, give tidyup that model's key on this computer, then pick it under Planner.".to_owned(),
            "尚未设置 API 密钥，因此 tidyup 使用离线规划器：基于规则，不用 AI，任何内容都不会离开这台电脑。要用模型来规划，请先在这台电脑上为 tidyup 设置该模型的密钥，再在“规划方式”中选择它。".to_owned(),
        )
    }

    fn window_start_offline(self) -> String {
        self.pick(
            "tidyup plans with its offline planner: rules, no AI, and nothing leaves this computer.".to_owned(),
            "tidyup 使用离线规划器：基于规则，不用 AI，任何内容都不会离开这台电脑。".to_owned(),
        )
    }

    fn window_start_model(self) -> String {
        self.pick(
            "A model plans: the names, sizes and dates of the files here are sent to it, never what they hold unless you turn on reading it.".to_owned(),
            "由模型来规划：这里文件的名称、大小和日期会发给它；除非你打开读取内容，文件内容不会发送。".to_owned(),
        )
    }

    fn window_moved_into(self, moved: usize, folders: &[(String, usize)]) -> String {
        let place = |folder: &str| match folder {
            "" => self.pick("this folder".to_owned(), "此文件夹".to_owned()),
            folder => folder.to_owned(),
        };
        match (self, folders) {
            (Lang::En, [(folder, _)]) if moved == 1 => {
                format!("1 file moved into {}.", place(folder))
            }
            (Lang::En, [(folder, _)]) => format!("{moved} files moved into {}.", place(folder)),
            (Lang::En, _) => {
                let each: Vec<String> = folders
                    .iter()
                    .map(|(folder, n)| format!("{n} into {}", place(folder)))
                    .collect();
                let files = if moved == 1 { "file" } else { "files" };
                format!("{moved} {files} moved: {}.", each.join(", "))
            }
            (Lang::Zh, [(folder, _)]) => format!("已将 {moved} 个文件移入 {}。", place(folder)),
            (Lang::Zh, _) => {
                let each: Vec<String> = folders
                    .iter()
                    .map(|(folder, n)| format!("{n} 个移入 {}", place(folder)))
                    .collect();
                format!("已移动 {moved} 个文件：{}。", each.join("，"))
            }
        }
    }

    fn window_trashed(self, trashed: usize) -> String {
        match (self, trashed) {
            (Lang::En, 1) => "1 item put in the trash.".to_owned(),
            (Lang::En, _) => format!("{trashed} items put in the trash."),
            (Lang::Zh, _) => format!("{trashed} 项已移到回收站。"),
        }
    }

    fn window_undo_hint(self) -> String {
        self.pick(
            "To put everything back, press “Undo these changes” or open History.".to_owned(),
            "要全部还原，请按“撤销这些更改”，或打开“历史记录”。".to_owned(),
        )
    }

    fn window_refused(self, refused: usize) -> String {
        match (self, refused) {
            (Lang::En, 1) => "1 change was not made:".to_owned(),
            (Lang::En, _) => format!("{refused} changes were not made:"),
            (Lang::Zh, _) => format!("有 {refused} 项改动未执行："),
        }
    }

    fn window_put_back(self, put_back: usize) -> String {
        match (self, put_back) {
            (Lang::En, 1) => "1 file put back where it was.".to_owned(),
            (Lang::En, _) => format!("{put_back} files put back where they were."),
            (Lang::Zh, _) => format!("已将 {put_back} 个文件放回原处。"),
        }
    }

    fn window_not_put_back(self, skipped: usize) -> String {
        match (self, skipped) {
            (Lang::En, 1) => "1 change could not be undone:".to_owned(),
            (Lang::En, _) => format!("{skipped} changes could not be undone:"),
            (Lang::Zh, _) => format!("有 {skipped} 项改动无法撤销："),
        }
    }

    fn window_call_failed(self, failure: &ModelFailure, base_url: &str, model: &str) -> String {
        let what = match failure.kind {
            FailureKind::Unreachable => self.pick(
                format!("tidyup could not reach the model service at {base_url}. Check the address in Settings, and that the service is running and reachable from this computer."),
                format!("tidyup 无法连接到位于 {base_url} 的模型服务。请在“设置”中检查地址，并确认该服务正在运行、从这台电脑可以访问。"),
            ),
            FailureKind::Timeout => self.pick(
                format!("The model service at {base_url} did not answer in time. It may be busy or stopped: try again in a moment, or check the address in Settings."),
                format!("位于 {base_url} 的模型服务没有及时回答。它可能正忙或已停止：请稍后再试，或在“设置”中检查地址。"),
            ),
            FailureKind::Connection => self.pick(
                format!("The connection to the model service at {base_url} broke before its answer arrived. Try again; if it keeps happening, check the address in Settings."),
                format!("与位于 {base_url} 的模型服务的连接在回答到达前中断了。请再试一次；如果一再发生，请在“设置”中检查地址。"),
            ),
            FailureKind::KeyRefused => self.pick(
                format!("The model service at {base_url} refused the API key. The key is set up on this computer, outside this window: check that it is the right one for this service, or choose another planner in Settings."),
                format!("位于 {base_url} 的模型服务拒绝了 API 密钥。密钥是在这台电脑上、在此窗口之外设置的：请确认它适用于该服务，或在“设置”中选择其他规划方式。"),
            ),
            FailureKind::ModelUnknown => self.pick(
                format!("The model service at {base_url} does not know the model “{model}”. Check the model's name in Settings, and the address if it may not be this service's."),
                format!("位于 {base_url} 的模型服务不认识模型“{model}”。请在“设置”中检查模型名称；如果地址可能不对，也请一并检查。"),
            ),
            FailureKind::RateLimited => self.pick(
                format!("The model service at {base_url} is getting too many requests, or the account's quota is used up. Wait a moment and try again, or choose another planner in Settings."),
                format!("位于 {base_url} 的模型服务收到的请求过多，或账户额度已用完。请稍候再试，或在“设置”中选择其他规划方式。"),
            ),
            FailureKind::ServerError => self.pick(
                format!("The model service at {base_url} ran into an error of its own. Try again in a moment, or choose another planner in Settings."),
                format!("位于 {base_url} 的模型服务自身出错了。请稍后再试，或在“设置”中选择其他规划方式。"),
            ),
            FailureKind::Refused => self.pick(
                format!("The model service at {base_url} refused the request. Check the model and the address in Settings."),
                format!("位于 {base_url} 的模型服务拒绝了这个请求。请在“设置”中检查模型和地址。"),
            ),
            FailureKind::TooLong => self.pick(
                "The request is too long for the model. Ask for less at a time, or choose a model that takes longer requests in Settings.".to_owned(),
                "请求太长，超出了模型能处理的范围。请一次少要求一些，或在“设置”中选择能处理更长请求的模型。".to_owned(),
            ),
            FailureKind::ReplyTooLarge => self.pick(
                "The model's reply was larger than tidyup accepts. Try again, or ask for less at a time; the limit is max_reply_mib in tidyup's configuration file.".to_owned(),
                "模型的回复超出了 tidyup 接受的大小。请再试一次，或一次少要求一些；这个上限是 tidyup 配置文件中的 max_reply_mib。".to_owned(),
            ),
            FailureKind::NotAReply => self.pick(
                format!("The address {base_url} answered, but not as a model service does. Check the address in Settings."),
                format!("地址 {base_url} 有回应，但不是模型服务的回答。请在“设置”中检查地址。"),
            ),
            FailureKind::NoAnswer => self.pick(
                "The model's reply held no answer. Try again, or choose another model in Settings.".to_owned(),
                "模型的回复中没有任何回答。请再试一次，或在“设置”中选择其他模型。".to_owned(),
            ),
            FailureKind::Other => self.pick(
                format!("The call to the model service at {base_url} failed. Check the planner in Settings, and try again."),
                format!("调用位于 {base_url} 的模型服务失败了。请在“设置”中检查规划方式，然后再试一次。"),
            ),
        };
        let Some(message) = failure
            .message
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty())
        else {
            return what;
        };
        // The provider's words as it sent them, cut to a line's length.
        let mut said: String = message.chars().take(300).collect();
        if said.len() < message.len() {
            said.push('…');
        }
        self.pick(
            format!("{what} The service said: “{said}”"),
            format!("{what}服务返回的原话：“{said}”"),
        )
    }
}
