import { expect, it } from 'vitest';
import { describeStoreContract, newUser } from '../../test-support/store-adapters';

/** A user's payment handles: none until set, then replaced whole by each save, and kept on the user record. */
describeStoreContract('store contract, payment handles', (adapter) => {
  it('has none until set, then the set saved, replaced whole by the next', async () => {
    const ana = await adapter.store.users.create(newUser());
    expect(ana.payment_handles).toEqual({});
    await expect(adapter.store.users.findById(ana.id)).resolves.toMatchObject({ payment_handles: {} });

    const handles = {
      revolut: 'analima',
      iban: { iban: 'DE89370400440532013000', name: 'Ana Lima' },
    };
    await expect(adapter.store.users.setPaymentHandles(ana.id, handles)).resolves.toMatchObject({
      id: ana.id,
      payment_handles: handles,
    });
    await expect(adapter.store.users.findById(ana.id)).resolves.toMatchObject({ payment_handles: handles });
    await expect(adapter.store.users.findByEmail(ana.email)).resolves.toMatchObject({
      payment_handles: handles,
    });

    await adapter.store.users.setPaymentHandles(ana.id, { pix: '12345678909' });
    const after = await adapter.store.users.findById(ana.id);
    expect(after?.payment_handles).toEqual({ pix: '12345678909' });
    // The rest of the account is untouched.
    expect(after).toMatchObject({ add_policy: ana.add_policy, first_name: ana.first_name });
  });

  it('sets nothing for someone who does not exist, and nothing on anyone else', async () => {
    const bea = await adapter.store.users.create(newUser({ first_name: 'Bea' }));
    await expect(adapter.store.users.setPaymentHandles('no-such-user', { monzo: 'x' })).resolves.toBeNull();
    await expect(adapter.store.users.findById(bea.id)).resolves.toMatchObject({ payment_handles: {} });
  });
});
