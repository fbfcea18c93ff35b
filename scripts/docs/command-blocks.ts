// The command blocks of the tutorial and the guides that test/docs/command-blocks.test.ts runs: a fenced block whose
// info string is `sh run` (optionally `hosts=legacy,modern`: the Pi hosts it runs on; `exit=N`: its exit status), and
// the `text output` block right after it, if any, which shows what it prints. A page's blocks run in order in one
// temporary repository.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export type HostId = "legacy" | "modern";

export interface CommandBlock {
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  script: string;
  /** The hosts the block names; empty when it names none (it needs no Pi). */
  hosts: HostId[];
  /** The exit status the page says the block ends with (0 unless `exit=N`). */
  exit: number;
  /** The shown output, when the page shows it. */
  output?: string;
}

const HOST_IDS: readonly string[] = ["legacy", "modern"];

/** The pages whose marked blocks run: every Markdown file under docs/tutorial/ and docs/guides/, sorted. */
export function runnablePages(repo: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith(".md") ? [relative(repo, path)] : [];
    });
  return ["docs/tutorial", "docs/guides"].flatMap((dir) => (existsSync(join(repo, dir)) ? walk(join(repo, dir)) : [])).sort();
}

interface Fence {
  line: number;
  info: string[];
  body: string;
}

function fencesOf(markdown: string): Array<Fence & { after: number }> {
  const lines = markdown.split("\n");
  const out: Array<Fence & { after: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const mark = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j]!.trim().startsWith(mark) && lines[j]!.trim().replace(/[`~]/g, "") === "")) body.push(lines[j++]!);
    out.push({ line: i + 1, info: open[2]!.trim().split(/\s+/).filter(Boolean), body: body.join("\n"), after: j + 1 });
    i = j;
  }
  return out;
}

/** The marked command blocks of a page, each with the output block that follows it (blank lines between allowed). */
export function commandBlocksOf(file: string, markdown: string): CommandBlock[] {
  const lines = markdown.split("\n");
  const fences = fencesOf(markdown);
  const blocks: CommandBlock[] = [];
  fences.forEach((fence, i) => {
    if (fence.info[0] !== "sh" || !fence.info.includes("run")) return;
    const hostsWord = fence.info.find((w) => w.startsWith("hosts="));
    const hosts = hostsWord ? hostsWord.slice("hosts=".length).split(",") : [];
    const unknown = hosts.filter((h) => !HOST_IDS.includes(h));
    if (unknown.length > 0) throw new Error(`${file}:${fence.line}: unknown host ${unknown.join(", ")} (hosts are ${HOST_IDS.join(", ")})`);
    const exitWord = fence.info.find((w) => w.startsWith("exit="));
    const exit = exitWord ? Number.parseInt(exitWord.slice("exit=".length), 10) : 0;
    if (!Number.isInteger(exit)) throw new Error(`${file}:${fence.line}: ${exitWord} is not an exit status`);
    const next = fences[i + 1];
    const between = next ? lines.slice(fence.after, next.line - 1) : [];
    const shown = next && next.info[0] === "text" && next.info.includes("output") && between.every((l) => l.trim() === "");
    blocks.push({ file, line: fence.line, script: fence.body, hosts: hosts as HostId[], exit, ...(shown ? { output: next.body } : {}) });
  });
  return blocks;
}

/** The passes a page needs: one per host its blocks name, or one without Pi when they name none. */
export function passesOf(blocks: readonly CommandBlock[]): Array<HostId | null> {
  const hosts = [...new Set(blocks.flatMap((b) => b.hosts))].sort();
  return hosts.length > 0 ? hosts : [null];
}

/**
 * Where the shown output departs from what ran: each shown line must be a line of the actual output, in order (lines
 * between may be left out; `...` inside a shown line stands for any text). Null when it matches.
 */
export function outputMismatch(shown: string, actual: string): string | null {
  const actualLines = actual.split("\n").map((l) => l.trimEnd());
  let at = 0;
  for (const line of shown.split("\n").map((l) => l.trimEnd())) {
    if (line.trim() === "") continue;
    const pattern = new RegExp(`^${line.split("...").map(escapeRegExp).join(".*")}$`);
    while (at < actualLines.length && !pattern.test(actualLines[at]!)) at++;
    if (at === actualLines.length) return `the page shows "${line}", which the output does not have (in this order)`;
    at++;
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every marked block of the runnable pages, by page. */
export function commandBlocksByPage(repo: string): Map<string, CommandBlock[]> {
  const pages = new Map<string, CommandBlock[]>();
  for (const file of runnablePages(repo)) {
    const blocks = commandBlocksOf(file, readFileSync(join(repo, file), "utf8"));
    if (blocks.length > 0) pages.set(file, blocks);
  }
  return pages;
}
