// End-to-end, both hosts: each notice's "keeps N%" is the share of the request body the next request keeps, tools
// included (issue 30 item 4): a /mode switch that changes `tools:`, one that does not, a /system-update and a /preset use.
import { describe, expect, it } from "vitest";
import { toolNames } from "../shared/fake-server.js";
import { HOSTS } from "../shared/pi-host.js";
import { keptPrefix } from "../shared/prefix-cache.js";
import { forgeSuite, projectEnv } from "./harness/forge-project.js";
import { printRun } from "./harness/updates-session.js";

const suite = forgeSuite();
const TEXT = "Plain: answer in one short paragraph and cite the files you read.";
/** The same text twice: `ro` only adds a tools list, so the two switches differ only in the tools Pi declares. */
const MODES = {
  plain: { label: "Plain", strategy: "append", prompt: TEXT },
  ro: { label: "Ro", strategy: "append", prompt: TEXT, tools: ["read", "grep", "find", "ls"] },
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

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: cache notices count the request body", (_id, host) => {
  it("each notice's share is the byte-level prefix the next request body keeps of the one before, tools included", async () => {
    const { env } = await projectEnv(suite, host, MODES, PRESETS);
    suite.server.reset();
    const args = ["--no-session", "one", "/mode set plain", "two", "/mode set ro", "three", "/system-update Be terse.", "four", "/preset use back", "five"];
    const { requests, stderr } = await printRun(host, env, suite.server, args);
    expect(requests).toHaveLength(5);
    // The switch to ro changes the tools Pi declares; plain and back do not (back restores Pi's own).
    expect(toolNames(requests[2]!)).toEqual(["read", "grep", "find", "ls"]);
    expect(toolNames(requests[1]!)).toEqual(toolNames(requests[0]!));
    expect(toolNames(requests[4]!)).not.toEqual(toolNames(requests[3]!));

    const heads = ["forge: active overlays plain", "forge: active overlays ro", "forge: applied update-1", "forge: active preset back"];
    const said = heads.map((head) => keptPercent(noticeLine(stderr, head)));
    const bodies = heads.map((_, i) => keptPrefix(requests[i]!.body, requests[i + 1]!.body));
    // The tools change rewrites nearly everything; the same text without it keeps nearly everything.
    expect(bodies[0]!.percent).toBeGreaterThan(90);
    expect(bodies[1]!.percent).toBeLessThan(40);
    const report = heads.map((h, i) => `${h}: said ${said[i]}%, the bodies keep ${bodies[i]!.percent}% (${bodies[i]!.kept} of ${bodies[i]!.previous})`).join("\n");
    for (let i = 0; i < heads.length; i++) expect(Math.abs(said[i]! - bodies[i]!.percent), report).toBeLessThanOrEqual(2);
  });
});
