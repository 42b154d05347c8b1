import { CATEGORIES, DEFAULT_HISTORY_LIMIT } from '@blocksmith/schema';
import { adminAccountRoutes } from './admin-account-routes';
import { components, AppList } from './components';
import { earningsRoutes } from './earnings-routes';
import { BridgeError, statusOf } from './errors';
import {
  anyObject,
  arrayOf,
  boolean,
  enumOf,
  integer,
  nullableString,
  object,
  ref,
  string,
  type JsonSchema,
} from './json-schema';
import { route, type Route, type RouteRequest } from './route';
import {
  ApiKeysDocument,
  AppDocument,
  AppRunsDocument,
  AppVersionDocument,
  AppVersionsDocument,
  AppsByUserDocument,
  AvailableModelsDocument,
  ContactSalesDocument,
  CreateApiKeyDocument,
  CreateAppDocument,
  CreateCheckoutSessionDocument,
  CreateUserDocument,
  CreditCostsDocument,
  CreditHistoryDocument,
  CreditStatsDocument,
  CreditsDocument,
  DeleteAppDocument,
  DeleteRunDocument,
  DeleteSecretDocument,
  GenerateAppDocument,
  InitializeCreditsDocument,
  MeDocument,
  MyAppsAnalyticsDocument,
  MyAppsDocument,
  MyRunsDocument,
  PendingAppsDocument,
  ProfileDocument,
  PublishAppDocument,
  PublishAppWithDataDocument,
  PublishedAppDocument,
  PublishingInfoDocument,
  RecordAppViewDocument,
  RecoverPasswordDocument,
  RefreshSessionDocument,
  RestoreAppVersionDocument,
  ReviewAppDocument,
  RevokeApiKeyDocument,
  RunAppDocument,
  RunDocument,
  RunPublishedAppDocument,
  SecretsDocument,
  SetAppPrivateDocument,
  SignInDocument,
  SignOutDocument,
  SignUpDocument,
  StoreAppsDocument,
  TrackEventDocument,
  UnpublishAppDocument,
  UpdateAppDocument,
  UpdatePasswordDocument,
  UpvoteAppDocument,
  UpvoteStatusDocument,
  UserByAuthIdDocument,
  CreditCheckDocument,
  GeneratePromptDocument,
  AnalyticsSummaryDocument,
  SetSecretDocument,
  type RestAppFieldsFragment,
  type RestRunFieldsFragment,
} from './generated/graphql';

/** The app fields a client may send; ids and owners never come from the client. */
const APP_FIELDS = {
  name: string('Name, 1 to 100 characters.', { maxLength: 100 }),
  description: string('Description.', { maxLength: 2000 }),
  slug: string('Address of the public page; made from the name when empty.', { maxLength: 120 }),
  category: { type: 'string', enum: ['', ...CATEGORIES], description: 'One of the twelve store categories.' },
  isPrivate: boolean('Hidden from the store.'),
  config: anyObject('The canvas: { plugins, connections, canvas }.'),
} satisfies Record<string, JsonSchema>;

const APP_BODY: JsonSchema = {
  type: 'object',
  properties: {
    ...APP_FIELDS,
    id: string('Ignored on create; the path names the app on update.'),
    owner_id: string('Ignored: the owner is always the signed-in person.'),
  },
};

/** The app fields of a body, as the GraphQL AppInput. */
function appInput(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(APP_FIELDS)) if (body[key] !== undefined) input[key] = body[key];
  return input;
}

const id = (request: RouteRequest) => ({ id: request.params.id });
/** Answers one field of the operation's data; the key must be one the operation selects. */
const field =
  <K extends string>(key: K) =>
  <T extends Record<K, unknown>>(data: T): T[K] =>
    data[key];

/** The `{id}` of the app routes: app ids are UUIDs, so `by-user` in `/apps/by-user/{id}` never is one. */
const APP_ID = { id: { schema: string('A UUID.', { format: 'uuid' }), description: 'The app’s id.' } };

const VERSION_ID = {
  versionId: { schema: string('A UUID.', { format: 'uuid' }), description: 'The version’s id.' },
};

const EMAIL = string('E-mail address.', { maxLength: 320 });
const PASSWORD = string('Password, 8 to 128 characters.', { maxLength: 1024 });

const authRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/auth/signup',
    summary: 'Creates an account and signs it in.',
    auth: 'none',
    operation: SignUpDocument,
    body: object({ email: EMAIL, password: PASSWORD, fullName: string('Full name.', { maxLength: 100 }) }, [
      'email',
      'password',
    ]),
    variables: ({ body }) => ({
      email: body.email,
      password: body.password,
      fullName: body.fullName ?? null,
    }),
    answer: field('signUp'),
    response: object({ user: ref('User'), session: { oneOf: [ref('Session'), { type: 'null' }] } }, [
      'user',
      'session',
    ]),
  }),
  route({
    method: 'POST',
    path: '/auth/signin',
    summary:
      'Signs in with e-mail and password; repeated failures are slowed down (429); a suspended account is refused (403).',
    auth: 'none',
    operation: SignInDocument,
    body: object({ email: EMAIL, password: PASSWORD }, ['email', 'password']),
    variables: ({ body }) => ({ email: body.email, password: body.password }),
    answer: field('signIn'),
    response: object({ user: ref('User'), session: ref('Session') }, ['user', 'session']),
    errors: [403, 429],
  }),
  route({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'A new session for a refresh token; the token is used up (a reused one is refused).',
    auth: 'none',
    operation: RefreshSessionDocument,
    body: object({ refresh_token: string('The refresh token of the current session.') }, ['refresh_token']),
    variables: ({ body }) => ({ refreshToken: body.refresh_token }),
    answer: field('refreshSession'),
    response: object({ session: ref('Session') }, ['session']),
    errors: [401, 403],
  }),
  route({
    method: 'POST',
    path: '/auth/signout',
    summary: 'Ends the bearer token’s session; its tokens stop working.',
    auth: 'user',
    operation: SignOutDocument,
    variables: () => ({}),
    answer: () => undefined,
    status: 204,
  }),
  route({
    method: 'POST',
    path: '/auth/recover',
    summary: 'Mails a password reset link when the address has an account; always answers 200.',
    auth: 'none',
    operation: RecoverPasswordDocument,
    body: object({ email: EMAIL }, ['email']),
    variables: ({ body }) => ({ email: body.email }),
    answer: () => ({}),
    response: object({}),
  }),
  route({
    method: 'POST',
    path: '/auth/update-password',
    summary: 'Sets a new password, with the reset token or a session as bearer; other sessions end.',
    auth: 'token',
    operation: UpdatePasswordDocument,
    body: object({ password: PASSWORD }, ['password']),
    variables: ({ body }) => ({ password: body.password }),
    answer: (data) => ({ user: data.updatePassword }),
    response: object({ user: ref('User') }, ['user']),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/auth/user',
    summary: 'The signed-in person; admins carry user_metadata.isAdmin true.',
    auth: 'user',
    operation: MeDocument,
    variables: () => ({}),
    answer: (data) => ({ user: data.me }),
    response: object({ user: ref('User') }, ['user']),
    errors: [404],
  }),
];

/** Own apps: served at both paths the two readings of the spec use. */
const ownApps = (path: string, summary: string) =>
  route({
    method: 'GET',
    path,
    summary,
    auth: 'user',
    operation: MyAppsDocument,
    variables: () => ({}),
    answer: field('myApps'),
    response: AppList,
  });

/** A publish's answer: the app with its publishingInfo. */
const publishedApp = ({ app, publishingInfo }: { app: RestAppFieldsFragment; publishingInfo: unknown }) => ({
  ...app,
  publishingInfo,
});

