// Creators earn, in a real Chromium against the built product (a server without a Stripe key, so
// payouts are not configured and earnings are kept): on Free the earnings page (from the account
// menu) shows the lock naming Starter and a price cannot be set; on Starter the creator sets a
// price of 3 credits on a published app; someone else's app page and embed say what a run costs
// and how much of it goes to the creator; their run pays it and the earnings page shows the
// balance, the day's bar and the app's earnings, with payouts not configured; the creator's own
// run earns nothing. Then, on a server paying out through Stripe (a stand-in for Stripe Connect),
// the creator sets up payouts, goes through Stripe's onboarding and back, and pays 300 earned
// credits out as one $12.00 transfer. Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkA11y, formatViolations } from './a11y-check.mjs';
import {
  DESKTOP,
  PHONE,
  expectToast,
  graphql,
  openMenu,
  settled,
  shot,
  signUp,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { PASSWORD, WEBHOOK_SECRET, liveApp, signedInPage, upgradeToStarter } from './developer-setup.mjs';
import { ADMIN } from './helpers.mjs';
import { startServer } from './server.mjs';
import { startStripeConnectStandIn } from './stripe-connect-stand-in.mjs';

let server;
let browser;

before(async () => {
  // Payments arrive (the Starter upgrade), but no Stripe key: payouts are not configured.
  ({ browser, server } = await startJourney({
    env: { ADMIN_EMAILS: ADMIN, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  }));
});

after(() => stopJourney({ browser, server }));

/** No critical, serious or moderate accessibility violation on the page as it is now. */
async function expectAccessible(page, where) {
  const { engine, violations } = await checkA11y(page, { impacts: ['critical', 'serious', 'moderate'] });
  assert.equal(violations.length, 0, `${where} [${engine}]:\n${formatViolations(violations)}`);
}

async function earnings(auth) {
  const { earnings: answer } = await graphql(
    server,
    '{ earnings { balance total byApp { name creatorPrice credits runs } } }',
    {},
    auth.session.access_token,
  );
  return answer;
}

test(
  'a creator prices an app on Starter, another person’s run pays it, the earnings page shows it',
  { timeout: 240_000 },
  async () => {
    const ada = await signUp(server, {
      email: 'ada@example.com',
      password: PASSWORD,
      fullName: 'Ada Lovelace',
    });
    const app = await liveApp(server, ada, {
      name: 'Lighthouse Poet',
      description: 'Writes a short poem about any topic.',
      category: 'Content',
      slug: `lighthouse-poet-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ label: 'Topic', prompt: 'Write a short poem about {{input_text}}' }),
    });

    // On Free: the page explains that creator earnings come with Starter.
    const { context, page, errors } = await signedInPage(browser, ada);
    await page.goto(`${server.url}/store`);
    const earningsItem = page.getByRole('menuitem', { name: 'Earnings' });
    await openMenu(page, page.getByRole('button', { name: 'Account: Ada Lovelace' }), earningsItem);
    await earningsItem.click();
    await page.waitForURL(`${server.url}/earnings`);
    const locked = page.getByTestId('earnings-locked');
    await locked
      .getByText(
        'Creator earnings come with the Starter plan and up; your plan is Free. Upgrade to use them.',
      )
      .waitFor();
    const row = page.getByTestId('earnings-app').filter({ hasText: 'Lighthouse Poet' });
    await row.getByLabel('Price per run of Lighthouse Poet').fill('3');
    assert.equal(await row.getByRole('button', { name: 'Save' }).isDisabled(), true, 'no price on Free');
    await page.getByTestId('payouts-not-configured').waitFor();
    await shot(page, 'earnings-free-desktop');
    await expectAccessible(page, 'the earnings page on Free');

    // On Starter: the price is saved.
    await upgradeToStarter(server, ada);
    await page.reload();
    await row.waitFor();
    assert.equal(await page.getByTestId('earnings-locked').count(), 0);
    await row.getByLabel('Price per run of Lighthouse Poet').fill('3');
    await row.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Lighthouse Poet now earns you 3 credits a run.');
    assert.equal((await earnings(ada)).byApp[0].creatorPrice, 3);

    // Someone else sees the price on the app's page and its embed, and pays it with a run.
    const grace = await signUp(server, {
      email: 'grace@example.com',
      password: PASSWORD,
      fullName: 'Grace Hopper',
    });
    await graphql(server, 'mutation { initializeCredits { credits } }', {}, grace.session.access_token);
    const visitor = await signedInPage(browser, grace);
    await visitor.page.goto(`${server.url}/app/${app.slug}`);
    const cost = visitor.page.getByText(/A run costs \d+ credit\(s\), 3 of them to the creator/);
    await cost.waitFor();
    const total = Number((await cost.innerText()).match(/A run costs (\d+)/)[1]);
    assert.ok(total > 3, `blocks plus the price: ${total}`);
    await visitor.page.getByLabel('Topic').fill('lighthouses');
    await visitor.page.getByTestId('run-app').click();
    await visitor.page.getByTestId('result-text').first().waitFor({ timeout: 60_000 });
    await shot(visitor.page, 'earnings-runner-price-desktop');
    const { credits } = await graphql(server, '{ credits { credits } }', {}, grace.session.access_token);
    assert.equal(credits.credits, 50 - total, 'the runner paid blocks and price');
    await visitor.page.goto(`${server.url}/embed/${app.slug}`);
    await visitor.page
      .getByTestId('embed-cost')
      .getByText(`A run costs ${total} credit(s), 3 of them to the creator`)
      .waitFor();
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();

    // The creator's own run earns nothing.
    await graphql(
      server,
      'mutation ($id: ID!) { runApp(appId: $id, inputs: { input_text: "my own" }, actionType: "published") { status } }',
      { id: app.id },
      ada.session.access_token,
    );

    // The earnings page: the balance, the day's bar, the app's earnings; payouts not configured.
    await page.reload();
    await page.getByTestId('earnings-balance').getByText('3 credits').waitFor();
    await page.getByTestId('earnings-balance').getByText('$0.12').waitFor();
    await page.getByTestId('earnings-chart').waitFor();
    await row.getByText('3 credits from 1 run').waitFor();
    await page
      .getByTestId('payouts-not-configured')
      .getByText('Payouts are not configured on this server. Your earnings are kept until they are.')
      .waitFor();
    assert.deepEqual(await earnings(ada), {
      balance: 3,
      total: 3,
      byApp: [{ name: 'Lighthouse Poet', creatorPrice: 3, credits: 3, runs: 1 }],
    });
    await settled(page); // the chart's first layout
    await shot(page, 'earnings-desktop', { fullPage: true });
    await expectAccessible(page, 'the earnings page at 1440 px');

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('earnings-chart').waitFor();
    await settled(page);
    await shot(page, 'earnings-phone', { fullPage: true });
    await expectAccessible(page, 'the earnings page at 390 px');
    await page.setViewportSize(DESKTOP);
    assert.deepEqual(errors, []);
    await context.close();
  },
);

test(
  'with Stripe: the creator sets up payouts, onboards and comes back, and pays out once the threshold is reached',
  { timeout: 240_000 },
  async () => {
    const stripe = await startStripeConnectStandIn();
    const paying = await startServer({
      env: {
        ADMIN_EMAILS: ADMIN,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_SECRET_KEY: 'sk_test_blocksmith_payouts_e2e',
        STRIPE_API_URL: stripe.url,
      },
    });
    try {
      const ada = await signUp(paying, {
        email: 'ada@example.com',
        password: PASSWORD,
        fullName: 'Ada Lovelace',
      });
      await upgradeToStarter(paying, ada);
      const app = await liveApp(paying, ada, {
        name: 'Sonnet Studio',
        description: 'Writes a sonnet.',
        category: 'Content',
        slug: `sonnet-studio-${Date.now().toString(36)}`,
        isPrivate: false,
        config: textApp({ label: 'Topic', prompt: 'Write a sonnet about {{input_text}}' }),
      });
      await graphql(
        paying,
        'mutation ($id: ID!) { setCreatorPrice(appId: $id, creatorPrice: 100) { creatorPrice } }',
        { id: app.id },
        ada.session.access_token,
      );
      // Three runs by someone on Starter pay 300 credits to the creator.
      const grace = await signUp(paying, {
        email: 'grace@example.com',
        password: PASSWORD,
        fullName: 'Grace Hopper',
      });
      await upgradeToStarter(paying, grace);
      for (const topic of ['tides', 'lanterns', 'fog']) {
        const { runApp } = await graphql(
          paying,
          'mutation ($id: ID!, $t: String!) { runApp(appId: $id, inputs: { input_text: $t }) { status cost } }',
          { id: app.id, t: topic },
          grace.session.access_token,
        );
        assert.equal(runApp.status, 'succeeded');
      }

      const { context, page, errors } = await signedInPage(browser, ada);
      await page.goto(`${paying.url}/earnings`);
      await page.getByTestId('earnings-balance').getByText('300 credits').waitFor();
      const payouts = page.getByTestId('earnings-payouts');
      await payouts.getByText('once they reach 250 credits ($10.00); each credit pays 4 cents').waitFor();
      await shot(page, 'earnings-payouts-setup-desktop');
      await payouts.getByRole('button', { name: 'Set up payouts with Stripe' }).click();
      await page.waitForURL(new RegExp(`^${stripe.url}/onboarding/acct_standin_1`));
      await page.getByRole('heading', { name: 'Set up your payout account' }).waitFor();
      await page.getByRole('link', { name: 'Finish' }).click();
      await page.waitForURL(`${paying.url}/earnings`);
      await payouts.getByText('Your Stripe account is ready to be paid.').waitFor();
      await payouts.getByRole('button', { name: 'Pay out $12.00' }).click();
      await expectToast(page, '$12.00 is on its way to your Stripe account.');
      await page.getByTestId('earnings-balance').getByText('0 credits').waitFor();
      await page.getByTestId('earnings-paid-out').getByText('300 credits').waitFor();
      await payouts
        .getByTestId('payout')
        .filter({ hasText: '$12.00 for 300 credits' })
        .getByText('Paid')
        .waitFor();
      assert.equal(stripe.transfers.length, 1);
      assert.deepEqual(
        {
          amount: stripe.transfers[0].amount,
          currency: stripe.transfers[0].currency,
          destination: stripe.transfers[0].destination,
        },
        { amount: 1200, currency: 'usd', destination: 'acct_standin_1' },
      );
      const transferRequest = stripe.seen.find((request) => request.path === '/v1/transfers');
      assert.match(transferRequest.idempotencyKey, /^payout-[0-9a-f-]{36}$/);
      await shot(page, 'earnings-paid-out-desktop', { fullPage: true });
      await page.setViewportSize(PHONE);
      await page.reload();
      await payouts.getByTestId('payout').first().waitFor();
      await payouts.scrollIntoViewIfNeeded();
      await shot(page, 'earnings-paid-out-phone');
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await paying.stop();
      await stripe.stop();
    }
  },
);
