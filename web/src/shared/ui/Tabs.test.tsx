import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Tabs } from './Tabs';

const TABS = ['Participants', 'Expenses', 'Settlements', 'Budget', 'History'].map((label) => ({
  key: label.toLowerCase(),
  label,
}));

function SplitTabs({ initial = 'participants' }: { initial?: string }) {
  const [active, setActive] = useState(initial);
  return (
    <Tabs label="Trip split" tabs={TABS} active={active} onChange={setActive}>
      <p>{active} panel</p>
    </Tabs>
  );
}

/** The tab row's scroll geometry as a browser lays it out (jsdom lays nothing out), then a scroll event. */
function scrollRow(
  row: HTMLElement,
  { left, width, content }: { left: number; width: number; content: number },
) {
  Object.defineProperty(row, 'scrollLeft', { configurable: true, value: left });
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: content });
  fireEvent.scroll(row);
}

// jsdom lays nothing out (its scrollIntoView is the test setup's no-op): a spy records which tab was asked to come
// into view, and how.
let scrolledIntoView: MockInstance<(this: Element, options?: boolean | ScrollIntoViewOptions) => void>;
beforeEach(() => {
  scrolledIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
});

describe('Tabs', () => {
  it('fades only the end of the row that has more tabs out of sight', () => {
    render(<SplitTabs />);
    const row = screen.getByRole('tablist', { name: 'Trip split' });
    expect(row).toHaveAttribute('data-more', 'none');

    scrollRow(row, { left: 0, width: 390, content: 560 });
    expect(row).toHaveAttribute('data-more', 'end');
    scrollRow(row, { left: 80, width: 390, content: 560 });
    expect(row).toHaveAttribute('data-more', 'both');
    scrollRow(row, { left: 170, width: 390, content: 560 });
    expect(row).toHaveAttribute('data-more', 'start');
    // Wide enough for every tab (a part-pixel of rounding is not "more").
    scrollRow(row, { left: 0.5, width: 1280, content: 1280.5 });
    expect(row).toHaveAttribute('data-more', 'none');
  });

  it('scrolls the chosen tab into view, by click or keyboard, but not on opening', async () => {
    render(<SplitTabs initial="settlements" />);
    expect(scrolledIntoView).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByText('history panel')).toBeVisible();
    expect(scrolledIntoView).toHaveBeenCalledTimes(1);
    expect(scrolledIntoView.mock.contexts[0]).toBe(screen.getByRole('tab', { name: 'History' }));
    expect(scrolledIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });

    // The keyboard still moves focus and selection together; the tab reached is brought into view too.
    await userEvent.keyboard('{Home}');
    const first = screen.getByRole('tab', { name: 'Participants' });
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(scrolledIntoView).toHaveBeenCalledTimes(2);
    expect(scrolledIntoView.mock.contexts[1]).toBe(first);
  });
});
