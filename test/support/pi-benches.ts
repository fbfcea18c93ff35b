// The benches whose quick pass runs real Pi processes: test/e2e/bench-quick-pass.e2e.test.ts runs them with the other
// real-Pi tests, test/bench/quick-pass.test.ts runs the rest, so `npm run test:fast` stays free of Pi processes.
export const PI_BENCHES: readonly string[] = ["forge-test.mjs", "runtime-startup.mjs", "tools-session.mjs", "updates-session.mjs"];
