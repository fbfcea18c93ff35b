// The updates-session bench's script (what happens before which turn, full and quick) and the usage Pi recorded, read
// back from the session file beside what the fake provider reported.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Turn -> what happens before that turn's prompt (a tool call is made by the fake agent during that turn). */
const FULL_SCRIPT = (second) =>
  new Map([
    [5, [{ update: "/system-update Prefer small diffs and explain each one." }]],
    [12, [{ tool: { action: "activate", id: "security-pass" } }]],
    [18, [{ update: "/system-update use findings-report" }]],
    [24, [{ update: "/system-update off update-1" }]],
    [30, [{ mode: "/preset use careful-change" }]],
    [36, [{ update: "/system-update Name every file you touch." }]],
    [40, [{ model: second }]],
    [44, [{ update: "/system-update off findings-report" }]],
    [50, [{ compact: true }]],
    [55, [{ update: "/system-update Use British spelling." }]],
    [60, [{ mode: "/preset use audit" }]],
    [66, [{ tool: { action: "deactivate", id: "security-pass" } }]],
    [70, [{ model: "fake-model" }]],
    [76, [{ tool: { action: "activate", id: "security-pass" } }]],
    [84, [{ update: "/system-update reset" }]],
    [88, [{ model: second }]],
    [90, [{ mode: "/preset use careful-change" }]],
  ]);
/** The quick pass: each kind of step once or twice, in 10 turns. */
const QUICK_SCRIPT = (second) =>
  new Map([
    [2, [{ update: "/system-update Prefer small diffs and explain each one." }]],
    [3, [{ tool: { action: "activate", id: "security-pass" } }]],
    [4, [{ mode: "/preset use careful-change" }]],
    [5, [{ model: second }]],
    [6, [{ compact: true }]],
    [7, [{ update: "/system-update off update-1" }]],
    [8, [{ model: "fake-model" }]],
    [9, [{ tool: { action: "deactivate", id: "security-pass" } }]],
  ]);

/** The script for `turns` turns (quick: the 10-turn pass), `second` the other model; STEP_COUNTS and SHAPE say what it holds. */
export function sessionScript(quick, turns, second) {
  const script = quick ? QUICK_SCRIPT(second) : FULL_SCRIPT(second);
  const steps = [...script.values()].flat();
  const count = (kind, one, many = `${one}s`) => {
    const k = steps.filter((s) => s[kind]).length;
    return `${k} ${k === 1 ? one : many}`;
  };
  const counts = `${steps.filter((s) => s.update || s.tool).length} update changes (${count("update", "command")}, ${count("tool", "agent tool call")}), ${count("model", "model switch", "model switches")}, ${count("compact", "compaction")}, ${count("mode", "mode switch", "mode switches")}`;
  return { SCRIPT: script, STEP_COUNTS: counts, SHAPE: `${turns} turns, ${counts}` };
}

/** The usage Pi recorded on each assistant message of the env's one session file, in order. */
export function recordedUsages(env) {
  const dir = join(env.agentDir, "sessions");
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".jsonl"));
  if (files.length !== 1) throw new Error(`expected one session file under ${dir}, found ${files.length}`);
  return readFileSync(join(dir, files[0]), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.type === "message" && entry.message?.role === "assistant")
    .map(({ message: { usage } }) => ({ input: usage.input, cacheRead: usage.cacheRead, cacheWrite: usage.cacheWrite }));
}

/** What the fake provider reported for a request, as Pi records it. */
export const asRecorded = (u) => ({
  input: u.prompt_tokens - u.cached_tokens - u.cache_write_tokens,
  cacheRead: u.cached_tokens,
  cacheWrite: u.cache_write_tokens,
});
