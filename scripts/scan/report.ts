/**
 * What `npm run scan` reads back from the scanners and writes as its report: injectable
 * parameters (sqlmap, wapiti), findings of wapiti's attack modules, and server errors (5xx) as the
 * scanners and the counting proxy in front of the server saw them. Pure functions, so the
 * report's arithmetic is tested without running a scanner.
 */

/** One injection point sqlmap confirmed. */
export interface SqlmapInjection {
  parameter: string;
  /** Where it sits: GET, POST, (custom) POST, URI, Cookie, JSON … */
  place: string;
  /** The techniques that worked ("boolean-based blind", "time-based blind" …). */
  types: string[];
}

export interface SqlmapResult {
  injections: SqlmapInjection[];
  /** The HTTP error codes sqlmap met and how often (`500: 3`). */
  httpErrors: Record<string, number>;
  /** Whether sqlmap said it tested the parameters (rather than stopping early). */
  tested: boolean;
  /** sqlmap's own critical messages (a target it could not reach, a parameter it refused). */
  problems: string[];
}

/**
 * Reads sqlmap's console output (`--batch --disable-coloring`).
 *
 * A confirmed injection prints a block between `---` lines, one `Parameter: name (place)` with
 * its `Type:` lines under it; a run that met error statuses ends with
 * `HTTP error codes detected during run:` and `500 (Internal Server Error) - 3 times`.
 */
export function parseSqlmapOutput(text: string): SqlmapResult {
  const lines = text.split(/\r?\n/);
  const injections: SqlmapInjection[] = [];
  const httpErrors: Record<string, number> = {};
  const problems: string[] = [];
  let inBlock = false;
  let current: SqlmapInjection | undefined;
  let inErrors = false;
  for (const line of lines) {
    if (/identified the following injection point|resumed the following injection point/.test(line)) {
      inBlock = true;
      continue;
    }
    if (inBlock) {
      if (line.trim() === '---') {
        if (injections.length > 0 || current) inBlock = false;
        continue;
      }
      const parameter = /^Parameter: (.+?) \(((?:\(custom\) )?[A-Za-z-]+)\)\s*$/.exec(line);
      if (parameter) {
        current = { parameter: parameter[1]!.trim(), place: parameter[2]!.trim(), types: [] };
        injections.push(current);
        continue;
      }
      const type = /^\s+Type: (.+)$/.exec(line);
      if (type && current) current.types.push(type[1]!.trim());
      continue;
    }
    if (/HTTP error codes detected during run/.test(line)) {
      inErrors = true;
      // sqlmap may print the first code on the same line, after the colon.
      const rest = line.split('during run:')[1] ?? '';
      for (const [code, count] of errorCounts(rest)) httpErrors[code] = (httpErrors[code] ?? 0) + count;
      continue;
    }
    if (inErrors) {
      const counts = errorCounts(line);
      if (counts.length === 0) inErrors = false;
      for (const [code, count] of counts) httpErrors[code] = (httpErrors[code] ?? 0) + count;
    }
    const critical = /\[CRITICAL\] (.+)$/.exec(line);
    if (critical) problems.push(critical[1]!.trim());
  }
  const tested =
    injections.length > 0 ||
    /do not appear to be injectable|does not seem to be injectable|is not injectable/.test(text);
  return { injections, httpErrors, tested, problems };
}

function errorCounts(text: string): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  for (const match of text.matchAll(/\b(\d{3}) \([^)]*\) - (\d+) times?/g)) {
    found.push([match[1]!, Number(match[2])]);
  }
  return found;
}

/** One finding of wapiti's report (`-f json`). */
export interface WapitiFinding {
  category: string;
  method: string;
  path: string;
  parameter: string;
  info: string;
}

export interface WapitiResult {
  /** Everything under `vulnerabilities` (SQL injection, XSS, CRLF, open redirect …). */
  vulnerabilities: WapitiFinding[];
  /** The `Internal Server Error` anomalies: requests the server answered with a 5xx. */
  serverErrors: WapitiFinding[];
  /** Other anomalies (resource consumption: an answer slower than wapiti's timeout). */
  otherAnomalies: WapitiFinding[];
  /** The names of the injection categories, whose findings count as injectable parameters. */
  injectable: WapitiFinding[];
}

const INJECTION_CATEGORIES = /sql injection|blind sql|command execution|ldap|xpath/i;

interface WapitiEntry {
  method?: string;
  path?: string;
  parameter?: string;
  info?: string;
}

