// Finds the documentation claims tests hold, by reading the test sources (TypeScript's parser, nothing runs): each
// assertion on a doc's text (`expect(README).toContain(x)`, `README.match(re)`...) and each helper that holds a marked
// block (`expectReadmeScreen("drift-dialog", ...)` -> block screen:drift-dialog), with the test file and test name.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

export interface HeldClaim {
  /** `contains:<text>`, `absent:<text>`, `matches:<regex>`, or `block:<marker>`. */
  id: string;
  file: string;
  test: string;
}

/** A doc a test may read: README.md, DEVELOPERS.md or a page under docs/. */
const DOC_PATH = /(?:^|[/"'`])(README\.md|DEVELOPERS\.md|docs\/[\w./-]*\.md)["'`]/;

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The claim text of an argument: a literal's value, a regex's source, any other expression's source text. */
function argumentKey(node: ts.Expression, sf: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isRegularExpressionLiteral(node)) return node.text;
  return squash(node.getText(sf));
}

/** The enclosing it()/test() title, or the describe's, or "(file)". */
function testName(node: ts.Node, sf: ts.SourceFile): string {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && ["it", "test"].includes(n.expression.text)) {
      const title = n.arguments[0];
      return title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title)) ? title.text : squash(title?.getText(sf) ?? "");
    }
  }
  return "(file)";
}

export function claimsInTest(file: string, text: string, readModule: (path: string) => string | null): HeldClaim[] {
  if (!DOC_PATH.test(text)) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const docPaths = new Set<string>();
  const docTexts = new Set<string>();
  const holders = new Map<string, string>(); // helper function name -> marker kind it builds (cli, screen, example)
  const holderBodies = new Set<ts.Node>(); // their bodies: an assertion inside one is the block's, not a claim of its own
  const reads = (n: ts.Node): boolean => {
    const t = n.getText(sf);
    return /readFileSync\(/.test(t) && (DOC_PATH.test(t) || [...docPaths].some((p) => new RegExp(`\\b${p}\\b`).test(t)));
  };
  const mentionsDoc = (n: ts.Node): boolean => reads(n) || [...docTexts].some((d) => new RegExp(`(^|[^\\w.])${d}\\b`).test(n.getText(sf)));
  // Pass 1: which names hold a doc's path or text, and which helpers read a doc to hold a marked block.
  const declare = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = n.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) noteHelper(n.name.text, init);
      else if (reads(init)) docTexts.add(n.name.text);
      else if (DOC_PATH.test(init.getText(sf))) docPaths.add(n.name.text);
    }
    if (ts.isFunctionDeclaration(n) && n.name) noteHelper(n.name.text, n);
    ts.forEachChild(n, declare);
  };
  const noteHelper = (name: string, fn: ts.Node) => {
    const body = fn.getText(sf);
    const kind = /<!-- ([a-z]+):\$\{\w+\}:start -->/.exec(body)?.[1];
    if (kind !== undefined && (reads(fn) || mentionsDoc(fn))) {
      holders.set(name, kind);
      holderBodies.add(fn);
    }
  };
  declare(sf);
  declare(sf); // again: a helper may read a text declared after it
  const claims: HeldClaim[] = [];
  const add = (id: string, node: ts.Node) => claims.push({ id, file, test: testName(node, sf) });
  // Pass 2: the assertions.
  const visit = (n: ts.Node): void => {
    if (holderBodies.has(n)) return;
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      // A helper that holds a marked block: its first argument names the block.
      if (ts.isIdentifier(callee) && holders.has(callee.text) && n.arguments[0]) add(`block:${holders.get(callee.text)}:${argumentKey(n.arguments[0], sf)}`, n);
      // doc.includes(x) / doc.match(re) anywhere: the test needs the doc to say it.
      if (ts.isPropertyAccessExpression(callee) && ["includes", "match"].includes(callee.name.text) && mentionsDoc(callee.expression) && n.arguments[0]) {
        if (!isInsideExpect(n)) add(`${callee.name.text === "match" ? "matches" : "contains"}:${argumentKey(n.arguments[0], sf)}`, n);
      }
      // expect(doc).[not.]toContain(x) / toMatch(re).
      const chain = matcherOf(n);
      if (chain && n.arguments[0]) {
        const subject = chain.expect.arguments[0];
        if (subject && mentionsDoc(subject) && !/^splice\w*\(/.test(subject.getText(sf))) {
          const inner = ts.isCallExpression(subject) && ts.isPropertyAccessExpression(subject.expression) ? subject : null;
          if (inner && ["includes", "match"].includes((inner.expression as ts.PropertyAccessExpression).name.text) && inner.arguments[0]) {
            const kind = (inner.expression as ts.PropertyAccessExpression).name.text === "match" ? "matches" : "contains";
            add(`${kind}:${argumentKey(inner.arguments[0], sf)}`, n);
          } else if (["toContain", "toMatch"].includes(chain.matcher)) {
            const kind = chain.matcher === "toMatch" ? "matches" : chain.negated ? "absent" : "contains";
            add(`${kind}:${argumentKey(n.arguments[0], sf)}`, n);
          }
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  // Blocks a test holds through a module it imports (scripts/renderers that splice a marked block into the doc).
  for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
    const module = readModule(normalize(join(dirname(file), m[1]!)));
    for (const marker of module?.matchAll(/<!-- ([a-z]+(?::[a-z0-9-]+)?):start/g) ?? []) {
      if (/splice|render/i.test(text)) claims.push({ id: `block:${marker[1]}`, file, test: "(file)" });
    }
  }
  return dedupe(claims);
}

function isInsideExpect(n: ts.Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (ts.isCallExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === "expect") return true;
  return false;
}

/** For a matcher call `expect(x).not.toContain(y)`: the expect call, the matcher's name and whether it is negated. */
function matcherOf(call: ts.CallExpression): { expect: ts.CallExpression; matcher: string; negated: boolean } | null {
  if (!ts.isPropertyAccessExpression(call.expression)) return null;
  const matcher = call.expression.name.text;
  let target = call.expression.expression;
  let negated = false;
  if (ts.isPropertyAccessExpression(target) && target.name.text === "not") {
    negated = true;
    target = target.expression;
  }
  if (ts.isCallExpression(target) && ts.isIdentifier(target.expression) && target.expression.text === "expect") return { expect: target, matcher, negated };
  return null;
}

function dedupe(claims: HeldClaim[]): HeldClaim[] {
  const seen = new Set<string>();
  return claims.filter((c) => {
    const k = `${c.id}\u0000${c.file}\u0000${c.test}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A module a test imports, by its path from the repository (`.js` imports of `.ts` sources, `.mjs` as is). */
export function moduleReader(repo: string): (path: string) => string | null {
  return (path) => {
    for (const candidate of [path, path.replace(/\.js$/, ".ts")]) {
      try {
        return readFileSync(join(repo, candidate), "utf8");
      } catch {
        // try the next spelling
      }
    }
    return null;
  };
}
