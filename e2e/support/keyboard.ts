import type { Locator, Page } from 'playwright-core';

/** How many presses a search for one control may take before the test says where focus went instead. */
export const MAX_TABS = 60;

/** What has focus, as a person would name it, and whether the focus indicator can be seen. */
export interface FocusStop {
  name: string;
  visible: boolean;
}

/**
 * Describes the focused element: its name (aria-label, labelling element, label or text) and whether it, or the
 * label drawn around a visually hidden radio or checkbox, shows an outline or a box-shadow ring.
 */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return { name: '(body)', visible: false };
    const labelledBy = el
      .getAttribute('aria-labelledby')
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const name =
      el.getAttribute('aria-label') ||
      labelledBy ||
      (labels?.length ? labels[0]?.textContent : '') ||
      el.textContent ||
      el.tagName.toLowerCase();
    const ringed = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    const label = el.closest('label');
    return {
      name: name.replace(/\s+/g, ' ').trim(),
      visible: ringed(el) || (label !== null && ringed(label)),
    };
  });
}

/** Whether `target` has focus now (for asserting where a key press left it). */
export const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most MAX_TABS times, and answers every stop on the way
 * (the target last). Fails with the path taken, so a control the keyboard cannot reach says where focus went.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false }: { backwards?: boolean } = {},
): Promise<FocusStop[]> {
  await target.waitFor({ state: 'visible', timeout: 15_000 });
  const path: FocusStop[] = [];
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    path.push(await focusStop(page));
    if (await hasFocus(target)) return path;
  }
  throw new Error(
    `${target.toString()} not reached in ${MAX_TABS} presses of ${backwards ? 'Shift+Tab' : 'Tab'}; ` +
      `focus went: ${path.map((stop) => stop.name).join(' → ')}`,
  );
}

/** Tabs to `target` and presses `key` on it (Enter for links and buttons, Space for toggles). */
export async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
  const path = await tabTo(page, target);
  await page.keyboard.press(key);
  return path;
}

/** Tabs to a text field and types into it, as a person does: key by key. */
export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
