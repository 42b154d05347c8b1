import {
  arrayOf,
  boolean,
  enumOf,
  integer,
  nullableInteger,
  nullableString,
  object,
  ref,
  string,
} from './json-schema';
import { AppList } from './components';
import { route, type Route } from './route';
import { APP_BODY, APP_ID, appInput, field, id, uuidParam } from './route-helpers';
import {
  AppDocument,
  AppVersionDocument,
  AppVersionsDocument,
  AvailableModelsDocument,
  ModelsDocument,
  CreateAppDocument,
  DeleteAppDocument,
  MyAppsDocument,
  RestoreAppVersionDocument,
  SetAppPrivateDocument,
  UpdateAppDocument,
} from './generated/graphql';

/** A creator's own apps: listed, read, created, updated, deleted, their versions, hidden or shown. */

const VERSION_ID = {
  versionId: uuidParam('The version’s id.'),
};

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

/** Your own apps, at both paths. */
export const ownAppRoutes: Route[] = [
  ownApps('/apps/my-apps', 'Your own apps, newest change first.'),
  ownApps('/my-apps', 'Your own apps (the same as /apps/my-apps).'),
];

/** The image models the builder offers. */
export const imageModelRoutes: Route[] = [
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
];

const CAPABILITIES = ['text', 'structured', 'vision', 'image', 'tools', 'streaming'] as const;

const Model = object(
  {
    id: string('What a block stores as its model setting, e.g. claude-sonnet-4-5 or llama3.2:1b.'),
    label: string('A name for people.'),
    provider: string('openai, anthropic, gemini, ollama or offline.'),
    offline: boolean('Answers come from the offline stand-in, marked [Offline preview].'),
    capabilities: arrayOf(enumOf(CAPABILITIES, 'Something the model can do.')),
    contextTokens: nullableInteger('The most tokens it reads at once; null when unknown.'),
    credits: integer("Credits an AI block using it costs on top of the block's own price."),
  },
  ['id', 'label', 'provider', 'offline', 'capabilities', 'contextTokens', 'credits'],
);

/** The model catalogue. */
export const modelRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/models',
    summary:
      'The models this server can use, from every configured provider, with what each can do and its extra credits.',
    auth: 'none',
    operation: ModelsDocument,
    query: {
      capability: {
        schema: enumOf(CAPABILITIES, 'Only models that can do this.'),
        description: 'Only models that can do this; leave it out for every model.',
      },
    },
    variables: ({ query }) => ({ capability: query.capability ?? null }),
    answer: field('models'),
    response: object(
      {
        models: arrayOf(Model),
        defaultText: nullableString('The model blocks naming none (or gpt-4) use for text.'),
        defaultImage: nullableString('The model blocks naming none (or dalle) use for images.'),
        problems: arrayOf(
          object({ provider: string('Provider.'), message: string('Why its list could not be read.') }, [
            'provider',
            'message',
          ]),
        ),
      },
      ['models', 'defaultText', 'defaultImage', 'problems'],
    ),
  }),
];

/** One of your apps and its versions. */
export const appRoutes: Route[] = [
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
];
