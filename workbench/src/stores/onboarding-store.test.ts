import { ONBOARDING_STEPS } from '@blocksmith/schema';
import { ONBOARDING_COMPLETED_KEY, ONBOARDING_TARGETS, OnboardingStore } from './onboarding-store';
import { memoryStorage, testBuilder } from '../testing/fake-api';

describe('OnboardingStore', () => {
  it('walks seven steps, each pointing at what it describes, and remembers the end', () => {
    const storage = memoryStorage();
    const tour = new OnboardingStore(storage);
    tour.show();
    expect(ONBOARDING_TARGETS).toHaveLength(ONBOARDING_STEPS);
    const seen = [];
    for (let i = 0; i < ONBOARDING_STEPS; i += 1) {
      seen.push(tour.target);
      tour.next();
    }
    expect(seen).toEqual(['canvas', 'palette', 'templates', 'connect', 'properties', 'run', 'publish']);
    expect(tour.open).toBe(false);
    expect(storage.getItem(ONBOARDING_COMPLETED_KEY)).toBe('true');
    tour.show();
    expect(tour.open).toBe(false);
  });
});

describe('the tour opens what a step describes', () => {
  it('on a phone: the blocks panel for the palette and templates, the properties panel for settings', async () => {
    const { builder } = await testBuilder();
    const { view } = builder;
    view.setMobile(true);
    builder.gestures.revealForTour('palette');
    expect([view.paletteOpen, view.propertiesOpen]).toEqual([true, false]);
    builder.gestures.revealForTour('templates');
    expect(view.paletteOpen).toBe(true);
    builder.gestures.revealForTour('properties');
    expect([view.paletteOpen, view.propertiesOpen]).toEqual([false, true]);
    builder.gestures.revealForTour('run');
    expect([view.paletteOpen, view.propertiesOpen]).toEqual([false, false]);
    builder.gestures.revealForTour('properties');
    builder.gestures.revealForTour(null);
    expect(view.propertiesOpen).toBe(false);
  });

  it('on a desktop: out of full screen for the sidebar and header, the properties panel expanded', async () => {
    const { builder } = await testBuilder();
    const { view } = builder;
    view.setFullScreen(true);
    builder.gestures.revealForTour('canvas');
    expect(view.fullScreen).toBe(true);
    builder.gestures.revealForTour('palette');
    expect(view.fullScreen).toBe(false);
    view.togglePropertiesCollapsed();
    builder.gestures.revealForTour('properties');
    expect(view.propertiesCollapsed).toBe(false);
  });
});
