/**
 * Loads the scripts named by `data-lazy-script` on the page's first interaction (pointer, touch
 * or key; not focus, which a dialog moves by itself on load), so heavy parts cost nothing until
 * a visitor reaches for them. A click on a `[data-lazy-action]` before its script has arrived is
 * kept in `data-pending` for the script to replay, rather than lost; the script marks its root
 * `data-ready` when it has taken over.
 */
const FIRST_INTERACTION = ['pointerdown', 'touchstart', 'keydown'];
let loaded = false;

function load(): void {
  if (loaded) return;
  loaded = true;
  for (const type of FIRST_INTERACTION) document.removeEventListener(type, load, true);
  const seen = new Set<string>();
  document.querySelectorAll('[data-lazy-script]').forEach((element) => {
    const src = element.getAttribute('data-lazy-script');
    if (!src || seen.has(src)) return;
    seen.add(src);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.head.appendChild(script);
  });
}

for (const type of FIRST_INTERACTION) document.addEventListener(type, load, { capture: true, passive: true });

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const action = target?.closest ? target.closest('[data-lazy-action]') : null;
  const root = action?.closest('[data-lazy-script]');
  if (!action || !root || root.hasAttribute('data-ready')) return;
  event.preventDefault();
  root.setAttribute('data-pending', action.getAttribute('data-lazy-action') ?? '');
  load();
});
