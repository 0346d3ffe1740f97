/*
 * The built server's entry, `node dist/server/entry.mjs` (the build's serverEntrypoint, see
 * astro.config.mjs). It runs React and Astro in production mode however it is started (the
 * README's command, `./dev start`, a service file that forgets NODE_ENV): React picks its
 * development or production build from NODE_ENV when it is first loaded, and its development
 * build renders an uncached page about 30 % slower. ES imports are hoisted and would load React
 * before any statement here, so the server is imported only once NODE_ENV is set.
 */
process.env['NODE_ENV'] = 'production';
await import('./server.ts');

export {};
