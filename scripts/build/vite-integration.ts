import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** An Astro integration named `name` that adds a Vite plugin to the build and the dev server. */
export function vitePluginIntegration(name: string, plugin: () => Plugin): AstroIntegration {
  return {
    name,
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin()] } });
      },
    },
  };
}
