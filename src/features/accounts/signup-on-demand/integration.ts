import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Registers `client:signup` (see directive.ts): islands that hydrate on the first interaction
 * that asks for signup, instead of at page load.
 */
export function signupOnDemand(): AstroIntegration {
  return {
    name: 'kindred:signup-on-demand',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // esbuild bundles the entry and wants a path, not a file: URL.
        addClientDirective({
          name: 'signup',
          entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)),
        });
      },
    },
  };
}
