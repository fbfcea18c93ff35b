// forge test --pi on both hosts, through the Pi this repository installs (one RPC process per host for every test):
// every assertion kind passes and fails on the captured request; the body it captures is the body a real session
// with the same selection sends (captured by the e2e fake server); the pure tier's layout holds to the real one.
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_PLACEHOLDERS } from "../../compiler/prompt-tests/host-layouts.js";
import { validateTestReport } from "../../generated/report-validators.js";
import { startFakeServer, type FakeServer } from "../../scripts/demo/fake-server.js";
import { createPiEnv, type PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, killLeftoverPi, REPO_ROOT, type PiHost } from "../../scripts/demo/pi-host.js";
import { startRpc } from "../../scripts/demo/rpc-client.js";
import { KIND_TESTS, KINDS, kindTest, writeFixture } from "../support/forge-test-fixture.js";
import { FORGE_CLI, FORGE_EXTENSION, forgeBuild, seedProjectTrust } from "./harness/forge-project.js";

/** A test a real session repeats step by step: the same selection, block, touched path and prompt, on the e2e model. */
const PARITY = `tests:
  - name: session-parity
    preset: shipping
    updates: [freeze]
    prompt: ship it
    inputs: { model: fake/fake-model, touched: [src/db/schema.sql] }
    assert: { snapshot: true }
`;

const HOST_ID: Record<PiHost["id"], "pi-0.73" | "pi-1"> = { legacy: "pi-0.73", modern: "pi-1" };

let server: FakeServer;
let env: PiEnv;
let root: string;
let report: any;
let pure: any;

/** The user's own Pi setup, which forge test --pi must not read: a global AGENTS.md Pi would put in every prompt. */
const USER_RULE = "USER-GLOBAL-RULE: never reach a forge test.";

