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
  // One left-to-right scan for "{{" (the regex /(\\*)\{\{/g backtracks over every run of backslashes that no "{{"
  // follows, quadratic in a long run): the backslashes right before each "{{" are counted back to the previous match.
  let out = "";
  let last = 0;
  for (let at = text.indexOf("{{"); at >= 0; at = text.indexOf("{{", last)) {
    let start = at;
    while (start > last && text[start - 1] === "\\") start--;
    const n = at - start;
    out += text.slice(last, start) + (n === 0 ? "\\{{" : `${"\\".repeat(n)}\\{{!}}\\{{`);
    last = at + 2;
  }
  return out + text.slice(last);
}
