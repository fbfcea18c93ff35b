// `forge build --watch`: rebuild on every change under the forge root, keep the last good bundle, stop on SIGINT.
import { watch, type FSWatcher } from "node:fs";
import { isOwnOutput } from "./read-sources.js";
import type { ForgeTarget } from "./options.js";
import { runBuild, type BuildSettings } from "./cli/build.js";
import { describeFailure, printBuild, type CliIO } from "./cli/io.js";

/** Quiet period after the last event before rebuilding: editors save in several steps. */
const WATCH_DEBOUNCE_MS = 50;

/**
 * Builds once, then on every change. A broken edit prints diagnostics and writes nothing, so the
 * last good bundle stays. I/O errors during a rebuild (a file removed mid-read) are printed and
 * the watch goes on. Resolves with exit code 0 on SIGINT/SIGTERM, 1 when the watcher itself fails.
 */
export function watchBuild(target: ForgeTarget, settings: BuildSettings, io: CliIO, json: boolean): Promise<number> {
  const rebuild = (): void => {
    try {
      printBuild(runBuild(target, { ...settings, check: false }), io, json, true);
    } catch (err) {
      const message = describeFailure(err);
      if (json) io.stdout.write(JSON.stringify({ command: "build", status: "failed", message }) + "\n");
      else io.stderr.write(`forge: ${message}\n`);
    }
  };

  return new Promise<number>((resolve) => {
    let timer: NodeJS.Timeout | null = null;
    let watcher: FSWatcher | null = null;
    const stop = (code: number): void => {
      if (timer) clearTimeout(timer);
      watcher?.close();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      if (!json) io.stderr.write("forge: watch stopped\n");
      resolve(code);
    };
    const onSignal = (): void => stop(0);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);

    try {
      // Recursive watching works natively on macOS and Windows, and on Linux since Node 20.
      watcher = watch(target.forgeRoot, { recursive: true }, (_event, filename) => {
        // Our own output must not trigger a rebuild; fs.watch names paths with the platform separator.
        if (filename !== null && isOwnOutput(String(filename).replace(/\\/g, "/"))) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          if (!json) io.stderr.write("forge: change detected, rebuilding\n");
          rebuild();
        }, WATCH_DEBOUNCE_MS);
      });
    } catch (err) {
      io.stderr.write(`forge: cannot watch ${target.forgeRoot}: ${describeFailure(err)}\n`);
      stop(1);
      return;
    }
    watcher.on("error", (err) => {
      io.stderr.write(`forge: watching ${target.forgeRoot} failed: ${describeFailure(err)}\n`);
      stop(1);
    });
    if (!json) io.stderr.write(`forge: watching ${target.displayForgeRoot} (Ctrl-C to stop)\n`);
    // The first build runs after the watcher is set up, so no edit between the two is lost.
    rebuild();
  });
}
