// End-to-end: /system-update apply, revoke, reset and resume with dist/extension.js in both real Pi hosts (print mode).
import { describe, expect, it } from "vitest";
import { systemMessagesOf, type RecordedRequest } from "../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, MODERN_HOST, type PiHost } from "../../scripts/demo/pi-host.js";
import { withoutDate } from "./harness/probe.js";
import {
  applyTag,
  extendsRequest,
  occurrences,
  printedStatus,
  printRun,
  retractTag,
  section,
  sessionFiles,
  systemPromptOf,
  timeline,
  updatesSuite,
} from "./harness/updates-session.js";

const suite = updatesSuite();
const TERSE = "Be terse.";
const SHORT = "Keep it short.";
/** The cache words every /system-update notice ends with (after a request was sent); how much it keeps is captured. */
const CACHE_LINE = / · keeps (the whole|none|\d+%) (?:of )?(?:the )?cached prompt/;

interface Session {
  env: PiEnv;
  /** One request per run: zero, one (apply), resumed (resume), two (apply + revoke), three (reset). */
  requests: Record<"zero" | "one" | "resumed" | "two" | "three", RecordedRequest>;
  stderr: Record<"one" | "resumed" | "two" | "three", string>;
}

/** The scripted session: five print runs over one persisted session, resumed with --continue each time. */
async function runSession(host: PiHost, env: PiEnv): Promise<Session> {
  suite.server.reset();
  const run = async (args: string[]) => {
    const r = await printRun(host, env, suite.server, args);
    expect(r.requests).toHaveLength(1);
    return { request: r.requests[0]!, stderr: r.stderr };
  };
  const zero = await run(["--preset", "audit", "zero"]);
  expect(sessionFiles(env)).toHaveLength(1);
  const one = await run(["--continue", `/system-update ${TERSE}`, "one"]);
  const resumed = await run(["--continue", "/system-update status --json", "resumed"]);
  const two = await run(["--continue", `/system-update ${SHORT}`, "/system-update off update-1", "two"]);
  const three = await run(["--continue", "/system-update reset", "/system-update status --json", "three"]);
  expect(sessionFiles(env)).toHaveLength(1);
  return {
    env,
    requests: { zero: zero.request, one: one.request, resumed: resumed.request, two: two.request, three: three.request },
    stderr: { one: one.stderr, resumed: resumed.stderr, two: two.stderr, three: three.stderr },
  };
}

/** Shared by every host and model: command output, status views and an append-only request history. */
function expectCommonShape(s: Session): void {
  expect(s.stderr.one).toContain("forge: applied update-1 (9 chars, digest ");
  expect(s.stderr.one).toMatch(CACHE_LINE);
  expect(s.stderr.two).toContain("forge: applied update-2");
  expect(s.stderr.two).toContain("forge: revoked update-1");
  expect(s.stderr.three).toContain("forge: reset; revoked update-2");
  // The resumed process replays the branch: update-1 is still active, and the status shows no body.
  const resumed = printedStatus(s.stderr.resumed);
  expect(resumed.active.map((u) => [u.updateId, u.source])).toEqual([["update-1", "user"]]);
  expect(s.stderr.resumed).not.toContain(TERSE);
  expect(printedStatus(s.stderr.three).active).toEqual([]);
  // Each request carries the previous one's messages unchanged (history is never rewritten).
  const order = [s.requests.zero, s.requests.one, s.requests.resumed, s.requests.two, s.requests.three];
  for (let i = 1; i < order.length; i++) expect(extendsRequest(order[i]!, order[i - 1]!)).toBe(true);
}

/** Appended delivery: each update reached the model exactly once; nothing repeats it after a resume. */
function expectDeliveredOnce(s: Session): void {
  expect(occurrences(s.requests.three, TERSE)).toBe(1);
  expect(occurrences(s.requests.three, SHORT)).toBe(1);
}

/**
 * Timeline delivery: each update is a tagged user-role message right before the next prompt, a revoke (and each
 * update a reset ends) is retracted the same way, and appending never breaks the cached prefix (the report says so).
 */
