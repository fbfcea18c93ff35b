// Trust that asks the right question (issue 31): the trust dialog's first answer is No, so Enter never trusts; a signer
// is shown fingerprint first, its name marked as claimed; a key claiming the name of a key the user trusts is warned
// about in the notice and the dialog; a bundle a trusted key signed before the newest one the user used here (a
// rollback) is not applied silently, and the notice and the dialog say "older than the one you used on <date>".
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { describeSigner, lookAlikesOf } from "../../core/signer-text.js";
import { withSeen, withTrustedSigner } from "../../io/signer-trust.js";
import { emptyTrustStore, readTrustStore, writeTrustStore } from "../../io/trust-store.js";
import { discoverScopes, resolveScopePaths } from "../../runtime/scope-discovery.js";
import { newKey, signedOn } from "../support/signing-keys.js";
import { useExtensionFixture } from "./extension-fixture.js";
import { makeBundle } from "./helpers.js";

const fx = useExtensionFixture();
const ADA = newKey("Ada <ada@example.com>");
// An attacker's key with exactly the name and email of the key the user trusts.
const MALLORY = newKey("Ada <ada@example.com>");
const V1 = makeBundle("project", { alpha: { text: "ALPHA ONE" } });
const V2 = makeBundle("project", { alpha: { text: "ALPHA TWO" } });
const V3 = makeBundle("project", { alpha: { text: "ALPHA THREE" } });
const DAY = (d: number) => new Date(Date.UTC(2025, 0, d));

function writeProject(bundle: object): string {
  mkdirSync(join(fx.cwd, ".pi", "forge"), { recursive: true });
  const file = join(fx.cwd, ".pi", "forge", "bundle.json");
  writeFileSync(file, JSON.stringify(bundle));
  return file;
}
const paths = () => resolveScopePaths(fx.cwd, { PI_CODING_AGENT_DIR: fx.agent }, join(fx.agent, "no-builtin.json"));
const store = () => readTrustStore(paths().trustFile);
const save = (s: ReturnType<typeof store>) => writeTrustStore(paths().trustFile, s);
const short = (k: { fingerprint: string }) => k.fingerprint.slice(0, 16);

async function printed(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (chunks.push(String(chunk)), true));
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return chunks.join("");
}

describe("the trust dialog", () => {
  it("answers No on Enter (its first answer): nothing is trusted, nothing written", async () => {
    writeProject(V1);
    const t = fx.setup({ select: (options) => options[0] });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("forge", "trust", t.ctx);
    expect(t.ctx.log.confirms).toEqual([]);
    expect(t.ctx.log.selects[0]).toEqual(["No, do not trust it", `Trust this bundle only (bundleHash ${V1.bundleHash.slice(0, 12)})`]);
    expect(t.notes()).toContain("trust of");
    expect(store().projects).toEqual({});
  });
});

describe("who signed", () => {
  it("is shown fingerprint first, the name marked as claimed", () => {
    expect(describeSigner({ fingerprint: "3f1c2a9be07d5c4e".padEnd(64, "0"), name: "Ada <ada@example.com>" })).toBe(
      '3f1c2a9be07d5c4e (claimed name "Ada <ada@example.com>")',
    );
    expect(describeSigner({ fingerprint: "3f1c2a9be07d5c4e".padEnd(64, "0"), name: "" })).toBe("3f1c2a9be07d5c4e (no name)");
  });

  it("a key claiming the name of a key the user trusts is a look-alike, whatever its case, width or spacing", () => {
    const trusted = [{ fingerprint: ADA.fingerprint, name: "Ada <ada@example.com>" }];
    expect(lookAlikesOf({ fingerprint: MALLORY.fingerprint, name: "ＡＤＡ  <ada@example.com>" }, trusted)).toHaveLength(1);
    expect(lookAlikesOf({ fingerprint: ADA.fingerprint, name: "Ada <ada@example.com>" }, trusted)).toEqual([]);
    expect(lookAlikesOf({ fingerprint: MALLORY.fingerprint, name: "Bob" }, trusted)).toEqual([]);
  });

  it("the look-alike is warned about in the notice and in the dialog, and Enter does not trust it", async () => {
    const file = writeProject(signedOn(V1, DAY(1), MALLORY));
    save(withTrustedSigner(emptyTrustStore(), ADA, DAY(1)));
    const d = discoverScopes(paths(), null);
    expect(d.layers[0]!.trusted).toBe(false);
    const warning = `warning: ${short(MALLORY)} claims the name "Ada <ada@example.com>" of a key you trust (${short(ADA)}), but it is a different key`;
    expect(d.notices.join("\n")).toContain(
      `forge: project bundle ${file} is signed by ${short(MALLORY)} (claimed name "Ada <ada@example.com>"), a key you do not trust`,
    );
    expect(d.notices.join("\n")).toContain(`\n  ${warning}`);
    const t = fx.setup({ select: (options) => options[0] });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("forge", "trust", t.ctx);
    expect(t.ctx.log.selectTitles[0]).toContain(warning);
    expect(t.ctx.log.selects[0]![0]).toBe("No, do not trust it");
    expect(Object.keys(store().signers ?? {})).toEqual([ADA.fingerprint]);
  });
});

