import type { Locator, Page } from 'playwright-core';

/**
 * Resolves once the question flow's step is neither sliding out nor in (its CSS module classes `_exiting_`,
 * `_entering_`). The flow takes an answer only then (flow.ts): a click on a step still sliding in is lost, and on a
 * busy machine a step can stay "entering" well after its button shows. A person waits for the step too.
 */
export async function questionStepSettled(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('dialog [class*="_entering_"], dialog [class*="_exiting_"]'),
    undefined,
    { timeout },
  );
}

/** Clicks an answer of the question flow once it shows and its step has settled (questionStepSettled). */
export async function clickAnswer(page: Page, target: Locator, timeout: number): Promise<void> {
  await target.waitFor({ state: 'visible', timeout });
  await questionStepSettled(page, timeout);
  await target.click();
}
