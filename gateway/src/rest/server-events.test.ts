import type { AppConfig } from '@blocksmith/schema';
import { AnalyticsEvent } from '../data/entities';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const config: AppConfig = probeApp(
  [
    probePlugin('in', 'textInput'),
    probePlugin('gen', 'textGeneration', { prompt_template: 'About {{input_text}}' }),
  ],
  [['in', 'gen']],
);

describe('events the server records as they happen', () => {
  let t: ApiTestGateway;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
  });

  afterAll(() => t.close());

  it('records sign-ups, sign-ins, app changes, publishing, views, upvotes, runs and reset requests', async () => {
    const body = { email: 'maker@example.com', password: 'a good long password' };
    const maker = await t.api('POST', '/auth/signup', { body });
    const makerId = maker.body.user.id as string;
    const token = maker.body.session.access_token as string;
    await t.api('POST', '/auth/signin', { body });
    await t.api('POST', '/credits/initialize', { token });
    const app = await t.api('POST', '/apps', {
      token,
      body: { name: 'Counted app', category: 'Content', config },
    });
    await t.api('PUT', `/apps/${app.body.id}`, { token, body: { description: 'Now with words' } });
    await t.api('POST', `/apps/${app.body.id}/publish`, { token });
    const admin = await t.signUpAdmin('admin@example.com');
    await t.api('POST', `/apps/${app.body.id}/review`, {
      token: admin,
      body: { status: 'approved' },
    });
    const fan = await t.api('POST', '/auth/signup', { body: { ...body, email: 'fan@example.com' } });
    const fanToken = fan.body.session.access_token as string;
    await t.api('POST', `/apps/${app.body.id}/view`);
    await t.api('POST', `/apps/${app.body.id}/upvote`, { token: fanToken, body: {} });
    await t.api('POST', `/apps/${app.body.id}/upvote`, { token: fanToken, body: {} });
    await t.api('POST', `/apps/${app.body.id}/execute`, { token, body: { inputData: { input_text: 'x' } } });
    await t.api('POST', '/auth/recover', { body: { email: 'Maker@Example.com' } });
    await t.gateway.services.analytics.settled();

    const events = await t.gateway.database.dataSource
      .getRepository(AnalyticsEvent)
      .find({ order: { createdAt: 'ASC' } });
    const byName = (name: string) => events.filter((event) => event.name === name);
    expect(byName('user_signup')).toHaveLength(3);
    expect(byName('user_login')).toHaveLength(2);
    expect(byName('user_signup')[0]).toMatchObject({ userId: makerId, props: { method: 'email' } });
    expect(byName('app_created')[0]!.props).toEqual({ app_id: app.body.id, app_name: 'Counted app' });
    expect(byName('app_saved')).toHaveLength(1);
    expect(byName('app_published')[0]!.props).toMatchObject({
      app_name: 'Counted app',
      app_category: 'Content',
    });
    expect(byName('app_viewed')[0]!.props).toEqual({
      app_id: app.body.id,
      app_name: 'Counted app',
      publisher_id: makerId,
    });
    expect(byName('upvote_given')).toHaveLength(1);
    expect(byName('app_executed')[0]!.props).toEqual({
      app_id: app.body.id,
      app_name: 'Counted app',
      plugin_types: 'textInput,textGeneration',
      credits_used: 1,
      success: true,
    });
    expect(byName('password_reset_requested')[0]!.props).toEqual({ email_hash: expect.any(String) });
    expect(JSON.stringify(events).toLowerCase()).not.toContain('maker@example.com');
  });

  it('refuses those events from clients, and takes page events', async () => {
    const refused = await t.api('POST', '/analytics/events', { body: { name: 'app_executed', props: {} } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/recorded by the server/);
    const page = await t.api('POST', '/analytics/events', { body: { name: 'template_loaded', props: {} } });
    expect(page.status).toBe(201);
  });
});