function forgeTest(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [FORGE_CLI, "test", ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      TMPDIR: tmpdir(),
      HOME: join(env.root, "forge-home"),
      FORGE_CACHE_DIR: join(env.root, "cache"),
      NO_COLOR: "1",
      PI_CODING_AGENT_DIR: join(env.root, "user-agent"),
    },
    encoding: "utf8",
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const resultOf = (name: string, host: string, r = report) => r.results.find((x: any) => x.test === name && x.host === host);

beforeAll(async () => {
  server = await startFakeServer();
  env = await createPiEnv({ baseUrl: server.baseUrl });
  mkdirSync(join(env.root, "user-agent"), { recursive: true });
  writeFileSync(join(env.root, "user-agent", "AGENTS.md"), USER_RULE);
  root = env.cwd;
  writeFixture(root, { "tests/kinds.yaml": KIND_TESTS, "tests/parity.yaml": PARITY });
  // The repository's own Pi: both hosts and Node 22 as this checkout installs them.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  forgeBuild({ root, agentDir: env.agentDir });
  // The snapshot tests' files: written by one --update run, then snapshot-fail's made stale by hand.
  expect(forgeTest(["--pi", "--update", "snapshot-pass", "snapshot-fail", "session-parity"]).code).toBe(0);
  for (const host of ["pi-0.73", "pi-1"]) {
    const file = join(root, ".pi/forge/tests/kinds.snap", `snapshot-fail.${host}.pi.txt`);
    writeFileSync(file, readFileSync(file, "utf8").replace("Stay on the task", "Stay on this task"));
  }
  const run = forgeTest(["--pi", "--json"]);
  report = JSON.parse(run.stdout);
  pure = JSON.parse(forgeTest(["--json"]).stdout);
}, 600_000);

afterAll(async () => {
  killLeftoverPi();
  await server?.close();
  await env?.cleanup();
});

describe("forge test --pi", () => {
  it("runs every test on both installed hosts, reporting each host's version", () => {
    expect(validateTestReport(report), JSON.stringify(validateTestReport.errors?.slice(0, 2))).toBe(true);
    expect(report.tier).toBe("pi");
    expect(report.hosts.map((h: any) => [h.host, h.problem])).toEqual([
      ["pi-0.73", null],
      ["pi-1", null],
    ]);
    expect(report.hosts[0].version).toBe("0.73.1");
    expect(report.hosts[1].version).toMatch(/^1\./);
    expect(report.results.every((r: any) => r.tier === "pi" && r.status !== "skipped")).toBe(true);
    expect(resultOf("contains-pass", "pi-1").hostVersion).toBe(report.hosts[1].version);
  });

  it.each(KINDS)("%s passes and fails on the captured request", (kind) => {
    for (const r of report.results.filter((x: any) => x.test === `${kindTest(kind)}-pass`))
      expect(r.status, `${r.test} ${r.host}: ${JSON.stringify(r.assertions)}`).toBe("passed");
    const failing = report.results.filter((x: any) => x.test === `${kindTest(kind)}-fail`);
    expect(failing.length).toBeGreaterThan(0);
    for (const r of failing) expect(r.assertions.filter((a: any) => !a.passed).map((a: any) => a.kind)).toContain(kind);
  });

  it("a failing snapshot shows the unified diff of the captured prompt, Pi's own text in it", () => {
    const r = resultOf("snapshot-fail", "pi-0.73");
    expect(r.snapshot.status).toBe("mismatched");
    expect(r.snapshot.diff).toContain("+Stay on the task in front of you in {{cwd}}.");
    expect(r.prompt).toContain("Current working directory: {{cwd}}");
    expect(r.prompt).toContain("Current date: {{date}}");
    expect(r.prompt).toContain("{{pi-package}}/README.md");
  });

  it("the pure tier's tools, rules, messages and forge's own part of the prompt are what Pi sends", () => {
    for (const r of report.results.filter((x: any) => x.test.endsWith("-pass") || x.test === "session-parity")) {
      const p = resultOf(r.test, r.host, pure);
      const captured = r.prompt.split("\n\n==== forge message");
      const composed = p.prompt.split("\n\n==== forge message");
      expect(captured.slice(1), `${r.test} on ${r.host}: messages`).toEqual(composed.slice(1));
      expect([r.tools, r.rulesOn, r.sections], `${r.test} on ${r.host}: tools, rules, sections`).toEqual([p.tools, p.rulesOn, p.sections]);
      if (r.host === "pi-0.73") {
        // Pi 0.73's own prompt stands where the placeholder is; everything forge adds after it is the same bytes.
        expect(composed[0].startsWith(PI_PLACEHOLDERS.prompt)).toBe(true);
        expect(captured[0].endsWith(composed[0].slice(PI_PLACEHOLDERS.prompt.length)), `${r.test} on pi-0.73`).toBe(true);
      } else {
        // Pi 1.x: from its cwd section on (the project's sections, then forge's), the same text.
        const from = (text: string) => text.slice(text.indexOf("\n\n<cwd>\n"));
        expect(from(captured[0]), `${r.test} on pi-1`).toBe(from(composed[0]));
        expect(captured[0].startsWith("<")).toBe(false);
      }
    }
  });

  for (const host of HOSTS) {
    it(`${host.id}: the captured body is the one a real session with the same selection sends`, async () => {
      seedProjectTrust(host, env);
      const rpc = await startRpc(host, {
        env,
        args: ["--no-session"],
        extensions: [FORGE_EXTENSION],
        onUiRequest: (q) => (q.method === "confirm" ? { confirmed: true } : undefined),
      });
      try {
        for (const [command, notice] of [
          ["/preset use shipping --confirm-exact", "forge: active"],
          ["/system-update use freeze", "forge: activated block freeze"],
        ] as const) {
          const from = rpc.records.length;
          await rpc.send({ type: "prompt", message: command });
          await rpc.waitFor((x) => x.type === "extension_ui_request" && x.method === "notify" && String(x.message).startsWith(notice), {
            from,
            timeoutMs: 30_000,
          });
        }
        server.reset();
        server.enqueue({ toolCalls: [{ name: "read", arguments: { path: "src/db/schema.sql" } }] });
        await rpc.prompt("ship it", 60_000);
      } finally {
        await rpc.close();
      }
      const real = server.completions().at(-1)!.body;
      const captured = resultOf("session-parity", HOST_ID[host.id]).request;
      expect(captured).toEqual(real);
    }, 120_000);
  }

  it("reads nothing of the user's own Pi setup (a temporary HOME and agent directory)", () => {
    expect(report.results.length).toBeGreaterThan(30);
    for (const r of report.results) expect(JSON.stringify(r.request)).not.toContain("USER-GLOBAL-RULE");
  });

  it("--against with --pi builds the ref's bundle and runs its tests through Pi too", () => {
    spawnSync("git", ["init", "-q"], { cwd: root });
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@forge.invalid", "-c", "commit.gpgsign=false", ...args], { cwd: root });
    git("add", "-A", ".pi");
    git("commit", "-qm", "base");
    writeFileSync(join(root, ".pi/forge/partials/house-style.md"), "Answer in plain sentences; cite the files you read.\n");
    forgeBuild({ root, agentDir: env.agentDir });
    const run = forgeTest(["--pi", "--against", "HEAD", "--json", "contains-pass"]);
    const against = JSON.parse(run.stdout).against;
    expect(against.comparisons.map((c: any) => `${c.host} ${c.before} ${c.after} ${c.verdict}`)).toEqual([
      "pi-0.73 passed passed changed",
      "pi-1 passed passed changed",
    ]);
    expect(against.comparisons[0].diff).toContain("+Stay on the task in front of you in {{cwd}}. Answer in plain sentences; cite the files you read.");
    // Both sides were captured from Pi: the prompts differ by the one edited line, not by Pi's own text.
    for (const c of against.comparisons) {
      const lines = c.diff.split("\n");
      expect(lines.filter((l: string) => l.startsWith("-") && !l.startsWith("---"))).toHaveLength(1);
      expect(lines.filter((l: string) => l.startsWith("+") && !l.startsWith("+++"))).toHaveLength(1);
    }
  }, 300_000);

  it("the parity test's snapshot is the real prompt, volatile parts as placeholders", () => {
    const snap = readFileSync(join(root, ".pi/forge/tests/parity.snap/session-parity.pi-1.pi.txt"), "utf8").trimEnd();
    expect(snap).toBe(resultOf("session-parity", "pi-1").prompt);
    expect(snap).toContain("<cwd>\n{{cwd}}\n</cwd>");
    expect(snap).not.toContain(root);
  });
});
