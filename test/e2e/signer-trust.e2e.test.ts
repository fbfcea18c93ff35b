// End-to-end on both hosts: a teammate trusts a maintainer's key once, and later pulls of bundles that key signed load
// without a trust prompt, each with one notice of what changed; a bundle re-signed by an unknown key falls back to hash
// trust; one byte of a signature changed refuses the bundle as tampered. On 1.x forge's own trust applies under
// `trust: forge` (the global forge.yaml), and a never-trusted clone's rules and replace_final modes do nothing until trusted.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { systemPromptOf } from "../../scripts/demo/fake-server.js";
import { withTrustedSigner } from "../../io/signer-trust.js";
import { readTrustStore, writeTrustStore } from "../../io/trust-store.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, MODERN_HOST, assertPrintOk, runPrint } from "../../scripts/demo/pi-host.js";
import {
  forgeSync,
  FORGE_EXTENSION,
  expectSamePrompt,
  forgePrint,
  forgeSuite,
  nativePrompt,
  onlyPrompt,
  overlayTail,
  projectForgeDir,
  readJson,
  writeMode,
} from "./harness/forge-project.js";
import { bareEnv } from "../support/home-guard.js";

const suite = forgeSuite();

/** A CLI run as someone else (no agent dir, no trust store): a maintainer's build, or a key made on their machine. */
function cli(cwd: string, ...args: string[]): string {
  const r = forgeSync([...args], {
    cwd,
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
    encoding: "utf8",
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`forge ${args.join(" ")} failed (${r.status})\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A maintainer's key, made outside the repository (the env's temp root holds the project as cwd/). */
function maintainerKey(env: PiEnv, name: string): { file: string; fingerprint: string } {
  const file = join(env.root, "keys", `${name}.pem`);
  return { file, fingerprint: JSON.parse(cli(env.root, "key", "new", "--out", file, "--name", name, "--json")).fingerprint };
}

const alpha = (prompt: string) => ({ label: "Alpha", strategy: "append" as const, prompt });

/** The maintainer's release: sources written, built and signed with `key`, as a pull brings them. */
function release(env: PiEnv, modes: Record<string, string>, key: string): string {
  for (const [k, text] of Object.entries(modes)) writeMode(projectForgeDir(env.cwd), k, { ...alpha(text), label: k[0]!.toUpperCase() + k.slice(1) });
  cli(env.cwd, "build", "--root", env.cwd, "--sign", "--key", key);
  return join(projectForgeDir(env.cwd), "bundle.json");
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: signed bundles and signer trust", (_id, host) => {
  it("a teammate trusts a key once; two later pulls of signed bundles load without a trust prompt, each with one change notice", async () => {
    const env = await suite.env({ agentFiles: { "forge/forge.yaml": "trust: forge\n" } });
    const ada = maintainerKey(env, "Ada");
    const file = release(env, { alpha: "Alpha v1." }, ada.file);
    const native = await nativePrompt(host, env, suite.server);
    const trust = await forgePrint(host, env, suite.server, ["--no-session", `/forge trust --key ${ada.fingerprint}`]);
    expect(trust.stderr).toContain(
      `forge: trusted the key ${ada.fingerprint.slice(0, 16)} (claimed name "Ada"): every bundle it signs is trusted when it loads`,
    );
    expect(trust.stderr).toContain(`Trusted now: ${file}`);

    release(env, { alpha: "Alpha v2." }, ada.file);
    const first = await forgePrint(host, env, suite.server, ["--no-session", "--mode=alpha", "hello"]);
    expectSamePrompt(onlyPrompt(first), native + overlayTail(["alpha", "Alpha", "Alpha v2."]));
    const byAda = `is trusted: signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada")`;
    expect(count(first.stderr, `forge: project bundle ${file} ${byAda}`)).toBe(1);
    expect(first.stderr).toContain("  modes: changed alpha");
    expect(first.stderr).not.toContain("is not trusted");

    release(env, { alpha: "Alpha v3.", beta: "Beta v1." }, ada.file);
    const second = await forgePrint(host, env, suite.server, ["--no-session", "--mode=alpha,beta", "hello"]);
    expectSamePrompt(onlyPrompt(second), native + overlayTail(["alpha", "Alpha", "Alpha v3."], ["beta", "Beta", "Beta v1."]));
    expect(count(second.stderr, byAda)).toBe(1);
    expect(second.stderr).toContain("  modes: added beta; changed alpha");
    expect(second.stderr).not.toContain("is not trusted");
  });

  it("re-signed by an unknown key: hash trust as before; one byte of a signature changed: refused as tampered", async () => {
    const env = await suite.env({ agentFiles: { "forge/forge.yaml": "trust: forge\n" } });
    const ada = maintainerKey(env, "Ada");
    const eve = maintainerKey(env, "Eve");
    release(env, { alpha: "Alpha v1." }, ada.file);
    // Ada's key trusted as /forge trust --key records it (the command itself runs in real Pi in the test above).
    const trustFile = join(env.agentDir, "forge", "trust.json");
    writeTrustStore(trustFile, withTrustedSigner(readTrustStore(trustFile), { fingerprint: ada.fingerprint, name: "Ada" }, new Date()));
    // A later bundle signed only by Eve (Ada's signature signed the previous bundle, so the build drops it).
    const file = release(env, { alpha: "Alpha by Eve." }, eve.file);
    expect(readJson(file).signatures.map((s: { name: string }) => s.name)).toEqual(["Eve"]);
    const native = await nativePrompt(host, env, suite.server);
    const run = await forgePrint(host, env, suite.server, ["--no-session", "--mode=alpha", "hello", "/forge trust", "/mode set alpha", "again"]);
    expect(run.stderr).toContain(`forge: project bundle ${file} is not trusted`);
    expect(run.stderr).toContain(
      `is signed by ${eve.fingerprint.slice(0, 16)} (claimed name "Eve"), a key you do not trust; /forge trust --key ${eve.fingerprint}`,
    );
    expect(run.prompts).toHaveLength(2);
    expectSamePrompt(run.prompts[0]!, native);
    // /forge trust binds this bundleHash, as for any unsigned bundle.
    expect(run.stderr).toContain(`forge: trusted project bundle ${file}`);
    expectSamePrompt(run.prompts[1]!, native + overlayTail(["alpha", "Alpha", "Alpha by Eve."]));

    const bundle = readJson(file);
    const bytes = Buffer.from(bundle.signatures[0].signature, "base64");
    bytes[12] = bytes[12]! ^ 0x01;
    bundle.signatures[0].signature = bytes.toString("base64");
    writeFileSync(file, JSON.stringify(bundle, null, 2));
    const tampered = await forgePrint(host, env, suite.server, ["--no-session", "--mode=alpha", "hello"]);
    expectSamePrompt(onlyPrompt(tampered), native);
    expect(tampered.stderr).toContain(
      `forge: bundle_refused: refused bundle ${file}: tampered: signature 1 (by ${eve.fingerprint.slice(0, 16)} (claimed name "Eve")) is bad`,
    );
  });
});

