// A change's cache words from the request body Pi last sent: nothing before a request was answered, why not when the
// body is not known here, else the share of it the next body keeps (tools first), with the warning of a large rewrite.
import { describe, expect, it } from "vitest";
import type { RequestRecord } from "../../runtime/host-adapter/index.js";
import type { BranchEntry } from "../../runtime/host-adapter/ports.js";
import { requestChangeImpact } from "../../runtime/updates/request-impact.js";

const tool = (name: string) => ({ type: "function", function: { name, description: `${name} tool`, parameters: { type: "object" } } });
const LONG = "x".repeat(10_000);
const PAYLOAD = {
  model: "m",
  messages: [
    { role: "system", content: "PROMPT A" },
    { role: "user", content: LONG },
  ],
  tools: [tool("read"), tool("bash")],
};
const user: BranchEntry = { type: "message", id: "u1", message: { role: "user", content: LONG } };
const answer: BranchEntry = { type: "message", id: "a1", message: { role: "assistant", content: "ok", usage: { cacheRead: 3000, input: 1 } } };
const BRANCH = [user, answer];
const record = (leafId: string | null | undefined = "u1", payload: unknown = PAYLOAD): RequestRecord => ({
  payload,
  leafId,
  activeTools: ["read", "bash"],
  modern: false,
  toolNames: ["read", "bash"],
  toolChangesInPlace: "none",
});
const NOT_KNOWN = /^cache impact not known: /;

describe("cache words from the request body", () => {
  it("says nothing before a request was answered on the branch: nothing is cached", () => {
    expect(requestChangeImpact([user], record(), { lead: "PROMPT B" })).toEqual({ impact: null, usage: null, warn: false, words: null });
  });

  it("compares a change with the body Pi sent, tools first: a prompt edit keeps the tools, a tools change keeps less", () => {
    const same = requestChangeImpact(BRANCH, record(), { lead: "PROMPT A", activeTools: ["read", "bash"] });
    expect(same).toMatchObject({ warn: false, impact: { rewrittenChars: 0 }, words: "keeps the whole cached prompt" });
    const prompt = requestChangeImpact(BRANCH, record(), { lead: "PROMPT B" });
    const tools = JSON.stringify(PAYLOAD.tools).length;
    expect(prompt.impact?.keptChars).toBe(tools + 1 + "PROMPT ".length);
    // A large rewrite of a prefix the provider served from cache warns, with what the last request read.
    expect(prompt.warn).toBe(true);
    expect(prompt.words).toContain("(the last request read 3,000 cached tokens)");
    const narrowed = requestChangeImpact(BRANCH, record(), { activeTools: ["read", "grep"] });
    expect(narrowed.impact!.keptChars).toBeGreaterThan(JSON.stringify(PAYLOAD.tools[0]).length);
    expect(narrowed.impact!.keptChars).toBeLessThan(tools);
  });

  it("says it does not know without a body from this session, or with one from another branch", () => {
    expect(requestChangeImpact(BRANCH, null, { lead: "PROMPT B" }).words).toMatch(/^cache impact not known: no request sent in this session since Pi started$/);
    const elsewhere = requestChangeImpact(BRANCH, record("other"), { lead: "PROMPT B" });
    expect(elsewhere).toMatchObject({ impact: null, warn: false, words: "cache impact not known: the last request was sent on another branch" });
    expect(requestChangeImpact(BRANCH, record("u1", { contents: [] }), { lead: "PROMPT B" }).words).toBe(
      "cache impact not known: forge cannot read this provider's request body",
    );
    // A host that cannot tell the leaf: the body counts as this branch's.
    expect(requestChangeImpact(BRANCH, record(undefined), { lead: "PROMPT A" }).words).toBe("keeps the whole cached prompt");
  });

  it("an appended change keeps the whole cached prompt, body or not, unless a compaction came after the last request", () => {
    const appended = [{ role: "user", content: "<system_update>" }];
    expect(requestChangeImpact(BRANCH, null, { appended }).words).toBe("keeps the whole cached prompt");
    expect(requestChangeImpact(BRANCH, record(), { appended }).words).toBe("keeps the whole cached prompt");
    const compacted: BranchEntry[] = [...BRANCH, { type: "compaction", id: "c1", summary: "S", firstKeptEntryId: "a1" }];
    expect(requestChangeImpact(compacted, null, { appended }).words).toMatch(NOT_KNOWN);
    // With the body: the next one starts from the summary after the same tools and prompt.
    const after = requestChangeImpact(compacted, record(), { appended });
    expect(after.impact!.keptChars).toBeGreaterThanOrEqual(JSON.stringify(PAYLOAD.tools).length + 1 + "PROMPT A".length);
    expect(after.impact!.rewrittenChars).toBeGreaterThan(LONG.length);
  });
});
