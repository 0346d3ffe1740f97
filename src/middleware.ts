import { defineMiddleware } from 'astro:middleware';
console.log('middleware module loaded at', new Date().toISOString());
await new Promise((r) => setTimeout(r, 10));
export const onRequest = defineMiddleware(async (ctx, next) => {
  if (ctx.url.pathname.startsWith('/de/')) return next(ctx.url.pathname.slice(3));
  return next();
});
