// Signer trust: a layer signed by a key the user trusts is trusted on load with one notice of what changed since the
// version the user saw; an unknown key falls back to hash trust; a revoked key grants nothing; a bad signature refuses
// the bundle; `trust: forge` on Pi 1.x; /forge trust --key, --revoke and the dialog's "always trust bundles signed by".
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { readSignerList } from "../../io/forge-settings.js";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { discoverScopes, resolveScopePaths } from "../../runtime/scope-discovery.js";
import { emptyTrustStore, readTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";
import { MAX_SEEN, withRevokedSigner, withSeen, withTrustedSigner } from "../../io/signer-trust.js";
import { publicKeyLine } from "../../compiler/io/signing-key.js";
import { makeBundle } from "./helpers.js";
import { useExtensionFixture } from "./extension-fixture.js";
import { newKey, signed } from "../support/signing-keys.js";

const fx = useExtensionFixture();
const ADA = newKey("Ada");
const EVE = newKey("Eve");
const V1 = makeBundle("project", { alpha: { text: "ALPHA ONE" } });
const V2 = makeBundle("project", { alpha: { text: "ALPHA TWO" }, beta: { text: "BETA" } });
const V3 = makeBundle("project", { alpha: { text: "ALPHA THREE" }, beta: { text: "BETA" } });

function writeProject(bundle: object): string {
  mkdirSync(join(fx.cwd, ".pi", "forge"), { recursive: true });
  const file = join(fx.cwd, ".pi", "forge", "bundle.json");
  writeFileSync(file, JSON.stringify(bundle));
  return file;
}
const paths = () => resolveScopePaths(fx.cwd, { PI_CODING_AGENT_DIR: fx.agent }, join(fx.agent, "no-builtin.json"));
const store = () => readTrustStore(paths().trustFile);
const save = (s: ReturnType<typeof store>) => writeTrustStore(paths().trustFile, s);
const root = () => realpathSync(fx.cwd);

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

describe("the trust store's signer sections", () => {
  it("round-trip through the file; a malformed entry is dropped on its own, keeping the rest and every project", () => {
    const s = withSeen(
      withRevokedSigner(withTrustedSigner(withTrust(emptyTrustStore(), "/p", V1, new Date(0)), ADA, new Date(0)), EVE, new Date(0)),
      "/p",
      V1,
      ADA,
      new Date(0),
    );
    save(s);
    const read = store();
    expect(Object.keys(read.signers ?? {})).toEqual([ADA.fingerprint]);
    expect(Object.keys(read.revokedSigners ?? {})).toEqual([EVE.fingerprint]);
    expect(read.seen?.["/p"]?.bundleHash).toBe(V1.bundleHash);
    expect(read.projects["/p"]?.bundleHash).toBe(V1.bundleHash);
    const raw = JSON.parse(readFileSync(paths().trustFile, "utf8"));
    raw.signers["not-a-fingerprint"] = { name: "x", trustedAt: "" };
    raw.signers[EVE.fingerprint] = { name: 42 };
    writeFileSync(paths().trustFile, JSON.stringify(raw));
    expect(Object.keys(store().signers ?? {})).toEqual([ADA.fingerprint]);
    expect(store().projects["/p"]?.bundleHash).toBe(V1.bundleHash);
    // A later hash trust keeps the signer sections (a write must not drop them).
    save(withTrust(store(), "/q", V2, new Date(0)));
    expect(Object.keys(store().signers ?? {})).toEqual([ADA.fingerprint]);
  });
});

describe("discovery with signatures (forge decides: 0.73.1)", () => {
  it("a key the user trusts trusts the bundle, with one notice of what changed since the version they saw", () => {
    const file = writeProject(signed(V1, ADA));
    save(withTrustedSigner(emptyTrustStore(), ADA, new Date(0)));
    const first = discoverScopes(paths(), null);
    expect(first.layers[0]).toMatchObject({ trusted: true, decidedBy: "forge", via: "signer", signer: { fingerprint: ADA.fingerprint } });
    expect(first.notices).toEqual([
      expect.stringContaining(`forge: project bundle ${file} is trusted: signed by ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada"), a key you trust`),
    ]);
    expect(first.notices[0]).toContain("You have not seen this project's bundle before; it holds:\n  modes: alpha");
    save(withSeen(store(), root(), V1, ADA, new Date(0)));
    expect(discoverScopes(paths(), null).notices).toEqual([]);
    writeProject(signed(V2, ADA));
    const pulled = discoverScopes(paths(), null);
    expect(pulled.layers[0]!.trusted).toBe(true);
    expect(pulled.notices).toHaveLength(1);
    expect(pulled.notices[0]).toContain(`Since the version you saw (${V1.bundleHash.slice(0, 12)}):\n  modes: added beta; changed alpha`);
    expect(pulled.seen.map((s) => s.bundle.bundleHash)).toEqual([V2.bundleHash]);
  });

  it("an unknown key or an unsigned bundle falls back to hash trust; the notice names the key and how to trust it", () => {
    const file = writeProject(signed(V1, EVE));
    save(withTrustedSigner(emptyTrustStore(), ADA, new Date(0)));
    const d = discoverScopes(paths(), null);
    expect(d.layers[0]).toMatchObject({ trusted: false });
    expect(d.notices.join("\n")).toContain(
      `forge: project bundle ${file} is signed by ${EVE.fingerprint.slice(0, 16)} (claimed name "Eve"), a key you do not trust; /forge trust --key ${EVE.fingerprint} trusts every bundle that key signs`,
    );
    expect(d.notices.join("\n")).toContain("is not trusted");
    save(withTrust(store(), root(), V1, new Date(0)));
    const hashed = discoverScopes(paths(), null);
    expect(hashed.layers[0]).toMatchObject({ trusted: true, via: "hash" });
    expect(hashed.notices).toEqual([]);
  });

  it("a revoked key grants nothing (a notice says so); a bad signature refuses the bundle as tampered", () => {
    const file = writeProject(signed(V1, ADA));
    save(withRevokedSigner(withTrustedSigner(emptyTrustStore(), ADA, new Date(0)), ADA, new Date(1)));
    const d = discoverScopes(paths(), null);
    expect(d.layers[0]!.trusted).toBe(false);
    expect(d.notices.join("\n")).toContain("a key you revoked: its signature grants nothing");
    const bundle = signed(V1, ADA);
    const bytes = Buffer.from(bundle.signatures![0]!.signature, "base64");
    bytes[0] = bytes[0]! ^ 0x80;
    writeProject({ ...bundle, signatures: [{ ...bundle.signatures![0]!, signature: bytes.toString("base64") }] });
    save(withTrustedSigner(emptyTrustStore(), ADA, new Date(0)));
    const tampered = discoverScopes(paths(), null);
    expect(tampered.layers[0]!.load.status).toBe("refused");
    expect(tampered.notices[0]).toContain(
      `forge: bundle_refused: refused bundle ${file}: tampered: signature 1 (by ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada")`,
    );
  });

  it("Pi 1.x: the host decides unless the global forge.yaml says trust: forge; the host's no always stands", () => {
    writeProject(signed(V1, ADA));
    expect(discoverScopes(paths(), true).layers[0]).toMatchObject({ trusted: true, decidedBy: "host", via: "host" });
    const strict = { mode: "forge" as const };
    expect(discoverScopes(paths(), true, strict).layers[0]).toMatchObject({ trusted: false, decidedBy: "forge" });
    expect(discoverScopes(paths(), false, strict).layers[0]).toMatchObject({ trusted: false, decidedBy: "host" });
    save(withTrustedSigner(emptyTrustStore(), ADA, new Date(0)));
    expect(discoverScopes(paths(), true, strict).layers[0]).toMatchObject({ trusted: true, via: "signer" });
    expect(discoverScopes(paths(), false, strict).layers[0]).toMatchObject({ trusted: false });
  });
});

describe("/forge trust --key, --revoke and the dialog", () => {
  it("trusting a key once: later bundles it signs load trusted without a prompt, each with one notice; revoking it untrusts them", async () => {
    writeProject(signed(V1, ADA));
    const t = fx.setup({ hasUI: false });
    await printed(() => t.pi.emit("session_start", { reason: "startup" }, t.ctx));
    const out = await printed(() => t.pi.run("forge", `trust --key ${ADA.fingerprint}`, t.ctx));
    expect(out).toContain(`forge: trusted the key ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada"): every bundle it signs is trusted when it loads`);
    expect(readTrustStore(paths().trustFile).signers?.[ADA.fingerprint]?.name).toBe("Ada");
    // Drift policy allow: the changed mode is composed, so the prompt shows the bundle was offered (trusted).
    await printed(() => t.pi.run("mode", "set alpha --drift allow", t.ctx));
    expect((await t.turn())?.systemPrompt).toContain("ALPHA ONE");
    const statusText = await printed(() => t.pi.run("forge", "status --json", t.ctx));
    const status = JSON.parse(
      statusText
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .at(-1)!,
    );
    expect(status.layers[0]).toMatchObject({ trusted: true, decidedBy: "forge", via: "signer", signers: [{ fingerprint: ADA.fingerprint, name: "Ada" }] });
    expect(await printed(() => t.pi.run("forge", "status", t.ctx))).toContain(
      `signed by ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada"), trusted for the signature of ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada")`,
    );
    for (const next of [V2, V3]) {
      writeProject(signed(next, ADA));
      const told = await printed(async () => expect((await t.turn())?.systemPrompt).toContain(next === V2 ? "ALPHA TWO" : "ALPHA THREE"));
      expect(told.split(`is trusted: signed by ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada")`)).toHaveLength(2);
      expect(told).toContain(next === V2 ? "modes: added beta; changed alpha" : "modes: changed alpha");
      expect(told).toContain(`Since the version you saw (${(next === V2 ? V1 : V2).bundleHash.slice(0, 12)})`);
      expect(await printed(() => t.turn())).not.toContain("is trusted: signed by");
    }
    expect(t.ctx.log.confirms).toEqual([]);
    const revoked = await printed(() => t.pi.run("forge", `trust --revoke ${ADA.fingerprint.slice(0, 16)}`, t.ctx));
    expect(revoked).toContain(
      `forge: revoked ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada"): bundles it signs are no longer trusted for its signature. No longer trusted: ${join(fx.cwd, ".pi", "forge", "bundle.json")}`,
    );
    expect(revoked).toContain("a key you revoked: its signature grants nothing");
    expect(await printed(() => t.turn())).toContain("nothing_to_compose");
    expect(readTrustStore(paths().trustFile).revokedSigners?.[ADA.fingerprint]?.name).toBe("Ada");
  });

  it("an unknown prefix and a malformed fingerprint are refused with what to give", async () => {
    writeProject(signed(V1, ADA));
    const t = fx.setup({ hasUI: false });
    expect(await printed(() => t.pi.run("forge", "trust --key 0123456789abcdef", t.ctx))).toContain("no key forge knows of here starts with 0123456789abcdef");
    expect(await printed(() => t.pi.run("forge", "trust --key zz", t.ctx))).toContain("--key takes a key's fingerprint");
    expect(readTrustStore(paths().trustFile).signers).toBeUndefined();
  });

  it("a signers file that links out of the layer is not read", () => {
    writeProject(signed(V1, ADA));
    const outside = join(fx.agent, "elsewhere-signers");
    writeFileSync(outside, `${EVE.fingerprint} Eve\n`);
    symlinkSync(outside, join(fx.cwd, ".pi", "forge", "signers"));
    expect(readSignerList(join(fx.cwd, ".pi", "forge")).signers).toEqual([]);
  });

  it("the dialog offers 'always trust bundles signed by' and shows the repository's signers list, which grants nothing", async () => {
    writeProject(signed(V1, ADA));
    writeFileSync(join(fx.cwd, ".pi", "forge", "signers"), `# maintainers\n${publicKeyLine(ADA.publicKey, "Ada")}\n${EVE.fingerprint} Eve\n`);
    const t = fx.setup({ select: (options) => options.find((o) => o.startsWith(`Always trust bundles signed by ${ADA.fingerprint.slice(0, 16)}`)) });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    // Listing the key grants nothing: the bundle is not trusted (with a UI that notice is the widget above the editor).
    expect(t.ctx.log.widgets.at(-1)?.content?.join("\n")).toContain("is not trusted");
    expect(t.notes()).toContain("a key you do not trust");
    await t.pi.run("forge", "trust", t.ctx);
    // No first: Enter never trusts.
    expect(t.ctx.log.selects[0]).toEqual([
      "No, do not trust it",
      `Trust this bundle only (bundleHash ${V1.bundleHash.slice(0, 12)})`,
      `Always trust bundles signed by ${ADA.fingerprint.slice(0, 16)} (claimed name "Ada")`,
    ]);
    expect(t.ctx.log.selectTitles[0]).toContain("This repository names these signers (.pi/forge/signers; the list itself grants nothing):");
    expect(t.ctx.log.selectTitles[0]).toContain(`${ADA.fingerprint.slice(0, 16)} (claimed name "Ada") (signed this bundle)`);
    expect(t.ctx.log.selectTitles[0]).toContain(`${EVE.fingerprint.slice(0, 16)} (claimed name "Eve")`);
    expect(Object.keys(readTrustStore(paths().trustFile).signers ?? {})).toEqual([ADA.fingerprint]);
    expect(t.ctx.log.widgets.at(-1)).toEqual({ key: "forge-trust", content: undefined });
    await t.pi.run("mode", "set alpha", t.ctx);
    expect((await t.turn())?.systemPrompt).toContain("ALPHA ONE");
  });

  it("Pi 1.x with trust: forge: a bundle Pi reports trusted is not offered until forge trusts it", async () => {
    writeProject(V1);
    const t = fx.setup({ host: "1.x", hasUI: false });
    await printed(() => t.pi.emit("session_start", { reason: "startup" }, t.ctx));
    await printed(() => t.pi.run("mode", "set alpha", t.ctx));
    expect(JSON.stringify(await t.turn())).toContain("ALPHA ONE");
    writeFileSync(join(fx.agent, "forge", "forge.yaml"), "trust: forge\n");
    const strict = fx.setup({ host: "1.x", hasUI: false });
    const told = await printed(() => strict.pi.emit("session_start", { reason: "startup" }, strict.ctx));
    expect(told).toContain("is not trusted");
    await printed(() => strict.pi.run("mode", "set alpha", strict.ctx));
    expect(JSON.stringify((await strict.turn()) ?? null)).not.toContain("ALPHA ONE");
    expect(await printed(() => strict.pi.run("forge", "trust", strict.ctx))).toContain("forge: trusted project bundle");
    await printed(() => strict.pi.run("mode", "set alpha", strict.ctx));
    expect(JSON.stringify(await strict.turn())).toContain("ALPHA ONE");
    expect(JSON.parse(readFileSync(paths().trustFile, "utf8")).projects[root()].bundleHash).toBe(V1.bundleHash);
  });
});

describe("the seen records stay bounded", () => {
  it(`keeps the newest ${MAX_SEEN} layers' records, so the store never outgrows its bound`, () => {
    let s = emptyTrustStore();
    for (let i = 0; i < MAX_SEEN + 5; i++) s = withSeen(s, `/p${i}`, V1, ADA, new Date(i * 1000));
    const roots = Object.keys(s.seen ?? {});
    expect(roots).toHaveLength(MAX_SEEN);
    expect(roots).toContain(`/p${MAX_SEEN + 4}`);
    expect(roots).not.toContain("/p0");
  });
});
