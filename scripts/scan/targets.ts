/** What sqlmap aims at: one endpoint with real values, in the member area or the console. */
export interface SqlmapTarget {
  name: string;
  method: string;
  /** Path and query; a `*` marks a place in the path to test. */
  url: string;
  /** A JSON body: sqlmap tests each of its values. */
  body?: Record<string, unknown>;
  /** sqlmap's level: 1 tests the query, body and path; 2 adds the cookie. */
  level?: number;
}

/** A GET with its query: sqlmap tests each parameter. The name hides the values. */
export function getTarget(url: string): SqlmapTarget {
  return { name: `GET ${url.replace(/=[^&]*/g, '=…')}`, method: 'GET', url };
}

/** A mutation with a JSON body: sqlmap tests each of its values. */
export function sendTarget(method: string, url: string, body: Record<string, unknown>): SqlmapTarget {
  return { name: `${method} ${url}`, method, url, body };
}
