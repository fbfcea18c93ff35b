// End-to-end in the real interactive TUI on each host, in a pseudo-terminal (one Pi start each; forge decides trust:
// 0.73.1, and 1.x under `trust: forge`): a bundle signed by a key the user trusts loads trusted; then the bundle on
// disk becomes an older one that key signed (a rollback), signed too by a key that claims the trusted key's name. The
// "not trusted" widget says "older than the one you used on <date>", /forge trust's dialog shows both keys fingerprint
// first with the look-alike warned about, the team policy's block in its own colour, and Enter answers No: nothing is
// trusted.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ForgeBundle } from "../../generated/types.js";
import { withTrustedSigner } from "../../io/signer-trust.js";
import { readTrustStore, writeTrustStore } from "../../io/trust-store.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { bareEnv } from "../support/home-guard.js";
import { newKey, pemOf, signedOn } from "../support/signing-keys.js";
import { buildProject, forgeSync, FORGE_EXTENSION, forgeSuite, projectForgeDir, readJson } from "./harness/forge-project.js";
import { KEYS, startTui } from "./harness/tui-session.js";

const suite = forgeSuite();
const NAME = "Ada <ada@example.com>";
const day = (d: number) => new Date(Date.UTC(2025, 0, d));
const POLICY_KEY = newKey("Acme Security");

/** A team policy built and signed by the real CLI (its only rules deny a tool and a path), for the user's forge.yaml. */
function teamPolicy(dir: string): string {
  mkdirSync(join(dir, ".pi", "forge"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@acme/team-policy", version: "1.0.0", forge: { bundle: "forge-bundle.json" } }));
  writeFileSync(join(dir, ".pi", "forge", "policy.yaml"), "tools:\n  deny: [dump_env]\nedits:\n  deny: [.env]\n");
  const env = bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1", FORGE_SIGNING_KEY: `# name: ${POLICY_KEY.name}\n${pemOf(POLICY_KEY)}` });
  const r = forgeSync(["build", "--library", "--sign", "--root", dir], { env, encoding: "utf8", timeout: 30_000 });
  if (r.status !== 0) throw new Error(`forge build --library failed\n${r.stdout}\n${r.stderr}`);
  return join(dir, "forge-bundle.json");
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the trust dialog", (_id, host) => {
  it("a rollback signed also by a look-alike key: the widget and the dialog say so, and Enter trusts nothing", async () => {
    const env = await suite.env();
    const policy = teamPolicy(join(env.agentDir, "acme-team-policy"));
    mkdirSync(join(env.agentDir, "forge"), { recursive: true });
    writeFileSync(
      join(env.agentDir, "forge", "forge.yaml"),
      `trust: forge\npolicy: { file: ${JSON.stringify(policy)}, signedBy: [${POLICY_KEY.fingerprint}] }\n`,
    );
    const ada = newKey(NAME);
    const mallory = newKey(NAME);
    const file = join(projectForgeDir(env.cwd), "bundle.json");
    buildProject(env.cwd, { alpha: { label: "Alpha", strategy: "append", prompt: "Alpha one." } });
    const older = signedOn(readJson(file) as ForgeBundle, day(1), ada, mallory);
    buildProject(env.cwd, { alpha: { label: "Alpha", strategy: "append", prompt: "Alpha two." } });
    writeFileSync(file, JSON.stringify(signedOn(readJson(file) as ForgeBundle, day(2), ada)));
    const trustFile = join(env.agentDir, "forge", "trust.json");
    writeTrustStore(trustFile, withTrustedSigner(readTrustStore(trustFile), { fingerprint: ada.fingerprint, name: NAME }, day(1)));

    const tui = startTui(host, { env, extensions: [FORGE_EXTENSION], args: ["--no-session"], cols: 220, rows: 50 });
    try {
      await tui.waitFor("────", 60_000);
      // The newer bundle loads trusted for Ada's signature; forge records it as the newest from that key used here.
      await tui.waitFor(`is trusted: signed by ${ada.fingerprint.slice(0, 16)} (claimed name "${NAME}")`);
      writeFileSync(file, JSON.stringify(older));
      // The completion of "trust" is taken with the first Enter, the command sent with the second.
      tui.type("/forge trust");
      await tui.waitFor("shows what it holds");
      tui.type(KEYS.enter);
      await tui.waitFor(/\/forge trust \s*\n/);
      tui.type(KEYS.enter);
      const dialog = await tui.waitFor("No, do not trust it");
      const shown = dialog.join("\n");
      expect(shown).toContain(`older than the one you used on ${new Date().toISOString().slice(0, 10)} (signed 2025-01-02)`);
      expect(shown).toContain(`warning: ${mallory.fingerprint.slice(0, 16)} claims the name "${NAME}" of a key you trust (${ada.fingerprint.slice(0, 16)})`);
      expect(shown).toContain(`Always trust bundles signed by ${mallory.fingerprint.slice(0, 16)} (claimed name "${NAME}")`);
      // The team policy's block is its own layer, in its own colour: every line of it, and no line of the bundle's.
      expect(shown).toContain(`Team policy ${policy} (user; signed by Acme Security (${POLICY_KEY.fingerprint.slice(0, 16)}))`);
      expect(shown).toContain("tools.deny: dump_env never active");
      const policyColour = tui.colourOf("Team policy ");
      expect(policyColour).not.toBeNull();
      expect(policyColour).not.toBe("default");
      expect(tui.colourOf("tools.deny: dump_env")).toBe(policyColour);
      expect(tui.colourOf("edits.deny:")).toBe(policyColour);
      for (const bundleLine of ["It holds:", "A bundle that arrives changed", `bundleHash ${older.bundleHash.slice(0, 12)}: its modes`])
        expect([bundleLine, tui.colourOf(bundleLine)]).not.toEqual([bundleLine, policyColour]);
      // Enter: the first answer, No.
      tui.type(KEYS.enter);
      await tui.waitFor("trust of");
      // The "not trusted" widget above the editor says why: a rollback.
      await tui.waitFor(/is not trusted; its modes and presets are not offered\. It was signed by [0-9a-f]{16}/);
    } finally {
      await tui.close();
    }
    const store = readTrustStore(trustFile);
    expect(Object.keys(store.signers ?? {})).toEqual([ada.fingerprint]);
    expect(Object.values(store.projects).map((p) => p.bundleHash)).not.toContain(older.bundleHash);
  });
});
