// How 1.x's system messages patch the prompt's sections, replayed in order like pi-ai does. Pure; read by the host
// adapter (the last request's prompt) and by system updates (which patches a mid-run request still lacks).

/** A transcript message as far as the fold reads it (1.x `system` messages carry `sections` patches). */
export interface SectionPatchMessage {
  role: string;
  sections?: Record<string, string | null>;
}

/** The sections the model currently has: every system message's patch replayed in order (null removes a section). */
export function foldTranscriptSections(messages: readonly SectionPatchMessage[]): Map<string, string> {
  const sections = new Map<string, string>();
  for (const m of messages) {
    if (m.role !== "system" || !m.sections) continue;
    for (const [name, value] of Object.entries(m.sections)) {
      if (value === null) sections.delete(name);
      else sections.set(name, value);
    }
  }
  return sections;
}
