// Bench (not a test): a scripted 100-turn session on the real Pi hosts whose mode switches change only the tools (two
// modes with the same label and text, `tools` read-only or read-write), under toolDelivery: declare and gate.
//
// The declared tools lead the cached prefix (tools, system prompt, messages: scripts/demo/prefix-cache.ts). Under
// declare every switch changes them; under gate they stay Pi's own, the gate refuses, and the model is told the tools as
// an appended system update. Figures per row: the characters rewritten by tool changes (each conversation request that
// declares other tools than the one before: the characters of that one not a prefix of it), every prefix rewrite, and
// the share served from cache by the provider's usage as Pi recorded it (checked against what the fake provider
// reported): over the requests bench/updates-session counts (not the first, nor a switch's, which also renames forge's
// section: <forge-ro> to <forge-rw>), and over every request but the first. `--quick`: 10 turns, two rows.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tsImport } from "tsx/esm/api";
import { QUICK, recordFigures } from "./support/bench-kit.mjs";
import { asRecorded, recordedUsages } from "./support/session-script.mjs";

const demoKit = (file) => tsImport(`../scripts/demo/${file}`, import.meta.url);
const { startFakeServer } = await demoKit("fake-server.ts");
const { commonPrefix, requestText } = await demoKit("prefix-cache.ts");
const { createPiEnv } = await demoKit("pi-env.ts");
const { LEGACY_HOST, MODERN_HOST, REPO_ROOT, killLeftoverPi } = await demoKit("pi-host.ts");
const { startRpc } = await demoKit("rpc-client.ts");
const { readTrustStore, withTrust, writeTrustStore } = await tsImport("../io/trust-store.ts", import.meta.url);

const TURNS = QUICK ? 10 : 100;
const EVERY = QUICK ? 4 : 10;
const TARGET_SHARE = 0.97;
const EXTENSION = `${REPO_ROOT}dist/extension.js`;
const USER = (t) => `Turn ${t}: read module ${t} of the parser and say what it does.`;
const REPLY = `The module reads tokens and builds nodes. ${"It reports errors with positions and keeps no state between calls. ".repeat(6)}`;
const AGENTS_MD = `# Project notes\n\n${Array.from({ length: 60 }, (_, i) => `- Rule ${i + 1}: keep module ${i + 1} free of side effects at import time, and test its public functions.`).join("\n")}\n`;

/** The same label and text: a switch between them changes the tools (and, on 1.x, the name of forge's section). */
const mode = (tools) => `label: Careful\ndescription: Careful.\nstrategy: append\nprompt: Work carefully and cite the files you read.\ntools: ${tools}\n`;
const preset = (overlay, delivery) => `description: ${overlay} (${delivery}).\noverlays: [${overlay}]\ntoolDelivery: ${delivery}\n`;
const SOURCES = {
  "AGENTS.md": AGENTS_MD,
  ".pi/forge/modes/ro.yaml": mode("[read, grep, find, ls]"),
  ".pi/forge/modes/rw.yaml": mode("[read, grep, find, ls, edit, write, bash]"),
  ...Object.fromEntries(
    ["declare", "gate"].flatMap((d) => [
      [`.pi/forge/presets/ro-${d}.yaml`, preset("ro", d)],
      [`.pi/forge/presets/rw-${d}.yaml`, preset("rw", d)],
    ]),
  ),
};

async function projectEnv(server, compat) {
  const env = await createPiEnv({ baseUrl: server.baseUrl, ...(compat ? { compat } : {}) });
  for (const [path, text] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(env.cwd, path)), { recursive: true });
    writeFileSync(join(env.cwd, path), text);
  }
  const build = spawnSync(process.execPath, [`${REPO_ROOT}dist/cli.js`, "build", "--root", env.cwd], {
    cwd: env.cwd,
    env: { PATH: process.env.PATH, HOME: env.home, FORGE_NO_CACHE: "1", NO_COLOR: "1" },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`forge build failed\n${build.stdout}\n${build.stderr}`);
  // Pi 0.73.1 offers a project's modes once forge's trust store holds its bundleHash, as /forge trust records it.
  const trustFile = join(env.agentDir, "forge", "trust.json");
  const bundle = JSON.parse(readFileSync(join(env.cwd, ".pi/forge/bundle.json"), "utf8"));
  writeTrustStore(trustFile, withTrust(readTrustStore(trustFile), realpathSync(env.cwd), bundle, new Date()));
  return env;
}

/** One row: the session over RPC, switching between ro and rw every EVERY turns under `delivery`. */
async function runSession(server, host, compat, delivery) {
  const env = await projectEnv(server, compat);
  server.reset();
  server.setDefaultReply({ text: REPLY });
  const rpc = await startRpc(host, { env, args: ["--preset", `ro-${delivery}`], extensions: [EXTENSION], timeoutMs: 120_000 });
  const requests = [];
  let usages;
  try {
    let current = "ro";
    for (let t = 1; t <= TURNS; t++) {
      let switched = false;
      if (t > 1 && t % EVERY === 1) {
        current = current === "ro" ? "rw" : "ro";
        const response = await rpc.send({ type: "prompt", message: `/preset use ${current}-${delivery}` });
        if (!response.success) throw new Error(`/preset use: ${JSON.stringify(response)}`);
        switched = true;
      }
      const from = server.completions().length;
      await rpc.prompt(USER(t), 60_000);
      for (const r of server.completions().slice(from)) requests.push({ body: r.body, switched, reported: r.usage });
    }
    if ((await rpc.close()) !== 0) throw new Error(`pi exited uncleanly\n${rpc.stderr()}`);
    usages = recordedUsages(env);
  } finally {
    await rpc.close();
    await env.cleanup();
  }
  const reported = requests.map((r) => asRecorded(r.reported));
  if (JSON.stringify(usages) !== JSON.stringify(reported))
    throw new Error(`Pi recorded ${usages.length} usages, the fake reported ${reported.length}, and they differ`);
  return { requests, usages };
}

