import { CATEGORIES, PLAN_IDS, RUN_SOURCES } from '@blocksmith/schema';
import {
  anyObject,
  arrayOf,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableInteger,
  nullableObject,
  nullableString,
  object,
  ref,
  string,
  type JsonSchema,
} from './json-schema';

const ACTION_TYPES = ['test_execution', 'published'] as const;

/** An app as every answer carries it: all of its fields, always. */
const APP_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  name: string('Name.'),
  description: string('Description.'),
  slug: string('Address of its public page: /app/{slug}.'),
  category: enumOf(['', ...CATEGORIES], 'One of the twelve store categories, or empty.'),
  isPrivate: boolean('Hidden from the store.'),
  isPublished: boolean('Submitted to the store.'),
  owner_id: string('Who owns it.'),
  upvotes: integer('Upvotes.'),
  views: integer('Page views.'),
  uses: integer('Runs.'),
  config: anyObject('plugins, connections, canvas.'),
  verificationStatus: enumOf(['pending', 'approved', 'rejected'], 'Where its review stands.'),
  reviewNotes: nullableString('Why a review rejected it.'),
  createdAt: dateTime('ISO time.'),
  creatorPrice: integer(
    'Credits a run by someone else pays the owner on top of the blocks’ cost (0 to 100): to others, what their runs pay now.',
  ),
};

/** A version of an app, without its config, as the history lists it. */
const VERSION_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  appId: string('The app.', { format: 'uuid' }),
  number: integer('1, 2, 3... per app.'),
  kind: enumOf(
    ['created', 'save', 'autosave', 'restore'],
    'How it came to be (autosave: one per editing burst).',
  ),
  summary: string('What changed since the version before, one line.'),
  authorId: nullableString('Who saved it.'),
  authorName: string('Their name or e-mail; empty when the account is gone.'),
  createdAt: dateTime('ISO time.'),
  updatedAt: dateTime('ISO time of its last autosave.'),
  isDraft: boolean('The draft was last saved as this version.'),
  isLive: boolean('The store shows and other people run this version.'),
  isInReview: boolean('This version waits for review.'),
  name: string('Name.'),
  description: string('Description.'),
  category: string('Category, or empty.'),
};

/** A run as every answer about it carries it. */
const RUN_SUMMARY_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  id: string('Run id.', { format: 'uuid' }),
  appId: string('The app run.'),
  appName: string('The app’s name.'),
  status: enumOf(
    ['queued', 'running', 'waiting', 'succeeded', 'failed', 'aborted'],
    'Where the run stands (waiting: for approval, see approval).',
  ),
  actionType: enumOf(ACTION_TYPES, 'test_execution or published.'),
  source: enumOf([...RUN_SOURCES], 'Where it was started.'),
  parentRunId: nullableString(
    'The run that started it (an agent calling the app as a tool); null otherwise.',
  ),
  runner: object(
    {
      id: string('Their user id; "visitor" for a visitor who was not signed in.'),
      name: string('Their name.'),
    },
    ['id', 'name'],
    'Who started it.',
  ),
  mine: boolean('You started it.'),
  cost: integer('Credits charged.'),
  durationMs: nullableInteger('From start to end; null while it runs.'),
  createdAt: dateTime('ISO time.'),
  finishedAt: nullableString('ISO time; null while it runs.'),
  error: nullableString('Why it failed.'),
  errorCode: nullableString('Why it failed: BAD_USER_INPUT, AI_PROVIDER_ERROR, BLOCK_ERROR, ...'),
  detailsHidden: boolean(
    'Someone else’s run of your app started while it did not share run details: inputs and outputs are left out.',
  ),
};

const RUN_STEP_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  nodeId: string('The block’s id in the app.'),
  kind: string('The block’s kind.'),
  title: string('The block’s title as the canvas shows it.'),
  status: enumOf(['pending', 'running', 'succeeded', 'failed', 'skipped'], 'How it went.'),
  startedAt: nullableString('ISO time.'),
  finishedAt: nullableString('ISO time.'),
  durationMs: nullableInteger('How long it ran (inside a loop: over all its items).'),
  inputs: nullableObject('What it received, by variable name; null when hidden.'),
  outputs: nullableObject('Its outputs (values cut to 20,000 characters); null when hidden.'),
  outputFiles: nullableObject('Per cut output, a signed link to the whole value.'),
  truncated: boolean('Some input or output was cut.'),
  error: nullableString('Why it failed.'),
  model: nullableString('The model that answered, when reported.'),
  usage: nullableObject('{ promptTokens, completionTokens, totalTokens }, when reported.'),
  credits: nullableInteger('An AI block: the credits charged for it (over all its items); null for others.'),
  items: nullableInteger('Inside a loop: how many items it ran for.'),
};

