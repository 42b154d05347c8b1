import { Tracker, type EventProps, type PageEvent } from './tracker';

describe('Tracker', () => {
  it('sends each event with its fields', async () => {
    const sent: Array<[PageEvent, EventProps]> = [];
    const tracker = new Tracker(async (name, props) => {
      sent.push([name, props]);
    });
    tracker.track('template_loaded', { template_name: 'Blog Writer', template_category: 'Writing' });
    tracker.track('visit_playground');
    await tracker.settled();
    expect(sent).toEqual([
      ['template_loaded', { template_name: 'Blog Writer', template_category: 'Writing' }],
      ['visit_playground', {}],
    ]);
  });

  it('logs and drops a failed send without throwing to the caller', async () => {
    const logged: string[] = [];
    const tracker = new Tracker(
      () => Promise.reject(new Error('offline')),
      (message) => logged.push(message),
    );
    expect(() => tracker.track('app_exported', { app_name: 'A' })).not.toThrow();
    await tracker.settled();
    expect(logged).toEqual(['Could not record the event "app_exported": offline']);
  });
});