const n = (x) => x.toLocaleString("en-US");
const pct = (x) => `${(x * 100).toFixed(1)}%`;

function figures({ requests, usages }) {
  let rewritten = 0;
  let byTools = 0;
  let rewrites = 0;
  const counted = [0, 0];
  const all = [0, 0];
  requests.forEach((r, i) => {
    if (i === 0) return;
    const before = requestText(requests[i - 1].body);
    const chars = before.length - commonPrefix(before, requestText(r.body));
    rewritten += chars;
    if (chars > 0) rewrites++;
    if (JSON.stringify(r.body.tools ?? []) !== JSON.stringify(requests[i - 1].body.tools ?? [])) byTools += chars;
    const u = usages[i];
    const sum = u.input + u.cacheRead + u.cacheWrite;
    all[0] += u.cacheRead;
    all[1] += sum;
    // As bench/updates-session counts it: not the first request, nor a mode switch's (which rewrites its own section).
    if (!r.switched) {
      counted[0] += u.cacheRead;
      counted[1] += sum;
    }
  });
  const switches = requests.filter((r) => r.switched).length;
  const share = ([a, b]) => (b === 0 ? 1 : a / b);
  return { rewritten, byTools, rewrites, switches, share: share(counted), shareAll: share(all), requests: requests.length };
}

const ROWS = [
  ["0.73.1", LEGACY_HOST, null],
  ["1.x, a model with mid-conversation system messages", MODERN_HOST, { supportsMidConvoSystemMessages: true }],
];
const server = await startFakeServer({ prefixCache: true });
const rows = [];
const cells = [];
let failed = false;
try {
  console.log(`bench/tools-session: ${TURNS} turns, a switch between two modes that differ only in their tools every ${EVERY} turns; RPC`);
  for (const [label, host, compat] of ROWS) {
    for (const delivery of QUICK ? ["gate"] : ["declare", "gate"]) {
      const f = figures(await runSession(server, host, compat, delivery));
      const gate = delivery === "gate";
      const targets = gate
        ? [
            ["0 chars rewritten by tool changes", f.byTools === 0],
            [`≥ ${pct(TARGET_SHARE)} served from cache`, f.share >= TARGET_SHARE],
          ]
        : [];
      const shares = `served from cache ${pct(f.share)} by Pi's recorded usage (${pct(f.shareAll)} with the switches' own requests)`;
      console.log(
        `${label}, toolDelivery: ${delivery}: ${f.requests} requests, ${f.switches} tool-changing switches; rewritten by tool changes ${n(f.byTools)} chars (all rewrites ${n(f.rewritten)} chars in ${f.rewrites}); ${shares}${targets.length ? `; targets: ${targets.map(([t, met]) => `${t}: ${met ? "met" : "MISSED"}`).join("; ")}` : ""}`,
      );
      // Only a tool change that rewrote the prefix under gate is a failure; the share is a figure against its target.
      failed ||= gate && f.byTools !== 0;
      cells.push([label, delivery, String(f.switches), n(f.byTools), `${n(f.rewritten)} (${f.rewrites})`, pct(f.share), pct(f.shareAll)]);
      if (!gate) continue;
      rows.push({
        what: `${TURNS}-turn session on ${label}, toolDelivery: gate: ${f.switches} mode switches that change only the tools`,
        run: "one run",
        figure: `${n(f.byTools)} chars rewritten by tool changes; ${shares}`,
        baseline: "toolDelivery: declare, same run: see the table",
        target: targets.map(([t]) => t).join("; "),
        met: targets.every(([, met]) => met),
        values: { rewrittenByTools: f.byTools, rewritten: f.rewritten, rewrites: f.rewrites, share: f.share, shareAll: f.shareAll, switches: f.switches },
      });
    }
  }
  // The declare rows are the same-run baseline of each gate row: their figures stand in the table beside it.
  for (const row of rows) {
    const declare = cells.find((c) => row.what.includes(c[0]) && c[1] === "declare");
    if (declare) row.baseline = `toolDelivery: declare, same run: ${declare[3]} chars rewritten by tool changes, ${declare[5]} served from cache`;
  }
  recordFigures(import.meta.url, {
    rows,
    tables: [
      {
        id: "tools-session",
        run: `one run of each row (${TURNS} turns, a tools-only mode switch every ${EVERY} turns)`,
        columns: [
          "host / model",
          "toolDelivery",
          "switches",
          "rewritten by tool changes",
          "all rewrites (count)",
          "served from cache (Pi's recorded usage)",
          "with the switches' requests",
        ],
        align: ["---", "---", "---:", "---:", "---:", "---:", "---:"],
        rows: cells,
      },
    ],
  });
} finally {
  killLeftoverPi();
  await server.close();
}
process.exit(failed ? 1 : 0);