/** Reads wapiti's JSON report. */
export function parseWapitiReport(report: unknown): WapitiResult {
  const data = (report ?? {}) as {
    vulnerabilities?: Record<string, WapitiEntry[]>;
    anomalies?: Record<string, WapitiEntry[]>;
  };
  const flatten = (groups: Record<string, WapitiEntry[]> | undefined): WapitiFinding[] =>
    Object.entries(groups ?? {}).flatMap(([category, entries]) =>
      (entries ?? []).map((entry) => ({
        category,
        method: entry.method ?? '',
        path: entry.path ?? '',
        parameter: entry.parameter ?? '',
        info: entry.info ?? '',
      })),
    );
  const vulnerabilities = flatten(data.vulnerabilities);
  const anomalies = flatten(data.anomalies);
  return {
    vulnerabilities,
    serverErrors: anomalies.filter((a) => /internal server error/i.test(a.category)),
    otherAnomalies: anomalies.filter((a) => !/internal server error/i.test(a.category)),
    injectable: vulnerabilities.filter((v) => INJECTION_CATEGORIES.test(v.category)),
  };
}

/** Two wapiti runs (the member area's and the console's) as one result. */
export function mergeWapiti(a: WapitiResult, b: WapitiResult): WapitiResult {
  return {
    vulnerabilities: [...a.vulnerabilities, ...b.vulnerabilities],
    serverErrors: [...a.serverErrors, ...b.serverErrors],
    otherAnomalies: [...a.otherAnomalies, ...b.otherAnomalies],
    injectable: [...a.injectable, ...b.injectable],
  };
}

/** A request the counting proxy saw answered with a 5xx. */
export interface ServerErrorRecord {
  method: string;
  url: string;
  status: number;
  /** The first bytes of the request body, when it had one. */
  requestBody: string;
  /** The first bytes of the answer. */
  responseBody: string;
  /** Who sent it: the scanner's run that was going on. */
  source: string;
}

export interface SqlmapTargetResult {
  /** `METHOD path` as the report names the target. */
  target: string;
  result: SqlmapResult;
  /** The run was cut off by its time bound. */
  timedOut: boolean;
  exitCode: number | null;
  /**
   * The status of the target's own request before sqlmap varies it. A refusal (4xx) means the
   * variations stop where it did, before the endpoint's reads and writes.
   */
  baseline?: number;
}

export interface ScanSummary {
  injectableParameters: number;
  serverErrors: number;
  /** Findings of wapiti's other attack modules (XSS, CRLF, file, redirect …). */
  otherFindings: number;
  requests: number;
  statuses: Record<string, number>;
  sqlmapTargets: number;
  sqlmapTargetsUntested: string[];
  sqlmapTimedOut: string[];
  /** Targets whose own request was refused: their values reach the endpoint's checks only. */
  sqlmapRefusedBaseline: string[];
  /** Whether each scanned login (the member's, the console owner's) still answered after the scan. */
  sessionHeld: boolean;
}

export interface ScanResults {
  sqlmap: SqlmapTargetResult[];
  wapiti: WapitiResult | null;
  /** 5xx answers the proxy counted, each with its request. */
  proxied: ServerErrorRecord[];
  /** How many lines the server logged as a failed request. */
  serverLoggedFailures: number;
  /** Every status the proxy passed on, counted. */
  statuses: Record<string, number>;
  sessionHeld: boolean;
}

/**
 * The two numbers the scan answers for, counted without double counting a request: injectable
 * parameters are sqlmap's confirmed points plus wapiti's injection findings; server errors are
 * the 5xx answers that crossed the proxy (every scanner request does), or what the scanners and
 * the server's log saw when that is more (a request the proxy could not pass on).
 */
export function summarize(results: ScanResults): ScanSummary {
  const sqlInjections = results.sqlmap.reduce((n, t) => n + t.result.injections.length, 0);
  const wapitiInjections = results.wapiti?.injectable.length ?? 0;
  const sqlmapErrors = results.sqlmap.reduce(
    (n, t) =>
      n +
      Object.entries(t.result.httpErrors)
        .filter(([code]) => code.startsWith('5'))
        .reduce((m, [, count]) => m + count, 0),
    0,
  );
  const wapitiErrors = results.wapiti?.serverErrors.length ?? 0;
  const requests = Object.values(results.statuses).reduce((n, c) => n + c, 0);
  return {
    injectableParameters: sqlInjections + wapitiInjections,
    serverErrors: Math.max(results.proxied.length, sqlmapErrors + wapitiErrors, results.serverLoggedFailures),
    otherFindings: (results.wapiti?.vulnerabilities.length ?? 0) - wapitiInjections,
    requests,
    statuses: results.statuses,
    sqlmapTargets: results.sqlmap.length,
    sqlmapTargetsUntested: results.sqlmap.filter((t) => !t.result.tested).map((t) => t.target),
    sqlmapTimedOut: results.sqlmap.filter((t) => t.timedOut).map((t) => t.target),
    sqlmapRefusedBaseline: results.sqlmap
      .filter((t) => t.baseline !== undefined && t.baseline >= 400)
      .map((t) => `${t.target} (${t.baseline})`),
    sessionHeld: results.sessionHeld,
  };
}

