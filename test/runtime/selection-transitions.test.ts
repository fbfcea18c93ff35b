// Selection transitions are pure: the entry to append (or why not, or the dialog a replace_final base needs).
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../core/component-catalog.js";
import { createStateEntry, resolveRequest, type ResolvedCandidate } from "../../core/selection.js";
import {
  describeActivation,
  planActivation,
  planConfirmed,
  planOff,
  planStartup,
  startupConfirmation,
  type ActivationRequest,
} from "../../runtime/selection-transitions.js";
import { makeBundle } from "./helpers.js";

const NOW = new Date("2026-11-30T12:00:00Z");
const catalogWith = (exactText: string) =>
  buildCatalog({
    global: makeBundle("global", { exact: { strategy: "replace_final", text: exactText }, review: {}, tests: {} }, { duo: { overlays: ["review", "tests"] } }),
  });
const catalog = catalogWith("EXACT");
const digest = catalog.modes.get("exact")!.mode.digest;

function candidate(keys: string[]): ResolvedCandidate {
  const r = resolveRequest(catalog, { kind: "keys", keys });
  if (!r.ok) throw new Error(r.error);
  return r.candidate;
}
const request = (keys: string[], extra: Partial<ActivationRequest> = {}): ActivationRequest => ({
  candidate: candidate(keys),
  source: "command",
  confirmation: { given: false },
  base: null,
  canAsk: false,
  ...extra,
});

describe("planActivation", () => {
  it("pins a plain selection as it is now", () => {
    const plan = planActivation(catalog, request(["review"]), NOW);
    expect(plan).toEqual({ kind: "ready", entry: createStateEntry(catalog, candidate(["review"]), { source: "command", now: NOW }) });
  });

  it("a replace_final base needs a confirmation bound to its digest", () => {
    expect(planActivation(catalog, request(["exact"]), NOW)).toEqual({
      kind: "refused",
      message: `"exact" (replace_final, digest ${digest.slice(0, 12)}) needs confirmation: add --confirm-exact (headless) or PI_MODE_CONFIRM_EXACT=1 (startup)`,
    });
    const asked = planActivation(catalog, request(["exact"], { canAsk: true }), NOW);
    expect(asked).toMatchObject({ kind: "ask", digest, title: "Use Exact as the exact system prompt?" });
    expect(asked.kind === "ask" && asked.message).toContain(`Confirm digest ${digest.slice(0, 12)}.`);
    const flagged = planActivation(catalog, request(["exact"], { confirmation: { given: true, digestPrefix: digest.slice(0, 8) } }), NOW);
    expect(flagged).toMatchObject({ kind: "ready", entry: { base: "exact", confirmedExact: digest } });
    const wrong = planActivation(catalog, request(["exact"], { confirmation: { given: true, digestPrefix: "abcdef" } }), NOW);
    expect(wrong).toMatchObject({ kind: "refused", message: expect.stringContaining("confirmation was for digest abcdef") });
  });

  it("a replayed confirmation of the same digest needs no new one", () => {
    const base = { ...createStateEntry(catalog, candidate(["exact"]), { source: "command", now: new Date(0) }), confirmedExact: digest };
    expect(planActivation(catalog, request(["exact"], { base }), NOW)).toMatchObject({ kind: "ready", entry: { confirmedExact: digest } });
  });
});

describe("planConfirmed", () => {
  it("keeps the confirmation when nothing moved, refuses when the bundle changed during the dialog", () => {
    const req = request(["exact"], { canAsk: true });
    const asked = planActivation(catalog, req, NOW);
    if (asked.kind !== "ask") throw new Error("expected a dialog");
    expect(planConfirmed(catalog, req, asked, NOW)).toMatchObject({ kind: "ready", entry: { confirmedExact: digest } });
    expect(planConfirmed(catalogWith("SWAPPED"), req, asked, NOW)).toEqual({
      kind: "refused",
      message: `the bundle changed while confirming "exact" (replace_final, digest ${digest.slice(0, 12)}); nothing was activated`,
    });
  });
});

describe("planOff, describeActivation, startupConfirmation", () => {
  it("off appends nothing when nothing is selected", () => {
    expect(planOff(catalog, null, () => NOW)).toBeNull();
    const on = createStateEntry(catalog, candidate(["review"]), { source: "command", now: NOW });
    expect(planOff(catalog, on, () => NOW)).toMatchObject({ base: null, overlays: [], source: "off" });
  });

  it("describes an activation", () => {
    const duo = resolveRequest(catalog, { kind: "preset", name: "duo" });
    if (!duo.ok) throw new Error(duo.error);
    expect(describeActivation(createStateEntry(catalog, duo.candidate, { source: "preset", now: NOW }))).toBe(
      "forge: active preset duo overlays review, tests (drift policy block)",
    );
    expect(
      describeActivation(createStateEntry(catalog, { base: null, overlays: [], preset: null, driftPolicy: "block" }, { source: "command", now: NOW })),
    ).toBe("forge: mode off (Pi's native prompt)");
  });

  it("reads PI_MODE_CONFIRM_EXACT", () => {
    expect(startupConfirmation({})).toEqual({ given: false });
    expect(startupConfirmation({ PI_MODE_CONFIRM_EXACT: "0" })).toEqual({ given: false });
    expect(startupConfirmation({ PI_MODE_CONFIRM_EXACT: "true" })).toEqual({ given: true, digestPrefix: null });
    expect(startupConfirmation({ PI_MODE_CONFIRM_EXACT: " ABCDEF " })).toEqual({ given: true, digestPrefix: "abcdef" });
  });
});

describe("planStartup", () => {
  const replayed = createStateEntry(catalog, candidate(["review"]), { source: "command", now: new Date(0) });
  it("keeps the replay without a request or when it already is the request", () => {
    expect(planStartup(catalog, replayed, { kind: "replay" })).toEqual({ kind: "replay" });
    expect(planStartup(catalog, replayed, { kind: "request", source: "env", origin: "PI_MODE", request: { kind: "keys", keys: ["review"] } })).toEqual({
      kind: "replay",
    });
  });
  it("refuses malformed and unresolvable requests, activates others", () => {
    expect(planStartup(catalog, null, { kind: "error", error: "bad" })).toEqual({ kind: "refused", error: "bad" });
    expect(planStartup(catalog, null, { kind: "request", source: "flag", origin: "--mode", request: { kind: "keys", keys: ["nope"] } })).toMatchObject({
      kind: "refused",
      error: expect.stringMatching(/^forge: --mode refused: .*; using Pi's native prompt$/),
    });
    expect(planStartup(catalog, replayed, { kind: "request", source: "env", origin: "PI_MODES", request: { kind: "preset", name: "duo" } })).toMatchObject({
      kind: "activate",
      source: "env",
      origin: "PI_MODES",
      candidate: { overlays: ["review", "tests"], preset: "duo" },
    });
  });
});
