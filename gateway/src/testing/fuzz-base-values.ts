import { probeTextApp } from './probe-blocks';
import { typeOf, type SchemaNode } from './fuzz-bodies';

/** A password strong enough for sign-up. */
export const PASSWORD = 'river stone lamp 42';

/** What exists on the server for the campaign to name: people, apps, a run. */
export interface Fixtures {
  /** A person with credits and apps. */
  user: { token: string; id: string };
  admin: string;
  /** Ann's published, approved text app. */
  app: { id: string; slug: string };
  /** Ann's app with a file upload block. */
  fileApp: { id: string };
  runId: string;
}

/** Values for body properties and GraphQL arguments, by name, that make an otherwise valid request. */
export function knownValue(name: string, fixtures: Fixtures, where = ''): unknown {
  // An analytics event's name is one of the page events.
  if (name === 'name' && /analytics|trackEvent/.test(where)) return 'visit_playground';
  const values: Record<string, unknown> = {
    email: 'fuzz-person@example.com',
    password: PASSWORD,
    fullName: 'Fuzz Person',
    name: 'Fuzz app',
    description: 'Writes a short poem about {{topic}}',
    prompt: 'An app that writes a poem about a topic',
    message: 'We would like to talk about a team plan.',
    company: 'Fuzz Ltd',
    config: probeTextApp(),
    inputData: { input_text: 'the sea' },
    inputs: { input_text: 'the sea' },
    blockType: 'textGeneration',
    status: 'approved',
    reviewNotes: 'Looks good',
    userId: fixtures.user.id,
    appId: fixtures.app.id,
    appIds: [fixtures.app.id],
    runId: fixtures.runId,
    slug: fixtures.app.slug,
    refresh_token: 'not-a-refresh-token',
    refreshToken: 'not-a-refresh-token',
    isPrivate: false,
    category: 'Content',
    actionType: 'test_execution',
    period: '7d',
    range: '30d',
    limit: 5,
    props: { page: '/store' },
    variables: ['topic'],
  };
  return values[name];
}

/** A valid JSON body for a schema: its required properties plus the ones with a known value. */
export function baseBody(
  schema: SchemaNode | undefined,
  fixtures: Fixtures,
  where: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const known = knownValue(name, fixtures, where);
    if (known !== undefined && name !== 'slug') body[name] = known;
    else if (schema?.required?.includes(name)) {
      const type = typeOf(property);
      body[name] = property.enum
        ? property.enum[0]
        : type === 'integer' || type === 'number'
          ? 1
          : type === 'boolean'
            ? false
            : type === 'object'
              ? {}
              : type === 'array'
                ? []
                : 'x';
    }
  }
  return body;
}
