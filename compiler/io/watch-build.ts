// `forge build --watch`: rebuild on every change under the forge root, keep the last good bundle, stop on SIGINT.
import { watch, type FSWatcher } from "node:fs";
import { CONTEXT_FILE_NAMES } from "../../core/context-files.js";
import { isOwnOutput } from "./read-sources.js";
import type { BuildTarget } from "./forge-target.js";
import { runBuild, type BuildRun, type BuildSettings } from "./run-build.js";
import { describeFailure } from "./describe-failure.js";
import { createIncrementalCompiler } from "../incremental-compile.js";

/** What the watcher tells its caller (the CLI prints it). */
export interface WatchEvents {
  /** A rebuild ran: its report, diagnostics included. */
  built(run: BuildRun): void;
  /** A rebuild could not read the sources (a file removed mid-read); the watch goes on. */
  failed(message: string): void;
  /** A progress line: watching, change detected, stopped. */
  note(text: string): void;
  /** The watcher itself failed; the watch stops with exit code 1. */
  fatal(text: string): void;
}

/** Quiet period after the last event before rebuilding: editors save in several steps. */
const WATCH_DEBOUNCE_MS = 50;

/**
 * The rebuilds of one watch, in order: each reads only the sources whose stat changed, reruns only what a change
 * reaches and reuses the rest of what the one before computed (compiler/incremental-compile.ts), and writes exactly
 * what a cold build would.
 */
export function watchRebuilds(target: BuildTarget, settings: BuildSettings): () => BuildRun {
  const rebuildSettings: BuildSettings = { ...settings, check: false, incremental: createIncrementalCompiler(), sourceReuse: new Map() };
  return () => runBuild(target, rebuildSettings);
}

/**
 * Builds once, then on every change. A broken edit prints diagnostics and writes nothing, so the
 * last good bundle stays. I/O errors during a rebuild (a file removed mid-read) are printed and
 * the watch goes on. Resolves with exit code 0 on SIGINT/SIGTERM, 1 when the watcher itself fails.
 */
export function watchBuild(target: BuildTarget, settings: BuildSettings, events: WatchEvents): Promise<number> {
  const next = watchRebuilds(target, settings);
  // The directories of the nested context files the last build read: watched on their own, not recursively (the
  // project's whole tree, node_modules included, would cost a watch per directory), for context files only.
  const contextWatchers = new Map<string, FSWatcher>();
  let schedule: () => void = () => {};
  const watchContext = (dirs: readonly string[]): void => {
    const wanted = new Set(dirs);
    for (const [dir, w] of contextWatchers) {
      if (wanted.has(dir)) continue;
      w.close();
      contextWatchers.delete(dir);
    }
    for (const dir of wanted) {
      if (contextWatchers.has(dir)) continue;
      try {
        const w = watch(dir, (_event, filename) => {
          if (filename === null || CONTEXT_FILE_NAMES.includes(String(filename))) schedule();
        });
        // A directory removed while watched: the next rebuild finds what is left.
        w.on("error", () => schedule());
        contextWatchers.set(dir, w);
      } catch {
        // gone since the build read it: the next rebuild says what is there
      }
    }
  };
  const rebuild = (): void => {
    try {
      const run = next();
      watchContext(run.contextDirs);
      events.built(run);
    } catch (err) {
      events.failed(describeFailure(err));
    }
  };

  return new Promise<number>((resolve) => {
    let timer: NodeJS.Timeout | null = null;
    let watcher: FSWatcher | null = null;
    const stop = (code: number): void => {
      if (timer) clearTimeout(timer);
      watcher?.close();
      for (const w of contextWatchers.values()) w.close();
      contextWatchers.clear();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      events.note("forge: watch stopped");
      resolve(code);
    };
    const onSignal = (): void => stop(0);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);

    try {
      // Recursive watching works natively on macOS and Windows, and on Linux since Node 20.
      schedule = (): void => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          events.note("forge: change detected, rebuilding");
          rebuild();
        }, WATCH_DEBOUNCE_MS);
      };
      watcher = watch(target.forgeRoot, { recursive: true }, (_event, filename) => {
        // Our own output must not trigger a rebuild; fs.watch names paths with the platform separator.
        if (filename !== null && isOwnOutput(String(filename).replace(/\\/g, "/"))) return;
        schedule();
      });
    } catch (err) {
      events.fatal(`forge: cannot watch ${target.displayForgeRoot}: ${describeFailure(err)}`);
      stop(1);
      return;
    }
    watcher.on("error", (err) => {
      events.fatal(`forge: watching ${target.displayForgeRoot} failed: ${describeFailure(err)}`);
      stop(1);
    });
    events.note(`forge: watching ${target.displayForgeRoot} (Ctrl-C to stop)`);
    // The first build runs after the watcher is set up, so no edit between the two is lost.
    rebuild();
  });
}
