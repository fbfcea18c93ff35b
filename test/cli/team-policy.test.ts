// CI against a team policy (issue 34) with the real CLI: the fixture repository (test/fixtures/team-policy/) breaks each
// rule of the signed policy package once, and forge build --policy (or forge.yaml's expectPolicy) reports every one as
// a coded diagnostic at its source line; forge verify --policy does the same for the built bundle; forge explain shows
// what the policy adds; every --json report validates against schema/cli-report.schema.json.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCliReport } from "../../generated/report-validators.js";
import { newKey, pemOf } from "../support/signing-keys.js";
import { assertBuilt, cleanEnv, makeTempDir, REPO, removeTempDirs, runCli } from "./helpers.js";

const KEY = newKey("Acme Security");
const signingEnv = () => cleanEnv({ FORGE_SIGNING_KEY: `# name: ${KEY.name}\n${pemOf(KEY)}`, FORGE_NO_CACHE: "1" });
let root = "";
let repo = "";

beforeAll(() => {
  assertBuilt();
  root = makeTempDir("forge-policy-ci-");
  cpSync(join(REPO, "test", "fixtures", "team-policy"), root, { recursive: true });
  repo = join(root, "repo");
  // The policy's maintainers build and sign it; the repository installs it as npm would (a file: dependency's link).
  const built = runCli(["build", "--library", "--sign"], join(root, "acme-team-policy"), signingEnv());
  expect(built.code, built.stderr).toBe(0);
  mkdirSync(join(repo, "node_modules", "@acme"), { recursive: true });
  symlinkSync(join(root, "acme-team-policy"), join(repo, "node_modules", "@acme", "team-policy"));
});
afterAll(() => removeTempDirs());

function report(args: string[], cwd = repo): { code: number | null; json: any } {
  const r = runCli([...args, "--json"], cwd);
  const json = JSON.parse(r.stdout);
  expect(validateCliReport(json), `${args.join(" ")}: ${JSON.stringify(validateCliReport.errors?.slice(0, 3))}`).toBe(true);
  return { code: r.code, json };
}

/** Each policy diagnostic as `file:line:col code`. */
const located = (diagnostics: any[]) =>
  diagnostics
    .filter((d) => d.code.startsWith("policy_"))
    .map((d) => `${d.file}:${d.start.line}:${d.start.column} ${d.code}`)
    .sort();

const EXPECTED = [
  ".pi/forge/modes/exact.yaml:3:11 policy_strategy_forbidden",
  ".pi/forge/modes/ops.yaml:5:15 policy_tool_denied",
  ".pi/forge/modes/security.yaml:1:1 policy_overlay_key_taken",
  ".pi/forge/presets/big.yaml:1:1 policy_budget_exceeded",
  ".pi/forge/presets/big.yaml:7:20 policy_model_callable",
];

