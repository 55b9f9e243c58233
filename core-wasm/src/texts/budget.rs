//! The texts of the context budget: an elided tool result's note, a cut
//! result's note, a round's results shortened, a request that does not fit
//! (and the line rolled back), and the advice when a provider says it was
//! too long.

use crate::format::group_digits;
use crate::texts::Lang;

/// How an elided tool result's note starts, in both languages: tidyup finds
/// its own notes again by it.
pub const ELIDED_MARK: &str = "[elided";

impl Lang {
    /// What to do when a request was too long for the model.
    pub fn context_advice(self) -> String {
        self.pick(
            "the conversation is longer than the model reads: set --context-tokens (or context_tokens in the config file) to what the model reads, so tidyup elides older tool results in time, or start a new session".to_owned(),
            "对话超出了模型能读取的长度：把 --context-tokens（或配置文件中的 context_tokens）设为模型能读取的 token 数，tidyup 会及时省略较早的工具结果；或者开始新的会话".to_owned(),
        )
    }

    /// The note that replaces an elided tool result; starts with `[elided`.
    pub fn elided_note(self, tool: &str, arguments: &str, chars: usize) -> String {
        // The mark stays English in both languages: it is how tidyup finds
        // its own notes again.
        self.pick(
            format!(
                "{ELIDED_MARK} to fit the context budget: the {chars}-character result of {tool} {arguments}; call it again if needed]"
            ),
            format!(
                "{ELIDED_MARK}：为适应上下文预算，已省略 {tool} {arguments} 的结果（{chars} 个字符）；需要时请重新调用]"
            ),
        )
    }

    /// The note that ends a tool result cut to its first `head` of `chars`
    /// characters, for the model.
    pub fn cut_note(self, head: usize, chars: usize) -> String {
        let chars = group_digits(chars);
        self.pick(
            format!(
                "[cut to fit the context budget: the first {head} of its {chars} characters; ask for less at a time to see it whole]"
            ),
            format!(
                "[为适应上下文预算已截断：只保留全部 {chars} 个字符中的前 {head} 个；每次少请求一些才能看到完整结果]"
            ),
        )
    }

    /// `shortened` of the latest round's `results` tool results were cut or
    /// replaced by a note so the request fits the budget: which limit, and
    /// how to raise it.
    pub fn results_shortened(self, shortened: usize, results: usize, budget: u64) -> String {
        let (shortened, results) = (group_digits(shortened), group_digits(results));
        self.pick(
            format!(
                "{shortened} of the {results} results of the last tool calls were shortened for the model to fit the context budget of {budget} tokens; raise it with --context-tokens or context_tokens in the config file if the model reads more"
            ),
            format!(
                "为适应 {budget} 个 token 的上下文预算，最近一批工具调用的 {results} 个结果中有 {shortened} 个已为模型缩短；如果模型能读取更多，可用 --context-tokens 或配置文件中的 context_tokens 提高预算"
            ),
        )
    }

    /// A call not made: the request does not fit the budget.
    pub fn over_budget(self, estimate: u64, budget: u64) -> String {
        self.pick(
            format!(
                "the conversation needs about {estimate} tokens, more than the context budget of {budget}: start a new session (quit, then run tidyup again), or raise the budget with --context-tokens or context_tokens in the config file if the model reads more"
            ),
            format!(
                "对话约需 {estimate} 个 token，超过上下文预算 {budget}：请开始新的会话（quit 后重新运行 tidyup），如果模型能读取更多，可用 --context-tokens 或配置文件中的 context_tokens 提高预算"
            ),
        )
    }

    /// A reply not run: resent unchanged with its `calls` calls, it needs at
    /// least `least` tokens, more than the budget.
    pub fn reply_over_budget(self, calls: usize, least: u64, budget: u64) -> String {
        let calls = group_digits(calls);
        let least = group_digits(usize::try_from(least).unwrap_or(usize::MAX));
        self.pick(
            format!(
                "the reply asks for {calls} tool calls, about {least} tokens, more than the context budget of {budget} tokens can hold; none of them was run: ask for less at a time, or raise the budget with --context-tokens or context_tokens in the config file if the model reads more"
            ),
            format!(
                "回复请求了 {calls} 个工具调用，约 {least} 个 token，超过 {budget} 个 token 的上下文预算所能容纳；它们都没有执行：请每次少请求一些，如果模型能读取更多，可用 --context-tokens 或配置文件中的 context_tokens 提高预算"
            ),
        )
    }

    /// After a request that did not fit: the line was rolled back.
    pub fn line_rolled_back(self) -> String {
        self.pick(
            "This line was rolled back: the session goes on from the last completed turn (file changes already made stay; `tidyup undo` reverses them).".to_owned(),
            "这一行已回滚：会话从上一个完成的回合继续（已做的文件改动保留；`tidyup undo` 可以撤销）。".to_owned(),
        )
    }
}
