import { PathIcon } from '../../shell/components/icons.tsx';

/* The composer's tools and its send button, drawn inline like the navigation's icons; decorative (labelled beside). */
const PATHS = {
  gift: 'M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v4a1 1 0 0 0 1 1v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 1-1h1Zm-6 0h1a1 1 0 0 1 1 1v1H9a1 1 0 1 1 0-2ZM5 9h6v2H5V9Zm2 4h4v6H7v-6Zm6 6v-6h4v6h-4Zm6-8h-6V9h6v2Z',
  camera:
    'M9 3h6l1.8 2H20a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h3.2L9 3Zm3 4.5a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z',
  // A paper plane: the send button's face on a phone, where its word leaves the text box too narrow.
  send: 'M2.01 21 23 12 2.01 3 2 10l15 2-15 2z',
} as const;

export function ChatIcon({ name }: { name: keyof typeof PATHS }) {
  return <PathIcon path={PATHS[name]} />;
}
