import { createHash } from 'node:crypto';
import type { AstroIntegration } from 'astro';
import { vitePluginIntegration } from './vite-integration.ts';
import { build, type Plugin } from 'vite';

/*
 * Inline scripts are TypeScript modules like the rest of the code (type-checked and linted with
 * it). A page imports one as `import script from './x.inline.ts?inline-script'` and gets
 * `{ source, hash }`: the module bundled on its own into one minified classic script (its
 * imports, such as shared constants, inlined), and the CSP hash of exactly those bytes, which
 * the page allows with `allowInlineScript` (src/server/csp.ts).
 *
 * A service worker is built the same way (`./x.worker.ts?worker-script`): one classic script
 * with its imports inlined, which an endpoint serves as a file of its own.
 */

const QUERIES = ['?inline-script', '?worker-script'] as const;

/** The query of an import this plugin answers, if any. */
function queryOf(id: string): string | undefined {
  return QUERIES.find((query) => id.endsWith(query));
}

/** The bundled, minified script of the module at `file`. */
async function bundled(file: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      // The browsers of the project's pages; a page's inline script must run before any module.
      target: 'es2019',
      lib: { entry: file, formats: ['iife'], name: 'inlineScript' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output: { type: string; code?: string }[];
  }[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error(`inline script ${file}: the bundle has no code`);
  return chunk.code.trim();
}

/** The Vite plugin that answers `?inline-script` and `?worker-script` imports. */
export function inlineScriptsPlugin(): Plugin {
  return {
    name: 'kindred:inline-scripts',
    enforce: 'pre',
    async resolveId(id, importer) {
      const query = queryOf(id);
      if (!query) return null;
      const resolved = await this.resolve(id.slice(0, -query.length), importer, { skipSelf: true });
      return resolved ? resolved.id + query : null;
    },
    async load(id) {
      const query = queryOf(id);
      if (!query) return null;
      const file = id.slice(0, -query.length);
      this.addWatchFile(file);
      const source = await bundled(file);
      const hash = `sha256-${createHash('sha256').update(source).digest('base64')}`;
      return `export default ${JSON.stringify({ source, hash })};`;
    },
  };
}

/** The same for Astro's build and dev server. */
export function inlineScripts(): AstroIntegration {
  return vitePluginIntegration('kindred:inline-scripts', inlineScriptsPlugin);
}
