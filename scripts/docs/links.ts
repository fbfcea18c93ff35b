// Checks the relative links of Markdown files: each target file exists and each #anchor names a heading (or an
// explicit id) of the file it points into, read as GitHub reads them. Links in code blocks and code spans are text.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { anchorsOf, withoutCode } from "./markdown.js";

export interface Link {
  file: string;
  line: number;
  target: string;
}

export interface BrokenLink extends Link {
  why: string;
}

const INLINE = /!?\[(?:[^\][\\]|\\.|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;
const HTML = /<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g;

/** Every link target of a Markdown text, with its line (code blocks and code spans left out). */
export function linksOf(file: string, markdown: string): Link[] {
  const links: Link[] = [];
  withoutCode(markdown)
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.replace(/(`+)[\s\S]*?\1/g, (m) => " ".repeat(m.length));
      for (const m of line.matchAll(INLINE)) links.push({ file, line: i + 1, target: m[1]! });
      for (const m of line.matchAll(HTML)) links.push({ file, line: i + 1, target: m[1]! });
      const def = DEFINITION.exec(line);
      if (def) links.push({ file, line: i + 1, target: def[1]! });
    });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** The relative links of `files` (paths relative to `repo`) that do not resolve. */
export function brokenLinks(repo: string, files: readonly string[]): BrokenLink[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(readFileSync(join(repo, file), "utf8")));
    return anchors.get(file)!;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const link of linksOf(file, readFileSync(join(repo, file), "utf8"))) {
      if (isExternal(link.target)) continue;
      const [pathPart = "", anchor] = link.target.split("#", 2) as [string, string | undefined];
      const path = decodeURIComponent(pathPart);
      const target = path === "" ? file : normalize(join(dirname(file), path));
      if (target.startsWith("..")) {
        broken.push({ ...link, why: "points outside the repository" });
        continue;
      }
      if (!existsSync(join(repo, target))) {
        broken.push({ ...link, why: `${target} does not exist` });
        continue;
      }
      if (anchor === undefined || anchor === "" || !target.endsWith(".md") || statSync(join(repo, target)).isDirectory()) continue;
      if (!anchorsIn(target).has(decodeURIComponent(anchor))) broken.push({ ...link, why: `${target} has no heading #${anchor}` });
    }
  }
  return broken;
}

export function describeBroken(b: BrokenLink): string {
  return `${b.file}:${b.line}: ${b.target}: ${b.why}`;
}

/** For a message: the repository-relative form of an absolute path. */
export const shown = (repo: string, abs: string) => relative(repo, abs);
