/**
 * Lighthouse's four categories for a page, with its default (mobile) profile, driving Debian's
 * Chromium headless over the DevTools protocol: no browser download, nothing from the network
 * but the page's own server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FailedAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** Where it happens: selectors, snippets or URLs from the audit's details. */
  where: string[];
}

export interface LighthouseResult {
  url: string;
  scores: Record<Category, number>;
  failed: FailedAudit[];
  /** Requests to another origin than the page's. */
  thirdPartyRequests: string[];
  /** Lighthouse's total blocking time (ms), what keeps most runs here from 100. */
  blockingMs: number;
}

export function findChromium(): string | undefined {
  return [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].find((path): path is string => !!path && existsSync(path));
}

export interface Browser {
  port: number;
  stop(): Promise<void>;
}

/** Starts Chromium headless with a DevTools port; `*.localhost` resolves to this machine. */
export async function startChromium(port: number): Promise<Browser> {
  const binary = findChromium();
  if (!binary) throw new Error('Chromium is missing (Debian: apt-get install chromium) or set CHROMIUM_PATH');
  const profile = mkdtempSync(join(tmpdir(), 'kindred-lighthouse-'));
  const child: ChildProcess = spawn(
    binary,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      '--mute-audio',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Chromium did not open its DevTools port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface DetailItem {
  node?: { selector?: string; snippet?: string };
  url?: string;
  source?: { url?: string };
  duration?: number;
  wastedMs?: number;
  items?: DetailItem[];
  [key: string]: unknown;
}

function placesOf(items: readonly DetailItem[]): string[] {
  return items.flatMap((item): string[] => {
    if (item.items) return placesOf(item.items);
    const cost = item.wastedMs ?? item.duration;
    const suffix = typeof cost === 'number' ? ` (${Math.round(cost)} ms)` : '';
    const node = item.node;
    if (node?.selector || node?.snippet)
      return [`${node.selector ?? ''} ${node.snippet ?? ''}`.trim() + suffix];
    if (typeof item.url === 'string') return [item.url + suffix];
    if (typeof item.source?.url === 'string') return [item.source.url + suffix];
    return [];
  });
}

function whereOf(details: unknown): string[] {
  return [...new Set(placesOf((details as { items?: DetailItem[] } | undefined)?.items ?? []))].slice(0, 5);
}

/** Metrics say how slow, not why: these audits name the element or resource behind each. */
const EVIDENCE: Record<string, string[]> = {
  'first-contentful-paint': ['render-blocking-insight'],
  'largest-contentful-paint': ['lcp-breakdown-insight', 'render-blocking-insight'],
  'total-blocking-time': ['long-tasks'],
  'speed-index': ['render-blocking-insight'],
  'cumulative-layout-shift': ['layout-shifts'],
};

/** One Lighthouse run of `url` in the browser on `port`. */
export async function audit(url: string, port: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const failed: FailedAudit[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    for (const ref of entry?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (!item || item.score === null || item.score >= 1) continue;
      if (['notApplicable', 'informative', 'manual'].includes(item.scoreDisplayMode)) continue;
      // Audits that weigh nothing in the score are advice, not failures.
      if (ref.weight === 0 && category !== 'accessibility') continue;
      failed.push({
        category,
        id: ref.id,
        title: item.title,
        score: item.score,
        ...(item.displayValue ? { displayValue: item.displayValue } : {}),
        where: [item.details, ...(EVIDENCE[ref.id] ?? []).map((id) => lhr.audits[id]?.details)]
          .flatMap(whereOf)
          .slice(0, 6),
      });
    }
  }
  const origin = new URL(lhr.finalDisplayedUrl || url).origin;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
  const thirdPartyRequests = requests
    .map((r) => r.url ?? '')
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
  const blockingMs = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
  return { url, scores, failed, thirdPartyRequests, blockingMs };
}