describe("forge build --policy", () => {
  it("fails the fixture repository on each rule, at its line, with the policy named in the report", () => {
    const { code, json } = report(["build", "--policy", "@acme/team-policy"]);
    expect(code).toBe(1);
    expect(json).toMatchObject({ command: "build", status: "errors", policy: { name: "@acme/team-policy", from: "cli" } });
    expect(located(json.diagnostics)).toEqual(EXPECTED);
    const strategy = json.diagnostics.find((d: any) => d.code === "policy_strategy_forbidden");
    expect(strategy.message).toContain("(rule strategies): the team policy (@acme/team-policy) allows only append, replace_base");
    const human = runCli(["build", "--policy", "@acme/team-policy"], repo);
    expect(human.stdout + human.stderr).toContain('.pi/forge/modes/ops.yaml:5:15 error policy_tool_denied: mode "ops" lists the tool bash');
    expect(human.stdout + human.stderr).toContain("forge: checked against the team policy @acme/team-policy (--policy): 5 policy diagnostics");
  });

  it("expectPolicy in forge.yaml checks the same (a policy file too); a wrong signedBy makes the policy unusable, at its line", () => {
    const config = join(repo, ".pi", "forge", "forge.yaml");
    writeFileSync(config, `expectPolicy:\n  package: "@acme/team-policy"\n  signedBy: [${KEY.fingerprint}]\n`);
    const expected = report(["build"]);
    expect(expected.json.policy).toEqual({ name: "@acme/team-policy", from: "config" });
    expect(located(expected.json.diagnostics)).toEqual(EXPECTED);
    writeFileSync(config, `expectPolicy: { file: ../../../acme-team-policy/forge-bundle.json }\n`);
    expect(located(report(["build"]).json.diagnostics)).toEqual(EXPECTED);
    writeFileSync(config, `expectPolicy:\n  package: "@acme/team-policy"\n  signedBy: [${newKey().fingerprint}]\n`);
    const wrong = report(["build"]);
    expect(located(wrong.json.diagnostics)).toEqual([".pi/forge/forge.yaml:2:3 policy_invalid"]);
    expect(wrong.json.diagnostics[0].message).toContain("signedBy requires a signature by");
    rmSync(config);
  });

  it("passes a repository that keeps every rule; forge verify --policy fails a built bundle on the same rules, by code and source", () => {
    const clean = join(root, "clean");
    cpSync(repo, clean, { recursive: true, verbatimSymlinks: true });
    for (const file of ["modes/exact.yaml", "modes/ops.yaml", "modes/security.yaml", "presets/big.yaml"]) rmSync(join(clean, ".pi", "forge", file));
    const ok = report(["build", "--policy", "@acme/team-policy"], clean);
    expect(ok.code).toBe(0);
    expect(ok.json.diagnostics).toEqual([]);

    expect(runCli(["build"], repo).code).toBe(0);
    const verified = report(["verify", "--policy", "@acme/team-policy"]);
    expect(verified.code).toBe(1);
    expect(verified.json.policy).toEqual({ name: "@acme/team-policy", status: "verified", problem: null });
    const problems: string[] = verified.json.bundles[0].problems;
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(EXPECTED.map((e) => e.split(" ")[1]).sort());
    expect(problems).toContainEqual(expect.stringMatching(/^policy_tool_denied: mode "ops" lists the tool bash.* \(source modes\/ops\.yaml\)$/));
    // The build that passed the policy wrote its bundle, which verifies against the policy too.
    expect(report(["verify", "--policy", "@acme/team-policy"], clean).code).toBe(0);
  });

  it("forge explain shows what the policy adds to a preset: its overlay and tokens, each rule, the budget, and Pi's refusal", () => {
    const small = report(["explain", "small", "--policy", "@acme/team-policy"]);
    expect(small.json.policy).toMatchObject({ name: "@acme/team-policy", status: "ok", refusal: null });
    expect(small.json.policy.overlays).toEqual([{ key: "security", label: "Security", tokens: expect.any(Number), from: "@acme/team-policy" }]);
    expect(small.json.policy.adds).toContain("tools.deny: bash never active, refused also when another tool calls it");
    expect(small.json.policy.alwaysOn.budget).toBe(60);
    const big = report(["explain", "big", "--policy", "@acme/team-policy"]);
    expect(big.json.policy.refusal).toMatch(/^team policy rule budget: the selection has \d+ always-on tokens/);
    const human = runCli(["explain", "small", "--policy", "@acme/team-policy"], repo).stdout;
    expect(human).toContain("team policy:\nchecked against @acme/team-policy; it adds:\n  overlay security (Security) first in every prompt");
  });

  it("forge verify --policy checks requireSigners: an unsigned project bundle is policy_signer_required, one signed by a listed key passes", () => {
    const policy = join(root, "signers-policy");
    cpSync(join(root, "acme-team-policy"), policy, { recursive: true });
    writeFileSync(join(policy, ".pi", "forge", "policy.yaml"), `requireSigners: [${KEY.fingerprint}]\n`);
    expect(runCli(["build", "--library", "--sign"], policy, signingEnv()).code).toBe(0);
    const signed = join(root, "signed");
    mkdirSync(join(signed, ".pi", "forge", "modes"), { recursive: true });
    cpSync(join(repo, ".pi", "forge", "modes", "notes.yaml"), join(signed, ".pi", "forge", "modes", "notes.yaml"));
    expect(runCli(["build"], signed).code).toBe(0);
    const unsigned = report(["verify", "--policy", "../signers-policy/forge-bundle.json"], signed);
    expect(unsigned.code).toBe(1);
    expect(unsigned.json.bundles[0].problems).toEqual([expect.stringMatching(/^policy_signer_required: /)]);
    expect(unsigned.json.bundles[0].problems[0]).toContain(KEY.fingerprint.slice(0, 16));
    expect(runCli(["build", "--sign"], signed, signingEnv()).code).toBe(0);
    const ok = report(["verify", "--policy", "../signers-policy/forge-bundle.json"], signed);
    expect(ok.code, JSON.stringify(ok.json.bundles)).toBe(0);
  });

  it("a policy bundle that was changed after signing is not used: policy_invalid, and nothing is checked against it", () => {
    const bundle = join(root, "acme-team-policy", "forge-bundle.json");
    const saved = readFileSync(bundle, "utf8");
    const tampered = JSON.parse(saved);
    tampered.policy.tools.deny = [];
    writeFileSync(bundle, JSON.stringify(tampered));
    const { code, json } = report(["build", "--policy", "@acme/team-policy"]);
    expect(code).toBe(1);
    expect(json.diagnostics.map((d: any) => d.code)).toEqual(["policy_invalid"]);
    expect(json.diagnostics[0].message).toContain("bundleHash mismatch");
    writeFileSync(bundle, saved);
  });
});
