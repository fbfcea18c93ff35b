// Escapes imported prompt text so forge's handlebars lowering keeps it literally (no {{...}} is ever interpreted).

/**
 * Other tools' prompts are plain text: a `{{cwd}}` or `{{ unknown }}` in them was meant literally,
 * but forge prompts are handlebars templates. Handlebars' lexer (handlebars.l) treats `\{{` as an
 * escaped mustache (the backslash is dropped, `{{...` stays text) and `\\{{` as one literal
 * backslash followed by a real mustache. So for every `{{` preceded by n backslashes:
 *   n = 0: write `\{{`.
 *   n > 0: write the n backslashes plus one more, an empty comment `{{!}}`, then `\{{`: the extra
 *          backslash is consumed by the `\\{{` rule (leaving the n), the comment lowers to nothing
 *          (handlebars-lower.ts drops comments), and `\{{` is the escaped braces.
 * A test lowers escaped random strings through the real compiler and checks they come out unchanged.
 */
export function escapeTemplateText(text: string): string {
  return text.replace(/(\\*)\{\{/g, (_match, backslashes: string) =>
    backslashes.length === 0 ? "\\{{" : `${backslashes}\\{{!}}\\{{`,
  );
}
