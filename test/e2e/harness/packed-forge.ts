// forge as a user gets it: `npm pack` of this checkout, and npm run offline with a private cache (and, for `npm
// install -g`, a private prefix), none of the caller's npm_config_* settings (npm test sets some) leaking in.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../../../scripts/demo/pi-host.js";

export interface PackedForge {
  /** The temp directory holding the tarball, the npm cache and the global prefix. */
  readonly work: string;
  readonly tarball: string;
  /** The paths `npm pack` put in the package. */
  readonly files: string[];
  /** `npm install -g`'s prefix here: packages land in `<globalPrefix>/lib/node_modules`. */
  readonly globalPrefix: string;
  /** The environment npm runs with (also right for `npx --no-install`). */
  readonly env: NodeJS.ProcessEnv;
  npm(args: string[], cwd: string): string;
  cleanup(): void;
}

export function packForge(): PackedForge {
  const work = mkdtempSync(join(tmpdir(), "forge-pack-"));
  const globalPrefix = join(work, "npm-global");
  const home = join(work, "home");
  mkdirSync(home);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  // A user of their own: nothing npm (or npx, or forge) does here reads or writes the real home.
  Object.assign(env, { HOME: home, npm_config_cache: join(work, "npm-cache"), npm_config_prefix: globalPrefix, npm_config_update_notifier: "false" });
  const npm = (args: string[], cwd: string): string => {
    const r = spawnSync("npm", args, { cwd, env, encoding: "utf8", timeout: 120_000 });
    if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed (${r.status ?? r.signal})\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  const [pack] = JSON.parse(npm(["pack", REPO_ROOT, "--pack-destination", work, "--json", "--ignore-scripts"], work));
  return {
    work,
    tarball: join(work, pack.filename),
    files: pack.files.map((f: { path: string }) => f.path),
    globalPrefix,
    env,
    npm,
    cleanup: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** `npm install <args> <tarball>` offline: the package installs with no registry at all (no runtime dependencies). */
export function installOffline(packed: PackedForge, args: string[], cwd: string): void {
  packed.npm(["install", ...args, packed.tarball, "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], cwd);
}
