// Preloaded into a bench's child process (NODE_OPTIONS=--require): at exit it writes the process's own CPU time (µs, user
// + system) to FORGE_BENCH_CPU_FILE, which the bench reads (bench/support/child-cpu.mjs).
process.on("exit", () => {
  const u = process.cpuUsage();
  if (process.env.FORGE_BENCH_CPU_FILE) require("node:fs").writeFileSync(process.env.FORGE_BENCH_CPU_FILE, String(u.user + u.system));
});
