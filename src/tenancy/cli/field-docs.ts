import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * Reads the doc comments of a zod schema's fields from its source file, keyed by field path
 * (`company.name`, `prices.bundles[].credits`, `campaigns{}.lander`).
 *
 * The schemas document every field with a doc comment, which zod cannot see at run time. Reading
 * them here lets the generated JSON Schemas carry the same text, so an editor shows it on hover
 * and the comment stays the one place where a field is explained.
 */
export function fieldDocs(sourcePath: string, exportName: string): Map<string, string> {
  const source = ts.createSourceFile(
    sourcePath,
    readFileSync(sourcePath, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const consts = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && decl.initializer) consts.set(decl.name.text, decl.initializer);
    }
  }
  const root = consts.get(exportName);
  if (!root) throw new Error(`${sourcePath} declares no "${exportName}"`);
  const docs = new Map<string, string>();
  walk(root, '', docs, consts, new Set());
  return docs;
}

const OBJECT_FACTORIES = new Set(['object', 'strictObject', 'looseObject']);
const RECORD_FACTORIES = new Set(['record', 'partialRecord']);

function walk(
  expr: ts.Expression,
  path: string,
  docs: Map<string, string>,
  consts: Map<string, ts.Expression>,
  following: Set<string>,
): void {
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) {
    walk(expr.expression, path, docs, consts, following);
    return;
  }
  if (ts.isIdentifier(expr)) {
    const target = consts.get(expr.text);
    // A schema defined once and used in several places (companySchema, slug) is followed, but
    // never into itself.
    if (target && !following.has(expr.text)) {
      walk(target, path, docs, consts, new Set([...following, expr.text]));
    }
    return;
  }
  if (!ts.isCallExpression(expr) || !ts.isPropertyAccessExpression(expr.expression)) return;
  const callee = expr.expression;
  const method = callee.name.text;
  const fromZ = ts.isIdentifier(callee.expression) && callee.expression.text === 'z';
  if (fromZ && OBJECT_FACTORIES.has(method)) {
    const shape = expr.arguments[0];
    if (!shape || !ts.isObjectLiteralExpression(shape)) return;
    for (const prop of shape.properties) {
      if (!ts.isPropertyAssignment(prop)) continue;
      const name = propertyName(prop.name);
      if (name === undefined) continue;
      const fieldPath = path ? `${path}.${name}` : name;
      const text = docText(prop);
      if (text) docs.set(fieldPath, text);
      walk(prop.initializer, fieldPath, docs, consts, following);
    }
    return;
  }
  if (fromZ && method === 'array') {
    const element = expr.arguments[0];
    if (element) walk(element, `${path}[]`, docs, consts, following);
    return;
  }
  if (fromZ && RECORD_FACTORIES.has(method)) {
    const value = expr.arguments[1];
    if (value) walk(value, `${path}{}`, docs, consts, following);
    return;
  }
  if (fromZ) return;
  // A method on a schema (.optional(), .default(), .min(), .refine(), .pipe(), …): the fields
  // are those of the schema it is called on.
  walk(callee.expression, path, docs, consts, following);
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

function docText(node: ts.Node): string | undefined {
  const parts: string[] = [];
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    if (!ts.isJSDoc(doc)) continue;
    const text = ts.getTextOfJSDocComment(doc.comment);
    if (text) parts.push(text);
  }
  if (parts.length === 0) return undefined;
  // Source comments wrap at the line width; an editor's hover should reflow them.
  return parts
    .join('\n\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .join('\n\n');
}