describe("a rollback", () => {
  it("a bundle a trusted key signed before the newest one used here is not applied silently; a newer one is", async () => {
    save(withTrustedSigner(emptyTrustStore(), ADA, DAY(1)));
    const file = writeProject(signedOn(V2, DAY(2), ADA));
    const used = discoverScopes(paths(), null);
    expect(used.layers[0]).toMatchObject({ trusted: true, via: "signer" });
    // What the scope loader records once it told the notice: this bundle, signed on day 2, used on day 3.
    save(withSeen(store(), realpathSync(fx.cwd), used.seen[0]!.bundle, ADA, DAY(3)));
    expect(store().seen?.[realpathSync(fx.cwd)]?.newest?.[ADA.fingerprint]).toEqual({ signedAt: DAY(2).toISOString(), usedAt: DAY(3).toISOString() });
    writeProject(signedOn(V1, DAY(1), ADA));
    const rolled = discoverScopes(paths(), null);
    expect(rolled.layers[0]).toMatchObject({ trusted: false });
    const notice = rolled.notices.find((n) => n.includes("is not trusted"))!;
    expect(notice).toContain(
      `forge: project bundle ${file} is not trusted; its modes and presets are not offered. It was signed by ${short(ADA)} (claimed name "Ada <ada@example.com>"), a key you trust, on 2025-01-01: older than the one you used on 2025-01-03 (signed 2025-01-02)`,
    );
    // The dialog asks, saying so; Enter answers No.
    const t = fx.setup({ select: (options) => options[0] });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("forge", "trust", t.ctx);
    expect(t.ctx.log.selectTitles[0]).toContain("Not applied on its own: it was signed by");
    expect(t.ctx.log.selectTitles[0]).toContain("older than the one you used on 2025-01-03");
    expect(discoverScopes(paths(), null).layers[0]!.trusted).toBe(false);
    // A bundle signed later than the newest used is trusted for the signature again.
    writeProject(signedOn(V3, DAY(4), ADA));
    expect(discoverScopes(paths(), null).layers[0]).toMatchObject({ trusted: true, via: "signer" });
  });

  it("/forge trust in print mode trusts the older bundle by its hash when asked, saying it is a rollback", async () => {
    save(withSeen(withTrustedSigner(emptyTrustStore(), ADA, DAY(1)), realpathSync(fx.cwd), signedOn(V2, DAY(2), ADA), ADA, DAY(3)));
    writeProject(signedOn(V1, DAY(1), ADA));
    const t = fx.setup({ hasUI: false });
    await printed(() => t.pi.emit("session_start", { reason: "startup" }, t.ctx));
    const out = await printed(() => t.pi.run("forge", "trust", t.ctx));
    expect(out).toContain("Not applied on its own: it was signed by");
    expect(out).toContain("forge: trusted project bundle");
    expect(discoverScopes(paths(), null).layers[0]).toMatchObject({ trusted: true, via: "hash" });
  });
});
