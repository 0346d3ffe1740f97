import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { MessageKey } from '../../../i18n/index.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { interpolate } from '../../shell/components/interpolate.tsx';
import { PathIcon } from '../../shell/components/icons.tsx';
import { $installPrompt, dismissedAt, installHint, rememberDismissal, runsStandalone } from '../pwa.store.ts';

/** The messages the banner uses (islands get only these). */
export const INSTALL_BANNER_MESSAGES: MessageKey[] = [
  'pwa.install.title',
  'pwa.install.text',
  'pwa.install.button',
  'pwa.install.dismiss',
  'pwa.ios.text',
  'pwa.ios.share',
];

/** Safari's Share symbol, drawn beside the words that name it. */
function ShareSymbol() {
  return (
    <PathIcon path="M12 2.6 16.4 7 15 8.4l-2-2V15h-2V6.4l-2 2L7.6 7 12 2.6ZM5 10h4v2H7v8h10v-8h-2v-2h4v12H5V10Z" />
  );
}

/**
 * The offer to install the site as an app: the browser's own install where it offers one, the
 * Share → Add to Home Screen steps on iPhone and iPad Safari, nothing elsewhere. Once
 * dismissed it stays away (90 days); it never covers the page's content (a region at the end
 * of the page, not a dialog), and it is reached by keyboard like any other part.
 */
export default function InstallBanner({ name, messages }: { name: string; messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const prompt = useStore($installPrompt);
  const [hint, setHint] = useState<'prompt' | 'ios' | null>(null);
  const [closed, setClosed] = useState(false);
  const titleId = useId();

  useEffect(() => {
    setHint(
      installHint({
        userAgent: navigator.userAgent,
        platform: navigator.platform,
        maxTouchPoints: navigator.maxTouchPoints,
        standalone: runsStandalone(),
        offered: prompt !== null,
        dismissedAt: dismissedAt(),
        now: Date.now(),
      }),
    );
  }, [prompt]);

  if (closed || !hint) return null;

  const dismiss = () => {
    rememberDismissal(Date.now());
    setClosed(true);
  };
  const install = async () => {
    if (!prompt) return;
    $installPrompt.set(null);
    await prompt.prompt().catch(() => undefined);
    const choice = await prompt.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
    if (choice.outcome === 'dismissed') rememberDismissal(Date.now());
    setClosed(true);
  };

  return (
    <section className="install-banner card shadow" aria-labelledby={titleId}>
      <div className="card-body d-flex flex-column flex-sm-row align-items-sm-center gap-2">
        <div className="flex-grow-1">
          <h2 id={titleId} className="h6 mb-1">
            {t('pwa.install.title', { name })}
          </h2>
          <p className="mb-0 small">
            {hint === 'ios'
              ? interpolate(t('pwa.ios.text'), {
                  share: (
                    <strong className="text-nowrap">
                      <ShareSymbol /> {t('pwa.ios.share')}
                    </strong>
                  ),
                })
              : t('pwa.install.text')}
          </p>
        </div>
        <div className="d-flex gap-2 flex-shrink-0">
          {hint === 'prompt' && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void install()}>
              {t('pwa.install.button')}
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={dismiss}>
            {t('pwa.install.dismiss')}
          </button>
        </div>
      </div>
    </section>
  );
}

// The offer appears in the browser: the server HTML is that of the site's name and messages.
InstallBanner.serverHtmlIgnores = [] as readonly string[];
