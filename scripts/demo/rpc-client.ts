// A minimal client for `pi --mode rpc`: LF-framed JSON records, command responses by id, events, extension UI dialogs.
import type { ChildProcess } from "node:child_process";
import { spawnPi, type PiHost, type SpawnPiOptions } from "./pi-host.js";

/** An `extension_ui_request` record from Pi. */
export interface UiRequest {
  type: "extension_ui_request";
  id: string;
  method: string;
  [field: string]: unknown;
}

/** What to answer a dialog with (without type/id), or undefined to cancel it. Fire-and-forget requests are not passed. */
export type UiAnswer = { value: string } | { confirmed: boolean } | { cancelled: true } | undefined;

export interface StartRpcOptions extends SpawnPiOptions {
  /** Extra CLI args (e.g. `--no-session`, `--session <file>`). */
  args?: string[];
  /** Answers dialog requests (select/confirm/input/editor); default cancels them. */
  onUiRequest?: (request: UiRequest) => UiAnswer | Promise<UiAnswer>;
}

export interface RpcClient {
  /** Every record Pi wrote to stdout, in order (responses, events, UI requests). */
  readonly records: any[];
  /** Sends a command (an id is added when missing) and resolves with its `response` record. */
  send(command: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  /** Resolves with the first record (already received, from index `from` on, or future) matching `predicate`. */
  waitFor(predicate: (record: any) => boolean, options?: { timeoutMs?: number; from?: number }): Promise<any>;
  /**
   * Sends `prompt` and waits for the run's agent_end; returns the agent_end record. A prompt that starts no run
   * (1.x answers `data.disposition: "handled"`, e.g. an extension command) returns the response instead.
   */
  prompt(message: string, timeoutMs?: number): Promise<any>;
  stderr(): string;
  /** Closes stdin (Pi exits with 0), SIGKILL after the grace period; resolves with the exit code. */
  close(graceMs?: number): Promise<number | null>;
}

const DIALOGS = new Set(["select", "confirm", "input", "editor"]);

export async function startRpc(host: PiHost, options: StartRpcOptions): Promise<RpcClient> {
  const child: ChildProcess = spawnPi(host, ["--mode", "rpc", ...(options.args ?? [])], options, "pipe");
  const records: any[] = [];
  const listeners = new Set<() => void>();
  let stderr = "";
  let buffer = "";
  let exited = false;
  let seq = 0;
  const exit = new Promise<number | null>((resolve) => {
    const finish = (code: number | null) => {
      exited = true;
      for (const wake of listeners) wake();
      resolve(code);
    };
    child.once("close", finish);
    child.once("error", (error) => {
      stderr += `\nspawn error: ${error.message}`;
      finish(null);
    });
  });

  const write = (record: unknown) => {
    if (!exited && child.stdin?.writable) child.stdin.write(`${JSON.stringify(record)}\n`);
  };
  const answerDialog = async (request: UiRequest) => {
    let answer: UiAnswer;
    try {
      answer = options.onUiRequest ? await options.onUiRequest(request) : undefined;
    } catch {
      answer = undefined;
    }
    write({ type: "extension_ui_response", id: request.id, ...(answer ?? { cancelled: true }) });
  };

  child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.stdout?.setEncoding("utf8").on("data", (data: string) => {
    buffer += data;
    // Split on LF only: JSON strings may hold U+2028/U+2029, which readline would treat as line ends.
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line.trim().length === 0) continue;
      let record: any;
      try {
        record = JSON.parse(line);
      } catch {
        record = { type: "unparsed_stdout", line };
      }
      records.push(record);
      if (record?.type === "extension_ui_request" && DIALOGS.has(record.method)) void answerDialog(record);
      for (const wake of listeners) wake();
    }
  });

  const waitFor: RpcClient["waitFor"] = (predicate, waitOptions = {}) => {
    const timeoutMs = waitOptions.timeoutMs ?? 30_000;
    let index = waitOptions.from ?? 0;
    return new Promise((resolve, reject) => {
      const check = () => {
        for (; index < records.length; index++) {
          if (predicate(records[index])) {
            cleanup();
            resolve(records[index]);
            return;
          }
        }
        if (exited) {
          cleanup();
          reject(new Error(`pi rpc exited before the awaited record\n--- stderr\n${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`pi rpc: no matching record after ${timeoutMs} ms\n--- stderr\n${stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  };

  const send: RpcClient["send"] = (command, timeoutMs) => {
    const id = typeof command.id === "string" ? command.id : `forge-test-${++seq}`;
    const from = records.length;
    write({ ...command, id });
    return waitFor((r) => r?.type === "response" && r.id === id, { timeoutMs, from });
  };

  return {
    records,
    send,
    waitFor,
    async prompt(message, timeoutMs = 30_000) {
      const from = records.length;
      const response = await send({ type: "prompt", message }, timeoutMs);
      if (response.success !== true) throw new Error(`prompt failed: ${JSON.stringify(response)}`);
      if (response.data?.disposition === "handled") return response;
      return waitFor((r) => r?.type === "agent_end", { timeoutMs, from });
    },
    stderr: () => stderr,
    async close(graceMs = 5_000) {
      if (!exited) child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exit;
      clearTimeout(timer);
      return code;
    },
  };
}
