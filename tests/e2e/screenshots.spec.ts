import { mkdirSync } from 'node:fs';
import { enterSite, expect, picture, siteUrl, test } from './fixtures.ts';

/*
 * Pictures of the index for people to look at (not compared pixel by pixel), and the one layout
 * rule that holds at any width: nothing wider than the screen.
 */
const DIR = 'test-results/screenshots';

for (const [id, host] of [
  ['amber', 'localhost'],
  ['rainbow', 'rainbow.localhost'],
] as const) {
  for (const width of [360, 1280]) {
    test(`${id} index at ${width} px`, async ({ page }) => {
      mkdirSync(DIR, { recursive: true });
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.goto(siteUrl(host));
      await enterSite(page);
      await picture(page, `${DIR}/${id}-index-${width}.png`, { fullPage: true });
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        // What sticks out, to say where to look when this fails.
        wide: [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .slice(0, 5)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right edge ${Math.round(el.getBoundingClientRect().right)})`,
          ),
      }));
      expect(
        overflow.scrollWidth,
        `the page scrolls sideways: ${overflow.wide.join(', ')}`,
      ).toBeLessThanOrEqual(width);
    });
  }
}
