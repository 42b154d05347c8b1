import { boolean, integer, object, ref, string } from './json-schema';
import { AppList } from './components';
import { BridgeError } from './errors';
import { route, type Route } from './route';
import { APP_ID, SLUG, field, id } from './route-helpers';
import {
  AppsByUserDocument,
  PublishedAppDocument,
  RecordAppViewDocument,
  StoreAppsDocument,
  UpvoteAppDocument,
  UpvoteStatusDocument,
} from './generated/graphql';

/** The store: its apps, a publisher's apps, an app's public page, its views and upvotes. */

/** The store's lists. */
export const storeRoutes: Route[] = [
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
];

/** A published app's page: the app, its views and its upvotes. */
export const appPageRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/published/{slug}',
    summary:
      'A published app by its address, for its public page (no token needed): its live (approved) version; to anyone but its owner, AI blocks come without their settings.',
    auth: 'optional',
    operation: PublishedAppDocument,
    params: SLUG,
    variables: ({ params }) => ({ slug: params.slug }),
    answer: field('publishedApp'),
    response: ref('AppPage'),
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
];