const appRoutes: Route[] = [
  ownApps('/apps/my-apps', 'Your own apps, newest change first.'),
  ownApps('/my-apps', 'Your own apps (the same as /apps/my-apps).'),
  route({
    method: 'GET',
    path: '/apps',
    summary: 'The store’s apps: approved, public and published, most upvoted first.',
    auth: 'none',
    operation: StoreAppsDocument,
    variables: () => ({}),
    answer: field('storeApps'),
    response: AppList,
  }),
  route({
    method: 'GET',
    path: '/apps/by-user/{id}',
    summary: 'A publisher’s store apps.',
    auth: 'none',
    operation: AppsByUserDocument,
    params: { id: { schema: string('Account id.'), description: 'The publisher’s account id.' } },
    variables: id,
    answer: field('appsByUser'),
    response: AppList,
  }),
  route({
    method: 'GET',
    path: '/apps/available-models',
    summary: 'Image models the server offers and its default.',
    auth: 'none',
    operation: AvailableModelsDocument,
    variables: () => ({}),
    answer: field('availableModels'),
    response: object({ models: arrayOf(string('Model.')), defaultModel: string('Default.') }, [
      'models',
      'defaultModel',
    ]),
  }),
  route({
    method: 'GET',
    path: '/apps/publishing/info',
    summary: 'Your plan’s published-app limit and how much of it is used.',
    auth: 'user',
    operation: PublishingInfoDocument,
    variables: () => ({}),
    answer: field('publishingInfo'),
    response: ref('PublishingInfo'),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/apps/pending-verification',
    summary: 'Admins: published apps waiting for review, oldest first.',
    auth: 'user',
    admin: true,
    operation: PendingAppsDocument,
    variables: () => ({}),
    answer: (data) => ({ apps: data.pendingApps }),
    response: object({ apps: AppList }, ['apps']),
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/apps/{id}',
    summary: 'An app you may see: your own, or one in the store.',
    auth: 'optional',
    operation: AppDocument,
    params: APP_ID,
    variables: id,
    answer: field('app'),
    response: ref('App'),
  }),
  route({
    method: 'POST',
    path: '/apps',
    summary: 'Creates an app owned by you (any id or owner_id sent is ignored).',
    auth: 'user',
    operation: CreateAppDocument,
    body: APP_BODY,
    variables: ({ body }) => ({ input: appInput(body) }),
    answer: field('createApp'),
    status: 201,
    response: ref('App'),
    errors: [409],
  }),
  route({
    method: 'PUT',
    path: '/apps/{id}',
    summary:
      'Updates one of your apps with the fields sent: the draft, kept as a new version; what the store shows changes only when a published version is approved.',
    auth: 'user',
    operation: UpdateAppDocument,
    params: APP_ID,
    body: APP_BODY,
    variables: ({ params, body }) => ({ id: params.id, input: appInput(body) }),
    answer: field('updateApp'),
    response: ref('App'),
    errors: [409],
  }),
  route({
    method: 'DELETE',
    path: '/apps/{id}',
    summary: 'Deletes one of your apps.',
    auth: 'user',
    operation: DeleteAppDocument,
    params: APP_ID,
    variables: id,
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/versions',
    summary:
      'The versions of one of your apps, newest first: what each changed, and which is live, in review and the draft.',
    auth: 'user',
    operation: AppVersionsDocument,
    params: APP_ID,
    variables: id,
    answer: (data) => ({ versions: data.appVersions }),
    response: object({ versions: arrayOf(ref('AppVersionSummary'), 'Newest first.') }, ['versions']),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/versions/{versionId}',
    summary: 'One version of one of your apps, with its config and what differs from the live version.',
    auth: 'user',
    operation: AppVersionDocument,
    params: { ...APP_ID, ...VERSION_ID },
    variables: ({ params }) => ({ id: params.id, versionId: params.versionId }),
    answer: field('appVersion'),
    response: ref('AppVersion'),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/versions/{versionId}/restore',
    summary:
      'Makes an earlier version the draft again, as a new version (nothing is overwritten); answers the app.',
    auth: 'user',
    operation: RestoreAppVersionDocument,
    params: { ...APP_ID, ...VERSION_ID },
    variables: ({ params }) => ({ id: params.id, versionId: params.versionId }),
    answer: field('restoreAppVersion'),
    response: ref('App'),
  }),
  route({
    method: 'PATCH',
    path: '/apps/{id}/toggle-private',
    summary: 'Hides one of your apps from the store, or shows it again.',
    auth: 'user',
    operation: SetAppPrivateDocument,
    params: APP_ID,
    body: object({ isPrivate: boolean('true to hide it.') }, ['isPrivate']),
    variables: ({ params, body }) => ({ id: params.id, isPrivate: body.isPrivate }),
    answer: field('setAppPrivate'),
    response: ref('App'),
  }),
  route({
    method: 'GET',
    path: '/published/{slug}',
    summary:
      'A published app by its address, for its public page (no token needed): its live (approved) version; to anyone but its owner, AI blocks come without their settings.',
    auth: 'optional',
    operation: PublishedAppDocument,
    params: { slug: { schema: string('A slug.'), description: 'The app’s address: /app/{slug}.' } },
    variables: ({ params }) => ({ slug: params.slug }),
    answer: field('publishedApp'),
    response: ref('App'),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/view',
    summary: 'Counts a view of an app’s page.',
    auth: 'optional',
    operation: RecordAppViewDocument,
    params: APP_ID,
    variables: id,
    answer: (data) => ({ views: data.recordAppView }),
    response: object({ views: integer('Views now.') }, ['views']),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/upvote-status',
    summary: 'Whether you have upvoted the app (userId, if sent, is ignored: it is always you).',
    auth: 'user',
    operation: UpvoteStatusDocument,
    params: APP_ID,
    query: { userId: { schema: string('Ignored.'), description: 'Accepted for older clients; ignored.' } },
    variables: id,
    answer: (data) => ({ upvoted: data.upvoteStatus }),
    response: object({ upvoted: boolean('Upvoted.') }, ['upvoted']),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/upvote',
    summary: 'Upvotes an app once; a second upvote answers 409.',
    auth: 'user',
    operation: UpvoteAppDocument,
    params: APP_ID,
    body: object({ userId: string('Ignored: the upvote is always yours.') }),
    variables: id,
    refusal: (data) =>
      data.upvoteApp.counted
        ? null
        : new BridgeError(409, 'already_upvoted', 'You have already upvoted this app.'),
    answer: (data) => ({ success: true, upvotes: data.upvoteApp.upvotes }),
    response: object({ success: boolean('Counted.'), upvotes: integer('Upvotes now.') }, [
      'success',
      'upvotes',
    ]),
    errors: [409],
  }),
  route({
    method: 'POST',
    path: '/apps/publish-with-data',
    summary: 'Saves the whole app (creating it when it has no id), then publishes it for review.',
    auth: 'user',
    operation: PublishAppWithDataDocument,
    body: APP_BODY,
    variables: ({ body }) => ({
      id: typeof body.id === 'string' && body.id !== '' ? body.id : null,
      input: appInput(body),
    }),
    answer: (data) => publishedApp(data.publishAppWithData),
    response: ref('PublishedApp'),
    errors: [403, 404, 409],
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/publish',
    summary: 'Publishes one of your saved apps for review.',
    auth: 'user',
    operation: PublishAppDocument,
    params: APP_ID,
    variables: id,
    answer: (data) => publishedApp(data.publishApp),
    response: ref('PublishedApp'),
    errors: [403],
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/unpublish',
    summary: 'Takes one of your apps out of the store.',
    auth: 'user',
    operation: UnpublishAppDocument,
    params: APP_ID,
    variables: id,
    answer: field('unpublishApp'),
    response: ref('App'),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/review',
    summary: 'Admins: approve, or reject with review notes.',
    auth: 'user',
    admin: true,
    operation: ReviewAppDocument,
    params: APP_ID,
    body: object(
      {
        status: { type: 'string', enum: ['approved', 'rejected'], description: 'The decision.' },
        reviewNotes: string('Required when rejecting.', { maxLength: 2000 }),
      },
      ['status'],
    ),
    variables: ({ params, body }) => ({
      id: params.id,
      status: body.status,
      reviewNotes: body.reviewNotes ?? null,
    }),
    answer: (data) => ({ success: true, app: data.reviewApp }),
    response: object({ success: boolean('Reviewed.'), app: ref('App') }, ['success', 'app']),
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/apps/my-apps/analytics',
    summary:
      'Your apps’ views, runs and upvotes, and per day as far as your plan’s analytics go: none on Free, runs per day on Starter, views per day and one app at a time on Enterprise.',
    auth: 'user',
    operation: MyAppsAnalyticsDocument,
    query: {
      period: { schema: { type: 'string', enum: ['7d', '30d'] }, description: '7d (default) or 30d.' },
      appId: {
        schema: string('App id.'),
        description: 'One of your apps: its history alone (Enterprise; other plans get 403).',
      },
    },
    variables: ({ query }) => ({ period: query.period ?? '7d', appId: query.appId ?? null }),
    answer: field('myAppsAnalytics'),
    errors: [403, 404],
    response: object(
      {
        period: enumOf(['7d', '30d'], 'The period asked for.'),
        apps: arrayOf(
          object(
            {
              id: string('App id.'),
              name: string('Name.'),
              isPublished: boolean('Submitted to the store.'),
              isPrivate: boolean('Hidden from the store.'),
              category: string('Store category, or empty.'),
              createdAt: string('ISO time.', { format: 'date-time' }),
              views: integer('Page views.'),
              runs: integer('Runs.'),
              upvotes: integer('Upvotes.'),
            },
            ['id', 'name', 'isPublished', 'isPrivate', 'category', 'createdAt', 'views', 'runs', 'upvotes'],
          ),
          'Your apps.',
        ),
        level: enumOf(['none', 'basic', 'advanced'], 'What your plan’s analytics show.'),
        appId: nullableString('The one app the history is about, or null for all.'),
        history: arrayOf(
          object(
            {
              date: string('YYYY-MM-DD (UTC).'),
              runs: integer('Runs that day.'),
              views: integer('Page views that day (Enterprise; null on other plans).', {
                type: ['integer', 'null'],
              }),
            },
            ['date', 'runs', 'views'],
          ),
          'Per day over the period; empty on a plan without analytics.',
        ),
        totals: object({ views: integer('Views.'), runs: integer('Runs.'), upvotes: integer('Upvotes.') }, [
          'views',
          'runs',
          'upvotes',
        ]),
      },
      ['period', 'level', 'appId', 'apps', 'history', 'totals'],
    ),
  }),
];

