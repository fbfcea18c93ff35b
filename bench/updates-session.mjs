// Bench (not a test): a scripted 30-turn session with 10 system-update changes on both real Pi hosts; cache-prefix figures vs a naive baseline.
//
// For every request, "rewritten" = characters of the previous request that are not an identical prefix of this one:
// what a provider prefix cache can no longer serve. The naive baseline is simulated from the same run's recorded
// requests: the forge deliveries (tagged user messages on 0.73.1, system patch messages and update sections on 1.x)
// are removed and the active set at that request is appended to the end of the system prompt instead, which is what
// an extension that rewrites the system prompt on every change sends (appending at the end is the baseline's best case).
import { tsImport } from "tsx/esm/api";

const harness = (file) => tsImport(`../test/e2e/harness/${file}`, import.meta.url);
const { startFakeServer, systemMessagesOf } = await harness("fake-server.ts");
const { createPiEnv } = await harness("pi-env.ts");
const { LEGACY_HOST, MODERN_HOST, REPO_ROOT, killLeftoverPi } = await harness("pi-host.ts");
const { startRpc } = await harness("rpc-client.ts");

const TURNS = 30;
const TARGET_LEGACY = 0.05;
const EXTENSION = `${REPO_ROOT}dist/extension.js`;
const TOOL = "forge_system_update";
const USER = (t) => `Turn ${t}: look at module ${t} of the parser, explain what it does and propose one small, tested improvement.`;
const REPLY = `Here is what the module does and a proposal. ${"It reads tokens, builds nodes and reports errors with positions. ".repeat(12)}`;

/** Turn -> the change made before that turn's prompt: a command, or a tool call the fake agent makes in that turn. */
const CHANGES = new Map([
  [2, { command: "/system-update Prefer small diffs and explain each one." }],
  [5, { command: "/system-update use findings-report" }],
  [8, { tool: { action: "activate", id: "security-pass" } }],
  [11, { command: "/system-update off update-1" }],
  [14, { command: "/system-update Name every file you touch." }],
  [17, { tool: { action: "deactivate", id: "security-pass" } }],
  [20, { command: "/system-update off findings-report" }],
  [23, { command: "/system-update reset" }],
  [26, { command: "/system-update Use British spelling." }],
  [29, { command: "/system-update off update-3" }],
]);

