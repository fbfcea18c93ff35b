// The forge Pi extension entry (stub until the runtime lands).
export default function forgeExtension(_pi: unknown): void {}
