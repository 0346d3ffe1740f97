import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeHost } from './host.ts';
import { itMaps } from '../../tests/support/tables.ts';

// Property tests: generous time, as they share the machine with every other suite.
describe('normalizeHost', { timeout: 30_000 }, () => {
  itMaps(normalizeHost, [
    ['Example.COM', 'example.com'],
    ['example.com:4321', 'example.com'],
    ['www.example.com', 'example.com'],
    ['WWW.Example.com:443', 'example.com'],
    ['example.com.', 'example.com'],
    ['example.com.:8080', 'example.com'],
    ['www.example.com.', 'example.com'],
    ['  example.com  ', 'example.com'],
    ['www.www.example.com', 'example.com'],
    ['localhost:4321', 'localhost'],
    ['rainbow.localhost', 'rainbow.localhost'],
    ['127.0.0.1:4321', '127.0.0.1'],
    ['[::1]:4321', '[::1]'],
    ['[::1]', '[::1]'],
    ['[2001:DB8::1]:443', '[2001:db8::1]'],
    ['wwwexample.com', 'wwwexample.com'],
    ['www', 'www'],
    ['', ''],
  ]);

  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/).filter((l) => l !== 'www');
  const bareHost = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  /** A bare host as a browser may send it: any case, `www.` in front, a trailing dot, a port. */
  const decorated = fc
    .record({
      host: bareHost,
      www: fc.nat({ max: 2 }),
      dot: fc.boolean(),
      port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      upper: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
    })
    .map(({ host, www, dot, port, upper }) => {
      const raw = `${'www.'.repeat(www)}${host}${dot ? '.' : ''}${port === undefined ? '' : `:${port}`}`;
      const cased = [...raw].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
      return { host, cased };
    });

  /** normalizeHost leaves its own output as it is. */
  const normalizesOnce = (s: string) => {
    const once = normalizeHost(s);
    return normalizeHost(once) === once;
  };

  it('folds every spelling of a host onto the bare host', () => {
    fc.assert(fc.property(decorated, ({ host, cased }) => normalizeHost(cased) === host));
  });

  it('is idempotent on any input', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary-ascii' }),
      decorated.map((d) => d.cased),
    );
    fc.assert(fc.property(anyText, normalizesOnce), { numRuns: 1000 });
  });

  it('is idempotent on hosts made of the awkward characters', () => {
    // Dots, colons, brackets, spaces and "www." are where folding rules meet.
    const awkward = fc.string({
      unit: fc.constantFrom('w', 'w', 'w', '.', ':', '[', ']', ' ', 'a', 'W', '1'),
      maxLength: 16,
    });
    fc.assert(fc.property(awkward, normalizesOnce), { numRuns: 3000 });
  });

  it('ignores case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (s) => {
        expect(normalizeHost(s.toUpperCase())).toBe(normalizeHost(s));
        expect(normalizeHost(s.toLowerCase())).toBe(normalizeHost(s));
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => normalizeHost(s.toLowerCase()) === normalizeHost(s)),
    );
  });
});
