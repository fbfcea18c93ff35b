// Model test of update delivery: random sequences of applies, revokes, resets, agent tool calls (first and later tool
// batches), model switches, forced prompts, compactions, resumes, /tree moves and forks, run through the real feature
// and host adapter on a simulation of each Pi host that records every request. For every request it checks:
//   1. the model's view of the active set (read from the request's bytes) equals the reducer's;
//   2. no update is told twice while the model holds it (per request, so per branch up to the compaction's summary);
//   3. an update the model holds through a message is only ever retracted by a message;
//   4. the request extends the previous one byte for byte unless a model switch (1.x), a forced prompt, a compaction or
//      a branch move came in between: an update change never rewrites the cached prefix.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldUpdateEvents } from "../../core/update-reducer.js";
import { registerSystemUpdates } from "../../runtime/updates/index.js";
import { TOOL_NAME } from "../../runtime/updates/update-tool.js";
import { FakeHost, type ScriptedCall, type SentRequest } from "../support/fake-host.js";
import type { HostFlavor } from "../support/fake-pi.js";
import { serializeSent, toldView } from "../shared/told-view.js";
import { block, presetRef, updatesDeps } from "../support/update-fixtures.js";

type Cmd =
  | { k: "apply"; text: string }
  | { k: "use"; block: string }
  | { k: "off"; pick: number }
  | { k: "reset" }
  | { k: "turn"; batches: ScriptedCall[][] }
  | { k: "model"; midConvo: boolean }
  | { k: "forced"; on: boolean }
  | { k: "compact"; keep: number | null }
  | { k: "resume" }
  | { k: "tree"; pick: number }
  | { k: "fork"; pick: number };

const BLOCKS = ["tdd", "sec", "strict"];
const call = fc
  .record({ action: fc.constantFrom("activate", "deactivate"), id: fc.constantFrom(...BLOCKS) })
  .map((args): ScriptedCall => ({ name: TOOL_NAME, args }));
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("Be terse.", "Name every file.", "Use British spelling.").map((text) => ({ k: "apply" as const, text })) },
  { weight: 2, arbitrary: fc.constantFrom(...BLOCKS).map((b) => ({ k: "use" as const, block: b })) },
  { weight: 3, arbitrary: fc.nat(5).map((pick) => ({ k: "off" as const, pick })) },
  { weight: 1, arbitrary: fc.constant({ k: "reset" as const }) },
  { weight: 6, arbitrary: fc.array(fc.array(call, { minLength: 1, maxLength: 2 }), { maxLength: 2 }).map((batches) => ({ k: "turn" as const, batches })) },
  { weight: 2, arbitrary: fc.boolean().map((midConvo) => ({ k: "model" as const, midConvo })) },
  { weight: 1, arbitrary: fc.boolean().map((on) => ({ k: "forced" as const, on })) },
  { weight: 1, arbitrary: fc.option(fc.nat(9), { nil: null }).map((keep) => ({ k: "compact" as const, keep })) },
  { weight: 1, arbitrary: fc.constant({ k: "resume" as const }) },
  { weight: 1, arbitrary: fc.nat(9).map((pick) => ({ k: "tree" as const, pick })) },
  { weight: 1, arbitrary: fc.nat(9).map((pick) => ({ k: "fork" as const, pick })) },
);

const PRESET = presetRef([block("tdd", { callable: true }), block("sec", { callable: true }), block("strict")]);

/** Runs `cmds` on a fresh simulated host and checks every request it sends. */
async function check(flavor: HostFlavor, midConvo: boolean, cmds: Cmd[]): Promise<void> {
  const host = new FakeHost(flavor, (pi) => void registerSystemUpdates(pi, updatesDeps(pi, { preset: PRESET })), undefined, midConvo);
  let previous: SentRequest | null = null;
  let moved = true; // the first request has nothing to extend
  host.onRequest = (request) => {
    const active = foldUpdateEvents(host.session.getBranch()).active;
    const told = toldView(request);
    expect(told.violations).toEqual([]);
    expect(new Map([...told.held].map(([id, h]) => [id, h.content]))).toEqual(new Map(active.map((u) => [u.updateId, u.contentSnapshot])));
    if (!moved && previous) expect(serializeSent(request).startsWith(serializeSent(previous))).toBe(true);
    previous = request;
    moved = false;
  };
  const userEntries = () => host.session.getBranch().filter((e) => e.type === "message" && (e.message as { role?: string }).role === "user");
  const activeIds = () => foldUpdateEvents(host.session.getBranch()).active.map((u) => u.updateId);
  await host.start("startup");
  let turns = 0;
  for (const c of cmds) {
    switch (c.k) {
      case "apply":
        await host.command(c.text);
        break;
      case "use":
        await host.command(`use ${c.block}`);
        break;
      case "off": {
        const ids = activeIds();
        if (ids.length > 0) await host.command(`off ${ids[c.pick % ids.length]}`);
        break;
      }
      case "reset":
        await host.command("reset");
        break;
      case "turn":
        await host.turn(`Turn ${++turns}.`, c.batches);
        break;
      case "model":
        await host.switchModel(c.midConvo);
        if (flavor === "1.x") moved = true;
        break;
      case "forced":
        if ((host.forced !== null) !== c.on) moved = true;
        host.forced = c.on ? "EXACT PROMPT" : null;
        break;
      case "compact": {
        // Keep from a user message the context still carries, as Pi's compaction does.
        const inContext = new Set(host.contextEntryIds());
        const users = userEntries().filter((e) => inContext.has(e.id));
        await host.compact(c.keep === null || users.length === 0 ? null : users[c.keep % users.length]!.id);
        moved = true;
        break;
      }
      case "resume":
        await host.resume();
        break;
      case "tree":
      case "fork": {
        const users = userEntries();
        if (users.length === 0) break;
        const target = users[c.pick % users.length]!;
        if (c.k === "tree") await host.tree(target.parentId);
        else await host.fork(target.id);
        moved = true;
        break;
      }
    }
  }
  // Whatever the sequence ended with, one more turn shows the model the branch's active set.
  await host.turn("Last turn.");
}

describe("update delivery model test (fake hosts recording requests)", () => {
  const cases: Array<[string, HostFlavor, boolean]> = [
    ["0.73.1", "0.73.1", false],
    ["1.x, starting on a model with mid-conversation system messages", "1.x", true],
    ["1.x, starting on a model without them", "1.x", false],
  ];
  for (const [name, flavor, midConvo] of cases) {
    it(`${name}: the model's view equals the reducer's after every request; nothing is told twice; updates never rewrite the prefix`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 25 }), (cmds) => check(flavor, midConvo, cmds)),
        { numRuns: 300 },
      );
    }, 120_000);
  }
});
