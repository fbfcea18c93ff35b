// Helpers for the system-update e2e tests: dist/extension.js with the built-in presets, request views, RPC commands.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { messageText, systemPromptOf, toolNames, type FakeServer, type RecordedRequest } from "../../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../../scripts/demo/pi-env.js";
import { assertPrintOk, REPO_ROOT, runPrint, type PiHost } from "../../../scripts/demo/pi-host.js";
import type { RpcClient } from "../../../scripts/demo/rpc-client.js";

import { FORGE_EXTENSION } from "./forge-project.js";
import { piSuite, type PiSuite } from "./pi-suite.js";

export { FORGE_EXTENSION };
/** Test-only commands (/compact-now, /tree-to-prompt), loaded beside forge. */
export const TEST_COMMANDS = fileURLToPath(new URL("../fixtures/updates-test-commands.ts", import.meta.url));
export const EXTENSIONS = [FORGE_EXTENSION, TEST_COMMANDS];
export const TOOL = "forge_system_update";

/** A block's text from the shipped built-in bundle (the built-in blocks have no template slots). */
export function builtinBlockText(preset: string, id: string): string {
  const bundle = JSON.parse(readFileSync(join(REPO_ROOT, "presets/bundle.json"), "utf8"));
  const block = bundle.presets[preset].systemUpdates.find((b: { id: string }) => b.id === id);
  return block.content.map((s: { text?: string }) => s.text ?? "").join("");
}

export const applyTag = (id: string, text: string) => `<system_update id="${id}">\n${text}\n</system_update>`;
export const retractTag = (id: string) => `<system_update id="${id}" status="revoked">\nThe previous update "${id}" no longer applies.\n</system_update>`;
export const section = (id: string, text: string) => `<forge-update-${id}>\n${text}\n</forge-update-${id}>`;

export type UpdatesSuite = PiSuite;

/** The file's fake server and envs (see piSuite). */
export function updatesSuite(): UpdatesSuite {
  return piSuite();
}

export interface UpdatesRun {
  requests: RecordedRequest[];
  stderr: string;
}

/** One `pi -p` run with forge and the test commands; the server's log and queue are not reset (callers enqueue first). */
export async function printRun(host: PiHost, env: PiEnv, server: FakeServer, args: string[]): Promise<UpdatesRun> {
  const from = server.completions().length;
  const result = await runPrint(host, args, { env, extensions: EXTENSIONS, timeoutMs: 60_000 });
  assertPrintOk(result);
  expect(result.stderr).not.toMatch(/forge: extension failed|system updates: .* failed|compact-now failed/);
  return { requests: server.completions().slice(from), stderr: result.stderr };
}

/** The non-system messages of a request as role + text. */
export function timeline(request: RecordedRequest): Array<{ role: string; text: string }> {
  return (request.body.messages as any[]).filter((m) => m.role !== "system" && m.role !== "developer").map((m) => ({ role: m.role, text: messageText(m) }));
}

/** Every message of a request, serialized (prompt included). */
export function allText(request: RecordedRequest): string {
  return JSON.stringify(request.body.messages);
}

/** How often `needle` appears in the request's message texts. */
export function occurrences(request: RecordedRequest, needle: string): number {
  return (request.body.messages as any[]).map(messageText).join("\n\u0000").split(needle).length - 1;
}

/** The tool-result texts of a request, in order. */
export function toolResults(request: RecordedRequest): string[] {
  return (request.body.messages as any[]).filter((m) => m.role === "tool").map(messageText);
}

/** The messages after the leading system prompt (mid-conversation system messages stay). */
function afterPrompt(request: RecordedRequest): unknown[] {
  const messages = request.body.messages as any[];
  return messages[0]?.role === "system" || messages[0]?.role === "developer" ? messages.slice(1) : messages;
}

/** `later` starts with every message of `earlier` after the leading prompt, byte for byte (compare prompts separately). */
export function extendsRequest(later: RecordedRequest, earlier: RecordedRequest): boolean {
  return JSON.stringify(afterPrompt(later)).startsWith(JSON.stringify(afterPrompt(earlier)).slice(0, -1));
}

export { systemPromptOf, toolNames };

/** The one session file of an env (print runs without --no-session write it after the first reply). */
export function sessionFiles(env: PiEnv): string[] {
  return readdirSync(join(env.agentDir, "sessions"), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(env.agentDir, "sessions", f));
}

/** Runs an extension command over RPC and returns the first notify (from then on) whose text contains `expected`. */
export async function rpcCommand(rpc: RpcClient, text: string, expected: string): Promise<string> {
  const from = rpc.records.length;
  const response = await rpc.send({ type: "prompt", message: text });
  expect(response.success).toBe(true);
  const notice = await rpc.waitFor((r) => r?.type === "extension_ui_request" && r.method === "notify" && String(r.message).includes(expected), { from });
  return String(notice.message);
}

/** `/system-update status --json` over RPC: the active update ids. */
export async function rpcActiveIds(rpc: RpcClient): Promise<string[]> {
  const text = await rpcCommand(rpc, "/system-update status --json", '"delivery"');
  return JSON.parse(text).active.map((u: { updateId: string }) => u.updateId);
}

/** The JSON that `/system-update status --json` printed last in a print run's stderr. */
export function printedStatus(stderr: string): {
  delivery: string;
  deliveryReason: string;
  active: Array<{ updateId: string; source: string; told: string | null }>;
} {
  const start = stderr.lastIndexOf('{\n  "delivery"');
  if (start < 0) throw new Error(`no status JSON in stderr:\n${stderr}`);
  let depth = 0;
  for (let i = start; i < stderr.length; i++) {
    if (stderr[i] === "{") depth++;
    else if (stderr[i] === "}" && --depth === 0) return JSON.parse(stderr.slice(start, i + 1));
  }
  throw new Error("unterminated status JSON");
}
