import { HERO, SALES } from '../texts/public-texts';
import { CAME_FROM_BUTTON_KEY, COMPANY_SIZES, LandingStore, PENDING_APP_PROMPT_KEY } from './landing-store';
import { publicTestSetup } from '../testing/public-setup';

async function landing(signedIn = true) {
  const setup = await publicTestSetup({ signedIn });
  const store = new LandingStore(setup.api, setup.storage, setup.session, setup.analytics, setup.toasts);
  return { ...setup, store };
}

describe('LandingStore: the hero prompt', () => {
  it('starts with the editable sample prompt', async () => {
    const { store } = await landing();
    expect(store.prompt).toBe(HERO.samplePrompt);
    store.setPrompt('A haiku writer');
    expect(store.prompt).toBe('A haiku writer');
  });

  it("uses the spec's storage keys", () => {
    expect(PENDING_APP_PROMPT_KEY).toBe('pendingAppPrompt');
    expect(CAME_FROM_BUTTON_KEY).toBe('cameFromBlocksmithButton');
  });

  it('Start Building stores the prompt and the flag, and goes to /app when signed in', async () => {
    const { store, storage } = await landing(true);
    store.setPrompt('  A haiku writer  ');
    expect(store.startBuilding()).toBe('/app');
    expect(storage.getItem('pendingAppPrompt')).toBe('A haiku writer');
    expect(storage.getItem('cameFromBlocksmithButton')).toBe('true');
  });

  it('Start Building goes to sign-in returning to /app for a visitor', async () => {
    const { store, storage } = await landing(false);
    expect(store.startBuilding()).toBe('/signin?redirect=/app');
    expect(storage.getItem('pendingAppPrompt')).toBe(HERO.samplePrompt);
  });

  it('ignores a blank prompt: nothing stored, nowhere to go, a hint shown until typing', async () => {
    const { store, storage, api, analytics } = await landing();
    store.setPrompt('   \n ');
    expect(store.startBuilding()).toBeNull();
    expect(store.blankPrompt).toBe(true);
    expect(storage.getItem('pendingAppPrompt')).toBeNull();
    expect(storage.getItem('cameFromBlocksmithButton')).toBeNull();
    await analytics.settled();
    expect(api.events).toEqual([]);
    store.setPrompt('x');
    expect(store.blankPrompt).toBe(false);
  });

  it('tracks start_building with the first 200 characters and the length', async () => {
    const { store, api, analytics } = await landing();
    const long = 'a'.repeat(250);
    store.setPrompt(long);
    store.startBuilding();
    await analytics.settled();
    expect(api.events).toEqual([
      { name: 'start_building', props: { prompt: 'a'.repeat(200), prompt_length: 250 } },
    ]);
  });

  it('Visit Playground goes to /app and tracks visit_playground', async () => {
    const { store, api, analytics, storage } = await landing(false);
    expect(store.visitPlayground()).toBe('/app');
    store.interaction('pricing_clicked');
    await analytics.settled();
    expect(api.events).toEqual([
      { name: 'visit_playground', props: {} },
      { name: 'landing_page_interaction', props: { action: 'pricing_clicked' } },
    ]);
    expect(storage.getItem('pendingAppPrompt')).toBeNull();
  });

  it('Select Plan goes to /app when signed in, else to /signin', async () => {
    expect((await landing(true)).store.planTarget()).toBe('/app');
    expect((await landing(false)).store.planTarget()).toBe('/signin');
  });
});

describe('SalesContactForm', () => {
  function fill(form: LandingStore['contact']) {
    form.set('name', 'Grace Hopper');
    form.set('email', 'grace@example.com');
    form.set('company', 'Navy');
    form.set('message', 'We want 40 seats.');
  }

  it('offers the five company sizes', () => {
    expect(COMPANY_SIZES).toEqual(['1-10', '11-50', '51-200', '201-1000', '1000+']);
  });

  it('requires name, email, company and message; company size is optional', async () => {
    const { store, api } = await landing(false);
    const form = store.contact;
    expect(Object.keys(form.errors).sort()).toEqual(['company', 'email', 'message', 'name']);
    form.set('name', '  ');
    expect(await form.submit()).toBe(false);
    expect(form.attempted).toBe(true);
    expect(form.errors.name).toBe('Name is required.');
    expect(api.salesContacts).toEqual([]);
    fill(form);
    expect(form.valid).toBe(true);
  });

  it('sends the enquiry, shows "Message Sent!" with the server message, clears and closes', async () => {
    const { store, api, toasts } = await landing(false);
    const form = store.contact;
    form.open();
    fill(form);
    form.setCompanySize('51-200');
    expect(await form.submit()).toBe(true);
    expect(api.salesContacts).toEqual([
      {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company: 'Navy',
        companySize: '51-200',
        message: 'We want 40 seats.',
      },
    ]);
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'success',
      title: 'Message Sent!',
      message: api.salesAnswer,
    });
    expect(form.isOpen).toBe(false);
    expect(form.name).toBe('');
  });

  it('sends no company size when none is chosen, and falls back to the 24-hour promise', async () => {
    const { store, api, toasts } = await landing(false);
    fill(store.contact);
    store.contact.setCompanySize('huge');
    api.salesAnswer = '';
    await store.contact.submit();
    expect(api.salesContacts[0]!.companySize).toBeNull();
    expect(toasts.toasts[0]!.message).toBe("We'll get back to you within 24 hours.");
  });

  it('shows "Error" with the server error, else the fallback, and keeps the form', async () => {
    const { store, api, toasts } = await landing(false);
    const form = store.contact;
    form.open();
    fill(form);
    api.failNext.contactSales = new Error('Too many enquiries from this address.');
    expect(await form.submit()).toBe(false);
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'danger',
      title: 'Error',
      message: 'Too many enquiries from this address.',
    });
    expect(form.isOpen).toBe(true);
    expect(form.name).toBe('Grace Hopper');
    api.failNext.contactSales = new Error('');
    await form.submit();
    expect(toasts.toasts[0]!.message).toBe(SALES.failureFallback);
  });

  it('opening the modal is a landing page interaction', async () => {
    const { store, api, analytics } = await landing(false);
    store.contact.open();
    await analytics.settled();
    expect(api.events).toEqual([
      { name: 'landing_page_interaction', props: { action: 'contact_sales_opened' } },
    ]);
  });
});
