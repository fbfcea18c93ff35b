// End-to-end in the real interactive TUI on each host, in a pseudo-terminal (one Pi start each; forge decides trust:
// 0.73.1, and 1.x under `trust: forge`): a bundle signed by a key the user trusts loads trusted; then the bundle on
// disk becomes an older one that key signed (a rollback), signed too by a key that claims the trusted key's name. The
// "not trusted" widget says "older than the one you used on <date>", /forge trust's dialog shows both keys fingerprint
// first with the look-alike warned about, and Enter answers No: nothing is trusted.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ForgeBundle } from "../../generated/types.js";
import { withTrustedSigner } from "../../io/signer-trust.js";
import { readTrustStore, writeTrustStore } from "../../io/trust-store.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { newKey, signedOn } from "../support/signing-keys.js";
import { buildProject, FORGE_EXTENSION, forgeSuite, projectForgeDir, readJson } from "./harness/forge-project.js";
import { KEYS, startTui } from "./harness/tui-session.js";

const suite = forgeSuite();
const NAME = "Ada <ada@example.com>";
const day = (d: number) => new Date(Date.UTC(2025, 0, d));

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the trust dialog", (_id, host) => {
  it("a rollback signed also by a look-alike key: the widget and the dialog say so, and Enter trusts nothing", async () => {
    const env = await suite.env({ agentFiles: { "forge/forge.yaml": "trust: forge\n" } });
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
