import { anyObject, arrayOf, boolean, integer, object, ref, string, type JsonSchema } from './json-schema';

/** Shapes answers share, named once in the OpenAPI document's components. */
export const components: Readonly<Record<string, JsonSchema>> = {
  Error: object(
    {
      error: string('A stable snake_case code: bad_request, unauthorized, not_found, weak_password, ...'),
      message: string('What a person can act on.'),
    },
    ['error', 'message'],
  ),
  App: object(
    {
      id: string('Opaque id.'),
      name: string('Name.'),
      description: string('Description.'),
      slug: string('Address of its public page: /app/{slug}.'),
      category: string('One of the twelve store categories, or empty.'),
      isPrivate: boolean('Hidden from the store.'),
      isPublished: boolean('Submitted to the store.'),
      owner_id: string('Who owns it.'),
      upvotes: integer('Upvotes.'),
      views: integer('Page views.'),
      uses: integer('Runs.'),
      config: anyObject('plugins, connections, canvas.'),
      verificationStatus: string('pending, approved or rejected.'),
      reviewNotes: { type: ['string', 'null'], description: 'Why a review rejected it.' },
      createdAt: string('ISO time.'),
    },
    ['id', 'name', 'slug', 'config'],
  ),
  PublishingInfo: object({
    plan: string('free, starter or enterprise.'),
    limit: integer('Published apps allowed; -1 means unlimited.'),
    currentCount: integer('Apps published now.'),
    remaining: integer('-1 when unlimited.'),
    canPublish: boolean('Whether one more may be published.'),
  }),
  User: object({
    id: string('Account id.'),
    email: string('E-mail address.'),
    user_metadata: object({
      full_name: string('Full name.'),
      isAdmin: boolean('Admins review apps and see analytics.'),
    }),
  }),
  Session: object({
    access_token: string('Bearer token for Authorization.'),
    refresh_token: string('Single use: POST it to /api/auth/refresh for a new session.'),
    expires_at: integer('Unix seconds when the access token expires.'),
    expires_in: integer('Seconds the access token lasts.'),
    token_type: string('bearer'),
  }),
  Credits: object({ credits: integer('Balance.'), unlimited: boolean('Enterprise plan.') }),
  CreditHistoryEntry: object({
    _id: string('Entry id.'),
    block_type: string('e.g. text_generation.'),
    action_type: string('test_execution or published.'),
    timestamp: string('ISO time.'),
    credits_used: integer('Credits.'),
  }),
};

export const AppList = arrayOf(ref('App'), 'Apps.');
