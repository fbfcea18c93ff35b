// One Pi process in RPC mode (`pi --mode rpc`): LF-framed JSON on stdin/stdout, responses by id, events, and forge's
// notices; dialogs are answered (confirm: yes, anything else: cancelled). forge test --pi keeps one per host.
import { spawn, type ChildProcess } from "node:child_process";

/** A line Pi writes longer than this ends the session (Pi's records are events and short responses). */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

export interface PiProcessOptions {
  node: string;
  cli: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface PiRpc {
  /** Every record since `from` (an index into the records seen so far). */
  recordsFrom(from: number): unknown[];
  /** How many records arrived so far (a mark for recordsFrom and waitFor). */
  mark(): number;
  send(command: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>>;
  waitFor(predicate: (record: Record<string, unknown>) => boolean, from: number, timeoutMs: number): Promise<Record<string, unknown>>;
  /** The notices (extension UI `notify`) since `from`. */
  noticesFrom(from: number): string[];
  /** The end of what Pi wrote on stderr, for a failure's message. */
  stderrTail(): string;
  alive(): boolean;
  close(): Promise<void>;
}

const DIALOGS = new Set(["select", "confirm", "input", "editor"]);

export function startPiRpc(options: PiProcessOptions): PiRpc {
  const child: ChildProcess = spawn(options.node, [options.cli, "--mode", "rpc", ...options.args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const records: Array<Record<string, unknown>> = [];
  const listeners = new Set<() => void>();
  let stderr = "";
  let buffer = "";
  let exited = false;
  let seq = 0;
  const wake = () => {
    for (const l of [...listeners]) l();
  };
  const exit = new Promise<void>((resolve) => {
    const done = () => {
      exited = true;
      wake();
      resolve();
    };
    child.once("close", done);
    child.once("error", (error) => {
      stderr += `\n${error.message}`;
      done();
    });
  });
  const write = (record: unknown) => {
    if (!exited && child.stdin?.writable) child.stdin.write(`${JSON.stringify(record)}\n`);
  };
  child.stdin?.on("error", () => {}); // a closed pipe after Pi exited: the exit is reported instead
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    stderr = (stderr + d).slice(-8192);
  });
  child.stdout?.setEncoding("utf8").on("data", (data: string) => {
    buffer += data;
    if (buffer.length > MAX_LINE_CHARS) {
      stderr += "\nforge: a record from Pi was over the size bound";
      child.kill("SIGKILL");
      return;
    }
    // LF only: a JSON string may hold U+2028, which other line readers split on.
    for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl).replace(/\r$/, "");
      buffer = buffer.slice(nl + 1);
      if (line.trim() === "") continue;
      let record: Record<string, unknown>;
      try {
        const parsed = JSON.parse(line) as unknown;
        record = parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : { type: "unparsed" };
      } catch {
        record = { type: "unparsed", line };
      }
      records.push(record);
      if (record.type === "extension_ui_request" && DIALOGS.has(String(record.method))) {
        write({ type: "extension_ui_response", id: record.id, ...(record.method === "confirm" ? { confirmed: true } : { cancelled: true }) });
      }
    }
    wake();
  });

  const waitFor: PiRpc["waitFor"] = (predicate, from, timeoutMs) =>
    new Promise((resolve, reject) => {
      let index = from;
      const check = () => {
        for (; index < records.length; index++) {
          if (predicate(records[index]!)) {
            done();
            resolve(records[index]!);
            return;
          }
        }
        if (exited) {
          done();
          reject(new Error(`Pi exited${stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" / ")}` : ""}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`Pi did not answer in ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  return {
    recordsFrom: (from) => records.slice(from),
    mark: () => records.length,
    send(command, timeoutMs) {
      const id = `forge-test-${++seq}`;
      const from = records.length;
      write({ ...command, id });
      return waitFor((r) => r.type === "response" && r.id === id, from, timeoutMs);
    },
    waitFor,
    noticesFrom: (from) => records.slice(from).flatMap((r) => (r.type === "extension_ui_request" && r.method === "notify" ? [String(r.message)] : [])),
    stderrTail: () => stderr.trim(),
    alive: () => !exited,
    async close() {
      if (!exited) child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
