/**
 * Script written one statement or brace per line, every statement ending in `;`, without
 * comments and without a line break where JavaScript would insert a semicolon, shipped without
 * its line breaks and indentation: inline scripts stay readable in the source and small on the wire.
 */
export function compact(source: string): string {
  return source.replace(/\n\s*/g, '').trim();
}
