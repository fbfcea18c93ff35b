// `forge studio`'s lifetime: compile the sources, serve the page, watch for edits, and stop cleanly on SIGINT/SIGTERM.
import { spawn } from "node:child_process";
import { describeFailure } from "../../io/describe-failure.js";
import type { BuiltinBundleResult, ForgeTarget } from "../../io/forge-target.js";
import type { Asset } from "./assets.js";
import { newToken } from "./access.js";
import { diffRequest } from "./diff-request.js";
import { testsRequest } from "./tests-request.js";
import { startStudioServer } from "./http-server.js";
import { studioSources } from "./studio-sources.js";
import { watchSources } from "./watch-sources.js";

export interface StudioSettings {
  /** forge studio --policy: the team policy shown as its own layer (else forge.yaml's expectPolicy). */
  policy?: string;
  target: ForgeTarget;
  env: NodeJS.ProcessEnv;
  builtin: BuiltinBundleResult;
  assets: ReadonlyMap<string, Asset>;
  /** 0: a random free port. */
  port: number;
  open: boolean;
}

/** What the command prints: the URL on stdout, progress and problems on stderr. */
export interface StudioOutput {
  url(url: string): void;
  note(text: string): void;
}

/** Opens the URL in the desktop's browser; a failure only costs a note (the URL is printed anyway). */
function openBrowser(url: string, note: (text: string) => void): void {
  const [command, args] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", '""', url]] : ["xdg-open", [url]];
  try {
    const child = spawn(command as string, args as string[], { detached: true, stdio: "ignore" });
    child.on("error", (err) => note(`forge studio: could not open a browser (${describeFailure(err)}); open the URL yourself`));
    child.unref();
  } catch (err) {
    note(`forge studio: could not open a browser (${describeFailure(err)}); open the URL yourself`);
  }
}

/** Resolves with the exit code: 0 after SIGINT/SIGTERM, 1 when the server cannot listen or watching fails. */
export async function runStudio(settings: StudioSettings, out: StudioOutput): Promise<number> {
  const { target, env, builtin } = settings;
  const sources = studioSources(target, env, builtin, settings.policy);
  sources.refresh();
  let server;
  try {
    server = await startStudioServer({
      port: settings.port,
      token: newToken(),
      assets: settings.assets,
      handlers: {
        state: () => sources.state(),
        compose: (names, host, as) => sources.compose(names, host, as),
        source: (file) => sources.source(file),
        diff: (a, b) => diffRequest(a, b, target, env, builtin),
        tests: () => testsRequest(target),
        generation: () => sources.generation(),
      },
    });
  } catch (err) {
    out.note(`forge studio: cannot listen on 127.0.0.1:${settings.port}: ${describeFailure(err)}`);
    return 1;
  }
  const running = server;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (code: number): void => {
      if (stopping) return;
      stopping = true;
      watcher?.close();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      void running.close().then(() => {
        out.note("forge studio: stopped");
        resolve(code);
      });
    };
    const onSignal = (): void => stop(0);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    let watcher: { close(): void } | null = null;
    try {
      watcher = watchSources(
        target.forgeRoot,
        () => {
          sources.refresh();
          running.notify();
        },
        (err) => {
          out.note(`forge studio: watching ${target.displayForgeRoot} failed: ${describeFailure(err)}`);
          stop(1);
        },
      );
    } catch (err) {
      out.note(`forge studio: cannot watch ${target.displayForgeRoot}: ${describeFailure(err)}`);
      stop(1);
      return;
    }
    // A change between the first compile and the watcher's start would be missed: compile once more now.
    sources.refresh();
    out.url(running.url);
    out.note(`forge studio: serving ${target.displayForgeRoot} on 127.0.0.1:${running.port}, read-only, watching for edits (Ctrl-C to stop)`);
    if (settings.open) openBrowser(running.url, out.note);
  });
}
