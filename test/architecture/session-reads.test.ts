// The runtime reads the session in one place and holds host facts in one place: `getBranch(` appears in one runtime
// source file (the session store), the host adapter keeps no mutable state, and each host event has one handler.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { createForgeExtension } from "../../runtime/extension.js";
import { detectHostAdapter } from "../../runtime/host-adapter/index.js";
import { FakePi } from "../support/fake-pi.js";

const ROOT = join(import.meta.dirname, "..", "..");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : name.endsWith(".ts") ? [path] : [];
  });
}

const runtime = walk(join(ROOT, "runtime")).map((abs) => ({ rel: relative(ROOT, abs), text: readFileSync(abs, "utf8") }));

describe("session reads", () => {
  test("getBranch( appears in exactly one runtime source file: the session store", () => {
    expect(runtime.filter((f) => f.text.includes("getBranch(")).map((f) => f.rel)).toEqual(["runtime/session-store.ts"]);
  });

  test("the host adapter keeps no mutable state: one frozen object, no let/var, Map, Set or WeakMap to remember with", () => {
    const adapter = runtime.filter((f) => f.rel.startsWith("runtime/host-adapter/"));
    expect(adapter.length).toBeGreaterThan(2);
    // tool-path-resolver.ts's pure functions rebind a local path; nothing else in the adapter may rebind anything.
    const stateful = adapter
      .filter(
        (f) => (f.rel.endsWith("tool-path-resolver.ts") ? /^(export )?(let|var) /m : /\b(let|var) /).test(f.text) || /new (Map|Set|WeakMap)\b/.test(f.text),
      )
      .map((f) => f.rel);
    expect(stateful).toEqual([]);
    expect(detectHostAdapter({})).toBe(detectHostAdapter({}));
    expect(Object.isFrozen(detectHostAdapter({}))).toBe(true);
  });

  test("one handler per host event: nothing depends on the order handlers were registered in", () => {
    const pi = new FakePi();
    createForgeExtension(pi, { env: {}, builtinFile: "/nonexistent/bundle.json" });
    for (const [event, handlers] of Object.entries(pi.handlers)) expect([event, handlers.length]).toEqual([event, 1]);
  });
});
