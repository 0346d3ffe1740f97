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

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/\*\*|__/g, '');
}

/**
 * The page stylesheet has tables scroll sideways when too wide; below the sm breakpoint these
 * rules stack each row instead, every cell headed by its column's name.
 */
export const TABLE_CSS =
  '@media (max-width:575.98px){.stacked-table,.stacked-table tbody,.stacked-table tr,.stacked-table td{display:block;overflow:visible}' +
  '.stacked-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}' +
  '.stacked-table tr{padding-block:.5rem;border-bottom:var(--bs-border-width) solid var(--bs-border-color)}' +
  '.stacked-table td{padding:.25rem 0;border:0}' +
  '.stacked-table td::before{content:attr(data-label);display:block;font-size:.875em;color:var(--bs-secondary-color)}' +
  '.stacked-table td:first-child::before{content:none}}';

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: () => '',
    // On a phone each row becomes a block whose cells carry their column's name (see
    // TABLE_CSS), so a three-column table never scrolls sideways at 360 px.
    table(token: Tokens.Table) {
      const labels = token.header.map((cell) => escapeAttribute(cell.text));
      const header = token.header
        .map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`)
        .join('');
      const rows = token.rows
        .map(
          (row) =>
            `<tr>${row.map((cell, i) => `<td data-label="${labels[i] ?? ''}">${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`,
        )
        .join('\n');
      return `<table class="stacked-table"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>\n`;
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
  const parse = (slice: Token[]) =>
    marked.parser(Object.assign(slice, { links: tokens.links }) as TokensList);
  let html = '';
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 3) {
      let end = i + 1;
      while (
        end < tokens.length &&
        !(tokens[end]!.type === 'heading' && (tokens[end] as Tokens.Heading).depth <= 3)
      )
        end++;
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
