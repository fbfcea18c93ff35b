// The compile pipeline's plumbing: what a phase is (a pure function from the previous phase's value to the next, plus
// its diagnostics), the one accumulator the diagnostics travel in, and the run compiler/compile.ts threads them through.
import { hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import type { CompileOptions } from "../types.js";
import { NO_MEMO, type Memo } from "./memo.js";
import { sortDiagnostics } from "./sort-diagnostics.js";

/** What a phase returns: the next value, and what it found. */
export interface PhaseResult<T> {
  value: T;
  diagnostics: readonly Diagnostic[];
}

/** What every phase may read besides its input: the compile options, and the previous compile's results to reuse. */
export interface PhaseContext {
  options: CompileOptions;
  memo: Memo;
}

/**
 * A phase: compiler/phases/<n>-<name>.ts exports one, numbered in pipeline order. It reads only its input (the value
 * the phase before returned, which carries forward everything later phases need) and the context.
 */
export type Phase<I, O> = (input: I, context: PhaseContext) => PhaseResult<O>;

export interface PipelineRun {
  /** Runs one phase on the previous phase's value; its diagnostics join the accumulator. */
  through<I, O>(phase: Phase<I, O>, input: I): O;
  /** Runs the last phase, only when no phase reported an error (then nothing may be written): its value or null, and every diagnostic sorted. */
  finish<I, O>(phase: Phase<I, O>, input: I): { value: O | null; diagnostics: Diagnostic[] };
}

/** A context for one phase run on its own (tests, and the I/O edge reading forge.yaml before a compile). */
export function phaseContext(options: CompileOptions, memo: Memo = NO_MEMO): PhaseContext {
  return { options, memo };
}

export function startPipeline(options: CompileOptions, memo: Memo = NO_MEMO): PipelineRun {
  const context = phaseContext(options, memo);
  const found: Diagnostic[] = [];
  const run = <I, O>(phase: Phase<I, O>, input: I): O => {
    const { value, diagnostics } = phase(input, context);
    for (const d of diagnostics) found.push(d);
    return value;
  };
  return {
    through: run,
    finish(phase, input) {
      if (hasErrors(found)) return { value: null, diagnostics: sortDiagnostics(found) };
      const value = run(phase, input);
      // The last phase may refuse what it assembled (a bundle over a bound): then there is no value either.
      return { value: hasErrors(found) ? null : value, diagnostics: sortDiagnostics(found) };
    },
  };
}