/** Whether the scan passes: nothing injectable, no server error, the member stayed logged in. */
export function clean(summary: ScanSummary): boolean {
  return (
    summary.injectableParameters === 0 &&
    summary.serverErrors === 0 &&
    summary.otherFindings === 0 &&
    summary.sessionHeld
  );
}

/** The report as Markdown: the numbers first, then every finding with its request. */
export function renderReport(
  results: ScanResults,
  context: { started: string; seconds: number; areas?: readonly string[] },
): string {
  const summary = summarize(results);
  const out: string[] = [];
  const areas = context.areas ?? ['member'];
  const named = areas.map((area) => (area === 'member' ? 'the member area' : 'the console'));
  out.push(`# Scan of ${named.join(' and ')}`, '');
  out.push(`Started ${context.started}, took ${Math.round(context.seconds)} s.`, '');
  out.push(`- injectable parameters: **${summary.injectableParameters}**`);
  out.push(`- server errors (5xx): **${summary.serverErrors}**`);
  out.push(`- other findings of wapiti's attack modules: **${summary.otherFindings}**`);
  out.push(
    `- ${areas.length > 1 ? 'member and console sessions' : areas[0] === 'console' ? 'console session' : 'member session'} still valid after the scan: **${summary.sessionHeld ? 'yes' : 'no'}**`,
  );
  out.push(
    `- requests through the proxy: ${summary.requests} (${Object.entries(summary.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ')})`,
  );
  out.push(`- sqlmap targets: ${summary.sqlmapTargets}`);
  if (summary.sqlmapTargetsUntested.length > 0)
    out.push(`- sqlmap targets without a finished test: ${summary.sqlmapTargetsUntested.join('; ')}`);
  if (summary.sqlmapTimedOut.length > 0)
    out.push(`- sqlmap targets cut off by their time bound: ${summary.sqlmapTimedOut.join('; ')}`);
  if (summary.sqlmapRefusedBaseline.length > 0)
    out.push(
      `- sqlmap targets whose own request was refused (aimed past the checks on purpose, or to be given better values): ${summary.sqlmapRefusedBaseline.join('; ')}`,
    );
  out.push(`- result: **${clean(summary) ? 'clean' : 'NOT CLEAN'}**`, '');

  out.push('## sqlmap', '');
  out.push('| target | own request | injectable | HTTP errors | note |', '|---|---|---|---|---|');
  for (const t of results.sqlmap) {
    const injections = t.result.injections.map((i) => `${i.parameter} (${i.place}): ${i.types.join(', ')}`);
    const errors = Object.entries(t.result.httpErrors).map(([code, n]) => `${code}×${n}`);
    const note = [
      t.timedOut ? 'time bound reached' : '',
      t.result.tested ? '' : 'not tested to the end',
      ...t.result.problems.slice(0, 2),
    ]
      .filter(Boolean)
      .join('; ');
    out.push(
      `| \`${t.target}\` | ${t.baseline ?? '–'} | ${injections.length ? injections.join('<br>') : '0'} | ${errors.join(', ') || '–'} | ${escapeCell(note) || ''} |`,
    );
  }
  out.push('');

  out.push('## wapiti', '');
  if (!results.wapiti) out.push('No report (wapiti did not finish).', '');
  else {
    const findings = [...results.wapiti.vulnerabilities, ...results.wapiti.serverErrors];
    if (findings.length === 0) out.push('No vulnerability and no server error found.', '');
    for (const f of findings)
      out.push(
        `- ${f.category}: \`${f.method} ${f.path}\` parameter \`${f.parameter}\`: ${escapeCell(f.info)}`,
      );
    for (const f of results.wapiti.otherAnomalies)
      out.push(`- (anomaly) ${f.category}: \`${f.method} ${f.path}\` ${escapeCell(f.info)}`);
    out.push('');
  }

  out.push('## Server errors seen by the proxy', '');
  if (results.proxied.length === 0) out.push('None.', '');
  else {
    out.push('| status | request | times |', '|---|---|---|');
    for (const [key, count] of countBy(
      results.proxied,
      (e) => `${e.status} | \`${e.method} ${e.url.split('?')[0]}\``,
    ))
      out.push(`| ${key} | ${count} |`);
    out.push('');
  }
  for (const e of results.proxied.slice(0, 50)) {
    out.push(`- ${e.status} for \`${e.method} ${e.url}\` (${e.source})`);
    if (e.requestBody) out.push(`  - request body: \`${escapeCell(e.requestBody)}\``);
    out.push(`  - answer: \`${escapeCell(e.responseBody)}\``);
  }
  if (results.proxied.length > 50) out.push(`- … and ${results.proxied.length - 50} more`);
  out.push('', `The server logged ${results.serverLoggedFailures} failed request(s).`, '');
  return out.join('\n');
}

function countBy<T>(items: T[], key: (item: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function escapeCell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').replace(/`/g, "'").slice(0, 300);
}
