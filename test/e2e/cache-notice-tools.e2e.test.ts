// End-to-end, both hosts: each notice's "keeps N%" is the share of the request body the next request keeps, tools
// included (issue 30 item 4): a /mode switch that changes `tools:`, one that does not, a /system-update and a /preset use.
import { describe, expect, it } from "vitest";
import { messageText, toolNames } from "../../scripts/demo/fake-server.js";
import type { PiEnv, PiEnvOptions } from "../../scripts/demo/pi-env.js";
import { HOSTS, MODERN_HOST, type PiHost } from "../../scripts/demo/pi-host.js";
import { keptPrefix } from "../../scripts/demo/prefix-cache.js";
import type { CostReport } from "../../core/usage-report.js";
import { forgeSuite, projectEnv } from "./harness/forge-project.js";
import { EXTENSIONS, printRun } from "./harness/updates-session.js";
import { pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = forgeSuite();
// The two tests per host on the plain project share it, each a new session of one RPC Pi per host (the notices count
// the bodies of their own session); a compat model's project and a resume keep their own `pi -p`.
const pool = rpcPool();
const plainProjects = new Map<string, Promise<PiEnv>>();
const plainProject = (host: PiHost) =>
  plainProjects.get(host.id) ??
  plainProjects
    .set(
      host.id,
      projectEnv(suite, host, MODES, PRESETS).then((p) => p.env),
    )
    .get(host.id)!;

/** The messages in a session of the pooled Pi on the host's plain project: its requests and what it said. */
async function pooledRun(host: PiHost, messages: string[]) {
  const { requests, said } = await pooledTurns(pool, host, await plainProject(host), suite.server, messages, { extensions: EXTENSIONS });
  expect(said).not.toMatch(/system updates: .* failed|compact-now failed/);
  return { requests, stderr: said };
}
const TEXT = "Plain: answer in one short paragraph and cite the files you read.";
/** The same text twice: `ro` only adds a tools list, so the two switches differ only in the tools Pi declares. */
const MODES = {
  plain: { label: "Plain", strategy: "append", prompt: TEXT },
  ro: { label: "Ro", strategy: "append", prompt: TEXT, tools: ["read", "grep", "find", "ls"] },
  /** Pi's own four and grep: a change that only adds a tool. */
  wide: { label: "Wide", strategy: "append", prompt: TEXT, tools: ["read", "bash", "edit", "write", "grep"] },
} as const;
const PRESETS = { back: { overlays: ["plain"] } } as const;

/** The share a notice says the next request keeps: N of "keeps N%", 100 for the whole, 0 for none. */
function keptPercent(notice: string): number {
  if (notice.includes("keeps the whole cached prompt")) return 100;
  if (notice.includes("keeps none of the cached prompt")) return 0;
  const m = notice.match(/keeps (\d+)% of the cached prompt/);
  if (!m) throw new Error(`no cache words in notice: ${notice}`);
  return Number(m[1]);
}

/** The one notice line a command printed: the first stderr line starting with `head`. */
function noticeLine(stderr: string, head: string): string {
  const line = stderr.split("\n").find((l) => l.startsWith(head));
  if (line === undefined) throw new Error(`no "${head}" notice in stderr:\n${stderr}`);
  return line;
}

/** Tokens a notice says it re-sends: N of "re-sends about N tokens", 0 for the whole prompt kept. */
function resentTokens(notice: string): number {
  if (notice.includes("keeps the whole cached prompt")) return 0;
  const m = notice.match(/re-sends about ([\d,]+) tokens?/);
  if (!m) throw new Error(`no re-sent tokens in notice: ${notice}`);
  return Number(m[1]!.replace(/,/g, ""));
}

/** The messages in one `pi -p` on a project of its own (a model with other compat settings). */
async function compatRun(host: PiHost, options: Omit<PiEnvOptions, "baseUrl">, messages: string[]) {
  const { env } = await projectEnv(suite, host, MODES, PRESETS, options);
  suite.server.reset();
  return printRun(host, env, suite.server, ["--no-session", ...messages]);
}

const HEADS = ["forge: active overlays plain", "forge: active overlays ro", "forge: applied update-1", "forge: active preset back"];

/** One print run of four changes, each followed by a request; each notice against the two bodies around it. */
async function runSwitches(host: PiHost, options?: Omit<PiEnvOptions, "baseUrl">) {
  const messages = ["one", "/mode set plain", "two", "/mode set ro", "three", "/system-update Be terse.", "four", "/preset use back", "five"];
  // Then another extension narrows the tools, and /forge cost names each rewrite's causes.
  messages.push("/set-tools read,grep", "six", "/forge cost --json");
  const { requests, stderr } = options === undefined ? await pooledRun(host, messages) : await compatRun(host, options, messages);
  expect(requests).toHaveLength(6);
  expect(toolNames(requests[5]!)).toEqual(["read", "grep"]);
  const cost: CostReport = JSON.parse(stderr.split("\n").find((l) => l.startsWith('{"cacheShare"'))!);

  // The switch to ro changes the tools Pi declares; plain does not, and back restores Pi's own.
  expect(toolNames(requests[2]!)).toEqual(["read", "grep", "find", "ls"]);
  expect(toolNames(requests[1]!)).toEqual(toolNames(requests[0]!));
  expect(toolNames(requests[4]!)).toEqual(toolNames(requests[0]!));
  const notices = HEADS.map((head) => noticeLine(stderr, head));
  const bodies = HEADS.map((_, i) => keptPrefix(requests[i]!.body, requests[i + 1]!.body));
  const report = HEADS.map(
    (h, i) => `${h}: said ${keptPercent(notices[i]!)}%, the bodies keep ${bodies[i]!.percent}% (${bodies[i]!.kept} of ${bodies[i]!.previous})`,
  );
  for (let i = 0; i < HEADS.length; i++) {
    const { kept, previous, percent } = bodies[i]!;
    expect(Math.abs(keptPercent(notices[i]!) - percent), report.join("\n")).toBeLessThanOrEqual(2);
    // The tokens it says it sends again: the characters after the first change, at 4 per token (2 points of slack).
    expect(Math.abs(resentTokens(notices[i]!) - Math.ceil((previous - kept) / 4)), report.join("\n")).toBeLessThanOrEqual(Math.ceil((previous * 0.02) / 4));
  }
  return { bodies, rewrites: cost.rewrites.list.map((r) => [r.turn, r.causes, r.by]) };
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: cache notices count the request body", (_id, host) => {
  it("each notice's share is the byte-level prefix the next request body keeps of the one before, tools included", async () => {
    const { bodies, rewrites } = await runSwitches(host);
    // The tools change rewrites nearly everything; the same text without it keeps nearly everything.
    expect(bodies[0]!.percent).toBeGreaterThan(90);
    expect(bodies[1]!.percent).toBeLessThan(40);
    expect(bodies[2]!.percent).toBe(100);
    // The provider's usage shows rewrites at ro (mode and tools) and six (tools alone: neither forge nor you). back left
    // the prefix of the request before it, but returned to the tools and prompt of "two", which the provider still held.
    expect(rewrites).toEqual([
      [2, ["mode", "tools"], "forge"],
      [5, ["tools"], "other"],
    ]);
  });
});

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: forge's own tool", (_id, host) => {
  it("a preset with a block the model may call adds forge_system_update at the next run: the notice counts it", async () => {
    const { requests, stderr } = await pooledRun(host, ["one", "/preset use audit", "two", "/mode off", "three"]);
    expect(requests).toHaveLength(3);
    expect(toolNames(requests[1]!).at(-1)).toBe("forge_system_update");
    expect(toolNames(requests[2]!)).toEqual(toolNames(requests[0]!));
    for (const [i, head] of ["forge: active preset audit", "forge: mode off"].entries()) {
      const said = noticeLine(stderr, head);
      const kept = keptPrefix(requests[i]!.body, requests[i + 1]!.body);
      // The tools change at their end: what comes after them (the prompt, the messages) is sent again.
      expect(kept.percent).toBeLessThan(80);
      expect(Math.abs(keptPercent(said) - kept.percent), `${said}\nthe bodies keep ${kept.percent}% (${kept.kept} of ${kept.previous})`).toBeLessThanOrEqual(2);
    }
  });
});