const RUN_ID = { id: { schema: string('A UUID.', { format: 'uuid' }), description: 'The run’s id.' } };
/** The most runs one page may hold: the run history's MAX_RUNS_PAGE. */
const MAX_RUNS_PAGE = 100;
const RUN_PAGE_QUERY = {
  limit: {
    schema: integer(`Runs, 1 to ${MAX_RUNS_PAGE}.`, { minimum: 1, maximum: MAX_RUNS_PAGE, default: 20 }),
    description: 'How many runs (default 20).',
  },
  cursor: {
    schema: string('Opaque.', { maxLength: 200 }),
    description: 'The nextCursor of the page before; leave it out for the newest runs.',
  },
};

/** A page's limit and cursor as the operation's variables. */
function pageVariables(query: Record<string, string>): { limit: number; cursor: string | null } {
  return { limit: query.limit === undefined ? 20 : Number(query.limit), cursor: query.cursor ?? null };
}

/** A finished run that did not succeed, as the error its cause answers (with the run's id). */
function runRefusal(run: RestRunFieldsFragment): BridgeError | null {
  if (run.status === 'succeeded') return null;
  const [status, code] = statusOf(run.errorCode ?? undefined);
  const message = run.error ?? 'The run did not finish.';
  return new BridgeError(status, code, message, { runId: run.id, refunded: true });
}

