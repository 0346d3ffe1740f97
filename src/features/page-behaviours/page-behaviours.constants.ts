/** Spec §9: the loading bar appears after 200 ms and runs for 5000 ms (the CSS animates it). */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
/** Spec §8: a failed code-chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
