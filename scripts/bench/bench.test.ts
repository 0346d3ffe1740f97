import { describe, expect, it } from 'vitest';
import { siteConfig } from './nginx.ts';
import { cssUrls, pageResources, thirdParty } from './page-weight.ts';
import { median, medianRatio, roundOrder } from './stats.ts';
import { parseWrk } from './wrk.ts';

describe('stats', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('puts every target in every position over the rounds', () => {
    const targets = ['a', 'b', 'c'];
    const firsts = [0, 1, 2].map((round) => roundOrder(targets, round)[0]);
    expect(firsts.sort()).toEqual(targets);
    expect(roundOrder(targets, 4)).toEqual(['b', 'c', 'a']);
  });

  it('compares targets within each round, then takes the median of the ratios', () => {
    const rounds: Array<Record<string, number>> = [
      { lander: 90, bare: 100 },
      { lander: 50, bare: 40 },
      { lander: 10, bare: 20 },
      { lander: 5 },
    ];
    const { median: m, ratios } = medianRatio(rounds, 'lander', 'bare');
    expect(ratios).toEqual([0.9, 1.25, 0.5]);
    expect(m).toBe(0.9);
  });
});

describe('parseWrk', () => {
  const output = `Running 5s test @ http://127.0.0.1:4800/landers/video
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     6.20ms    2.10ms  40.00ms   90.00%
    Req/Sec     4.10k   300.00     5.00k    70.00%
  Latency Distribution
     50%  850.00us
     75%    7.00ms
     90%    9.00ms
     99%   20.00ms
  40000 requests in 5.00s, 700.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:   8123.45
Transfer/sec:    140.00MB
`;

  it('reads throughput, errors and the median latency', () => {
    expect(parseWrk(output)).toEqual({
      requestsPerSecond: 8123.45,
      non2xx: 7,
      socketErrors: 3,
      latencyP50Ms: 0.85,
    });
  });

  it('refuses output without a result', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:4800 Connection refused')).toThrow(/Requests\/sec/);
  });
});

describe('page weight', () => {
  const html = `<!DOCTYPE html><html><head>
    <link rel="stylesheet" href="/_astro/lander.css"><link rel="icon" href="/favicon.svg">
    <link rel="canonical" href="https://elsewhere.example/x">
    <style>.a{color:red}</style>
    <script type="application/ld+json">{"@context":"https://schema.org"}</script>
    </head><body>
    <img src="/media/a.webp" srcset="/media/a-160.webp 160w, https://cdn.example/a.webp 480w">
    <a href="https://elsewhere.example/">a link is not a request</a>
    <astro-island uid="1" component-url="/_astro/SignupModal.js" client="signup"></astro-island>
    <script>console.log(1)</script><script type="module" src="/_astro/deck.js"></script>
    </body></html>`;

  it('finds stylesheets, scripts run at load, islands and fetched URLs', () => {
    const found = pageResources(html);
    expect(found.stylesheets).toEqual(['/_astro/lander.css']);
    expect(found.inlineStyles).toEqual(['.a{color:red}']);
    expect(found.inlineScripts).toEqual(['console.log(1)']);
    expect(found.scripts).toEqual(['/_astro/deck.js']);
    expect(found.islands).toEqual([{ url: '/_astro/SignupModal.js', directive: 'signup' }]);
    expect(found.fetched).toEqual([
      '/_astro/lander.css',
      '/favicon.svg',
      '/_astro/deck.js',
      '/media/a.webp',
      '/media/a-160.webp',
      'https://cdn.example/a.webp',
    ]);
  });

  it('names requests to other hosts, not links or data URLs', () => {
    const page = 'http://localhost:4800/landers/video';
    expect(thirdParty([...pageResources(html).fetched, 'data:image/png;base64,x'], page)).toEqual([
      'https://cdn.example/a.webp',
    ]);
    expect(
      cssUrls(
        `a{background:url("/img/x.svg")} b{background:url(data:image/svg+xml,abc)} @font-face{src:url('https://fonts.example/f.woff2')}`,
      ),
    ).toEqual(['/img/x.svg', 'https://fonts.example/f.woff2']);
  });
});

describe('the shipped nginx configuration, pointed at this machine', () => {
  const text = siteConfig({
    port: 4855,
    redirectPort: 4856,
    upstreamPorts: [4801, 4802, 4803],
    cacheDir: '/tmp/cache',
    clientDir: '/tmp/client',
  });

  it('replaces only the machine-specific lines', () => {
    expect(text).toContain('listen 127.0.0.1:4855;');
    expect(text).not.toMatch(/listen 80;/);
    expect(text.match(/server 127\.0\.0\.1:\d+;/g)).toEqual([
      'server 127.0.0.1:4801;',
      'server 127.0.0.1:4802;',
      'server 127.0.0.1:4803;',
    ]);
    expect(text).toContain('proxy_cache_path /tmp/cache levels=1:2');
    expect(text).toContain('root /tmp/client;');
  });

  it('keeps the port-80 block that sends every request to https', () => {
    expect(text).toContain('listen 127.0.0.1:4856;');
    expect(text).toMatch(/return 301 https:\/\/\$host\$request_uri;/);
    expect(text).not.toMatch(/ssl_certificate/);
  });

  it('keeps the rules that keep personal pages out of the cache', () => {
    expect(text).toMatch(/proxy_cache_bypass \$kindred_skip_cache;/);
    expect(text).toMatch(/proxy_no_cache \$kindred_skip_cache;/);
    expect(text).toMatch(/proxy_cache_key "\$scheme:\/\/\$host\$request_uri/);
    expect(text).not.toMatch(/proxy_ignore_headers[^;]*Set-Cookie/i);
    expect(text).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });
});
