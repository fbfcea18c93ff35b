// End-to-end: the cache-impact reports of /mode, /preset use and /system-update, and the warning before a large cached rewrite.
import { describe, expect, it } from "vitest";
import { HOSTS } from "../shared/pi-host.js";
import { printRun, updatesSuite } from "./harness/updates-session.js";

const suite = updatesSuite();
/** A long first prompt, so a rewrite of the conversation is well past the 8,000-char warning threshold. */
const LONG = `Read this. ${"The quick brown fox jumps over the lazy dog. ".repeat(220)}`;
const REPORT = /cache: ([\d,]+) of ([\d,]+) chars of the previous request stay identical \(([\d.]+)%\); last request read ([\d,]+) cached tokens/;
const WARNING = "forge: warning: this change rewrites";

/** The stderr lines from the line containing `start` up to (not including) the next command's output. */
function outputOf(stderr: string, start: string, before: string | null): string {
  const from = stderr.indexOf(start);
  expect(from, `no "${start}" in stderr:\n${stderr}`).toBeGreaterThanOrEqual(0);
  const to = before === null ? stderr.length : stderr.indexOf(before, from + start.length);
  return stderr.slice(from, to < 0 ? stderr.length : to);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: cache-impact reports", (_id, host) => {
  it("each command reports the prefix it keeps and the last cacheRead, and warns before a large cached rewrite", async () => {
    const env = await suite.env();
    suite.server.reset();
    suite.server.enqueue({ text: "ok", usage: { prompt_tokens: 3_500, cached_tokens: 3_000 } });
    const args = ["--no-session", "--preset", "audit", LONG, "/preset use audit", "/system-update Be terse.", "/mode off", "/preset use careful-change", "end"];
    const { requests, stderr } = await printRun(host, env, suite.server, args);
    expect(requests).toHaveLength(2);

    // Re-selecting the active preset changes nothing: the whole previous request stays.
    const same = outputOf(stderr, "forge: active preset audit", "forge: applied update-1");
    expect(same).toContain("(unchanged)");
    const [, kept, total, pct, cached] = same.match(REPORT)!;
    expect([kept, pct, cached]).toEqual([total, "100.0", "3,000"]);
    expect(Number(total!.replace(/,/g, ""))).toBeGreaterThan(LONG.length);
    expect(same).not.toContain(WARNING);

    // A system update appends on both hosts (this 1.x model gets a timeline message): nothing rewritten, no warning.
    const update = outputOf(stderr, "forge: applied update-1", "forge: mode off");
    expect(update.match(REPORT)?.[3]).toBe("100.0");
    expect(stderr.slice(0, stderr.indexOf("forge: applied update-1"))).not.toContain(WARNING);

    // /mode off rewrites everything after Pi's own prompt: warned before it happens, then reported.
    const off = outputOf(stderr, "forge: mode off", "forge: active preset careful-change");
    const warned = stderr.lastIndexOf(WARNING, stderr.indexOf("forge: mode off"));
    expect(warned).toBeGreaterThan(stderr.indexOf("forge: applied update-1"));
    const [, offKept, offTotal, offPct] = off.match(REPORT)!;
    expect(Number(offPct)).toBeLessThan(60);
    expect(Number(offTotal!.replace(/,/g, "")) - Number(offKept!.replace(/,/g, ""))).toBeGreaterThanOrEqual(LONG.length);

    // The previous request had audit: switching to careful-change keeps Pi's prompt and the shared test-first rules' position only.
    const next = outputOf(stderr, "forge: active preset careful-change", null);
    expect(next).toMatch(REPORT);
    expect(Number(next.match(REPORT)![3])).toBeLessThan(100);
    expect(Number(next.match(REPORT)![3])).toBeGreaterThanOrEqual(Number(offPct));
  });
});
