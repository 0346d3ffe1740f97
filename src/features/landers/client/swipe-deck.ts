/**
 * The tinderswipe lander's deck, loaded on the visitor's first interaction (see the lazy loader
 * in page-behaviours): drag or fling the top card, or use the buttons or the arrow keys. Likes go
 * nowhere until the visitor signs up, and the deck says so when it runs out.
 */

const FLING_PX = 90;

function setUp(root: HTMLElement): void {
  const done = root.querySelector<HTMLElement>('[data-deck-done]');
  const status = root.querySelector<HTMLElement>('[data-deck-status]');
  const liveCards = () => [...root.querySelectorAll<HTMLElement>('[data-deck-card]:not(.is-gone)')];
  const top = () => liveCards().at(-1);

  const reveal = () => {
    const card = top();
    if (card) {
      card.removeAttribute('aria-hidden');
      return;
    }
    if (done) {
      done.hidden = false;
      done.querySelector<HTMLElement>('a, button')?.focus();
    }
    root.classList.add('is-done');
  };

  const decide = (action: string) => {
    const card = top();
    if (!card) return;
    card.style.transform = '';
    card.classList.add('is-gone', action === 'like' ? 'is-liked' : 'is-passed');
    card.setAttribute('aria-hidden', 'true');
    if (status) status.textContent = card.dataset[action === 'like' ? 'liked' : 'passed'] ?? '';
    window.setTimeout(() => card.remove(), 400);
    reveal();
  };

  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-lazy-action]');
    if (!button) return;
    event.preventDefault();
    decide(button.dataset.lazyAction ?? 'pass');
  });

  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') decide('like');
    else if (event.key === 'ArrowLeft') decide('pass');
    else return;
    event.preventDefault();
  });

  let dragging: { card: HTMLElement; x: number; id: number } | undefined;
  root.addEventListener('pointerdown', (event) => {
    const card = (event.target as Element).closest<HTMLElement>('[data-deck-card]');
    if (!card || card !== top()) return;
    dragging = { card, x: event.clientX, id: event.pointerId };
    card.setPointerCapture(event.pointerId);
    card.classList.add('is-dragging');
  });
  root.addEventListener('pointermove', (event) => {
    if (!dragging || event.pointerId !== dragging.id) return;
    const dx = event.clientX - dragging.x;
    dragging.card.style.transform = `translateX(${dx}px) rotate(${dx / 20}deg)`;
  });
  const release = (event: PointerEvent) => {
    if (!dragging || event.pointerId !== dragging.id) return;
    const { card, x } = dragging;
    dragging = undefined;
    card.classList.remove('is-dragging');
    const dx = event.clientX - x;
    if (Math.abs(dx) > FLING_PX) decide(dx > 0 ? 'like' : 'pass');
    else card.style.transform = '';
  };
  root.addEventListener('pointerup', release);
  root.addEventListener('pointercancel', release);

  root.setAttribute('data-ready', '');
  const pending = root.getAttribute('data-pending');
  root.removeAttribute('data-pending');
  if (pending) decide(pending);
}

for (const root of document.querySelectorAll<HTMLElement>('[data-deck]')) setUp(root);
