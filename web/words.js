// The static page's own words, in English and Chinese (the plan table's
// words are the shared i18n.js's; sizes, kinds and reasons come from the
// core already worded). `pageWords(lang)` gives one language's catalogue.

import { describe } from "./fsrequest.js";

/**
 * A failure as the page shows it: a HostError that names only a path is
 * worded by its code from `byCode` (when it has words for it), any other by
 * its data (`PATH: DETAIL`); anything else thrown by its message.
 */
function worded(e, byCode) {
  if (typeof e?.code === "string" && e.path != null && e.detail == null && byCode[e.code]) return byCode[e.code](e.path);
  if (typeof e?.code === "string") return describe(e);
  return e?.message || String(e);
}

const en = {
  organize: "Organize (dry run)",
  organize_hint: "tidyup plans on a copy of the folder's listing first: nothing changes until you apply.",
  planning: "Planning (dry run; nothing changes yet)…",
  plan_heading: "The plan",
  apply: "Apply ticked rows",
  stop: "Stop",
  progress: "Progress",
  history: "History",
  history_empty: "No changes to this folder yet.",
  history_row: (s) => `${s.when.replace("T", " ").slice(0, 19)} · ${s.kind === "window" ? "applied plan" : "chat session"} · ${s.moved ?? 0} moved, ${s.trashed ?? 0} to the trash${s.undone ? " · undone" : ""}`,
  undo: "Undo",
  undo_of: (s) => `Undo the changes of ${s.when.replace("T", " ").slice(0, 19)}`,
  applied: (r) => `Applied: ${r.moved} moved, ${r.trashed} put in the trash (${".tidyup-trash"} inside the folder)${r.left.length ? `, ${r.left.length} left as they were` : ""}${r.stopped ? "; stopped before the end" : ""}.`,
  undone: (r) => `Undone: ${r.restored} changes reversed${r.refused.length ? `; ${r.refused.length} refused` : ""}.`,
  apply_gone: "it is no longer there",
  apply_taken: (path) => `${path} is taken already; nothing is replaced`,
  undo_gone: (path) => `${path} is no longer there; left as it is`,
  undo_changed: (path) => `${path} changed since; left as it is`,
  undo_taken: (path) => `something is at ${path} now; left as it is`,
  no_jspi: "This browser cannot run tidyup's sessions here: it lacks WebAssembly JavaScript Promise Integration (JSPI), which Chromium and Edge 137 or newer have. Only the demo folder below can be organized, with the offline planner. In any browser, run `tidyup ui` in a terminal: it opens a window, served by the tidyup program on this computer, that organizes your own folders with any planner.",
  no_folders: "This browser cannot open folders on your computer (it lacks the File System Access API, as Firefox and Safari do). The demo folder below works. For your own folders, run `tidyup ui` in a terminal: it opens a window that works in any browser.",
  pick_failed: (message) => `Cannot open the folder: ${message}`,
  failure: (e) => worded(e, {
    not_found: (path) => `${path} is not there`,
    already_exists: (path) => `${path} is taken already; nothing is replaced`,
    denied: (path) => `${path} is outside the chosen folder`,
    protected: (path) => `${path} is the chosen folder itself, never moved or removed`,
    tidyup_data: (path) => `${path} is tidyup's own data (its trash)`,
    not_a_directory: (path) => `${path}: not a folder`,
  }),
};

const zh = {
  organize: "整理（先试运行）",
  organize_hint: "tidyup 先在文件夹列表的副本上制定方案：在你应用之前，什么都不会改变。",
  planning: "正在制定方案（试运行，尚未改动任何文件）……",
  plan_heading: "整理方案",
  apply: "应用勾选的行",
  stop: "停止",
  progress: "进度",
  history: "历史记录",
  history_empty: "这个文件夹还没有任何改动。",
  history_row: (s) => `${s.when.replace("T", " ").slice(0, 19)} · ${s.kind === "window" ? "应用的方案" : "对话会话"} · 移动 ${s.moved ?? 0} 个，移到回收站 ${s.trashed ?? 0} 个${s.undone ? " · 已撤销" : ""}`,
  undo: "撤销",
  undo_of: (s) => `撤销 ${s.when.replace("T", " ").slice(0, 19)} 的改动`,
  applied: (r) => `已应用：移动 ${r.moved} 个，移到回收站 ${r.trashed} 个（文件夹内的 .tidyup-trash）${r.left.length ? `，${r.left.length} 个保持原样` : ""}${r.stopped ? "；在结束前停止" : ""}。`,
  undone: (r) => `已撤销：还原 ${r.restored} 处改动${r.refused.length ? `；${r.refused.length} 处被拒绝` : ""}。`,
  apply_gone: "它已经不在原处",
  apply_taken: (path) => `${path} 已被占用；不会替换任何文件`,
  undo_gone: (path) => `${path} 已经不在；保持原样`,
  undo_changed: (path) => `${path} 之后被改动过；保持原样`,
  undo_taken: (path) => `${path} 现在已有其他项目；保持原样`,
  no_jspi: "这个浏览器无法在此运行 tidyup 的会话：它缺少 WebAssembly JavaScript Promise Integration（JSPI），Chromium 和 Edge 137 及更新版本才有。这里只能用离线规划器整理下面的演示文件夹。在任何浏览器中都可以使用：在终端运行 `tidyup ui`，它会打开一个由本机上的 tidyup 程序提供的窗口，可以用任何规划器整理你自己的文件夹。",
  no_folders: "这个浏览器无法打开你电脑上的文件夹（它缺少 File System Access API，Firefox 和 Safari 都是如此）。下面的演示文件夹可以使用。要整理你自己的文件夹，请在终端运行 `tidyup ui`：它打开的窗口在任何浏览器中都能使用。",
  pick_failed: (message) => `无法打开该文件夹：${message}`,
  failure: (e) => worded(e, {
    not_found: (path) => `${path} 不存在`,
    already_exists: (path) => `${path} 已被占用；不会替换任何文件`,
    denied: (path) => `${path} 不在所选文件夹内`,
    protected: (path) => `${path} 是所选文件夹本身，不会移动或删除`,
    tidyup_data: (path) => `${path} 是 tidyup 自己的数据（回收站）`,
    not_a_directory: (path) => `${path}：不是文件夹`,
  }),
};

/** The catalogue of `lang` ("en" or "zh"; anything else is English). */
export function pageWords(lang) {
  return lang === "zh" ? zh : en;
}
