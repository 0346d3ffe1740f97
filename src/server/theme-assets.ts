/**
 * The compiled stylesheets of every theme, built by Vite (Sass → hashed CSS files). Each theme
 * has a lean entry for landers and footer pages and a full one for the member area.
 */
const landerSheets = import.meta.glob('/themes/*/lander.scss', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const memberSheets = import.meta.glob('/themes/*/member.scss', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export type ThemeEntry = 'lander' | 'member';

export function themeStylesheet(themeId: string, entry: ThemeEntry): string | undefined {
  const sheets = entry === 'lander' ? landerSheets : memberSheets;
  return sheets[`/themes/${themeId}/${entry}.scss`];
}
