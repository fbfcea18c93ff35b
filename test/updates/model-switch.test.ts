// The delivery rules in named scenarios on a simulated 1.x host: a model switch each way, a forced prompt, a compaction,
// and what /system-update status and the cache notices say about the choice.
import { describe, expect, it } from "vitest";
import { registerSystemUpdates } from "../../runtime/updates/index.js";
import { FakeHost, type SentRequest } from "../support/fake-host.js";
import type { FakePi } from "../support/fake-pi.js";
import { serializeSent, toldView } from "../shared/told-view.js";
import { block, presetRef, updatesDeps } from "../support/update-fixtures.js";

const PRESET = presetRef([block("tdd", { callable: true })]);
const register = (pi: FakePi) => void registerSystemUpdates(pi, updatesDeps(pi, { preset: PRESET }));
const last = (host: FakeHost): SentRequest => host.requests.at(-1)!;
const systemTexts = (r: SentRequest) => r.messages.filter((m) => m.role === "system").map((m) => m.text);
const userTexts = (r: SentRequest) => r.messages.filter((m) => m.role === "user").map((m) => m.text);
const held = (r: SentRequest) => [...toldView(r).held].map(([id, h]) => `${id}:${h.via}`);

async function host(midConvo: boolean): Promise<FakeHost> {
  const h = new FakeHost("1.x", register, undefined, midConvo);
  await h.start("startup");
  await h.turn("zero");
  return h;
}

describe("a model switch moves later changes to the other delivery; what the model holds stays", () => {
  it("sections -> timeline: held sections stay in the prompt, a revoke is a retraction message, the prompt keeps its bytes", async () => {
    const h = await host(true);
    await h.command("Be terse.");
    await h.turn("one");
    expect(systemTexts(last(h)).at(-1)).toContain('Updated system prompt section "forge-update-update-1"');
    await h.switchModel(false);
    await h.turn("two");
    const prompt = last(h).prompt; // Pi folds the recorded patch into the prompt once: the switch's own rewrite
    expect(prompt).toContain("<forge-update-update-1>\nBe terse.\n</forge-update-update-1>");
    await h.command("Name every file.");
    await h.command("off update-1");
    await h.turn("three");
    expect(last(h).prompt).toBe(prompt);
    expect(userTexts(last(h)).slice(-3)).toEqual([
      '<system_update id="update-2">\nName every file.\n</system_update>',
      '<system_update id="update-1" status="revoked">\nThe previous update "update-1" no longer applies.\n</system_update>',
      "three",
    ]);
    expect(held(last(h))).toEqual(["update-2:message"]);
    expect(serializeSent(last(h)).startsWith(serializeSent(h.requests.at(-2)!))).toBe(true);
  });

  it("timeline -> sections: a message-held update is retracted by a message; new ones are section patches", async () => {
    const h = await host(false);
    await h.command("Be terse.");
    await h.command("use tdd");
    await h.turn("one");
    await h.switchModel(true);
    await h.command("off update-1");
    await h.command("Name every file.");
    await h.turn("two");
    const r = last(h);
    expect(r.messages.some((m) => m.text.includes('<system_update id="update-1" status="revoked">'))).toBe(true);
    expect(systemTexts(r).join("\n")).not.toContain('Removed system prompt section "forge-update-update-1"');
    expect(systemTexts(r).at(-1)).toContain('Updated system prompt section "forge-update-update-2"');
    // A block the model holds as a message stays on messages, also when it is activated again.
    await h.command("off tdd");
    await h.turn("three");
    await h.command("use tdd");
    await h.turn("four");
    expect(held(last(h))).toEqual(["update-2:section", "tdd:message"]);
    expect(userTexts(last(h)).slice(-2)).toEqual(['<system_update id="tdd">\nInstructions of tdd.\n</system_update>', "four"]);
    expect(toldView(last(h)).violations).toEqual([]);
  });

  it("a forced prompt restates the sections it hides; a compaction re-sends what only summarized messages told", async () => {
    const h = await host(false);
    await h.switchModel(true);
    await h.command("Be terse.");
    await h.turn("one"); // update-1 is a section now
    await h.switchModel(false);
    await h.command("Name every file.");
    await h.turn("two"); // update-2 is a message
    h.forced = "EXACT PROMPT";
    await h.turn("three");
    expect(last(h).prompt).toContain("EXACT PROMPT\n\n# System update blocks");
    expect(last(h).prompt).toContain(
      '# Active system updates\n\nThese system updates apply to the conversation below, unless a later <system_update status="revoked"> message retracts one.\n\n<system_update id="update-1">\nBe terse.\n</system_update>',
    );
    expect(held(last(h))).toEqual(["update-1:prompt", "update-2:message"]);
    h.forced = null;
    await h.compact(null); // the summary swallows the message that told update-2
    await h.turn("four");
    expect(held(last(h))).toEqual(["update-1:section", "update-2:message"]);
    expect(userTexts(last(h)).at(-1)).toBe('<system_update id="update-2">\nName every file.\n</system_update>');
  });
});

describe("status and notices say which delivery the current model gets and why", () => {
  it("/system-update status, in text and JSON, with how each update was told", async () => {
    const h = await host(false);
    await h.command("Be terse.");
    await h.command("status");
    expect(h.pi.lastNote()).toMatch(
      /^forge system updates: 1 active; timeline delivery: model fake\/without-system-messages has no mid-conversation system messages/,
    );
    // Appended to the session, but no request has carried it yet (issue 32): queued, not told.
    expect(h.pi.lastNote()).toContain("(queued as a message: the next request tells it)");
    await h.turn("one");
    await h.command("status");
    expect(h.pi.lastNote()).toContain("(told as a message)");
    await h.switchModel(true);
    await h.command("use tdd");
    await h.command("status --json");
    const status = JSON.parse(h.pi.lastNote());
    expect(status).toMatchObject({ delivery: "sections", deliveryReason: "model-with" });
    expect(status.deliveryWhy).toContain("model fake/with-system-messages takes mid-conversation system messages");
    expect(status.active.map((u: { updateId: string; told: string | null }) => [u.updateId, u.told])).toEqual([
      ["update-1", "message"],
      ["tdd", null],
    ]);
  });

  it("a model switch that changes the delivery is announced with its cache estimate; a compaction too", async () => {
    const h = await host(true);
    await h.command("Be terse.");
    await h.turn("one");
    h.pi.log.notes.length = 0;
    await h.switchModel(false);
    expect(h.pi.lastNote()).toMatch(
      /^forge: system updates now use timeline delivery: model fake\/without-system-messages has no mid-conversation system messages[^\n]* · keeps (\d+)% of the cached prompt, re-sends about [\d,]+ tokens/,
    );
    expect(Number(h.pi.lastNote().match(/keeps (\d+)%/)![1])).toBeLessThan(100);
    h.pi.log.notes.length = 0;
    await h.switchModel(false); // same delivery: nothing to say
    expect(h.pi.log.notes).toEqual([]);
    await h.compact(null);
    expect(h.pi.lastNote()).toMatch(/^forge: compaction: the next request starts from Pi's summary[^\n]* · keeps /);
  });
});
