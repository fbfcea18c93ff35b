// Pi's native prompt per prompt inputs: one real run per distinct (host, args, files Pi reads), reused across envs.
import { lstatSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createHash, randomUUID } from "node:crypto";
import { join, relative } from "node:path";
import type { PiEnv } from "../../../scripts/demo/pi-env.js";
import type { PiHost } from "../../../scripts/demo/pi-host.js";

// Why: most e2e tests start from a fresh env (new temp root) and compare forge's prompt with Pi's own prompt there.
// That prompt is a function of the host, the CLI args and the files Pi reads in the agent dir and cwd; two envs whose
// inputs are byte-identical get prompts that differ only in the env's temp root path. One native Pi run per distinct
// input set (instead of one per test) keeps the suite inside its time budget without comparing against anything but
// a prompt the real Pi produced. The prompts are shared across the run's e2e files through a directory that
// test/support/global-setup.ts creates for this run only (and removes after it).
const ROOT_MARK = "\u0000forge-e2e-root\u0000";

// What Pi does not read for its own prompt: forge's sources, bundle and trust store, and session files.
const IGNORED = [/^cwd\/\.pi\/forge(\/|$)/, /^agent\/forge(\/|$)/, /^agent\/sessions(\/|$)/, /^home\//];

/** A digest of every file under the env root that could shape Pi's native prompt (names, kinds and contents). */
function promptInputsDigest(env: PiEnv): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = relative(env.root, path);
      if (IGNORED.some((pattern) => pattern.test(rel))) continue;
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        hash.update(`d ${rel}\n`);
        walk(path);
      } else if (stat.isFile()) {
        // Each file's fake server has its own port; where the model lives does not shape the prompt.
        const text = readFileSync(path, "utf8")
          .split(env.root)
          .join(ROOT_MARK)
          .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>");
        hash.update(`f ${rel} ${text.length}\n`).update(text);
      } else hash.update(`o ${rel}\n`); // never open a FIFO or device a hostile-repo test left behind
    }
  };
  walk(env.root);
  return hash.digest("hex");
}

/** The native prompt by inputs, with the env root abstracted: in memory, and in `dir` (shared by the run's files). */
export interface NativePromptCache {
  get(host: PiHost, env: PiEnv, args: readonly string[], run: () => Promise<string>): Promise<string>;
}

export function createNativePromptCache(dir: string | undefined): NativePromptCache {
  const prompts = new Map<string, string>();
  const fileOf = (key: string) => (dir === undefined ? undefined : join(dir, `${createHash("sha256").update(key).digest("hex")}.txt`));
  const load = (key: string): string | undefined => {
    const file = fileOf(key);
    if (file === undefined) return undefined;
    try {
      return readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
  };
  const store = (key: string, prompt: string): void => {
    prompts.set(key, prompt);
    const file = fileOf(key);
    if (file === undefined) return;
    // Another worker may write the same prompt at the same time: write aside, then rename.
    const aside = `${file}.${randomUUID()}`;
    writeFileSync(aside, prompt);
    renameSync(aside, file);
  };
  return {
    async get(host, env, args, run) {
      const key = JSON.stringify([host.id, args.map((arg) => arg.split(env.root).join(ROOT_MARK)), promptInputsDigest(env)]);
      const cached = prompts.get(key) ?? load(key);
      if (cached !== undefined) return cached.split(ROOT_MARK).join(env.root);
      const prompt = await run();
      store(key, prompt.split(env.root).join(ROOT_MARK));
      return prompt;
    },
  };
}
