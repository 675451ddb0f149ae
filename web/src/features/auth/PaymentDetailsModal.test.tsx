import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MeResponse, PaymentHandles } from '@wayfare/contract';
import { aliceAccount } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { PaymentDetailsModal } from './PaymentDetailsModal';

const account = (payment_handles: PaymentHandles): MeResponse => ({
  user: { ...aliceAccount('anyone').user, payment_handles },
});

async function openDialog(onClose = () => {}) {
  render(
    <Providers>
      <PaymentDetailsModal open onClose={onClose} />
    </Providers>,
  );
  return screen.findByRole('dialog', { name: 'Payment details' });
}

describe('PaymentDetailsModal', () => {
  it('shows the saved handles and saves the changed set, blanks left out', async () => {
    const requests = stubApi({
      'GET /api/auth/me': { body: account({ revolut: 'alice' }) },
      'PUT /api/auth/me/payment-handles': ({ body }) => ({
        body: account((body as { payment_handles: PaymentHandles }).payment_handles),
      }),
    });
    const onClose = vi.fn();
    const dialog = await openDialog(onClose);
    expect(await within(dialog).findByLabelText(/Revolut tag/)).toHaveValue('alice');
    await userEvent.type(within(dialog).getByLabelText(/^IBAN/), 'DE89 3704 0044 0532 0130 00');
    await userEvent.type(within(dialog).getByLabelText(/Account holder/), 'Alice Doe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The dialog closes once the save has answered.
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        payment_handles: {
          revolut: 'alice',
          iban: { iban: 'DE89370400440532013000', name: 'Alice Doe' },
        },
      },
    ]);
  });

  it("shows the contract's message at the field and sends nothing while a handle is invalid", async () => {
    const requests = stubApi({ 'GET /api/auth/me': { body: account({}) } });
    const dialog = await openDialog();
    const iban = await within(dialog).findByLabelText(/^IBAN/);
    await userEvent.type(iban, 'DE89370400440532013001');
    await userEvent.type(within(dialog).getByLabelText(/Account holder/), 'Alice Doe');
    await userEvent.type(within(dialog).getByLabelText(/UPI ID/), 'alice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("This IBAN's check digits do not match: look for a mistyped character"),
    ).toBeVisible();
    expect(within(dialog).getByText('A UPI ID looks like name@bank')).toBeVisible();
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
