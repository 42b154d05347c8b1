import { boolean, object, ref, string } from './json-schema';
import { AppList } from './components';
import { route, type Route } from './route';
import { APP_BODY, APP_ID, appInput, field, id } from './route-helpers';
import {
  PendingAppsDocument,
  PublishAppDocument,
  PublishAppWithDataDocument,
  PublishingInfoDocument,
  ReviewAppDocument,
  UnpublishAppDocument,
  type RestAppFieldsFragment,
} from './generated/graphql';

/** Publishing and review: the plan's publishing limit, the review queue, publish, unpublish, review. */

/** A publish's answer: the app with its publishingInfo. */
const publishedApp = ({ app, publishingInfo }: { app: RestAppFieldsFragment; publishingInfo: unknown }) => ({
  ...app,
  publishingInfo,
});

/** Where publishing stands: your limit, and the admins' review queue. */
export const reviewQueueRoutes: Route[] = [
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
];

/** Into the store and out of it. */
export const publishingRoutes: Route[] = [
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
];
