import { Marked, type Token, type Tokens, type TokensList } from 'marked';

/**
 * Markdown for the footer pages. The texts are ours, but the values filled into them come from
 * tenant files: every value is escaped for Markdown before it is filled in, and raw HTML in a
 * text is dropped, so nothing a tenant file says can become markup.
 */

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** A literal value for Markdown: every ASCII punctuation mark backslash-escaped (CommonMark). */
export function escapeMarkdown(value: string): string {
  return value.replace(ASCII_PUNCTUATION, '\\$&').replace(/\r?\n/g, ' ');
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The `{placeholder}` names a text uses, each once, in order of first use. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Fills `{name}` with `values[name]`, which must already be Markdown (escaped or built). An
 * unknown name stays as it is: the i18n check and the tests catch it rather than hide it.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole,
  );
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: () => '',
    // Wide tables scroll inside their own box on a phone (the page stays 360 px wide).
    table(token: Tokens.Table) {
      const header = token.header.map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`).join('');
      const rows = token.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`)
        .join('\n');
      return `<table><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>\n`;
    },
  },
});

/** Renders a filled text to HTML. */
export function renderMarkdown(text: string): string {
  return marked.parse(text, { async: false });
}

/**
 * Renders a text whose `###` headings are questions: each question and the blocks up to the
 * next heading become a `<details>` disclosure; other headings render as usual.
 */
export function renderDisclosures(text: string): string {
  const tokens = marked.lexer(text);
  const parse = (slice: Token[]) => marked.parser(Object.assign(slice, { links: tokens.links }) as TokensList);
  let html = '';
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 3) {
      let end = i + 1;
      while (end < tokens.length && !(tokens[end]!.type === 'heading' && (tokens[end] as Tokens.Heading).depth <= 3)) end++;
      const question = marked.parseInline((token as Tokens.Heading).text, { async: false });
      html += `<details><summary>${question}</summary>${parse(tokens.slice(i + 1, end))}</details>\n`;
      i = end;
    } else {
      html += parse([token]);
      i++;
    }
  }
  return html;
}

/** The headings of a text as `#`-depth and text, for checking translations against English. */
export function headingOutline(text: string): number[] {
  return marked
    .lexer(text)
    .filter((t): t is Tokens.Heading => t.type === 'heading')
    .map((t) => t.depth);
}
