import { expect, type Locator } from '@playwright/test';

/**
 * Opens an antd Select by its field and picks the option showing `text`, as a user does. antd may
 * draw the dropdown at the top of the page and move it beside its field a few frames later (its
 * options in a web font that is still loading move it too), so a click in between lands on
 * whatever is at the top: pick only once the list sits right under or over its field, and once
 * the fonts its options are drawn in have loaded (an option re-laid out between the press and the
 * release of the click is not chosen).
 */
export async function choose(field: Locator, text: string | RegExp) {
  await field.click();
  const page = field.page();
  const list = page
    .locator('.ant-select-dropdown:visible')
    .filter({ has: page.locator('.ant-select-item-option', { hasText: text }) })
    .last();
  await expect
    .poll(
      async () => {
        const [f, l] = await Promise.all([field.boundingBox(), list.boundingBox()]);
        return f !== null && l !== null && (Math.abs(l.y - (f.y + f.height)) < 24 || Math.abs(l.y + l.height - f.y) < 24);
      },
      { message: 'the dropdown sits beside its field' },
    )
    .toBe(true);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await list.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}