describe("1.x with trust: forge", () => {
  const host = MODERN_HOST;
  const RULE = "RULE-TEXT: every schema change needs a migration.";
  const EXACT = "EXACT PROMPT: only this, nothing else.";

  /** One print run whose model first reads src/db/schema.sql (the rule's path), then answers. */
  async function readRun(env: PiEnv, args: string[]): Promise<{ prompts: string[]; bodies: string[]; stderr: string }> {
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [{ name: "read", arguments: { path: "src/db/schema.sql" } }] }, { text: "done" });
    const result = await runPrint(host, ["--no-session", ...args], {
      env,
      extensions: [FORGE_EXTENSION],
      extraEnv: { PI_MODE_CONFIRM_EXACT: "1" },
      timeoutMs: 60_000,
    });
    assertPrintOk(result);
    const requests = suite.server.completions();
    return { prompts: requests.map((r) => systemPromptOf(r)), bodies: requests.map((r) => JSON.stringify(r.body.messages)), stderr: result.stderr };
  }

  it("a never-trusted clone (a bare .pi/forge/, which Pi reports trusted): its rules and replace_final mode do nothing until forge trusts it", async () => {
    const env = await suite.env({
      agentFiles: { "forge/forge.yaml": "# forge's own trust for every project\ntrust: forge\n" },
      cwdFiles: {
        "src/db/schema.sql": "create table t (id int);\n",
        ".pi/forge/rules/db.yaml": `name: DB\ndescription: Schema rules.\nwhen:\n  paths: [src/db/**]\ncontent: "${RULE}"\n`,
        ".pi/forge/modes/exact.yaml": `label: Exact\ndescription: The exact prompt.\nstrategy: replace_final\nprompt: "${EXACT}"\n`,
      },
    });
    cli(env.cwd, "build", "--root", env.cwd); // the clone's bundle, built by someone else
    const file = join(projectForgeDir(env.cwd), "bundle.json");
    const untrusted = await readRun(env, ["--mode=exact", "go"]);
    expect(untrusted.stderr).toContain(`forge: project bundle ${file} is not trusted; its modes and presets are not offered. Run /forge trust`);
    expect(untrusted.prompts).toHaveLength(2);
    for (const prompt of untrusted.prompts) expect(prompt).not.toContain(EXACT);
    for (const body of untrusted.bodies) expect(body).not.toContain("RULE-TEXT");
    expect(untrusted.stderr).not.toContain("rule db switched on");

    const trusted = await readRun(env, ["/forge trust", "/mode set exact --confirm-exact", "go"]);
    expect(trusted.stderr).toContain(`forge: trusted project bundle ${file}`);
    // The exact prompt, then (forced prompts hide sections) the dormant rule's one inventory line.
    expect(trusted.prompts[0]!.startsWith(`${EXACT}\n`)).toBe(true);
    expect(trusted.prompts[0]).toContain("- db: Schema rules. (paths: src/db/**)");
    expect(trusted.stderr).toContain("forge: rule db switched on (read src/db/schema.sql matches src/db/**)");
    expect(trusted.bodies[1]).toContain("RULE-TEXT");
  });
});
