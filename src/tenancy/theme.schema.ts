import { z } from 'zod';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #ffb300');

/**
 * A theme's manifest, `themes/<id>/theme.json`. The Sass beside it is compiled at build (one lean
 * entry for landers and footer pages, one for the member area); the manifest tells the server what
 * it needs without reading Sass.
 */
export const themeSchema = z.strictObject({
  /** Optional pointer to the JSON schema, for editors. */
  $schema: z.string().optional(),
  /** The theme's name; must equal its folder name. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  /** Shown to operators (the `tenants new` command lists themes). */
  label: z.string().min(1),
  /** The colours the Sass compiles in; brand colours of a site override them at run time. */
  colors: z.strictObject({
    /** Buttons, links and highlights (Bootstrap's `$primary`). */
    primary: hex,
    /** Accents (Bootstrap's `$secondary`). */
    secondary: hex,
    /** The browser UI colour (`<meta name="theme-color">`). */
    theme_color: hex,
  }),
  /** Light or dark surfaces, for `color-scheme`. */
  color_scheme: z.enum(['light', 'dark']).default('light'),
});

export type Theme = z.infer<typeof themeSchema>;
