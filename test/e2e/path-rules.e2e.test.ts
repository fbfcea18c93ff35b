// End-to-end on both hosts, the fake model making the tool calls: a path rule switches on after a matching read and reaches
// the next request as system updates do; edit limits refuse edits before they run; imported Roo and Pi presets keep
// their tool permissions; an imported Cursor rule switches on by path.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { systemMessagesOf, type RecordedRequest } from "../../scripts/demo/fake-server.js";
import { forgeSync, forgeBuild, seedProjectTrust } from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, MODERN_HOST, type PiHost } from "../../scripts/demo/pi-host.js";
import { withoutDate } from "./harness/probe.js";
import {
  applyTag,
  extendsRequest,
  occurrences,
  EXTENSIONS,
  printRun,
  section,
  systemPromptOf,
  timeline,
  toolNames,
  toolResults,
  updatesSuite,
} from "./harness/updates-session.js";
import { bareEnv } from "../support/home-guard.js";
import { pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = updatesSuite();

const RULE_TEXT = "DB-RULE: every schema change needs a migration in migrations/.";
const SOURCES: Record<string, string> = {
  ".pi/forge/rules/db-rules.yaml": `name: Database rules\ndescription: Conventions for the schema.\nwhen:\n  paths: [src/db/**]\ncontent: "${RULE_TEXT}"\n`,
  ".pi/forge/modes/docs.yaml": "label: Docs\ndescription: Docs only.\nstrategy: append\nprompt: You write documentation.\nedits:\n  allow: [docs/**]\n",
};
const ROOMODES = JSON.stringify({
  customModes: [
    {
      slug: "docs-writer",
      name: "Docs Writer",
      roleDefinition: "You write docs.",
      groups: ["read", ["edit", { fileRegex: "\\.md$", description: "Markdown only" }]],
    },
  ],
});
/** A Cursor rule as Cursor's editor writes it: unquoted globs, which are not YAML; forge import cursor reads it as Cursor does. */
const CURSOR_TEXT = "API-RULE: handlers validate input first.\n";
const CURSOR_RULE = `---\ndescription: API handlers\nglobs: src/api/**, **/*.proto\nalwaysApply: false\n---\n\n${CURSOR_TEXT}`;
/** Pi's example preset extension's `plan` preset (pi-coding-agent/examples/extensions/preset.ts). */
const PRESETS_JSON = JSON.stringify({ plan: { tools: ["read", "grep", "find", "ls"], instructions: "You are in PLANNING MODE. Do not change files." } });

const APP = "export const app = 1;\n";
const GUIDE = "# Guide\n\nOld text.\n";

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** The project the tests share per host: hand-written sources, an imported Roo mode, Pi preset and Cursor rule, built (and trusted). */
async function projectFor(host: PiHost, options: { compat?: Record<string, unknown> } = {}): Promise<PiEnv> {
  const env = await suite.env(options);
  write(env.cwd, {
    ...SOURCES,
    ".roomodes": ROOMODES,
    "presets.json": PRESETS_JSON,
    ".cursor/rules/api.mdc": CURSOR_RULE,
    "src/db/schema.sql": "create table t (id int);\n",
    "src/api/handler.ts": "export {};\n",
  });
  forgeBuild({ root: env.cwd });
  for (const args of [
    ["roo", ".roomodes", "--overlay"],
    ["pi-presets", "presets.json"],
    ["cursor", "."],
  ]) {
    const r = forgeSync(["import", ...args], {
      cwd: env.cwd,
      env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  }
  seedProjectTrust(host, env);
  return env;
}

/** Fresh files to edit, so each test starts from the same contents. */
function resetFiles(env: PiEnv): void {
  write(env.cwd, { "src/app.ts": APP, "docs/guide.md": GUIDE });
}

const read = (path: string) => ({ name: "read", arguments: { path } });
const edit = (path: string, oldText: string, newText: string) => ({ name: "edit", arguments: { path, edits: [{ oldText, newText }] } });

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: path rules and edit limits", (_id, host) => {
  let env: PiEnv;
  beforeAll(async () => {
    env = await projectFor(host);
  });
  // These tests share the project and need no start-up of their own: each is a new session of one RPC Pi per host
  // (a selection by /mode set or /preset use), the model's replies queued first. Its notices are what print mode
  // writes to stderr.
  const pool = rpcPool();
  const run = async (messages: string[]) => {
    const { requests, said } = await pooledTurns(pool, host, env, suite.server, messages, { extensions: EXTENSIONS, resetServer: false });
    expect(said).not.toMatch(/system updates: .* failed|compact-now failed/);
    return { requests, stderr: said };
  };

  it("a matching read switches the rule on and it reaches the next request; a non-matching read does nothing", async () => {
    resetFiles(env);
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [read("src/app.ts")] }, { toolCalls: [read("src/db/schema.sql")] }, { text: "done" });
    const { requests, stderr } = await run(["go", "/system-update status --json"]);
    expect(requests).toHaveLength(3);
    const [first, second, third] = requests as [RecordedRequest, RecordedRequest, RecordedRequest];
    // Dormant: one inventory line, never the text.
    expect(systemPromptOf(first)).toContain("- db-rules: Conventions for the schema. (paths: src/db/**)");
    for (const r of [first, second]) expect(occurrences(r, RULE_TEXT)).toBe(0);
    expect(stderr).toContain("forge: rule db-rules switched on (read src/db/schema.sql matches src/db/**)");
    expect(stderr).toMatch(/"updateId": "db-rules",\s+"source": "rule",\s+"ruleId": "db-rules",\s+"matchedPath": "src\/db\/schema.sql"/);
    expect(occurrences(third, RULE_TEXT)).toBe(1);
    // Both hosts (this 1.x model has no mid-conversation system messages, so it gets timeline messages as the agent
    // tool's changes do): a message steered in after the tool result; the prompt bytes never move, so the cached
    // prefix holds.
    expect(timeline(third).at(-1)).toEqual({ role: "user", text: applyTag("db-rules", RULE_TEXT) });
    expect(withoutDate(systemPromptOf(third))).toBe(withoutDate(systemPromptOf(first)));
    expect(systemPromptOf(third)).not.toContain(section("db-rules", RULE_TEXT));
    expect(extendsRequest(third, second) && extendsRequest(second, first)).toBe(true);
  });

  it("an imported Cursor rule (globs not valid YAML) stays dormant until a read matches it, then reaches the next request once", async () => {
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [read("src/api/handler.ts")] }, { text: "done" });
    const { requests, stderr } = await run(["go"]);
    expect(requests).toHaveLength(2);
    const [first, second] = requests as [RecordedRequest, RecordedRequest];
    expect(systemPromptOf(first)).toContain("- api: API handlers (paths: src/api/**, **/*.proto)");
    expect(occurrences(first, CURSOR_TEXT)).toBe(0);
    expect(stderr).toContain("forge: rule api switched on (read src/api/handler.ts matches src/api/**)");
    expect(occurrences(second, CURSOR_TEXT)).toBe(1);
    expect(timeline(second).at(-1)).toEqual({ role: "user", text: applyTag("api", CURSOR_TEXT) });
  });

  it("an edit outside the active mode's limit is refused with the tool error and the file is unchanged; one inside is made", async () => {
    resetFiles(env);
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [edit("src/app.ts", "= 1", "= 2"), edit("docs/guide.md", "Old text.", "New text.")] }, { text: "done" });
    const { requests } = await run(["/mode set docs", "go"]);
    expect(requests).toHaveLength(2);
    const results = toolResults(requests[1]!);
    expect(results).toHaveLength(2);
    expect(results[0]).toContain(
      'forge: edit refused: mode "docs" allows edits only to docs/** (paths relative to the project root); "src/app.ts" is not among them. The file was not changed.',
    );
    expect(results[1]).not.toContain("refused");
    expect(readFileSync(join(env.cwd, "src/app.ts"), "utf8")).toBe(APP);
    expect(readFileSync(join(env.cwd, "docs/guide.md"), "utf8")).toBe("# Guide\n\nNew text.\n");
  });

  it("the imported Roo mode with a fileRegex refuses an edit to a non-matching file", async () => {
    resetFiles(env);
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [edit("src/app.ts", "= 1", "= 2"), edit("docs/guide.md", "Old text.", "New text.")] }, { text: "done" });
    const { requests } = await run(["/mode set docs-writer", "go"]);
    // Roo's read and edit groups: read, grep, find, ls, edit, write (bash was not granted).
    expect(toolNames(requests[0]!).sort()).toEqual(["edit", "find", "grep", "ls", "read", "write"]);
    const results = toolResults(requests[1]!);
    expect(results[0]).toContain('forge: edit refused: mode "docs-writer" allows edits only to /\\.md$/');
    expect(readFileSync(join(env.cwd, "src/app.ts"), "utf8")).toBe(APP);
    expect(readFileSync(join(env.cwd, "docs/guide.md"), "utf8")).toBe("# Guide\n\nNew text.\n");
  });

  it("Pi's example plan preset, imported, sends exactly read, grep, find, ls", async () => {
    suite.server.reset();
    const { requests } = await run(["/preset use plan", "hello", "/mode off", "again"]);
    expect(toolNames(requests[0]!).sort()).toEqual(["find", "grep", "ls", "read"]);
    // /mode off restores Pi's own tools exactly.
    expect(toolNames(requests[1]!).sort()).toEqual(["bash", "edit", "read", "write"]);
  });
});

describe("modern host, a model with mid-conversation system messages", () => {
  it("a rule switched on by a read is a patch after the tool result; the leading prompt stays byte-identical", async () => {
    const env = await projectFor(MODERN_HOST, { compat: { supportsMidConvoSystemMessages: true } });
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [read("src/db/schema.sql")] }, { text: "done" });
    const { requests } = await printRun(MODERN_HOST, env, suite.server, ["--no-session", "go"]);
    const [first, second] = requests as [RecordedRequest, RecordedRequest];
    expect(systemPromptOf(second)).toBe(systemPromptOf(first));
    expect(systemMessagesOf(second.body).slice(1)).toEqual([`Updated system prompt section "forge-update-db-rules":\n\n${section("db-rules", RULE_TEXT)}`]);
    expect((second.body.messages as Array<{ role: string }>).map((m) => m.role).slice(-2)).toEqual(["tool", "system"]);
    expect(extendsRequest(second, first)).toBe(true);
  });
});