/** Shapes answers share, named once in the OpenAPI document's components. */
export const components: Readonly<Record<string, JsonSchema>> = {
  Error: object(
    {
      error: string('A stable snake_case code: bad_request, unauthorized, not_found, weak_password, ...'),
      message: string('What a person can act on.'),
      reasons: arrayOf(string('e.g. length.'), 'weak_password: what the password lacks.'),
      field: string('validation_failed: the field at fault.'),
      retryAfterSeconds: integer('rate_limited: seconds until the next attempt is allowed.'),
      required: integer('insufficient_credits: what the run costs.'),
      balance: integer('insufficient_credits: the balance.'),
      runId: string('A failed run: its id.'),
      problems: arrayOf(
        object(
          {
            nodeId: string('The block at fault.'),
            message: string('What is wrong and what to do.'),
          },
          ['message'],
        ),
        'An app that cannot run as it is (and a preview refused before it starts): every problem, each naming its block.',
      ),
      refunded: boolean(
        'A failed run: its whole charge was given back (false when a block that overran its time kept its own).',
      ),
    },
    ['error', 'message'],
  ),
  App: object(APP_PROPERTIES, Object.keys(APP_PROPERTIES)),
  AppPage: object(
    {
      ...APP_PROPERTIES,
      quality: nullableObject(
        'Its live version’s quality: its last finished test run’s figures and, apart, the public runs’ own; null when it has neither (untested and not yet run by anyone else).',
        {
          passRate: {
            type: ['number', 'null'],
            description: 'Percent of the test run’s cases passed; null while the live version is untested.',
          },
          cases: integer('Cases in that test run; 0 while untested.'),
          p95Ms: nullableInteger('The test run’s 95th percentile of a case run’s time; null while untested.'),
          creditsPerRun: {
            type: ['number', 'null'],
            description: 'The test run’s average credits per case run; null while untested.',
          },
          versionNumber: nullableInteger('The live version’s number.'),
          testedAt: {
            ...dateTime('ISO time the test run ended; null while untested.'),
            type: ['string', 'null'],
          },
          publicRuns: nullableObject(
            'The same version as the public runs it (latency and credits, never inputs): its latest succeeded runs by others, at most 1,000, no test runs; null before anyone has.',
            {
              runs: integer('Runs counted.'),
              p95Ms: nullableInteger('95th percentile of a run’s time.'),
              creditsPerRun: { type: ['number', 'null'], description: 'Average credits per run.' },
            },
            ['runs', 'p95Ms', 'creditsPerRun'],
          ),
        },
        ['passRate', 'cases', 'p95Ms', 'creditsPerRun', 'versionNumber', 'testedAt', 'publicRuns'],
      ),
    },
    [...Object.keys(APP_PROPERTIES), 'quality'],
    'A published app as its public page shows it, with its tested quality.',
  ),
  AppVersionSummary: object(VERSION_PROPERTIES, Object.keys(VERSION_PROPERTIES)),
  AppVersion: object(
    {
      ...VERSION_PROPERTIES,
      config: anyObject('plugins, connections, canvas.'),
      changesFromLive: arrayOf(
        string('One change.'),
        'What differs from the live version (everything when none is live).',
      ),
    },
    [...Object.keys(VERSION_PROPERTIES), 'config', 'changesFromLive'],
  ),
  PublishedApp: object(
    { ...APP_PROPERTIES, publishingInfo: ref('PublishingInfo') },
    [...Object.keys(APP_PROPERTIES), 'publishingInfo'],
    'The app just published, with the plan’s publishing limit as it now stands.',
  ),
  PublishingInfo: object(
    {
      plan: enumOf(PLAN_IDS, 'The plan.'),
      limit: integer('Published apps allowed; -1 means unlimited.'),
      currentCount: integer('Apps published now.'),
      remaining: integer('-1 when unlimited.'),
      canPublish: boolean('Whether one more may be published.'),
    },
    ['plan', 'limit', 'currentCount', 'remaining', 'canPublish'],
  ),
  User: object(
    {
      id: string('Account id.'),
      email: string('E-mail address.'),
      user_metadata: object(
        {
          full_name: string('Full name.'),
          isAdmin: boolean('Admins review apps and see analytics.'),
        },
        ['full_name', 'isAdmin'],
      ),
    },
    ['id', 'email', 'user_metadata'],
  ),
  Session: object(
    {
      access_token: string('Bearer token for Authorization.'),
      refresh_token: string('Single use: POST it to /api/auth/refresh for a new session.'),
      expires_at: integer('Unix seconds when the access token expires.'),
      expires_in: integer('Seconds the access token lasts.'),
      token_type: string('bearer'),
    },
    ['access_token', 'refresh_token', 'expires_at', 'expires_in', 'token_type'],
  ),
  Profile: object(
    {
      id: string('Account id.'),
      email: string('E-mail address.'),
      full_name: string('Full name.'),
      plan: enumOf(PLAN_IDS, 'The plan.'),
      created_at: dateTime('ISO time.'),
    },
    ['id', 'email', 'full_name', 'plan', 'created_at'],
  ),
  Credits: object({ credits: integer('Balance.'), unlimited: boolean('Enterprise plan.') }, [
    'credits',
    'unlimited',
  ]),
  CreditHistoryEntry: object(
    {
      _id: string('Entry id.'),
      block_type: string('e.g. text_generation.'),
      action_type: enumOf(ACTION_TYPES, 'Where the run came from.'),
      timestamp: dateTime('ISO time.'),
      credits_used: integer('Credits.'),
    },
    ['_id', 'block_type', 'action_type', 'timestamp', 'credits_used'],
  ),
  RunSummary: object(RUN_SUMMARY_PROPERTIES, Object.keys(RUN_SUMMARY_PROPERTIES), 'A run as lists show it.'),
  Run: object(
    {
      ...RUN_SUMMARY_PROPERTIES,
      inputs: nullableObject('What it was started with (file inputs as signed links); null when hidden.'),
      result: nullableObject(
        'Result fields and artifacts, once it succeeded, flat as execute answers them (a name two blocks share: classification, then classification_2); null when hidden.',
      ),
      results: nullableObject(
        'The same per block, once it succeeded (long values cut to 20,000 characters); null when hidden.',
        {
          blocks: anyObject('By block id: { kind, outputs } (outputs by their declared names).'),
          artifacts: arrayOf(anyObject('{ nodeId, artifact }: what an output block showed.')),
          layout: arrayOf(
            anyObject(
              '{ id, variable?, outputs }: a block of the app, in order, as the flat result’s keys are made.',
            ),
          ),
          notes: arrayOf(
            anyObject(
              '{ nodeId, message, items?, failures? }: what failed while the run went on (a block whose On error is continue or route; a loop some of whose items failed: "1 of 3 items failed: item 2: …", failures: [{ item, within?, nodeId, error }]). Absent when nothing did.',
            ),
          ),
        },
        ['blocks', 'artifacts', 'layout'],
      ),
      nodes: nullableObject('Per block: status, duration, error.'),
      steps: arrayOf(ref('RunStep'), 'Each block’s step, in the run’s order.'),
      conversationId: nullableString(
        'The chat conversation this run answered a turn of (GET /api/conversations/{id}), when it is yours; null otherwise.',
      ),
      approvalRequest: nullableObject(
        'A run waiting for approval (status waiting): what it asks; null otherwise. Decide with POST /api/runs/{id}/approval.',
        {
          nodeId: string('The Approval block it waits at.'),
          text: string('What the approver sees.'),
          editable: boolean('The approver may change the text before it goes on.'),
          approver: enumOf(['owner', 'email'], 'The app’s owner, or someone sent a signed link by e-mail.'),
          expiresAt: dateTime('When it stops waiting and ends as timed out.'),
          canDecide: boolean('You may approve or reject it (you own the app, and the owner approves).'),
        },
        ['nodeId', 'text', 'editable', 'approver', 'expiresAt', 'canDecide'],
      ),
      version: nullableObject(
        'The app’s version it ran: the draft for its owner’s runs, the live version for everyone else’s; null for runs kept before versions were recorded.',
        {
          id: string('Version id.', { format: 'uuid' }),
          number: integer('Its number in the app’s version history.'),
        },
        ['id', 'number'],
      ),
    },
    [
      ...Object.keys(RUN_SUMMARY_PROPERTIES),
      'inputs',
      'result',
      'results',
      'nodes',
      'steps',
      'version',
      'conversationId',
      'approvalRequest',
    ],
  ),
  RunStep: object(RUN_STEP_PROPERTIES, Object.keys(RUN_STEP_PROPERTIES), 'One block of a run.'),
  RunPage: object(
    {
      runs: arrayOf(ref('RunSummary'), 'Newest first.'),
      nextCursor: nullableString('Pass as cursor for the next page; null on the last.'),
    },
    ['runs', 'nextCursor'],
  ),
};

export const AppList = arrayOf(ref('App'), 'Apps.');
