// The peer bench/build.mjs times beside a cold `forge build`: rulesync 17's `generate` of 1,000 rules, installed per run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const RULESYNC_VERSION = "17.0.0";
/** One target, rules only: CLAUDE.md (the root rule) and one `.claude/rules/<name>.md` per other rule. */
export const RULESYNC_TARGET = "claudecode";
const GENERATE = ["generate", "--targets", RULESYNC_TARGET, "--features", "rules", "--silent"];

/**
 * How to run npm: the npm that ships beside the node running this bench (its `lib/node_modules/npm`), else `npm` on
 * PATH (the node@22 package's node has none beside it).
 */
function npmCommand() {
  const cli = join(dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js");
  return existsSync(cli) ? { command: process.execPath, prefix: [cli] } : { command: "npm", prefix: [] };
}

/**
 * Installs rulesync@17.0.0 into `<root>/rulesync` (never into the repository) and returns `{ cli }`, the path of its
 * bin script, or `{ why }` when it cannot be had (offline, npm missing). It runs on the bench's Node, as forge does, so
 * both start the same runtime; its package declares Node >= 22, and the bench checks every run wrote every rule.
 */
export function installRulesync(root) {
  const prefix = join(root, "rulesync");
  mkdirSync(prefix, { recursive: true });
  const npm = npmCommand();
  const args = [...npm.prefix, "install", "--prefix", prefix, `rulesync@${RULESYNC_VERSION}`, "--no-audit", "--no-fund", "--no-save", "--global=false"];
  const r = spawnSync(npm.command, args, { cwd: prefix, encoding: "utf8", timeout: 300_000 });
  if (r.error) return { why: `\`npm install rulesync@${RULESYNC_VERSION}\` could not run (${r.error.message})` };
  if (r.status !== 0) {
    const lines = `${r.stderr}`.split("\n").filter((line) => line.trim() && !/complete log of this run/.test(line));
    const errors = lines.filter((line) => line.startsWith("npm error"));
    const last = (errors.length ? errors : lines).slice(0, 3).join(" ").slice(0, 300);
    return { why: `\`npm install rulesync@${RULESYNC_VERSION}\` exited with ${r.status}: ${last}` };
  }
  const pkgDir = join(prefix, "node_modules", "rulesync");
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  } catch (error) {
    return { why: `npm installed no readable rulesync package (${error.message})` };
  }
  if (pkg.version !== RULESYNC_VERSION) return { why: `npm installed rulesync ${pkg.version}, not ${RULESYNC_VERSION}` };
  const cli = join(pkgDir, typeof pkg.bin === "string" ? pkg.bin : (pkg.bin?.rulesync ?? ""));
  return existsSync(cli) ? { cli } : { why: `rulesync ${pkg.version} has no bin script at ${cli}` };
}

/**
 * A rulesync project of `rules` rules (`.rulesync/rules/rule-<k>.md`, YAML frontmatter, rule 0 the root), each the
 * size of a synthetic mode's composed prompt (bench/support/synthetic-repo.mjs): its line, two partials' 13 lines
 * written out (rulesync has no partials), and its 8 steps. Returns the project dir.
 */
export function generateRulesyncProject(dir, { rules, partials }) {
  const sources = join(dir, ".rulesync", "rules");
  mkdirSync(sources, { recursive: true });
  const partial = (p) => [
    `## Shared rules ${p}`,
    ...Array.from({ length: 12 }, (_, i) => `- Guideline ${p}.${i}: keep changes small, verify them and report what you ran.`),
  ];
  for (let k = 0; k < rules; k++) {
    const body = [
      `You are in rule ${k}, working in this repository.`,
      ...partial(k % partials),
      ...partial((k * 7) % partials),
      ...Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: read the code, make the change for task ${k}, run the tests.`),
    ];
    const front = ["---", `root: ${k === 0}`, 'targets: ["*"]', `description: "Synthetic rule number ${k} for the build bench."`, 'globs: ["**/*"]', "---"];
    writeFileSync(join(sources, `rule-${k}.md`), `${front.join("\n")}\n\n# Rule ${k}\n\n${body.join("\n")}\n`);
  }
  return dir;
}

/** The arguments of one `rulesync generate` (run with the bench's node), and a HOME of its own so no user config is read. */
export function rulesyncGenerate(cli, dir) {
  const home = join(dir, "..", "rulesync-home");
  mkdirSync(home, { recursive: true });
  return { args: [cli, ...GENERATE], env: { HOME: home, USERPROFILE: home } };
}

/** Removes what `generate` wrote, so the next run is cold. */
export function clearRulesyncOutputs(dir) {
  rmSync(join(dir, "CLAUDE.md"), { force: true });
  rmSync(join(dir, ".claude"), { recursive: true, force: true });
}

/** How many rules `generate` wrote: CLAUDE.md holding the root rule, and `.claude/rules/rule-<k>.md` each holding rule k. */
export function countRulesyncOutputs(dir) {
  const holds = (file, k) => existsSync(file) && readFileSync(file, "utf8").includes(`# Rule ${k}\n`);
  const rulesDir = join(dir, ".claude", "rules");
  const names = existsSync(rulesDir) ? readdirSync(rulesDir) : [];
  const rules = names.filter((name) => /^rule-(\d+)\.md$/.test(name) && holds(join(rulesDir, name), name.slice(5, -3))).length;
  return rules + (holds(join(dir, "CLAUDE.md"), 0) ? 1 : 0);
}
