import { UpgradeStore } from './upgrade-store';
import { testBuilder } from '../testing/fake-api';

describe('UpgradeStore', () => {
  async function setup() {
    const t = await testBuilder();
    const went: string[] = [];
    const upgrade = new UpgradeStore(t.api, t.session, t.credits, t.toasts, (url) => went.push(url));
    await t.credits.refresh();
    return { ...t, upgrade, went };
  }

  it('is offered to free-plan people and follows the checkout url', async () => {
    const { upgrade, went } = await setup();
    expect(upgrade.offered).toBe(true);
    await upgrade.check();
    expect(upgrade.available).toBe(true);
    expect(upgrade.note).toBeNull();
    await upgrade.start();
    expect(went).toEqual(['https://checkout.example/session-1']);
  });

  it('without billing is disabled and says whom to ask for the plan; a failed start says so', async () => {
    const { upgrade, api, toasts, went } = await setup();
    api.billing = false;
    api.planContact = 'root@example.com';
    await upgrade.check();
    expect(upgrade.available).toBe(false);
    expect(upgrade.note).toBe(
      'Plans on this server are set by its administrators: ask root@example.com for the Starter plan.',
    );
    await upgrade.start();
    expect(toasts.toasts[0]?.message).toBe(upgrade.note);
    const other = new UpgradeStore(api, upgrade['session'], upgrade['credits'], toasts, (url) =>
      went.push(url),
    );
    api.failNext.createCheckoutSession = new Error('boom');
    await other.start();
    expect(toasts.toasts[0]?.message).toBe('Failed to start upgrade process');
    expect(went).toEqual([]);
  });

  it('without billing or anyone named, says to ask the administrator', async () => {
    const { upgrade, api } = await setup();
    api.billing = false;
    api.planContact = null;
    await upgrade.check();
    expect(upgrade.note).toBe(
      'Plans on this server are set by its administrators: ask your administrator for the Starter plan.',
    );
  });

  it('after checkout shows the success toast and reads credits and plan again', async () => {
    const { upgrade, toasts, api } = await setup();
    const before = api.calls.filter((c) => c === 'credits').length;
    upgrade.upgraded();
    expect(toasts.toasts[0]).toMatchObject({
      title: 'Upgrade Successful!',
      message: 'You are now on the Starter plan...',
    });
    expect(api.calls.filter((c) => c === 'credits').length).toBe(before + 1);
  });
});
