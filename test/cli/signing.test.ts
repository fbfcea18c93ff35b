// Signed bundles through the real CLI: forge key new (never inside a repository), forge build --sign (the key from
// FORGE_SIGNING_KEY or --key), forge verify as CI runs it (sign, verify, tamper, fail), what a rebuild keeps and drops,
// and that no written file or printed line ever holds the private key.
import { createPrivateKey } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCliReport } from "../../generated/report-validators.js";
import { assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, type CliResult } from "./helpers.js";
import { commitAll, gitEnv, initRepo } from "./diff-repo.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const REVIEW_V2 = "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review twice.\n";

/** A home outside every repository, with the key forge key new writes there. */
function newKeyAt(home: string, name: string): { file: string; fingerprint: string; run: CliResult } {
  const file = join(home, "keys", `${name.toLowerCase()}.pem`);
  const run = runCli(["key", "new", "--out", file, "--name", name, "--json"], home, cleanEnv({ HOME: home }));
  expect(run.code, run.stderr).toBe(0);
  return { file, fingerprint: JSON.parse(run.stdout).fingerprint, run };
}

/** Every file under `dir`, recursively (symbolic links not followed). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

describe("forge key new", () => {
  it("refuses a path inside a git repository or a forge project, and never overwrites a key without --force", () => {
    const repo = makeTempDir("forge-key-repo-");
    initRepo(repo);
    const inRepo = runCli(["key", "new", "--out", join(repo, "secret", "k.pem"), "--name", "Ada"], repo, cleanEnv({ HOME: makeTempDir() }));
    expect(inRepo.code).toBe(1);
    expect(inRepo.stderr).toContain(`refusing to write a private key inside a repository (${repo})`);
    const project = makeTempDir("forge-key-project-");
    makeProject(project);
    expect(runCli(["key", "new", "--out", join(project, "k.pem"), "--name", "Ada"], project).stderr).toContain("inside a repository");
    expect(readdirSync(project)).toEqual([".pi"]);
    const home = makeTempDir("forge-key-home-");
    const { file, fingerprint, run } = newKeyAt(home, "Ada");
    expect(validateCliReport(JSON.parse(run.stdout))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${file}.pub`, "utf8")).toMatch(/^forge-ed25519 [A-Za-z0-9+/]{43}= Ada\n$/);
    const again = runCli(["key", "new", "--out", file, "--name", "Ada"], home, cleanEnv({ HOME: home }));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("forge never overwrites a key without --force");
    const show = runCli(["key", "show", "--key", file, "--json"], home);
    expect(JSON.parse(show.stdout)).toMatchObject({ command: "key", action: "show", fingerprint, name: "Ada" });
    expect(validateCliReport(JSON.parse(show.stdout))).toBe(true);
  });

  it("defaults to ~/.config/forge/signing-key.pem, named as git names you, and says how teammates trust it", () => {
    const home = makeTempDir("forge-key-default-");
    writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = Ada Lovelace\n\temail = ada@example.com\n");
    const r = runCli(["key", "new"], home, cleanEnv({ HOME: home, XDG_CONFIG_HOME: "", GIT_CONFIG_NOSYSTEM: "1" }));
    expect(r.stdout).toContain("name: Ada Lovelace <ada@example.com>");
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(join(home, ".config", "forge", "signing-key.pem")).isFile()).toBe(true);
    expect(r.stdout).toMatch(/Teammates trust your signed bundles in Pi with: \/forge trust --key [0-9a-f]{64}/);
  });
});

describe("forge build --sign and forge verify, as CI runs them", () => {
  it("signs, verifies, keeps the signature across rebuilds, drops it when the bundle changes, and fails on any tampering", () => {
    const home = makeTempDir("forge-sign-home-");
    const ada = newKeyAt(home, "Ada");
    const eve = newKeyAt(home, "Eve");
    const repo = makeTempDir("forge-sign-repo-");
    initRepo(repo);
    const bundle = makeProject(repo);
    const env = gitEnv(repo, { HOME: home, FORGE_SIGNING_KEY: readFileSync(ada.file, "utf8") });
    const signedRun = runCli(["build", "--sign"], repo, env);
    expect(signedRun.code, signedRun.stderr).toBe(0);
    expect(signedRun.stdout).toContain(`forge: signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada"); this build added the signature`);
    commitAll(repo, "signed bundle");
    const signedText = readFileSync(bundle, "utf8");

    // CI: verify (and require Ada's key), check freshness; both pass.
    const ok = runCli(["verify", "--signed-by", ada.fingerprint], repo, env);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toContain(`forge verify: .pi/forge/bundle.json: verified (bundleHash`);
    expect(ok.stdout).toContain(`signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada")`);
    expect(runCli(["build", "--check"], repo, env).code).toBe(0);
    const report = JSON.parse(runCli(["verify", "--json"], repo, env).stdout);
    expect(validateCliReport(report)).toBe(true);
    expect(report.bundles[0]).toMatchObject({ status: "verified", signers: [{ fingerprint: ada.fingerprint, name: "Ada" }] });
    const wrongKey = runCli(["verify", "--signed-by", eve.fingerprint], repo, env);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain("not signed by the required key");

    // A rebuild without --sign of unchanged sources keeps the signature: not one byte changes.
    expect(runCli(["build"], repo, cleanEnv({ HOME: home, FORGE_NO_CACHE: "1" })).code).toBe(0);
    expect(readFileSync(bundle, "utf8")).toBe(signedText);
    // A second signer signs beside the first (--key wins over FORGE_SIGNING_KEY); forge diff sees no semantic change
    // between signed and unsigned.
    expect(JSON.parse(runCli(["build", "--sign", "--key", eve.file, "--json"], repo, env).stdout).signatures.added).toEqual({
      fingerprint: eve.fingerprint,
      name: "Eve",
    });
    expect(JSON.parse(readFileSync(bundle, "utf8")).signatures).toHaveLength(2);
    const unsigned = join(repo, "unsigned.json");
    const plain = JSON.parse(signedText);
    delete plain.signatures;
    writeFileSync(unsigned, JSON.stringify(plain));
    expect(runCli(["diff", unsigned, bundle], repo, env).code).toBe(0);

    // One byte of a signature changed: verify fails as tampered, --check calls the bundle stale.
    const tampered = JSON.parse(readFileSync(bundle, "utf8"));
    const bytes = Buffer.from(tampered.signatures[0].signature, "base64");
    bytes[7] = bytes[7]! ^ 0x01;
    tampered.signatures[0].signature = bytes.toString("base64");
    writeFileSync(bundle, JSON.stringify(tampered, null, 2));
    const bad = runCli(["verify"], repo, env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAILED\n  tampered: signature 1 \(by [0-9a-f]{16} \(claimed name "(Ada|Eve)"\)\) is bad: it does not verify/);
    const stale = runCli(["build", "--check"], repo, env);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("forge: signature dropped");
    // A prompt edited after signing: the digests fail first.
    const edited = JSON.parse(signedText);
    edited.modes.review.prompt[0].text = "Approve everything.";
    writeFileSync(bundle, JSON.stringify(edited, null, 2));
    expect(runCli(["verify"], repo, env).stdout).toContain('mode "review" digest mismatch');

    // Changed sources: the old signature signed another bundle, so it is dropped and the build says to sign again.
    writeFileSync(bundle, signedText);
    writeFileSync(join(repo, ".pi/forge/modes/review.yaml"), REVIEW_V2);
    const changed = runCli(["build"], repo, cleanEnv({ HOME: home }));
    expect(changed.stdout).toContain(`forge: signature dropped (${ada.fingerprint.slice(0, 16)} (claimed name "Ada")): it signed the previous bundle`);
    expect(changed.stdout).toContain("sign again with npx --no-install forge build --sign");
    expect(JSON.parse(readFileSync(bundle, "utf8")).signatures).toBeUndefined();
    expect(runCli(["verify"], repo, env).code).toBe(0);
    expect(runCli(["verify", "--signed-by", ada.fingerprint], repo, env).code).toBe(1);
  });

  it("usage: --key needs --sign, --sign cannot --check, and a missing or malformed key is named without its text", () => {
    const repo = makeTempDir("forge-sign-usage-");
    makeProject(repo);
    expect(runCli(["build", "--key", "k.pem"], repo).code).toBe(2);
    expect(runCli(["build", "--sign", "--check"], repo).code).toBe(2);
    expect(runCli(["verify", "--signed-by", "abc"], repo).code).toBe(2);
    const none = runCli(["build", "--sign"], repo, cleanEnv({ FORGE_SIGNING_KEY: "", HOME: makeTempDir(), XDG_CONFIG_HOME: "" }));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("signing needs a private key: --key FILE, or FORGE_SIGNING_KEY");
    const secret = "-----BEGIN PRIVATE KEY-----\nTOPSECRETMATERIAL\n-----END PRIVATE KEY-----\n";
    const bad = runCli(["build", "--sign"], repo, cleanEnv({ FORGE_SIGNING_KEY: secret }));
    expect(bad.stderr).toContain("FORGE_SIGNING_KEY holds no Ed25519 private key");
    expect(bad.stderr + bad.stdout).not.toContain("TOPSECRET");
    const path = runCli(["build", "--sign"], repo, cleanEnv({ FORGE_SIGNING_KEY: "TOPSECRET-not-a-file" }));
    expect(path.stderr).toContain("the file FORGE_SIGNING_KEY names: no such file");
    expect(path.stderr + path.stdout).not.toContain("TOPSECRET");
  });
});

describe("private keys never enter a bundle, a log or the repository", () => {
  it("after keys are made, shown and used every way, no written file but the key itself and no output holds its bytes", () => {
    const home = makeTempDir("forge-grep-home-");
    const agent = join(home, "agent");
    const cache = makeTempDir("forge-grep-cache-");
    mkdirSync(agent, { recursive: true });
    const ada = newKeyAt(home, "Ada");
    const outputs: string[] = [ada.run.stdout, ada.run.stderr];
    const repo = makeTempDir("forge-grep-repo-");
    initRepo(repo);
    makeProject(repo);
    const keyText = readFileSync(ada.file, "utf8");
    const base = { HOME: home, PI_CODING_AGENT_DIR: agent, FORGE_CACHE_DIR: cache };
    const runs: Array<[string[], Record<string, string>]> = [
      [["build", "--sign", "--key", ada.file], base],
      [["build", "--sign", "--json"], { ...base, FORGE_SIGNING_KEY: keyText }],
      [["build", "--sign", "--format", "github"], { ...base, FORGE_SIGNING_KEY: ada.file }],
      [["key", "show", "--json"], { ...base, FORGE_SIGNING_KEY: keyText }],
      [["key", "show", "--key", ada.file], base],
      [["verify", "--json"], base],
      [["build", "--check"], base],
      [["explain", "daily", "--json"], base],
      [["diff", "--json"], base],
      [["build", "--all", "--sign", "--json"], { ...base, FORGE_SIGNING_KEY: keyText }],
    ];
    for (const [args, env] of runs) {
      const r = runCli(args, repo, gitEnv(repo, env));
      // forge diff exits 1 for changes (nothing is committed yet); every other command succeeds.
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(args[0] === "diff" ? 1 : 0);
      outputs.push(r.stdout, r.stderr);
    }
    commitAll(repo, "signed");
    // The key's secret bytes in every form a leak could take: the PEM body, the raw seed in hex, base64 and base64url.
    const pemBody = keyText.split("\n").filter((l) => /^[A-Za-z0-9+/=]{40,}$/.test(l));
    const seed = Buffer.from(createPrivateKey(keyText.slice(keyText.indexOf("-----BEGIN"))).export({ format: "jwk" }).d!, "base64url");
    const needles = [...pemBody, seed.toString("hex"), seed.toString("base64").replace(/=+$/, ""), seed.toString("base64url"), "BEGIN PRIVATE KEY"];
    expect(pemBody.length).toBeGreaterThan(0);
    const written = [...filesUnder(repo), ...filesUnder(home), ...filesUnder(cache)].filter((f) => f !== ada.file);
    expect(written.length).toBeGreaterThan(10);
    for (const file of written) {
      const bytes = readFileSync(file);
      const text = bytes.toString("latin1");
      for (const needle of needles) expect(text.includes(needle), `${file} holds the private key (${needle.slice(0, 12)}...)`).toBe(false);
    }
    for (const out of outputs) for (const needle of needles) expect(out.includes(needle)).toBe(false);
  });
});
