/**
 * The navigation's icons, drawn inline (no icon font, no extra request). Decorative: every
 * use sits beside its text, so they are hidden from assistive technology.
 */
const PATHS = {
  search:
    'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v12.2L8.3 16H20V6H4Z',
  heart:
    'M12 21s-7.5-4.6-9.6-9.2C.8 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.1 5.4 3 1.8-1.9 3.3-3 5.4-3 3.6 0 5.8 3.8 4.2 7.3C19.5 16.4 12 21 12 21Zm0-2.4c2.3-1.5 6.3-4.5 7.8-7.6 1-2.2-.4-4.5-2.4-4.5-1.4 0-2.5.9-4.4 3.1l-1 1.1-1-1.1C9.1 7.4 8 6.5 6.6 6.5c-2 0-3.4 2.3-2.4 4.5 1.5 3.1 5.5 6.1 7.8 7.6Z',
  coins:
    'M12 2c4.4 0 8 1.6 8 3.5v13c0 1.9-3.6 3.5-8 3.5s-8-1.6-8-3.5v-13C4 3.6 7.6 2 12 2Zm6 12.7c-1.5.8-3.6 1.3-6 1.3s-4.5-.5-6-1.3v3.8c.2.4 2.4 1.5 6 1.5s5.8-1.1 6-1.5v-3.8Zm0-5c-1.5.8-3.6 1.3-6 1.3s-4.5-.5-6-1.3v3.8c.2.4 2.4 1.5 6 1.5s5.8-1.1 6-1.5V9.7ZM12 4C8.4 4 6.2 5.1 6 5.5 6.2 5.9 8.4 7 12 7s5.8-1.1 6-1.5C17.8 5.1 15.6 4 12 4Z',
  star: 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5Zm0 4.6-1.6 3.3-3.6.5 2.6 2.5-.6 3.6 3.2-1.7 3.2 1.7-.6-3.6 2.6-2.5-3.6-.5L12 7.1Z',
  user: 'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm0 10c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5Zm0 2c-3.4 0-6 1.6-6 3v1h12v-1c0-1.4-2.6-3-6-3Z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <PathIcon path={PATHS[name]} className={`kindred-icon ${className ?? ''}`} />;
}

/** A decorative icon of one path on a 24-unit grid, drawn 20 pixels wide in the text's colour. */
export function PathIcon({ path, className = 'kindred-icon' }: { path: string; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={path} />
    </svg>
  );
}
