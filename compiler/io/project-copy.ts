// forge test --model runs a real agent, which may edit files: it runs in a temporary copy of the project (the files git
// lists, tracked or not ignored; without git, the forge root), its node_modules linked in. Bounded in files and bytes.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const MAX_FILES = 20_000;
const MAX_BYTES = 512 * 1024 * 1024;

export interface ProjectCopy {
  root: string;
  remove(): void;
}

/** A copy of the project at `root` in a temporary directory; throws when it is over the bounds. */
export function copyProject(root: string, env: NodeJS.ProcessEnv): ProjectCopy {
  const parent = mkdtempSync(join(tmpdir(), "forge-test-model-"));
  const copy = join(parent, "project");
  const remove = () => rmSync(parent, { recursive: true, force: true });
  try {
    const listed = spawnSync("git", ["-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      env,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (listed.status === 0) {
      const files = listed.stdout.split("\0").filter((f) => f !== "");
      if (files.length > MAX_FILES) throw new Error(`the project has ${files.length} files, over the ${MAX_FILES} forge test --model copies`);
      let bytes = 0;
      for (const file of files) {
        const from = join(root, file);
        if (!existsSync(from) || !lstatSync(from).isFile()) continue;
        bytes += lstatSync(from).size;
        if (bytes > MAX_BYTES) throw new Error(`the project is over the ${MAX_BYTES / 1024 / 1024} MiB forge test --model copies`);
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        copyFileSync(from, join(copy, file));
      }
    } else cpSync(join(root, ".pi"), join(copy, ".pi"), { recursive: true });
    mkdirSync(copy, { recursive: true });
    if (existsSync(join(root, "node_modules")) && !existsSync(join(copy, "node_modules")))
      symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
    return { root: copy, remove };
  } catch (err) {
    remove();
    throw err;
  }
}
