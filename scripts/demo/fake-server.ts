// The demo's fake OpenAI-compatible chat-completions server on 127.0.0.1: records request bodies and streams scripted
// replies, reporting usage as a provider with a prefix cache per model does (fake-usage.ts). Tests and benches use it too.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FIXED_USAGE, ModelCaches, usageBody, usageDialectOf, type Usage, type UsageDialect } from "./fake-usage.js";

export type { Usage };

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** Serialized as the tool call's JSON arguments. */
  arguments: unknown;
}

/** One scripted model reply: text, tool calls (optionally after text), or an HTTP error; `usage` overrides the server's. */
export type ScriptedReply =
  | { text: string; toolCalls?: ScriptedToolCall[]; usage?: Partial<Usage> }
  | { toolCalls: ScriptedToolCall[]; text?: string; usage?: Partial<Usage> }
  | { error: { status: number; message: string } };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The parsed JSON body (undefined for GET or a body that is not JSON). */
  body: any;
  /** A completion the server answered: the usage it reported (Pi records it as input, cacheRead and cacheWrite). */
  usage?: Usage;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>/v1`, the provider baseUrl. */
  readonly baseUrl: string;
  readonly port: number;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Only POST /v1/chat/completions requests. */
  completions(): RecordedRequest[];
  /** Queue replies; each completion request takes the next one, then the default reply. */
  enqueue(...replies: ScriptedReply[]): void;
  setDefaultReply(reply: ScriptedReply): void;
  /** Forget recorded requests and queued replies (the default reply stays). */
  reset(): void;
  /** Resolves once at least `count` completion requests arrived. */
  waitForCompletions(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  defaultReply?: ScriptedReply;
  usage?: Partial<Usage>;
  /**
   * Report usage as a provider with a prefix cache does (the default; fake-usage.ts): per model, prompt_tokens from
   * the request's size, cached_tokens (cache read) for the longest prefix shared with an earlier request since the
   * last reset(), cache_write_tokens for the rest. `false`: the fixed `usage` figures. A reply's own `usage` wins
   * field by field (cache writes then cover the prompt tokens that its cache reads do not, unless it names them).
   */
  prefixCache?: boolean;
  /** Model ids for GET /v1/models. */
  models?: string[];
}

export const DEFAULT_REPLY_TEXT = "fake reply";

export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  let defaultReply: ScriptedReply = options.defaultReply ?? { text: DEFAULT_REPLY_TEXT };
  const usage: Usage = { ...FIXED_USAGE, ...options.usage };
  const models = options.models ?? ["fake-model"];
  const waiters = new Set<() => void>();
  let callSeq = 0;
  const caches = options.prefixCache === false ? null : new ModelCaches();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: any;
      try {
        body = raw.length > 0 ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const recorded: RecordedRequest = { method: req.method ?? "GET", path, headers: req.headers, body };
      requests.push(recorded);
      for (const wake of waiters) wake();
      if (req.method === "POST" && path.endsWith("/chat/completions")) {
        const reply = queue.shift() ?? defaultReply;
        // A failed request is not cached and reports nothing, as with a provider.
        if (!("error" in reply)) recorded.usage = replyUsage(caches?.serve(body, usage.completion_tokens) ?? usage, reply.usage, caches !== null);
        replyCompletion(res, body, reply, recorded.usage, usageDialectOf(req.headers), () => `call_${++callSeq}`);
      } else if (req.method === "GET" && path.endsWith("/models")) {
        sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "fake" })) });
      } else {
        sendJson(res, 404, { error: { message: `fake server: no route for ${req.method} ${path}`, type: "not_found" } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const completions = () => requests.filter((r) => r.method === "POST" && r.path.endsWith("/chat/completions"));

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    completions,
    enqueue: (...replies) => void queue.push(...replies),
    setDefaultReply: (reply) => void (defaultReply = reply),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      callSeq = 0;
      caches?.reset();
    },
    waitForCompletions(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (completions().length < count) return;
          cleanup();
          resolve(completions());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`fake server: ${completions().length} of ${count} completion requests after ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
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

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

/** The reported usage: the server's figures, field by field overridden by a reply's own. */
function replyUsage(base: Usage, own: Partial<Usage> | undefined, prefixCache: boolean): Usage {
  if (!own) return base;
  const merged = { ...base, ...own };
  // With a prefix cache every input token is read or written: writes follow the reply's own prompt and reads.
  if (prefixCache && own.cache_write_tokens === undefined && (own.prompt_tokens !== undefined || own.cached_tokens !== undefined)) {
    merged.cache_write_tokens = Math.max(0, merged.prompt_tokens - merged.cached_tokens);
  }
  return merged;
}

function replyCompletion(res: ServerResponse, body: any, reply: ScriptedReply, usage: Usage | undefined, dialect: UsageDialect, nextId: () => string): void {
  if ("error" in reply) {
    sendJson(res, reply.error.status, { error: { message: reply.error.message, type: "fake_error" } });
    return;
  }
  if (usage === undefined) throw new Error("fake server: a completion without usage");
  const model = typeof body?.model === "string" ? body.model : "fake-model";
  const id = `chatcmpl-fake-${Date.now()}`;
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({ ...call, id: call.id ?? nextId() }));
  const finish = toolCalls.length > 0 ? "tool_calls" : "stop";
  const reported = usageBody(usage, dialect);
  if (body?.stream !== true) {
    const message = {
      role: "assistant",
      content: reply.text ?? null,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map(toolCallBody) } : {}),
    };
    sendJson(res, 200, { id, object: "chat.completion", created: 0, model, choices: [{ index: 0, message, finish_reason: finish }], usage: reported });
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model, choices, ...extra })}\n\n`);
  send([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
  if (reply.text) {
    // Two chunks, so clients exercise delta accumulation.
    const half = Math.ceil(reply.text.length / 2);
    for (const part of [reply.text.slice(0, half), reply.text.slice(half)]) {
      if (part) send([{ index: 0, delta: { content: part }, finish_reason: null }]);
    }
  }
  toolCalls.forEach((call, index) => {
    send([{ index: 0, delta: { tool_calls: [{ index, ...toolCallBody(call) }] }, finish_reason: null }]);
  });
  send([{ index: 0, delta: {}, finish_reason: finish }]);
  send([], { usage: reported });
  res.write("data: [DONE]\n\n");
  res.end();
}

function toolCallBody(call: ScriptedToolCall & { id: string }) {
  return { id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) } };
}

/** The text of a chat message's content (string, or the text parts of an array). */
export function messageText(message: any): string {
  const content = message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .filter((p) => p?.type === "text")
      .map((p) => p.text)
      .join("");
  return "";
}

/** Every system/developer message of a request body, in order (a leading prompt and any mid-conversation patches). */
export function systemMessagesOf(body: any): string[] {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return messages.filter((m) => m?.role === "system" || m?.role === "developer").map(messageText);
}

/** The tool names a request offered the model, in the order Pi sent them. */
export function toolNames(request: RecordedRequest | { body: any }): string[] {
  return ((request.body?.tools ?? []) as any[]).map((t) => t?.function?.name ?? t?.name);
}

/** The system prompt of a recorded request: the first `system` or `developer` message. */
export function systemPromptOf(request: RecordedRequest | { body: any }): string {
  const first = systemMessagesOf(request.body)[0];
  if (first === undefined) throw new Error("request has no system/developer message");
  return first;
}