function expectTimelineMessages(s: Session): void {
  expect(timeline(s.requests.one).slice(-2)).toEqual([
    { role: "user", text: applyTag("update-1", TERSE) },
    { role: "user", text: "one" },
  ]);
  expect(timeline(s.requests.two).slice(-3)).toEqual([
    { role: "user", text: applyTag("update-2", SHORT) },
    { role: "user", text: retractTag("update-1") },
    { role: "user", text: "two" },
  ]);
  expect(timeline(s.requests.three).slice(-2)).toEqual([
    { role: "user", text: retractTag("update-2") },
    { role: "user", text: "three" },
  ]);
  for (const err of [s.stderr.one, s.stderr.two, s.stderr.three]) expect(err.match(CACHE_LINE)?.[1]).toBe("the whole");
}

describe("legacy host (0.73.1): timeline delivery", () => {
  const host = HOSTS.find((h) => h.id === "legacy")!;

  it("apply, resume, revoke and reset keep the system prompt bytes and tell the model in the timeline", async () => {
    const s = await runSession(host, await suite.env());
    expectCommonShape(s);
    expectDeliveredOnce(s);
    const prompt = withoutDate(systemPromptOf(s.requests.zero));
    // (1) The system prompt is byte-identical across every change (the inventory was there from the start).
    for (const r of Object.values(s.requests)) expect(withoutDate(systemPromptOf(r))).toBe(prompt);
    expect(prompt).toContain('The preset "audit" declares these dormant instruction blocks.');
    expect(prompt).not.toContain(TERSE);
    expectTimelineMessages(s);
  });
});

describe("modern host (1.x): the delivery follows the model", () => {
  it("a model with mid-conversation system messages: patches and retractions, the leading prompt never changes", async () => {
    const s = await runSession(MODERN_HOST, await suite.env({ compat: { supportsMidConvoSystemMessages: true } }));
    expectCommonShape(s);
    expectDeliveredOnce(s);
    const prompt = systemPromptOf(s.requests.zero);
    for (const r of Object.values(s.requests)) expect(systemPromptOf(r)).toBe(prompt);
    expect(prompt).toContain("<forge-updates>\n# System update blocks");
    const patches = (r: RecordedRequest) => systemMessagesOf(r.body).slice(1);
    const applied1 = `Updated system prompt section "forge-update-update-1":\n\n${section("update-1", TERSE)}`;
    const applied2 = `Updated system prompt section "forge-update-update-2":\n\n${section("update-2", SHORT)}`;
    expect(patches(s.requests.one)).toEqual([applied1]);
    expect(patches(s.requests.resumed)).toEqual([applied1]);
    // One patch for the batch: update-2 added, update-1 retracted by Pi's own wording.
    expect(patches(s.requests.two)).toEqual([applied1, `${applied2}\n\nRemoved system prompt section "forge-update-update-1".`]);
    expect(patches(s.requests.three).at(-1)).toBe('Removed system prompt section "forge-update-update-2".');
    // No timeline message duplicates a section.
    expect(JSON.stringify(s.requests.three.body.messages)).not.toContain("<system_update");
    for (const err of [s.stderr.one, s.stderr.two, s.stderr.three]) expect(err.match(CACHE_LINE)?.[1]).toBe("the whole");
    expect(printedStatus(s.stderr.resumed)).toMatchObject({
      delivery: "sections",
      deliveryReason: "model-with",
      active: [{ updateId: "update-1", told: "section" }],
    });
  });

  it("a model without them: timeline messages; the prompt Pi replays never changes", async () => {
    const s = await runSession(MODERN_HOST, await suite.env());
    expectCommonShape(s);
    expectDeliveredOnce(s);
    const prompt = systemPromptOf(s.requests.zero);
    for (const r of Object.values(s.requests)) expect(systemPromptOf(r)).toBe(prompt);
    expect(prompt).toContain("<forge-updates>\n# System update blocks");
    expect(prompt).not.toContain("<forge-update-");
    // Pi records no section change, so it has nothing to fold into the prompt.
    for (const r of Object.values(s.requests)) expect(systemMessagesOf(r.body)).toHaveLength(1);
    expectTimelineMessages(s);
    // Status names the delivery and why.
    expect(printedStatus(s.stderr.three)).toMatchObject({ delivery: "timeline", deliveryReason: "model-without" });
  });
});
