import { LONG_TEXT, NUL_TEXT, type NamedValue } from './fuzz-bodies';

/** Stripe events (signed by the test) whose fields are of the wrong shape. */
export function stripeEvents(userId: string): NamedValue[] {
  const event = (id: string, type: string, object: unknown) => ({
    id,
    object: 'event',
    type,
    data: { object },
  });
  const session = (fields: Record<string, unknown>) => ({
    id: 'cs_fuzz',
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: userId,
    metadata: { userId, plan: 'starter' },
    customer: 'cus_fuzz',
    subscription: 'sub_fuzz',
    ...fields,
  });
  const subscription = (fields: Record<string, unknown>) => ({
    id: 'sub_fuzz',
    object: 'subscription',
    customer: 'cus_fuzz',
    status: 'active',
    cancel_at_period_end: false,
    current_period_end: 1_900_000_000,
    metadata: { userId },
    items: { data: [{ current_period_end: 1_900_000_000 }] },
    ...fields,
  });
  const invoice = (fields: Record<string, unknown>) => ({
    id: 'in_fuzz',
    object: 'invoice',
    customer: 'cus_fuzz',
    subscription: 'sub_fuzz',
    billing_reason: 'subscription_cycle',
    period_end: 1_900_000_000,
    lines: { data: [{ period: { end: 1_900_000_000 } }] },
    ...fields,
  });
  const sessionTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
  const events: NamedValue[] = [];
  let n = 0;
  const add = (name: string, type: string, object: unknown, id?: unknown) =>
    events.push([
      `${type}: ${name}`,
      id === undefined ? event(`evt_fuzz_${n++}`, type, object) : { ...event('', type, object), id },
    ]);
  for (const type of sessionTypes) {
    add('client_reference_id is a number', type, session({ client_reference_id: 42, metadata: {} }));
    add(
      'client_reference_id is not a UUID',
      type,
      session({ client_reference_id: 'nobody', metadata: { userId: 'nobody' } }),
    );
    add('metadata is null', type, session({ metadata: null }));
    add('metadata is an array', type, session({ metadata: ['x'] }));
    add('customer is an object', type, session({ customer: { id: 'cus_fuzz' } }));
    add(
      'subscription is an object',
      type,
      session({ subscription: { id: 'sub_fuzz', current_period_end: 'soon' } }),
    );
    add('the plan is unknown', type, session({ metadata: { userId, plan: 'platinum' } }));
    add('mode is payment', type, session({ mode: 'payment' }));
    add('payment_status is unpaid', type, session({ payment_status: 'unpaid' }));
    add('a 100 KB customer id', type, session({ customer: LONG_TEXT }));
    add('a NUL character in the customer id', type, session({ customer: NUL_TEXT }));
  }
  for (const type of ['customer.subscription.updated', 'customer.subscription.deleted']) {
    add('status is a number', type, subscription({ status: 7 }));
    // A cancellation at the period's end reads the end date: make every one of them unusable.
    const cancelling = { cancel_at_period_end: true };
    add('current_period_end is a string', type, subscription({ ...cancelling, current_period_end: 'never' }));
    add('current_period_end is 1e300', type, subscription({ ...cancelling, current_period_end: 1e300 }));
    add('current_period_end is past 9999', type, subscription({ ...cancelling, current_period_end: 1e12 }));
    add(
      'the period end is only in cancel_at, a string',
      type,
      subscription({ current_period_end: null, items: { data: [] }, cancel_at: 'soon' }),
    );
    add(
      'cancel_at is past 9999',
      type,
      subscription({ current_period_end: null, items: { data: [] }, cancel_at: 1e12 }),
    );
    add('items is null', type, subscription({ items: null }));
    add('customer is null', type, subscription({ customer: null }));
    add('metadata.userId is an array', type, subscription({ metadata: { userId: [userId] } }));
  }
  add('lines is a string', 'invoice.paid', invoice({ lines: 'x' }));
  add(
    'period_end is negative',
    'invoice.paid',
    invoice({ period_end: -1, lines: { data: [{ period: { end: -1 } }] } }),
  );
  add('subscription is null', 'invoice.paid', invoice({ subscription: null, parent: null }));
  add('customer is a number', 'invoice.paid', invoice({ customer: 5 }));
  add('data.object is a string', 'invoice.paid', 'x');
  add('data.object is an array', 'checkout.session.completed', [session({})]);
  add('the id is a number', 'checkout.session.completed', session({}), 42);
  add('the id is 100 KB', 'checkout.session.completed', session({}), LONG_TEXT);
  add('an unhandled type', 'charge.refunded', { id: 'ch_1' });
  return events;
}
