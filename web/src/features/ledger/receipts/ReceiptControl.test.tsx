import { screen, within } from '@testing-library/react';
import { render } from '@/test-support/render';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSUPPORTED_RECEIPT, type Expense, type Receipt } from '@wayfare/contract';
import { chooseReceipt } from '@/test-support/expenseForms';
import { stubApi } from '@/test-support/stubApi';
import { ExpenseList } from '../expenses/ExpenseList';
import { ReceiptControl, RECEIPT_TOO_BIG, REMOVE_RECEIPT_CONFIRM } from './ReceiptControl';

const RECEIPT_PATH = '/api/trip-split/expenses/e1/receipt';
const PHOTO: Receipt = {
  url: '/api/files/trips/t1/expenses/e1/receipt?u=u-alice&expires=1&sig=a',
  thumbnail_url: '/api/files/trips/t1/expenses/e1/receipt/thumbnail?u=u-alice&expires=1&sig=b',
  content_type: 'image/jpeg',
  size: 2_400_000,
};
const PDF: Receipt = {
  url: '/api/files/trips/t1/expenses/e1/receipt?u=u-alice&expires=1&sig=c',
  thumbnail_url: null,
  content_type: 'application/pdf',
  size: 52_000,
};

function hotel(receipt: Receipt | null): Expense {
  const share = (user_id: string, first_name: string) => ({
    user_id,
    first_name,
    last_name: 'Doe',
    share_cents: 12000,
    share_amount: 120,
  });
  return {
    id: 'e1',
    trip_id: 't1',
    title: 'Hotel',
    description: '',
    amount_cents: 24000,
    amount: 240,
    expense_date: '2027-04-11',
    category: 'accommodation',
    expense_type: 'group',
    paid_by: 'u-alice',
    paid_by_name: 'Alice Doe',
    payers: [{ user_id: 'u-alice', first_name: 'Alice', last_name: 'Doe', amount_cents: 24000, amount: 240 }],
    participants: [share('u-alice', 'Alice'), share('u-bob', 'Bob')],
    split: { method: 'equal', people: [] },
    created_by: 'u-alice',
    created_at: '2027-04-11T10:00:00.000Z',
    updated_at: '2027-04-11T10:00:00.000Z',
    receipt,
  };
}

const group = () => screen.getByRole('group', { name: 'Receipt' });

afterEach(() => vi.restoreAllMocks());

describe('ReceiptControl', () => {
  it('attaches a photo: offers photos and PDFs, shows it is uploading, then the receipt with Replace and Remove', async () => {
    let release!: () => void;
    const requests = stubApi({
      [`PUT ${RECEIPT_PATH}`]: () => ({ status: 200, body: { expense: hotel(PHOTO) } }),
    });
    render(<ReceiptControl expense={hotel(null)} />);
    expect(within(group()).getByText(/No receipt attached/)).toBeVisible();
    const input = screen.getByLabelText('Receipt file');
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');

    // Hold the answer back to see the loading state.
    const fetchStub = vi.mocked(fetch);
    const answered = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementationOnce(
      (...args) =>
        new Promise((resolve) => {
          release = () => resolve(answered(...args));
        }),
    );
    await userEvent.click(within(group()).getByRole('button', { name: 'Attach receipt' }));
    await chooseReceipt(new File(['jpeg bytes'], 'hotel.jpg', { type: 'image/jpeg' }));
    expect(await within(group()).findByRole('button', { name: /Uploading/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    release();

    expect(await within(group()).findByRole('button', { name: 'Replace' })).toBeEnabled();
    expect(within(group()).getByRole('button', { name: 'Remove' })).toBeEnabled();
    const link = within(group()).getByRole('link', { name: 'Receipt for Hotel (photo, opens in a new tab)' });
    expect(link).toHaveAttribute('href', PHOTO.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.querySelector('img')).toHaveAttribute('src', PHOTO.thumbnail_url);
    expect(within(group()).getByText('Photo, 2.3 MB')).toBeVisible();
    expect(requests).toHaveLength(1);
    const sent = requests[0]!.body as Record<string, FormDataEntryValue>;
    expect((sent.receipt as File).name).toBe('hotel.jpg');
  });

  it('says what is wrong before sending a file that is too large or of another type', async () => {
    const requests = stubApi({});
    render(<ReceiptControl expense={hotel(null)} />);
    await chooseReceipt(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_TOO_BIG);
    // userEvent.upload honours `accept`; a file the browser labels otherwise can still be dropped on the input.
    await chooseReceipt(new File(['gif'], 'a.gif', { type: 'image/gif' }), { anyType: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUPPORTED_RECEIPT);
    expect(requests).toEqual([]);
  });

  it("shows the server's refusal, and keeps the receipt it had", async () => {
    stubApi({ [`PUT ${RECEIPT_PATH}`]: { status: 415, body: { error: UNSUPPORTED_RECEIPT } } });
    render(<ReceiptControl expense={hotel(PDF)} />);
    expect(within(group()).getByText('PDF, 51 kB')).toBeVisible();
    await chooseReceipt(new File(['MZ'], 'receipt.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUPPORTED_RECEIPT);
    expect(within(group()).getByRole('link', { name: /Receipt for Hotel \(PDF/ })).toHaveAttribute(
      'href',
      PDF.url,
    );
  });

  it('removes the receipt after asking', async () => {
    const requests = stubApi({ [`DELETE ${RECEIPT_PATH}`]: { status: 200, body: { expense: hotel(null) } } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<ReceiptControl expense={hotel(PHOTO)} />);
    await userEvent.click(within(group()).getByRole('button', { name: 'Remove' }));
    expect(requests).toEqual([]);
    await userEvent.click(within(group()).getByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledWith(REMOVE_RECEIPT_CONFIRM);
    expect(await within(group()).findByRole('button', { name: 'Attach receipt' })).toBeVisible();
    expect(requests.map((r) => r.method)).toEqual(['DELETE']);
  });
});

describe('receipts in the expense list', () => {
  const more = { available: false, loading: false, error: null, load: async () => undefined };

  it('shows a photo thumbnail that opens the photo in a dialog, by pointer or keyboard, with a way to close it', async () => {
    render(<ExpenseList expenses={[hotel(PHOTO)]} total={1} more={more} pending={[]} />);
    const thumbnail = screen.getByRole('button', { name: 'Receipt for Hotel' });
    expect(thumbnail.querySelector('img')).toHaveAttribute('loading', 'lazy');
    await userEvent.click(thumbnail);
    const dialog = screen.getByRole('dialog', { name: 'Receipt: Hotel' });
    expect(within(dialog).getByRole('img', { name: 'Receipt for Hotel' })).toHaveAttribute('src', PHOTO.url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    thumbnail.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Receipt: Hotel' })).toBeVisible();
  });

  it('shows a PDF as a document icon that opens it in a new tab', () => {
    render(
      <ExpenseList
        expenses={[hotel(PDF), { ...hotel(null), id: 'e2', title: 'Taxi' }]}
        total={2}
        more={more}
        pending={[]}
      />,
    );
    const link = screen.getByRole('link', { name: 'Receipt for Hotel (PDF, opens in a new tab)' });
    expect(link).toHaveAttribute('href', PDF.url);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Receipt for Taxi/ })).toBeNull();
  });
});
