// forge test --pi's model: an OpenAI-compatible chat-completions endpoint on 127.0.0.1 that records each request body
// Pi sends and streams a scripted reply (tool calls, then text), so Pi runs a whole turn without a model or API key.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request body larger than this is refused (413): Pi's requests are a prompt and a short conversation. */
export const MAX_CAPTURED_BODY_BYTES = 32 * 1024 * 1024;

/** A scripted reply: tool calls (Pi runs them, then asks again) or a final text. */
export type CaptureReply = { toolCalls: Array<{ name: string; arguments: unknown }> } | { text: string };

/** The usage a reply reports; Pi records it as the assistant message's usage. */
export interface ReplyUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface CaptureServer {
  /** `http://127.0.0.1:<port>/v1`, the provider's baseUrl. */
  readonly baseUrl: string;
  /** The bodies of the completion requests since the last reset, in arrival order (parsed JSON). */
  bodies(): unknown[];
  /** Forget the bodies and queue these replies (each request takes the next; then `fallback`). */
  reset(replies?: readonly CaptureReply[], fallback?: CaptureReply): void;
  /** Resolves once at least `count` completion requests arrived since the last reset, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_REPLY: CaptureReply = { text: "forge test: captured" };

/** The reply's usage: the request's size in characters / 4 (a stand-in: forge test counts tokens with o200k itself). */
function usageOf(raw: string, reply: CaptureReply): ReplyUsage {
  const text = "text" in reply ? reply.text : JSON.stringify(reply.toolCalls);
  return { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(text.length / 4) };
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

/** One streamed completion in the chunks both Pi hosts' OpenAI client reads, usage last, then [DONE]. */
function stream(res: ServerResponse, model: string, reply: CaptureReply, usage: ReplyUsage, callId: () => string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const id = "chatcmpl-forge-test";
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model, choices, ...extra })}\n\n`);
  chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
  if ("text" in reply) chunk([{ index: 0, delta: { content: reply.text }, finish_reason: null }]);
  else
    reply.toolCalls.forEach((call, index) =>
      chunk([
        {
          index: 0,
          delta: { tool_calls: [{ index, id: callId(), type: "function", function: { name: call.name, arguments: JSON.stringify(call.arguments) } }] },
          finish_reason: null,
        },
      ]),
    );
  chunk([{ index: 0, delta: {}, finish_reason: "text" in reply ? "stop" : "tool_calls" }]);
  chunk([], { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
  res.end("data: [DONE]\n\n");
}

/** Listens on 127.0.0.1 only, on a free port. */
export async function startCaptureServer(): Promise<CaptureServer> {
  let bodies: unknown[] = [];
  let queue: CaptureReply[] = [];
  let fallback = DEFAULT_REPLY;
  let calls = 0;
  const waiters = new Set<() => void>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_CAPTURED_BODY_BYTES) refused = true;
      else chunks.push(c);
    });
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      if (refused) return sendJson(res, 413, { error: { message: "forge test capture server: request body too large", type: "too_large" } });
      if (req.method === "GET" && path.endsWith("/models")) return sendJson(res, 200, { object: "list", data: [] });
      if (req.method !== "POST" || !path.endsWith("/chat/completions")) return sendJson(res, 404, { error: { message: `no route for ${req.method} ${path}` } });
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return sendJson(res, 400, { error: { message: "forge test capture server: the body is not JSON" } });
      }
      bodies.push(body);
      for (const wake of [...waiters]) wake();
      const reply = queue.shift() ?? fallback;
      const model = typeof (body as { model?: unknown }).model === "string" ? (body as { model: string }).model : "model";
      stream(res, model, reply, usageOf(raw, reply), () => `call_${++calls}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    bodies: () => [...bodies],
    reset(replies = [], replyAfter = DEFAULT_REPLY) {
      bodies = [];
      calls = 0; // tool call ids count per test: call_1 is a test's first, as a fresh session's would be
      queue = [...replies];
      fallback = replyAfter;
    },
    waitFor(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (bodies.length < count) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`Pi sent ${bodies.length} of ${count} model requests in ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
