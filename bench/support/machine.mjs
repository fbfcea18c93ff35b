// The machine a bench run measured on: CPUs, memory, OS, the Node versions and Pi hosts in play, and its load.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, freemem, loadavg, release, totalmem, type as osType } from "node:os";
import { join } from "node:path";

const GB = 1024 ** 3;

function packageVersion(root, name) {
  try {
    return JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

function nodeVersionOf(binary) {
  const r = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** A snapshot of the load: the 1-minute load average against the CPU count says whether other work shared the run. */
export function loadSnapshot() {
  const [one, five, fifteen] = loadavg();
  return { loadavg: [one, five, fifteen].map((x) => Math.round(x * 100) / 100), freeMemoryGB: Math.round((freemem() / GB) * 10) / 10 };
}

/** What to print beside the figures: they are only comparable on the same machine under a similar load. */
export function describeMachine(root) {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? "unknown",
    memoryGB: Math.round((totalmem() / GB) * 10) / 10,
    os: `${osType()} ${release()} ${process.arch}`,
    node: { benches: process.version, host1x: nodeVersionOf(join(root, "node_modules/node/bin/node")) },
    piHosts: { legacy: packageVersion(root, "@mariozechner/pi-coding-agent"), modern: packageVersion(root, "@earendil-works/pi-coding-agent") },
  };
}
