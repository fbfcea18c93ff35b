// Smoke: the built dist/extension.js loads in both real Pi hosts (help and a print-mode command), without a model or network.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { makeBundle } from "./helpers.js";
import { bareEnv } from "../support/home-guard.js";
import { testTempDir } from "../support/temp-dir.js";

const ROOT = resolve(import.meta.dirname, "../..");
const EXTENSION = join(ROOT, "dist/extension.js");
const HOSTS = [
  { name: "0.73.1 on Node 20", node: process.execPath, cli: join(ROOT, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js") },
  {
    name: "1.x on Node 22",
    node: join(ROOT, "node_modules/node/bin/node"),
    cli: join(ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js"),
  },
];

function isolated() {
  const dir = testTempDir("forge-load-");
  for (const d of ["home", "agent/forge", "cwd"]) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, "agent/forge/bundle.json"), JSON.stringify(makeBundle("global", { smoke: { label: "Smoke", text: "SMOKE" } })));
  return dir;
}

function runPi(host: (typeof HOSTS)[number], dir: string, args: string[], extension = EXTENSION) {
  return spawnSync(host.node, [host.cli, "-e", extension, ...args], {
    cwd: join(dir, "cwd"),
    env: bareEnv({ HOME: join(dir, "home"), PI_CODING_AGENT_DIR: join(dir, "agent"), PI_OFFLINE: "1" }),
    input: "",
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("dist/extension.js loads in real Pi", () => {
  it("was built (npm test runs the build first)", () => {
    expect(existsSync(EXTENSION)).toBe(true);
  });
  for (const host of HOSTS) {
    it(`${host.name}: --help lists the forge flags`, () => {
      const r = runPi(host, isolated(), ["--help"]);
      expect(r.status).toBe(0);
      expect(`${r.stdout}${r.stderr}`).toContain("--preset");
      expect(r.stderr).not.toContain("forge: extension failed");
    });
    it(`${host.name}: print-mode commands write their output to stderr`, () => {
      const r = runPi(host, isolated(), ["-p", "/mode set smoke", "/mode status --json"]);
      expect(r.status).toBe(0);
      expect(r.stderr).toContain("forge: active overlays smoke (drift policy block; was Pi's native prompt)");
      const json = r.stderr.split("\n").find((l) => l.startsWith("{"));
      expect(JSON.parse(json!)).toMatchObject({
        v: 1,
        active: true,
        overlays: ["smoke"],
        components: [{ key: "smoke", pinnedScope: "global", drift: "none" }],
      });
    });
    it(`${host.name}: without dist/on-demand.js beside it, a command refuses and says why; the extension still loads`, () => {
      const dir = isolated();
      // The extension's file alone, packaged as dist/ is: its commands' code (dist/on-demand.js) is not there.
      const alone = join(dir, "alone");
      mkdirSync(alone);
      writeFileSync(join(alone, "package.json"), '{"type":"module"}');
      copyFileSync(EXTENSION, join(alone, "extension.js"));
      const r = runPi(host, dir, ["-p", "/mode set smoke", "/mode status --json"], join(alone, "extension.js"));
      expect(r.stderr).not.toContain("forge: extension failed");
      expect(r.stderr).toContain("forge: /mode failed: /mode cannot run: forge's on-demand code (on-demand.js beside the extension) did not load");
      expect(r.stderr).not.toContain("forge: active overlays smoke");
    });
  }
});