/** A succeeded run as execute answers it. */
function runAnswer(run: RestRunFieldsFragment): unknown {
  return { output: run.result ?? {}, run: { id: run.id, status: run.status, cost: run.cost } };
}

const RUN_ANSWER = object(
  {
    output: anyObject(
      'Result fields: generated_text, summary, classification, translation, generated_image_url, ...',
    ),
    run: object(
      {
        id: string('Run id.', { format: 'uuid' }),
        status: enumOf(['succeeded'], 'Always succeeded: a run that fails answers an error.'),
        cost: integer('Credits charged.'),
      },
      ['id', 'status', 'cost'],
    ),
  },
  ['output', 'run'],
);

const runRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/apps/{id}/execute',
    summary:
      'Runs an app and answers its result fields. JSON { inputData, actionType? }, or multipart with inputData (JSON text) and file. With an API key (Bearer bsk_...): the app’s live version, as a published run, JSON only.',
    auth: 'user',
    multipart: true,
    operation: RunAppDocument,
    params: APP_ID,
    body: object({
      inputData: anyObject('Inputs keyed by input block variable name (input_text, ...) or block id.'),
      actionType: {
        type: 'string',
        enum: ['test_execution', 'published'],
        description:
          'test_execution from the builder, published from the app page; by default test_execution for the owner, published for others.',
      },
    }),
    variables: ({ params, body }) => ({
      id: params.id,
      inputs: body.inputData ?? {},
      actionType: body.actionType ?? null,
    }),
    refusal: (data) => runRefusal(data.runApp),
    answer: (data) => runAnswer(data.runApp),
    response: RUN_ANSWER,
    // A run that fails answers its cause's status: 400 input, 422 block, 502 AI service,
    // 503 interrupted by a stopping server, 504 over the time limit.
    errors: [402, 403, 413, 422, 429, 502, 503, 504],
  }),
  route({
    method: 'POST',
    path: '/published/{slug}/run',
    summary:
      'Runs a published app’s live version by its address, with a session or an API key (Authorization: Bearer bsk_...); answers as execute does.',
    auth: 'user',
    operation: RunPublishedAppDocument,
    params: { slug: { schema: string('A slug.'), description: 'The app’s address: /app/{slug}.' } },
    body: object({
      inputData: anyObject('Inputs keyed by input block variable name (input_text, ...) or block id.'),
    }),
    variables: ({ params, body }) => ({ slug: params.slug, inputs: body.inputData ?? {} }),
    refusal: (data) => runRefusal(data.runPublishedApp),
    answer: (data) => runAnswer(data.runPublishedApp),
    response: RUN_ANSWER,
    errors: [402, 403, 422, 429, 502, 503, 504],
  }),
  route({
    method: 'GET',
    path: '/runs',
    summary: 'The runs you started, newest first, a page at a time.',
    auth: 'user',
    operation: MyRunsDocument,
    query: RUN_PAGE_QUERY,
    variables: ({ query }) => pageVariables(query),
    answer: field('myRuns'),
    response: ref('RunPage'),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/runs',
    summary:
      'One of your apps’ runs, newest first, a page at a time: status, when, who, duration, credits (other people’s inputs and outputs only when the app shares run details).',
    auth: 'user',
    operation: AppRunsDocument,
    params: APP_ID,
    query: {
      ...RUN_PAGE_QUERY,
      status: {
        schema: enumOf(['running', 'succeeded', 'failed', 'aborted'], 'A run status.'),
        description: 'Only runs that ended so (or are running).',
      },
      source: {
        schema: enumOf(['builder', 'store', 'embed', 'api'], 'Where runs were started.'),
        description: 'Only runs started from there.',
      },
    },
    variables: ({ params, query }) => ({
      id: params.id,
      ...pageVariables(query),
      status: query.status ?? null,
      source: query.source ?? null,
    }),
    answer: field('appRuns'),
    response: ref('RunPage'),
  }),
  route({
    method: 'GET',
    path: '/runs/{id}',
    summary:
      'One run with each block’s step: one you started, or one of your app’s (other people’s inputs and outputs only when the app shares run details).',
    auth: 'user',
    operation: RunDocument,
    params: RUN_ID,
    variables: id,
    answer: field('run'),
    response: ref('Run'),
  }),
  route({
    method: 'DELETE',
    path: '/runs/{id}',
    summary: 'Deletes one run of one of your apps (not one still going: 409).',
    auth: 'user',
    operation: DeleteRunDocument,
    params: RUN_ID,
    variables: id,
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
    errors: [409],
  }),
];

