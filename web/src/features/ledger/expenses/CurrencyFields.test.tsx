import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADD_EXPENSE, renderExpenseForm } from '@/test-support/expenseForms';
import { participant } from '@/test-support/people';
import { stubApi } from '@/test-support/stubApi';

const ECB = { from: 'JPY', to: 'USD', rate: '0.00675', source: 'ecb', rate_date: '2027-04-09' };

const renderForm = (home = 'USD') =>
  renderExpenseForm({ home, participants: [participant('Alice'), participant('Bob')] });

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

describe('the currency of an expense', () => {
  it('offers the trip currency first and asks for no rate while it is chosen', () => {
    stubApi({});
    renderForm('EUR');
    const select = screen.getByLabelText('Currency');
    expect(select).toHaveDisplayValue('EUR · Euro');
    expect(screen.getAllByRole('option')[1]).toHaveTextContent('USD');
    expect(screen.queryByLabelText(/^Rate/)).toBeNull();
    expect(screen.getByLabelText(/^Amount/)).toHaveAccessibleName('Amount (€)');
  });

  it('prefills the ECB rate with its date, shows the converted amount, and leaves the rate to the server', async () => {
    const requests = stubApi({ 'GET /api/rates': { body: ECB }, [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Taxi');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    const rate = await screen.findByDisplayValue('0.00675');
    expect(rate).toHaveAccessibleName('Rate (USD per 1 JPY)');
    expect(screen.getByText('ECB rate of 2027-04-09')).toBeVisible();
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toMatchObject({ from: 'JPY', to: 'USD' });

    // Yen have no decimals: the amount is read in whole yen.
    await userEvent.type(screen.getByLabelText('Amount (¥)'), '10001');
    expect(screen.getByText("= $67.51 in the trip's currency")).toBeVisible();
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.find((r) => r.method === 'POST')?.body;
    expect(sent).toMatchObject({ title: 'Taxi', amount: '10001', currency: 'JPY' });
    expect(sent).not.toHaveProperty('rate');
  });

  it('looks a rate up once per currency pair and date: choosing the currency again reads it from the cache', async () => {
    const requests = stubApi({ 'GET /api/rates': { body: ECB } });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    expect(await screen.findByDisplayValue('0.00675')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
    expect(screen.queryByLabelText(/^Rate/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    expect(screen.getByDisplayValue('0.00675')).toBeVisible();
    expect(screen.getByText('ECB rate of 2027-04-09')).toBeVisible();
    expect(requests.filter((r) => r.path === '/api/rates')).toHaveLength(1);
  });

  it("sends the member's own rate, says so, and refuses decimals the currency does not have", async () => {
    const requests = stubApi({ 'GET /api/rates': { body: ECB }, [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Ramen');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    const rate = await screen.findByDisplayValue('0.00675');
    await userEvent.clear(rate);
    await userEvent.type(rate, '0.0066');
    expect(screen.getByText('Your rate')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Amount (¥)'), '1200.5');
    await submit();
    expect(await screen.findByText('Enter a valid amount: JPY has no decimals')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Amount (¥)'));
    await userEvent.type(screen.getByLabelText('Amount (¥)'), '1200');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      amount: '1200',
      currency: 'JPY',
      rate: '0.0066',
    });
  });

  it('asks for a typed rate when no reference rate is known', async () => {
    stubApi({ 'GET /api/rates': { status: 404, body: { error: 'No rate is known' } } });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'KWD');
    expect(await screen.findByText('No reference rate for KWD: type the rate you got')).toBeVisible();
    expect(screen.getByLabelText('Rate (USD per 1 KWD)')).toHaveValue('');
  });
});
