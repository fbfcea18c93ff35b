// Comments that name a file of this repository name one that exists: a rename or a move updates the comments too.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "..", "..");
const TOP = "(?:core|compiler|runtime|io|scripts|test|bench|schema|generated|presets|docs|examples)";
/** A repository path in a comment: starts at a top-level folder, ends in a source or data extension. */
const PATH = new RegExp(`(?<![\\w./-])${TOP}/[\\w./-]*?\\.(?:ts|mjs|cjs|js|json)\\b`, "g");

const sources = execFileSync("git", ["ls-files", "*.ts", "*.mjs", "*.cjs"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((f) => f !== "" && !f.startsWith("test/fixtures/") && !f.startsWith("generated/"));

/** The comment text of a line: after `//`, or a block-comment line (`/**`, ` *`). Strings are not comments. */
function commentOf(line: string): string | null {
  const trimmed = line.trimStart();
  if (trimmed.startsWith("*") || trimmed.startsWith("/*")) return trimmed;
  const at = line.indexOf("// ");
  return at >= 0 && !/["'`]/.test(line.slice(0, at).replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "")) ? line.slice(at) : null;
}

/** Whether a named path exists: as written, or a .js import path of a .ts source. */
function exists(path: string): boolean {
  const abs = join(ROOT, path);
  return existsSync(abs) || (path.endsWith(".js") && existsSync(abs.replace(/\.js$/, ".ts")));
}

describe("comments", () => {
  test("every repository path a comment names exists", () => {
    const stale: string[] = [];
    for (const file of sources) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          const comment = commentOf(line);
          for (const m of comment?.matchAll(PATH) ?? []) if (!exists(m[0])) stale.push(`${file}:${i + 1} names ${m[0]}`);
        });
    }
    expect(stale).toEqual([]);
  });
});