/** The most entries one history request may ask for: the credit ledger's MAX_HISTORY_LIMIT. */
const MAX_HISTORY_LIMIT = 200;

const balance = (path: string, summary: string) =>
  route({
    method: 'GET',
    path,
    summary,
    auth: 'user',
    operation: CreditsDocument,
    variables: () => ({}),
    answer: field('credits'),
    response: ref('Credits'),
    errors: [404],
  });

const creditRoutes: Route[] = [
  balance('/credits/balance', 'Your credit balance.'),
  balance('/users/credits', 'Your credit balance (the same as /credits/balance).'),
  route({
    method: 'GET',
    path: '/credits/history',
    summary: 'What your runs cost, newest first.',
    auth: 'user',
    operation: CreditHistoryDocument,
    query: {
      limit: {
        schema: integer(`Entries, 0 to ${MAX_HISTORY_LIMIT}.`, {
          minimum: 0,
          maximum: MAX_HISTORY_LIMIT,
          default: DEFAULT_HISTORY_LIMIT,
        }),
        description: `How many entries (default ${DEFAULT_HISTORY_LIMIT}).`,
      },
      cursor: {
        schema: string('An entry id.', { maxLength: 100 }),
        description:
          'The _id of the last entry of the page before: the entries after it. Leave it out for the newest.',
      },
    },
    variables: ({ query }) => ({
      limit: query.limit === undefined ? DEFAULT_HISTORY_LIMIT : Number(query.limit),
      cursor: query.cursor ?? null,
    }),
    answer: (data) => ({ history: data.creditHistory }),
    response: object({ history: arrayOf(ref('CreditHistoryEntry')) }, ['history']),
  }),
  route({
    method: 'GET',
    path: '/credits/stats',
    summary: 'Credits used and runs made, in all.',
    auth: 'user',
    operation: CreditStatsDocument,
    variables: () => ({}),
    answer: field('creditStats'),
    response: object({ totalCreditsUsed: integer('Credits.'), totalExecutions: integer('Runs.') }, [
      'totalCreditsUsed',
      'totalExecutions',
    ]),
  }),
  route({
    method: 'GET',
    path: '/credits/costs',
    summary: 'Credits per run by block kind, plus default.',
    auth: 'none',
    operation: CreditCostsDocument,
    variables: () => ({}),
    answer: (data) => ({ costs: data.creditCosts }),
    response: object(
      {
        costs: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Credits per run by block kind, plus default.',
        },
      },
      ['costs'],
    ),
  }),
  route({
    method: 'POST',
    path: '/credits/check',
    summary: 'Whether your balance pays for one run of a block kind.',
    auth: 'user',
    operation: CreditCheckDocument,
    body: object(
      {
        blockType: string('A block kind (textGeneration) or history name (text_generation).', {
          maxLength: 100,
        }),
      },
      ['blockType'],
    ),
    variables: ({ body }) => ({ blockType: body.blockType }),
    answer: (data) => {
      const check = data.creditCheck;
      return {
        hasEnoughCredits: check.allowed,
        required: check.cost,
        credits: check.balance,
        unlimited: check.unlimited,
      };
    },
    response: object(
      {
        hasEnoughCredits: boolean('Whether one run is paid for.'),
        required: integer('What one run costs.'),
        credits: integer('Balance.'),
        unlimited: boolean('Enterprise plan.'),
      },
      ['hasEnoughCredits', 'required', 'credits', 'unlimited'],
    ),
    errors: [404],
  }),
  route({
    method: 'POST',
    path: '/credits/initialize',
    summary: 'Creates your balance and grants this month’s credits, once.',
    auth: 'user',
    operation: InitializeCreditsDocument,
    variables: () => ({}),
    answer: (data) => ({ success: true, ...data.initializeCredits }),
    response: object(
      {
        success: boolean('Done.'),
        credits: integer('Balance.'),
        unlimited: boolean('Enterprise.'),
      },
      ['success', 'credits', 'unlimited'],
    ),
    errors: [404],
  }),
];

const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/users/create',
    summary: 'Creates your user record once; sets full_name when none is set yet.',
    auth: 'user',
    operation: CreateUserDocument,
    body: object({ fullName: string('Full name.', { maxLength: 100 }) }),
    variables: ({ body }) => ({ fullName: body.fullName ?? null }),
    answer: (data) => ({ success: true, user: data.createUser }),
    response: object({ success: boolean('Done.'), user: ref('Profile') }, ['success', 'user']),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/users/profile',
    summary: 'Your user record with full_name and plan.',
    auth: 'user',
    operation: ProfileDocument,
    variables: () => ({}),
    answer: field('profile'),
    response: ref('Profile'),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/users/by-supabase-id/{id}',
    summary: 'A publisher by the id their auth provider gave them: id and full_name.',
    auth: 'optional',
    operation: UserByAuthIdDocument,
    params: {
      id: {
        schema: string('Account id or Firebase uid.'),
        description: 'The id their auth provider gave them.',
      },
    },
    variables: id,
    answer: field('userByAuthId'),
    response: object({ id: string('Account id.'), full_name: string('Full name.') }, ['id', 'full_name']),
  }),
];

const assistantRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/generate-prompt',
    summary: 'Writes a prompt template that uses every given variable.',
    auth: 'user',
    operation: GeneratePromptDocument,
    body: object(
      {
        description: string('What the prompt should do.', { minLength: 1, maxLength: 4000 }),
        variables: arrayOf(string('Variable name.', { maxLength: 100 }), 'Variables the prompt must use.'),
      },
      ['description'],
    ),
    variables: ({ body }) => ({ description: body.description, variables: body.variables ?? [] }),
    answer: (data) => ({ prompt: data.generatePrompt }),
    response: object({ prompt: string('The prompt template.') }, ['prompt']),
    errors: [502],
  }),
  route({
    method: 'POST',
    path: '/assistant/generate-app',
    summary: 'Builds an app from one sentence.',
    auth: 'user',
    operation: GenerateAppDocument,
    body: object({ prompt: string('What the app should do.', { minLength: 1, maxLength: 4000 }) }, [
      'prompt',
    ]),
    variables: ({ body }) => ({ prompt: body.prompt }),
    answer: field('generateApp'),
    response: object(
      {
        message: string('What was built, for the person.'),
        plugins: arrayOf(anyObject('A block on the canvas.'), 'The blocks, in order.'),
        connections: arrayOf(anyObject('A connection between two blocks.'), 'How they connect.'),
        variableMapping: anyObject('Per block: the prompt variables that were renamed, old to new.'),
        appName: string('The first 50 characters of the request.'),
        appDescription: string('The first 100 characters of the request.'),
      },
      ['message', 'plugins', 'connections', 'variableMapping', 'appName', 'appDescription'],
    ),
  }),
];

const paymentRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/stripe/create-checkout-session',
    summary: 'A Stripe Checkout page for the Starter plan, for yourself only (another userId is refused).',
    auth: 'user',
    operation: CreateCheckoutSessionDocument,
    body: object({ userId: string('Your own user id (optional); any other id is refused with 403.') }),
    variables: ({ body }) => ({ userId: body.userId ?? null }),
    answer: field('createCheckoutSession'),
    response: object(
      {
        url: string('Send the person here.'),
        sessionId: string('Stripe Checkout session id.'),
      },
      ['url', 'sessionId'],
    ),
    errors: [403, 404, 409, 503],
  }),
];

const publicRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/contact/sales',
    summary: 'An Enterprise enquiry; stored and mailed to sales.',
    auth: 'optional',
    operation: ContactSalesDocument,
    body: object(
      {
        name: string('Your name.', { maxLength: 200 }),
        email: EMAIL,
        company: string('Company.', { maxLength: 200 }),
        companySize: {
          type: 'string',
          enum: ['1-10', '11-50', '51-200', '201-1000', '1000+'],
          description: 'Company size.',
        },
        message: string('What you need.', { maxLength: 5000 }),
      },
      ['name', 'email', 'company', 'message'],
    ),
    variables: ({ body }) => ({
      input: {
        name: body.name,
        email: body.email,
        company: body.company,
        message: body.message,
        ...(body.companySize !== undefined ? { companySize: body.companySize } : {}),
      },
    }),
    answer: (data) => ({ success: true, ...data.contactSales }),
    response: object({ success: boolean('Sent.'), message: string('Confirmation.') }, ['success', 'message']),
  }),
  route({
    method: 'GET',
    path: '/analytics/summary',
    summary: 'Admins: product events by name over a range.',
    auth: 'user',
    admin: true,
    operation: AnalyticsSummaryDocument,
    query: {
      range: {
        schema: { type: 'string', enum: ['1d', '7d', '30d', 'all'] },
        description: '1d, 7d, 30d (default) or all.',
      },
    },
    variables: ({ query }) => ({ range: query.range ?? '30d' }),
    answer: field('analyticsSummary'),
    response: object(
      {
        range: enumOf(['1d', '7d', '30d', 'all'], 'The range asked for.'),
        raw: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Event name to count.',
        },
        recent: arrayOf(
          object(
            {
              name: string('Event name.'),
              at: string('ISO time.', { format: 'date-time' }),
              props: anyObject('Its fields.'),
            },
            ['name', 'at', 'props'],
          ),
          'The newest 200 events.',
        ),
      },
      ['range', 'raw', 'recent'],
    ),
    errors: [403],
  }),
  route({
    method: 'POST',
    path: '/analytics/events',
    summary: 'Records a product event (signed in or not).',
    auth: 'optional',
    operation: TrackEventDocument,
    body: object(
      { name: string('Event name, e.g. app_viewed.', { maxLength: 100 }), props: anyObject('Its fields.') },
      ['name'],
    ),
    variables: ({ body }) => ({ name: body.name, props: body.props ?? null }),
    answer: () => ({ success: true }),
    status: 201,
    response: object({ success: boolean('Recorded.') }, ['success']),
  }),
];

