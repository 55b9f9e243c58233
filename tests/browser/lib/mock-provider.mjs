// A scripted OpenAI-compatible chat-completions provider on 127.0.0.1, as
// the Rust tests' mock (tests/kit/src/provider.rs): each POST
// /v1/chat/completions gets the next scripted assistant message as a whole
// `chat.completion` body (the host takes a whole answer even when it asked
// for a stream), or an error answer (`fail`); once the script runs out, a
// 599 error.

import http from "node:http";

/** A tool call of an assistant message, arguments as JSON text. */
export const call = (id, name, args) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } });

/** An assistant message asking for `calls`. */
export const tools = (...calls) => ({ role: "assistant", content: null, tool_calls: calls });

/** An assistant message with plain text. */
export const text = (content) => ({ role: "assistant", content });

/** Not a message: an error answer with `status` and the provider's `message`. */
export const fail = (status, message) => ({ fail: { status, message } });

/**
 * Starts the provider with `script` (assistant messages, in order).
 * Returns `{ baseUrl, requests, unused() }`; stopped when the test ends.
 */
export async function startProvider(scope, script) {
  const queue = [...script];
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      let parsed = null;
      try {
        parsed = JSON.parse(body);
      } catch {}
      requests.push({ path: req.url, authorization: req.headers.authorization, body: parsed });
      res.setHeader("content-type", "application/json");
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const message = queue.shift();
      if (message?.fail) {
        res.statusCode = message.fail.status;
        res.end(JSON.stringify({ error: { message: message.fail.message, type: "test_error", code: null } }));
        return;
      }
      if (!message) {
        res.statusCode = 599;
        res.end(JSON.stringify({ error: { message: "mock script exhausted: no reply left", type: "test_error", code: null } }));
        return;
      }
      res.end(JSON.stringify({
        id: "chatcmpl-test",
        object: "chat.completion",
        created: 1_710_495_000,
        model: parsed?.model ?? "m",
        choices: [{ index: 0, message, finish_reason: message.tool_calls ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }));
    });
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  scope.defer(() => new Promise((done) => { server.closeAllConnections?.(); server.close(done); }));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/v1`, requests, unused: () => queue.length };
}
