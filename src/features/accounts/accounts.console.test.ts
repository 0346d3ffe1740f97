import { describe, expect, it } from 'vitest';
import { deviceSummary } from './accounts.console.ts';

/* The device a session was opened from, as support sees it: a browser and a system, no more. */
describe('device summary', () => {
  it('names the browser and the system', () => {
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceSummary('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(deviceSummary('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(
      'Firefox on Linux',
    );
    expect(deviceSummary('curl/8.0')).toBe('other browser on other system');
    expect(deviceSummary(null)).toBe('unknown');
  });
});