function commonPrefix(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const text = (m) => (typeof m?.content === "string" ? m.content : Array.isArray(m?.content) ? m.content.map((p) => p?.text ?? "").join("") : "");
/** A request as one string: the prompt, then every message as JSON (same as runtime/updates/cache-impact.ts). */
const serialize = (prompt, messages) => prompt + messages.map((m) => `\u0000${JSON.stringify(m)}`).join("");

const TAG = /<system_update id="([a-z0-9-]+)"( status="revoked")?>\n([\s\S]*?)\n<\/system_update>/g;
const ADDED = /Updated system prompt section "forge-update-([a-z0-9-]+)":\n\n<forge-update-\1>\n([\s\S]*?)\n<\/forge-update-\1>/g;
const REMOVED = /Removed system prompt section "forge-update-([a-z0-9-]+)"/g;
const SECTION = /\n\n<forge-update-([a-z0-9-]+)>\n([\s\S]*?)\n<\/forge-update-\1>/g;

/** Splits a recorded request into the forge-free request and the active set forge delivered so far. */
function naiveParts(body) {
  const messages = body.messages;
  const active = new Map();
  let prompt = text(messages[0]);
  // 1.x without mid-conversation system messages: the sections live in the (replayed) prompt.
  for (const [, id, body] of prompt.matchAll(SECTION)) active.set(id, body);
  prompt = prompt.replace(SECTION, "");
  const kept = [];
  for (const m of messages.slice(1)) {
    const t = text(m);
    if (m.role === "user" && t.startsWith("<system_update")) {
      for (const [, id, revoked, body] of t.matchAll(TAG)) (revoked ? active.delete(id) : active.set(id, body));
      continue;
    }
    if (m.role === "system" || m.role === "developer") {
      for (const [, id, body] of t.matchAll(ADDED)) active.set(id, body);
      for (const [, id] of t.matchAll(REMOVED)) active.delete(id);
      continue;
    }
    kept.push(m);
  }
  // The legacy compaction fold is not exercised here; the naive prompt carries the active set at its end.
  const block = [...active].map(([id, body]) => `\n\n<system_update id="${id}">\n${body}\n</system_update>`).join("");
  return { prompt: prompt + block, messages: kept };
}

function measure(serialized) {
  let rewritten = 0;
  let appended = 0;
  for (let i = 1; i < serialized.length; i++) {
    const kept = commonPrefix(serialized[i - 1], serialized[i]);
    rewritten += serialized[i - 1].length - kept;
    appended += serialized[i].length - kept;
  }
  return { rewritten, appended };
}

async function waitNotify(rpc, from, needle) {
  return rpc.waitFor((r) => r?.type === "extension_ui_request" && r.method === "notify" && String(r.message).includes(needle), { from, timeoutMs: 30_000 });
}

/** One host configuration: the scripted session over RPC; returns the recorded request bodies. */
async function runSession(server, host, compat) {
  const env = await createPiEnv({ baseUrl: server.baseUrl, ...(compat ? { compat } : {}) });
  server.reset();
  server.setDefaultReply({ text: REPLY, usage: { prompt_tokens: 2_000, cached_tokens: 1_500 } });
  const rpc = await startRpc(host, { env, args: ["--no-session", "--preset", "audit"], extensions: [EXTENSION], timeoutMs: 120_000 });
  try {
    for (let t = 1; t <= TURNS; t++) {
      const change = CHANGES.get(t);
      if (change?.command) {
        const from = rpc.records.length;
        const response = await rpc.send({ type: "prompt", message: change.command });
        if (!response.success) throw new Error(`${change.command}: ${JSON.stringify(response)}`);
        await waitNotify(rpc, from, "cache:");
      }
      if (change?.tool) server.enqueue({ toolCalls: [{ name: TOOL, arguments: change.tool }] }, { text: REPLY });
      await rpc.prompt(USER(t), 60_000);
    }
  } finally {
    await rpc.close();
    await env.cleanup();
  }
  return server.completions().map((r) => r.body);
}

function report(label, bodies, target) {
  const forge = measure(bodies.map((b) => serialize(text(b.messages[0]), b.messages.slice(1))));
  const naive = measure(bodies.map((b) => naiveParts(b)).map((p) => serialize(p.prompt, p.messages)));
  const patches = bodies.at(-1).messages.slice(1).filter((m) => m.role === "system" || m.role === "developer").length;
  const promptsChanged = bodies.filter((b, i) => i > 0 && text(b.messages[0]) !== text(bodies[i - 1].messages[0])).length;
  const ratio = naive.rewritten === 0 ? 0 : forge.rewritten / naive.rewritten;
  console.log(
    `${label.padEnd(34)} requests ${String(bodies.length).padStart(3)}  rewritten: forge ${String(forge.rewritten).padStart(7)}  naive ${String(naive.rewritten).padStart(7)}` +
      `  ratio ${(ratio * 100).toFixed(2).padStart(6)}%  (new chars: forge ${forge.appended}, naive ${naive.appended}; prompt changed in ${promptsChanged} requests; patch messages ${patches})`,
  );
  return { ratio, forge, patches, promptsChanged };
}

const server = await startFakeServer();
let failed = false;
try {
  console.log(`bench/updates-session: ${TURNS} turns, ${CHANGES.size} update changes (8 commands, 2 agent tool calls), preset audit, RPC`);
  const legacy = report("0.73.1 (timeline)", await runSession(server, LEGACY_HOST, null));
  const patched = report("1.x, mid-conversation system msgs", await runSession(server, MODERN_HOST, { supportsMidConvoSystemMessages: true }));
  report("1.x, model without them (folded)", await runSession(server, MODERN_HOST, null));
  const legacyOk = legacy.ratio < TARGET_LEGACY;
  const patchOnly = patched.forge.rewritten === 0 && patched.promptsChanged === 0 && patched.patches === CHANGES.size;
  console.log(`target 0.73.1: forge under ${TARGET_LEGACY * 100}% of naive: ${legacyOk ? "met" : "MISSED"}`);
  console.log(`target 1.x: patch-only (no prefix rewritten, leading prompt unchanged, one patch per change): ${patchOnly ? "met" : "MISSED"}`);
  failed = !legacyOk || !patchOnly;
} finally {
  killLeftoverPi();
  await server.close();
}
process.exit(failed ? 1 : 0);
