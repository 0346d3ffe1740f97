/** `client:signup` (integration.ts) on any framework component. */
declare namespace Astro {
  interface ClientDirectives {
    'client:signup'?: boolean;
  }
}