const KEY_PROPERTIES = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  name: string('The name you gave it.'),
  prefix: string('bsk_ and the next characters, to recognise it by.'),
  createdAt: string('ISO time.', { format: 'date-time' }),
  lastUsedAt: {
    type: ['string', 'null'],
    description: 'ISO time it last ran an app (to the minute), or null.',
  },
} satisfies Record<string, JsonSchema>;

const keyRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/keys',
    summary:
      'Creates a named API key (Starter plan and up). The answer is the only time the key is shown: keep it safe.',
    auth: 'user',
    operation: CreateApiKeyDocument,
    body: object({ name: string('What the key is for.', { maxLength: 100 }) }, ['name']),
    variables: ({ body }) => ({ name: body.name }),
    answer: field('createApiKey'),
    status: 201,
    response: object(
      {
        id: KEY_PROPERTIES.id,
        name: KEY_PROPERTIES.name,
        key: string('The key: send it as Authorization: Bearer <key>. Shown this once.'),
        createdAt: KEY_PROPERTIES.createdAt,
      },
      ['id', 'name', 'key', 'createdAt'],
    ),
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/keys',
    summary: 'Your API keys, newest first, with when each was last used (never the keys themselves).',
    auth: 'user',
    operation: ApiKeysDocument,
    variables: () => ({}),
    answer: field('apiKeys'),
    response: arrayOf(object(KEY_PROPERTIES, Object.keys(KEY_PROPERTIES)), 'Newest first.'),
    errors: [403],
  }),
  route({
    method: 'DELETE',
    path: '/keys/{id}',
    summary: 'Revokes one of your API keys: it stops working at once.',
    auth: 'user',
    operation: RevokeApiKeyDocument,
    params: { id: { schema: string('A UUID.', { format: 'uuid' }), description: 'The key’s id.' } },
    variables: id,
    answer: () => ({ success: true }),
    response: object({ success: boolean('Revoked.') }, ['success']),
    errors: [403],
  }),
];

const SECRET_PROPERTIES = {
  name: string('Used in an HTTP Request header as {{secret.NAME}}.'),
  createdAt: string('ISO time.', { format: 'date-time' }),
  updatedAt: string('ISO time of the last change of its value.', { format: 'date-time' }),
};
const SecretInfo = object(SECRET_PROPERTIES, Object.keys(SECRET_PROPERTIES));
const secretName = {
  name: {
    schema: string('Upper-case letters, digits and underscores, starting with a letter.', {
      pattern: '^[A-Z][A-Z0-9_]{0,63}$',
    }),
    description: 'The secret’s name, e.g. GITHUB_TOKEN.',
  },
};

/** People's secrets for their blocks: saved, listed by name, deleted; never read back. */
const secretRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/secrets',
    summary: 'Your secrets by name, for HTTP Request headers ({{secret.NAME}}); never their values.',
    auth: 'user',
    operation: SecretsDocument,
    variables: () => ({}),
    answer: field('secrets'),
    response: arrayOf(SecretInfo, 'By name.'),
  }),
  route({
    method: 'PUT',
    path: '/secrets/{name}',
    summary:
      'Saves a secret, or replaces its value. The value is kept encrypted and never shown again; runs of your apps use it.',
    auth: 'user',
    operation: SetSecretDocument,
    params: secretName,
    body: object(
      { value: string('The secret’s value: one line, 4,000 characters at most.', { maxLength: 4000 }) },
      ['value'],
    ),
    variables: ({ params, body }) => ({ name: params.name, value: body.value }),
    answer: field('setSecret'),
    response: SecretInfo,
  }),
  route({
    method: 'DELETE',
    path: '/secrets/{name}',
    summary: 'Deletes one of your secrets.',
    auth: 'user',
    operation: DeleteSecretDocument,
    params: secretName,
    variables: ({ params }) => ({ name: params.name }),
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
    errors: [404],
  }),
];

/** Every /api route, in the order the route list shows them. */
export const routes: readonly Route[] = [
  ...authRoutes,
  ...appRoutes,
  ...runRoutes,
  ...keyRoutes,
  ...secretRoutes,
  ...creditRoutes,
  ...userRoutes,
  ...assistantRoutes,
  ...paymentRoutes,
  ...publicRoutes,
  ...earningsRoutes,
  ...adminAccountRoutes,
];

export { components };