describe("modern host, a model with mid-conversation system messages", () => {
  it("a mode's text travels as Pi's appended section patch, so only a tools change rewrites the prefix", async () => {
    const { bodies, rewrites } = await runSwitches(MODERN_HOST, { compat: { supportsMidConvoSystemMessages: true } });
    expect(bodies[0]!.percent).toBe(100);
    expect(bodies[1]!.percent).toBeLessThan(40);
    // Here back's patch follows everything, so its tools change is a rewrite the provider saw too.
    expect(rewrites).toEqual([
      [2, ["mode", "tools"], "forge"],
      [4, ["preset", "tools"], "forge"],
      [5, ["tools"], "other"],
    ]);
  });
});

describe("modern host, a model that takes tool additions in place", () => {
  it("a switch that only adds a tool keeps the declarations and the prompt; one that removes tools rewrites", async () => {
    const compat = { supportsMidConvoSystemMessages: true, supportsMidConvoToolAdditions: true };
    const { env } = await projectEnv(suite, MODERN_HOST, MODES, PRESETS, { compat });
    suite.server.reset();
    const { requests, stderr } = await printRun(MODERN_HOST, env, suite.server, ["--no-session", "one", "/mode set wide", "two", "/mode set ro", "three"]);
    expect(requests).toHaveLength(3);
    const kept = [keptPrefix(requests[0]!.body, requests[1]!.body), keptPrefix(requests[1]!.body, requests[2]!.body)];
    expect(kept[0]!.percent).toBe(100);
    expect(kept[1]!.percent).toBeLessThan(40);
    for (const [i, head] of ["forge: active overlays wide", "forge: active overlays ro"].entries()) {
      const said = noticeLine(stderr, head);
      expect(Math.abs(keptPercent(said) - kept[i]!.percent), `${said}\nthe bodies keep ${kept[i]!.percent}%`).toBeLessThanOrEqual(2);
    }
  });
});

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: what a notice cannot know", (_id, host) => {
  it("says so before this session sent a request in this process, then counts from the first body it saw", async () => {
    const { env } = await projectEnv(suite, host, MODES, PRESETS, { settings: { compaction: { keepRecentTokens: 1 } } });
    suite.server.reset();
    await printRun(host, env, suite.server, ["one"]);
    const { requests, stderr } = await printRun(host, env, suite.server, [
      "--continue",
      "/mode set plain",
      "two",
      "three",
      "/compact-now",
      "/mode set plain",
      "four",
    ]);
    // A resumed session: the body of "one" went out in another process, so the share is not guessed.
    expect(noticeLine(stderr, "forge: active overlays plain")).toMatch(/ · cache impact not known: no request sent in this session since Pi started$/);
    // After a compaction the next body starts from Pi's summary: compared with the last request before it (three),
    // even for a selection that changes nothing (the messages after the prompt are what changes).
    const [two, three] = [requests[0]!, requests[1]!];
    expect(messageText(two.body.messages.at(-1))).toBe("two");
    expect(messageText(three.body.messages.at(-1))).toBe("three");
    const four = requests.at(-1)!;
    expect(messageText(four.body.messages.at(-1))).toBe("four");
    const said = stderr.split("\n").filter((l) => l.startsWith("forge: active overlays plain"))[1]!;
    const kept = keptPrefix(three.body, four.body);
    expect(said).toContain("(unchanged)");
    expect(kept.percent).toBeLessThan(100);
    expect(Math.abs(keptPercent(said) - kept.percent), `${said}\nthe bodies keep ${kept.percent}% (${kept.kept} of ${kept.previous})`).toBeLessThanOrEqual(2);
  });
});
