// Small DOM helpers of the plan table, shared with the window of `tidyup ui`:
// `el` builds an element, `showModal` opens a dialog accessibly.

const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])";

/** Opens `dialog` as a modal: Tab stays inside, Escape closes, focus goes
 * back to `opener` when it closes. */
export function showModal(dialog, opener) {
  const trap = (event) => {
    if (event.key !== "Tab") return;
    const items = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && !el.closest("[hidden]"));
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  dialog.addEventListener("keydown", trap);
  dialog.addEventListener(
    "close",
    () => {
      dialog.removeEventListener("keydown", trap);
      if (opener && opener.isConnected) opener.focus();
    },
    { once: true },
  );
  dialog.showModal();
}

/** `<tag>` with `attrs` (`class`, `text`, else attributes; `true` is an
 * empty attribute, `false`/`null`/`undefined` none) and `children`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}
