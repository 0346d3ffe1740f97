import { describe, expect, it } from 'vitest';
import {
  clean,
  mergeWapiti,
  parseSqlmapOutput,
  parseWapitiReport,
  renderReport,
  summarize,
  type ScanResults,
  type SqlmapTargetResult,
} from './report.ts';

/** sqlmap 1.7's console output of a run that found nothing. */
const SQLMAP_NOTHING = `[04:18:26] [INFO] testing 'Generic UNION query (NULL) - 1 to 10 columns'
[04:18:27] [WARNING] Cookie parameter 'session' does not seem to be injectable
[04:18:27] [ERROR] all tested parameters do not appear to be injectable. Try to increase values for '--level'/'--risk' options
[04:18:27] [WARNING] HTTP error codes detected during run:
404 (Not Found) - 136 times, 422 (Unprocessable Entity) - 269 times, 403 (Forbidden) - 405 times
[04:18:27] [INFO] you can find results of scanning in multiple targets mode inside the CSV file
`;

/** sqlmap's output of a run that confirmed two points, one in a JSON body, and met 500s. */
const SQLMAP_FOUND = `[10:00:01] [INFO] (custom) POST parameter 'JSON profile' appears to be 'AND boolean-based blind' injectable
sqlmap identified the following injection point(s) with a total of 46 HTTP(s) requests:
---
Parameter: JSON profile ((custom) POST)
    Type: boolean-based blind
    Title: AND boolean-based blind - WHERE or HAVING clause
    Payload: {"profile":"abc' AND 5523=5523-- x"}

    Type: time-based blind
    Title: SQLite > 2.0 AND time-based blind (heavy query)
    Payload: {"profile":"abc' AND 1234=LIKE(CHAR(65))-- x"}

Parameter: #1* (URI)
    Type: error-based
    Title: PostgreSQL AND error-based - WHERE or HAVING clause
    Payload: http://localhost:4700/members/abc' AND 1=CAST(1 AS NUMERIC)-- x
---
[10:00:09] [WARNING] HTTP error codes detected during run:
500 (Internal Server Error) - 3 times, 422 (Unprocessable Entity) - 10 times
[10:00:09] [CRITICAL] connection timed out to the target URL
`;

const WAPITI_REPORT = {
  classifications: {},
  vulnerabilities: {
    'SQL Injection': [
      { method: 'GET', path: '/api/member.php', info: 'SQL Injection via id', parameter: 'id', level: 4 },
    ],
    'Blind SQL Injection': [],
    'Cross Site Scripting': [
      { method: 'GET', path: '/members', info: 'XSS via page', parameter: 'page', level: 4 },
    ],
    'CRLF Injection': [],
  },
  anomalies: {
    'Internal Server Error': [
      {
        method: 'GET',
        path: '/api/locale.php',
        info: 'The server responded with a 500 HTTP error code',
        parameter: 'next',
      },
    ],
    'Resource consumption': [{ method: 'GET', path: '/members', info: 'slow', parameter: 'page' }],
  },
  additionals: {},
  infos: {},
};

function target(name: string, output: string, timedOut = false): SqlmapTargetResult {
  return { target: name, result: parseSqlmapOutput(output), timedOut, exitCode: timedOut ? 124 : 0 };
}

function results(extra: Partial<ScanResults> = {}): ScanResults {
  return {
    sqlmap: [target('GET /api/member.php', SQLMAP_NOTHING)],
    wapiti: parseWapitiReport({ vulnerabilities: { 'SQL Injection': [] }, anomalies: {} }),
    proxied: [],
    serverLoggedFailures: 0,
    statuses: { '200': 10, '422': 5 },
    sessionHeld: true,
    ...extra,
  };
}

describe('sqlmap output', () => {
  it('reads a run that found nothing: no injection, the error codes counted, tested', () => {
    const result = parseSqlmapOutput(SQLMAP_NOTHING);
    expect(result.injections).toEqual([]);
    expect(result.httpErrors).toEqual({ '404': 136, '422': 269, '403': 405 });
    expect(result.tested).toBe(true);
    expect(result.problems).toEqual([]);
  });

  it('reads every confirmed point with its place and techniques, and the 500s', () => {
    const result = parseSqlmapOutput(SQLMAP_FOUND);
    expect(result.injections).toEqual([
      {
        parameter: 'JSON profile',
        place: '(custom) POST',
        types: ['boolean-based blind', 'time-based blind'],
      },
      { parameter: '#1*', place: 'URI', types: ['error-based'] },
    ]);
    expect(result.httpErrors).toEqual({ '500': 3, '422': 10 });
    expect(result.problems).toEqual(['connection timed out to the target URL']);
  });

  it('says a run cut off before its verdict was not tested', () => {
    expect(parseSqlmapOutput("[INFO] testing 'AND boolean-based blind'\n").tested).toBe(false);
  });
});

