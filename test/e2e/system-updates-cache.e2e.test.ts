// End-to-end: the cache words of /mode, /preset use and /system-update notices, and the warning of a large cached rewrite.
import { describe, expect, it } from "vitest";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { printRun, updatesSuite } from "./harness/updates-session.js";

const suite = updatesSuite();
/** A long first prompt, so a rewrite of the conversation is well past the 8,000-char warning threshold. */
const LONG = `Read this. ${"The quick brown fox jumps over the lazy dog. ".repeat(220)}`;
/** A notice's cache words: the share of the cached prompt kept, the tokens re-sent, and (a warning) the last cacheRead. */
const KEEPS = / · keeps (\d+)% of the cached prompt, re-sends about ([\d,]+) tokens/;
const WHOLE = " · keeps the whole cached prompt";
/** What a warning adds: the cache the last request actually read (a large rewrite of a prefix served from cache). */
const WARNED = /\(the last request read ([\d,]+) cached tokens\)/;
const num = (s: string) => Number(s.replace(/,/g, ""));

/** The stderr lines from the line containing `start` up to (not including) the next command's output. */
function outputOf(stderr: string, start: string, before: string | null): string {
  const from = stderr.indexOf(start);
  expect(from, `no "${start}" in stderr:\n${stderr}`).toBeGreaterThanOrEqual(0);
  const to = before === null ? stderr.length : stderr.indexOf(before, from + start.length);
  return stderr.slice(from, to < 0 ? stderr.length : to);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: cache-impact reports", (_id, host) => {
  it("each command's one notice says the share of the cached prompt it keeps, and warns of a large cached rewrite", async () => {
    const env = await suite.env();
    suite.server.reset();
    suite.server.enqueue({ text: "ok", usage: { prompt_tokens: 3_500, cached_tokens: 3_000 } });
    const args = ["--no-session", "--preset", "audit", LONG, "/preset use audit", "/system-update Be terse.", "/mode off", "/preset use careful-change", "end"];
    const { requests, stderr } = await printRun(host, env, suite.server, args);
    expect(requests).toHaveLength(2);
    // The fake model's catalog entry has zero prices: the notices say tokens, never money.
    expect(stderr).toMatch(KEEPS);
    expect(stderr).not.toMatch(/\$\d|cached tokens: about/);

    // Re-selecting the active preset changes nothing: the whole previous request stays, in the same one notice.
    const same = outputOf(stderr, "forge: active preset audit", "forge: applied update-1");
    expect(same).toContain(`(unchanged)${WHOLE}`);
    expect(same).not.toMatch(WARNED);

    // A system update appends on both hosts (this 1.x model gets a timeline message): nothing rewritten, no warning.
    const update = outputOf(stderr, "forge: applied update-1", "forge: mode off");
    expect(update).toContain(WHOLE);
    expect(stderr.slice(0, stderr.indexOf("forge: mode off"))).not.toMatch(WARNED);

    // /mode off rewrites everything after Pi's own prompt: its one notice warns, with the cache the last request read.
    const off = outputOf(stderr, "forge: mode off", "forge: active preset careful-change");
    expect(off.match(WARNED)?.[1]).toBe("3,000");
    const [, offPct, offTokens] = off.match(KEEPS)!;
    expect(Number(offPct)).toBeLessThan(60);
    expect(num(offTokens!)).toBeGreaterThanOrEqual(Math.ceil(LONG.length / 4));

    // The previous request had audit: switching to careful-change keeps Pi's prompt and the shared test-first rules' position only.
    const next = outputOf(stderr, "forge: active preset careful-change", null);
    expect(next).toMatch(KEEPS);
    expect(Number(next.match(KEEPS)![1])).toBeLessThan(100);
    expect(Number(next.match(KEEPS)![1])).toBeGreaterThanOrEqual(Number(offPct));
  });
});
