// End-to-end on both hosts: with forge.yaml's `contextFiles: nested`, a monorepo package's AGENTS.md reaches a session
// at the root once, as a system update, when a tool call first names a path in that package; never otherwise; and it
// stays in effect after a compaction.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../scripts/demo/fake-server.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { commitProject, forgeBuild, projectForgeDir, seedProjectTrust } from "./harness/forge-project.js";
import { withoutDate } from "./harness/probe.js";
import { applyTag, extendsRequest, occurrences, printRun, systemPromptOf, timeline, updatesSuite } from "./harness/updates-session.js";

const suite = updatesSuite();

const API_TEXT = "API-CONTEXT: handlers validate input, then call exactly one service.";
const ROOT_TEXT = "ROOT-CONTEXT: Pi loads this file itself.";
const IGNORED_TEXT = "IGNORED-CONTEXT: git ignores this directory.";
const RULE_ID = "context-packages-api";
/** What the rule delivers: a heading naming the file, then the file's text (its final line break ends the last line). */
const DELIVERED = `# packages/api/AGENTS.md\n\n${API_TEXT}`;

const PROJECT: Record<string, string> = {
  "AGENTS.md": `${ROOT_TEXT}\n`,
  "packages/api/AGENTS.md": `${API_TEXT}\n`,
  "packages/api/src/x.ts": "export const x = 1;\n",
  "packages/api/src/y.ts": "export const y = 2;\n",
  "packages/web/src/page.ts": "export const page = 1;\n",
  "packages/ignored/AGENTS.md": `${IGNORED_TEXT}\n`,
  "node_modules/dep/AGENTS.md": "DEP-CONTEXT: a dependency's file.\n",
  ".gitignore": "packages/ignored/\nnode_modules/\n",
  ".pi/forge/forge.yaml": "contextFiles: nested\n",
};

const read = (path: string) => ({ name: "read", arguments: { path } });

/** The JSON `/forge rules --json` printed last (one canonical line) in a print run's stderr. */
function printedRules(stderr: string): Array<{
  id: string;
  contextFile: string | null;
  status: string;
  switchedOn: null | { at: string; path: string; glob: string; active: boolean; changed: boolean };
}> {
  const line = stderr.split("\n").findLast((l) => l.startsWith('{"rules":'));
  if (line === undefined) throw new Error(`no /forge rules JSON in stderr:\n${stderr}`);
  return JSON.parse(line).rules;
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: nested context files as path rules", (_id, host) => {
  it("packages/api/AGENTS.md: never sent while the session stays out of packages/api; once, cache-true, on the first read there; still in effect after a compaction", async () => {
    // A tiny keepRecentTokens makes /compact-now summarize everything before the last prompt.
    const env = await suite.env({ cwdFiles: PROJECT, settings: { compaction: { keepRecentTokens: 1 } } });
    commitProject(env.cwd);
    forgeBuild({ root: env.cwd });
    seedProjectTrust(host, env);
    // Only the package's file: not the root's (Pi loads it), nor git-ignored or node_modules ones.
    const bundle = JSON.parse(readFileSync(join(projectForgeDir(env.cwd), "bundle.json"), "utf8"));
    expect(Object.keys(bundle.rules)).toEqual([RULE_ID]);

    // A session that never touches packages/api/: the text is never sent, the rule only listed as dormant.
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [read("packages/web/src/page.ts")] }, { text: "done" });
    const outside = await printRun(host, env, suite.server, ["--no-session", "web", "/forge rules --json"]);
    expect(outside.requests).toHaveLength(2);
    for (const r of outside.requests) {
      expect(occurrences(r, API_TEXT)).toBe(0);
      expect(occurrences(r, IGNORED_TEXT)).toBe(0);
      expect(occurrences(r, ROOT_TEXT)).toBe(1);
    }
    expect(systemPromptOf(outside.requests[0]!)).toContain(
      `- ${RULE_ID}: packages/api/AGENTS.md: instructions for work in packages/api/ (paths: packages/api/**)`,
    );
    expect(printedRules(outside.stderr)).toEqual([
      expect.objectContaining({ id: RULE_ID, contextFile: "packages/api/AGENTS.md", status: "offered", switchedOn: null }),
    ]);

    // A session that reads packages/api/src/x.ts, then y.ts: the text arrives once, after the first read.
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [read("packages/api/src/x.ts")] }, { toolCalls: [read("packages/api/src/y.ts")] }, { text: "done" });
    const inside = await printRun(host, env, suite.server, ["api"]);
    expect(inside.requests).toHaveLength(3);
    const [first, second, third] = inside.requests as [RecordedRequest, RecordedRequest, RecordedRequest];
    expect(occurrences(first, API_TEXT)).toBe(0);
    expect(inside.stderr).toContain(`forge: rule ${RULE_ID} switched on (read packages/api/src/x.ts matches packages/api/**)`);
    // A system update after the tool result (this model has no mid-conversation system messages on 1.x either).
    expect(timeline(second).at(-1)).toEqual({ role: "user", text: applyTag(RULE_ID, DELIVERED) });
    expect(occurrences(second, API_TEXT)).toBe(1);
    expect(occurrences(third, API_TEXT)).toBe(1);
    // Cache-true: the prompt never moves and each request extends the one before byte for byte.
    expect(withoutDate(systemPromptOf(second))).toBe(withoutDate(systemPromptOf(first)));
    expect(withoutDate(systemPromptOf(third))).toBe(withoutDate(systemPromptOf(first)));
    expect(extendsRequest(second, first) && extendsRequest(third, second)).toBe(true);

    // After a compaction the rule is still in effect: in the prompt's active set on 0.73.1, told again once on 1.x.
    suite.server.reset();
    const after = await printRun(host, env, suite.server, ["--continue", "more", "/compact-now", "/forge rules --json", "after"]);
    // more, the summarization request(s) (a split turn adds one), after.
    expect(after.requests.slice(1, -1).some((r) => /summar/i.test(systemPromptOf(r)))).toBe(true);
    const last = after.requests.at(-1)!;
    expect(timeline(last).some((m) => m.text === "after")).toBe(true);
    expect(occurrences(last, API_TEXT)).toBe(1);
    if (host.id === "legacy") expect(systemPromptOf(last)).toContain(applyTag(RULE_ID, DELIVERED));
    else expect(timeline(last).at(-1)!.text).toBe(applyTag(RULE_ID, DELIVERED));
    const [rule] = printedRules(after.stderr);
    expect(rule).toMatchObject({
      id: RULE_ID,
      status: "offered",
      switchedOn: { path: "packages/api/src/x.ts", glob: "packages/api/**", active: true, changed: false },
    });
    expect(Date.parse(rule!.switchedOn!.at)).not.toBeNaN();
  });
});
