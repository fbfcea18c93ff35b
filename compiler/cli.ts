// forge CLI entry (stub until the CLI lands).
console.error("forge: not built yet");
process.exit(2);
