// The claims inventory: what the documentation says that a test holds, so a move of text between README.md and docs/
// loses nothing. Three sets: the doc claims tests assert (test-claims.ts), the tests, benches and examples the docs
// cite as holding a claim, and the hand-written examples (fenced blocks). test/docs/claims-inventory.test.ts holds
// the recorded baseline (test/docs/claims-baseline.json, `npm run docs -- --record-claims`) as a floor.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { GENERATED_MARK } from "./markdown.js";
import { documentationFiles } from "./pictures.js";
import { claimsInTest, moduleReader } from "./test-claims.js";

export const BASELINE_FILE = "test/docs/claims-baseline.json";

export interface ClaimsInventory {
  /** Doc claims a test asserts: `contains:<text>`, `absent:<text>`, `matches:<regex>`, `block:<marker>`. */
  held: string[];
  /** Repository files the docs cite (`test/...`, `bench/...`, `examples/...`, `scripts/...`) that exist. */
  cited: string[];
  /** Each hand-written fenced block of the docs: its first line and a digest of its whitespace-squashed text. */
  examples: string[];
}

function testFiles(repo: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith(".test.ts") ? [relative(repo, path)] : [];
    });
  return walk(join(repo, "test")).sort();
}

const CITED = /(?<![\w./-])((?:test|bench|examples|scripts)\/[\w./-]*[\w/])/g;

/** The cited paths of a Markdown text that name a file or folder of the repository (a trailing slash dropped). */
export function citedPaths(repo: string, markdown: string): string[] {
  const out = new Set<string>();
  for (const m of markdown.matchAll(CITED)) {
    const path = m[1]!.replace(/\/+$/, "");
    if (existsSync(join(repo, path))) out.add(path);
  }
  return [...out];
}

/** Fenced blocks outside the marked regions tests render (`<!-- cli:x:start -->` ... `<!-- cli:x:end -->`). */
export function handWrittenExamples(markdown: string): string[] {
  const out: string[] = [];
  let fence: { mark: string; lines: string[] } | null = null;
  let marked = 0;
  for (const line of markdown.split("\n")) {
    if (fence === null) {
      if (/<!-- [\w:-]+:start\b/.test(line)) marked++;
      if (/<!-- [\w:-]+:end\b/.test(line)) marked = Math.max(0, marked - 1);
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (open !== undefined) fence = { mark: open, lines: [] };
      continue;
    }
    if (line.trim().startsWith(fence.mark) && line.trim().replace(/[`~]/g, "") === "") {
      if (marked === 0) out.push(exampleKey(fence.lines));
      fence = null;
    } else fence.lines.push(line);
  }
  return out;
}

function exampleKey(lines: readonly string[]): string {
  const text = lines.join("\n").replace(/\s+/g, " ").trim();
  const first = (lines.find((l) => l.trim() !== "") ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
  return `${first} #${createHash("sha256").update(text).digest("hex").slice(0, 10)}`;
}

export function claimsInventory(repo: string): ClaimsInventory {
  const readModule = moduleReader(repo);
  const held = testFiles(repo).flatMap((file) => claimsInTest(file, readFileSync(join(repo, file), "utf8"), readModule).map((c) => c.id));
  const docs = documentationFiles(repo).map((file) => readFileSync(join(repo, file), "utf8"));
  const handWritten = docs.filter((text) => !text.startsWith(GENERATED_MARK));
  return {
    held: [...new Set(held)].sort(),
    cited: [...new Set(docs.flatMap((text) => citedPaths(repo, text)))].sort(),
    examples: [...new Set(handWritten.flatMap(handWrittenExamples))].sort(),
  };
}

/** Each entry of `baseline` that `now` no longer has, as `<set>: <entry>`. */
export function lostClaims(baseline: ClaimsInventory, now: ClaimsInventory): string[] {
  const lost: string[] = [];
  for (const set of ["held", "cited", "examples"] as const) {
    const present = new Set(now[set]);
    for (const entry of baseline[set]) if (!present.has(entry)) lost.push(`${set}: ${entry}`);
  }
  return lost;
}

export function renderBaseline(inventory: ClaimsInventory): string {
  return `${JSON.stringify(inventory, null, 2)}\n`;
}
