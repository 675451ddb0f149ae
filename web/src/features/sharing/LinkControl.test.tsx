import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { LinkControl } from './LinkControl';

const COPY = {
  title: 'Read-only share link',
  explain: 'Anyone with this link sees the plan.',
  make: 'Make a share link',
  urlLabel: 'Share link',
  revokeQuestion: 'Turn off this link for everyone who has it?',
};

describe('LinkControl', () => {
  it('offers Try Again when the link cannot be loaded, and shows the link once it loads', async () => {
    let reads = 0;
    stubApi({
      'GET /api/trips/t1/share-link': () => {
        reads += 1;
        return reads === 1
          ? { status: 503, body: { error: 'The server is busy' } }
          : { body: { link: { path: '/shared/t1/abc', created_at: '2027-03-01T10:00:00.000Z' } } };
      },
    });
    render(<LinkControl tripId="t1" kind="share" copy={COPY} />, { wrapper: Providers });

    await screen.findByText('The link could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByLabelText('Share link')).toHaveProperty(
      'value',
      'http://localhost:3000/shared/t1/abc',
    );
    expect(screen.queryByText('The link could not be loaded.')).toBeNull();
    expect(reads).toBe(2);
  });

  it('keeps the keyboard focus on the next control at each step: ask, keep, turn off, make', async () => {
    let link: { path: string; created_at: string } | null = {
      path: '/shared/t1/abc',
      created_at: '2027-03-01T10:00:00.000Z',
    };
    stubApi({
      'GET /api/trips/t1/share-link': () => ({ body: { link } }),
      'DELETE /api/trips/t1/share-link': () => {
        link = null;
        return { status: 204 };
      },
      'POST /api/trips/t1/share-link': () => {
        link = { path: '/shared/t1/def', created_at: '2027-03-02T10:00:00.000Z' };
        return { status: 201, body: { link } };
      },
    });
    render(<LinkControl tripId="t1" kind="share" copy={COPY} />, { wrapper: Providers });
    await screen.findByLabelText('Share link');

    // Each press replaces the control it was made on; the focus goes to the one to use next, not the page.
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Turn off' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const group = screen.getByRole('group', { name: COPY.revokeQuestion });
    within(group).getByRole('button', { name: 'Turn off' }).focus();
    await userEvent.keyboard('{Enter}');
    const make = await screen.findByRole('button', { name: 'Make a share link' });
    await waitFor(() => expect(make).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const copy = await screen.findByRole('button', { name: 'Copy' });
    await waitFor(() => expect(copy).toHaveFocus());
  });
});