describe('wapiti report', () => {
  it('splits injections, other findings, server errors and other anomalies', () => {
    const result = parseWapitiReport(WAPITI_REPORT);
    expect(result.injectable.map((v) => `${v.path} ${v.parameter}`)).toEqual(['/api/member.php id']);
    expect(result.vulnerabilities).toHaveLength(2);
    expect(result.serverErrors.map((e) => `${e.path} ${e.parameter}`)).toEqual(['/api/locale.php next']);
    expect(result.otherAnomalies).toHaveLength(1);
  });

  it('takes an empty or missing report as nothing found', () => {
    expect(parseWapitiReport({}).vulnerabilities).toEqual([]);
    expect(parseWapitiReport(null).serverErrors).toEqual([]);
  });
});

describe('summary', () => {
  it('is clean with nothing found and the session still valid', () => {
    const summary = summarize(results());
    expect(summary).toMatchObject({
      injectableParameters: 0,
      serverErrors: 0,
      otherFindings: 0,
      requests: 15,
    });
    expect(clean(summary)).toBe(true);
  });

  it('adds sqlmap and wapiti injections, and counts other findings apart', () => {
    const summary = summarize(
      results({
        sqlmap: [target('POST /api/like.php', SQLMAP_FOUND), target('GET /api/member.php', SQLMAP_NOTHING)],
        wapiti: parseWapitiReport(WAPITI_REPORT),
      }),
    );
    expect(summary.injectableParameters).toBe(3);
    expect(summary.otherFindings).toBe(1);
    expect(clean(summary)).toBe(false);
  });

  it('counts a server error once however many witnesses saw it', () => {
    const error = {
      method: 'GET',
      url: '/api/locale.php?locale=de&next=%00',
      status: 500,
      requestBody: '',
      responseBody: '{"error":"server_error"}',
      source: 'wapiti',
    };
    // The proxy saw the one 500 that wapiti reported and the server logged.
    const once = summarize(
      results({ wapiti: parseWapitiReport(WAPITI_REPORT), proxied: [error], serverLoggedFailures: 1 }),
    );
    expect(once.serverErrors).toBe(1);
    // sqlmap's three 500s with the proxy down: the scanners' own count stands.
    const unproxied = summarize(results({ sqlmap: [target('POST /api/like.php', SQLMAP_FOUND)] }));
    expect(unproxied.serverErrors).toBe(3);
  });

  it('is not clean when the scan lost its session (it would have scanned as a visitor)', () => {
    expect(clean(summarize(results({ sessionHeld: false })))).toBe(false);
  });

  it('groups the server errors by path, each request listed with its answer', () => {
    const error = (url: string) => ({
      method: 'GET',
      url,
      status: 500,
      requestBody: '',
      responseBody: '<title>An error has occurred</title>',
      source: 'wapiti',
    });
    const report = renderReport(
      results({ proxied: [error('/api/locale.php?next=%00'), error('/api/locale.php?next=/e%00')] }),
      { started: '2026-11-28T04:00:00.000Z', seconds: 61 },
    );
    expect(report).toContain('- server errors (5xx): **2**');
    expect(report).toContain('| 500 | `GET /api/locale.php` | 2 |');
    expect(report).toContain('- 500 for `GET /api/locale.php?next=/e%00` (wapiti)');
  });

  it('names untested and cut-off targets, and the numbers lead the report', () => {
    const report = renderReport(
      results({ sqlmap: [target('GET /api/chat.php', "[INFO] testing 'x'\n", true)] }),
      { started: '2026-11-28T04:00:00.000Z', seconds: 61 },
    );
    expect(report).toContain('- injectable parameters: **0**');
    expect(report).toContain('- server errors (5xx): **0**');
    expect(report).toContain('cut off by their time bound: GET /api/chat.php');
    expect(report).toContain('without a finished test: GET /api/chat.php');
  });

  it('names the targets whose own request was refused, and shows each own answer', () => {
    const report = renderReport(
      results({
        sqlmap: [
          { ...target('GET /console/api/audit.php', SQLMAP_NOTHING), baseline: 422 },
          { ...target('GET /console/api/orders.php', SQLMAP_NOTHING), baseline: 200 },
        ],
      }),
      { started: '2026-12-01T02:00:00.000Z', seconds: 61, areas: ['member', 'console'] },
    );
    expect(report).toContain('# Scan of the member area and the console');
    expect(report).toContain(
      'own request was refused (aimed past the checks on purpose, or to be given better values): GET /console/api/audit.php (422)',
    );
    expect(report).not.toContain('GET /console/api/orders.php (200)');
    expect(report).toContain('| `GET /console/api/orders.php` | 200 | 0 |');
    expect(report).toContain('- member and console sessions still valid after the scan: **yes**');
  });
});

describe('two areas', () => {
  it("merge their wapiti findings: the console's count as the member area's do", () => {
    const member = parseWapitiReport(WAPITI_REPORT);
    const console = parseWapitiReport({
      vulnerabilities: {
        'Cross Site Scripting': [{ method: 'GET', path: '/console/members', parameter: 'q', info: 'xss' }],
      },
    });
    const merged = mergeWapiti(member, console);
    expect(merged.vulnerabilities.map((v) => v.path)).toEqual([
      ...member.vulnerabilities.map((v) => v.path),
      '/console/members',
    ]);
    expect(merged.injectable).toEqual(member.injectable);
    const summary = summarize(results({ wapiti: merged }));
    expect(summary.otherFindings).toBe(2);
    expect(clean(summary)).toBe(false);
  });
});
