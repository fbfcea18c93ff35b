// Which Pi hosts are installed for a project, and with which Node each runs: the package as Node resolves it from the
// project root (a devDependency, a workspace's), else the `pi` on PATH (the user's global install). Says exactly what
// to install when a host, or a Node recent enough for it, is missing.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { readBoundedText } from "../../../io/read-bounded.js";
import type { HostId } from "../../prompt-tests/test-case.js";

/** The npm package of each host. */
export const HOST_PACKAGES: Readonly<Record<HostId, string>> = {
  "pi-0.73": "@mariozechner/pi-coding-agent",
  "pi-1": "@earendil-works/pi-coding-agent",
};

export interface InstalledHost {
  host: HostId;
  packageName: string;
  version: string;
  /** The package directory, as found and resolved (Pi names its own files by the resolved path). */
  packageDir: string;
  packageRealDir: string;
  /** The host's CLI script (its package.json `bin.pi`). */
  cli: string;
  /** A Node binary recent enough for it (the package's engines.node). */
  node: string;
}

export type HostLookup = { ok: true; installed: InstalledHost } | { ok: false; version: string | null; problem: string };

interface Manifest {
  name?: unknown;
  version?: unknown;
  bin?: unknown;
  engines?: { node?: unknown };
}

function readManifest(dir: string): Manifest | null {
  const read = readBoundedText(join(dir, "package.json"), 1024 * 1024);
  if (!read.ok) return null;
  try {
    const value = JSON.parse(read.text) as unknown;
    return value !== null && typeof value === "object" ? (value as Manifest) : null;
  } catch {
    return null;
  }
}

/** The package as Node resolves it from the project root (its node_modules, then each parent's). */
function fromProject(root: string, name: string): string | null {
  const require = createRequire(join(root, "package.json"));
  for (const dir of require.resolve.paths(name) ?? []) if (existsSync(join(dir, name, "package.json"))) return join(dir, name);
  return null;
}

/** The package of a `pi` on PATH: its real path, then the nearest package.json up from it with this name. */
function fromPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const bin = join(dir, "pi");
    if (!existsSync(bin)) continue;
    let at: string;
    try {
      at = dirname(realpathSync(bin));
    } catch {
      continue;
    }
    for (let i = 0; i < 8 && at !== dirname(at); i++, at = dirname(at)) {
      if (readManifest(at)?.name === name) return at;
    }
  }
  return null;
}

/** ">=22.19.0" -> [22, 19, 0]; anything else: no bound known. */
function minimumNode(range: unknown): [number, number, number] | null {
  const m = typeof range === "string" ? /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range) : null;
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
}

function atLeast(version: string, min: [number, number, number]): boolean {
  const v = version.replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== min[i]) return (v[i] ?? 0) > min[i]!;
  return true;
}

function versionOf(node: string): string | null {
  const out = spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8", timeout: 15_000 });
  return out.status === 0 ? out.stdout.trim() : null;
}

/** This Node, else the npm package `node` the project installed (node_modules/node/bin/node), else a `node` on PATH. */
function findNode(root: string, min: [number, number, number] | null, env: NodeJS.ProcessEnv): string | null {
  if (min === null || atLeast(process.versions.node, min)) return process.execPath;
  const candidates = [
    ...(fromProject(root, "node") === null ? [] : [join(fromProject(root, "node")!, "bin", "node")]),
    ...(env.PATH ?? "")
      .split(delimiter)
      .filter(Boolean)
      .map((d) => join(d, "node")),
  ];
  for (const node of candidates) {
    if (!existsSync(node)) continue;
    const version = versionOf(node);
    if (version !== null && atLeast(version, min)) return node;
  }
  return null;
}

/** Where `host` is installed for the project at `root`, or what to install. */
export function findHost(host: HostId, root: string, env: NodeJS.ProcessEnv): HostLookup {
  const name = HOST_PACKAGES[host];
  const dir = fromProject(root, name) ?? fromPath(name, env);
  const install = `install it in the project (npm install --save-dev ${name}) or for the user (npm install -g ${name})`;
  if (dir === null)
    return { ok: false, version: null, problem: `${host} is not installed: no ${name} in this project's node_modules and no pi of it on PATH; ${install}` };
  const manifest = readManifest(dir);
  const version = typeof manifest?.version === "string" ? manifest.version : null;
  const bin = manifest?.bin;
  const cliPath = typeof bin === "string" ? bin : bin !== null && typeof bin === "object" ? (bin as Record<string, unknown>).pi : undefined;
  if (version === null || typeof cliPath !== "string")
    return { ok: false, version, problem: `${host}: the installed ${name} has no readable package.json with a pi bin; reinstall it` };
  const min = minimumNode(manifest?.engines?.node);
  const node = findNode(root, min, env);
  if (node === null) {
    const need = min === null ? "" : `${min[0]}.${min[1]}+`;
    return {
      ok: false,
      version,
      problem: `${host} (${name} ${version}) needs Node ${need}; this is Node ${process.versions.node} and no other fits: install one, e.g. npm install --save-dev node@${min?.[0] ?? 22}`,
    };
  }
  const packageRealDir = realpathSync(dir);
  return { ok: true, installed: { host, packageName: name, version, packageDir: dir, packageRealDir, cli: join(packageRealDir, cliPath), node } };
}
