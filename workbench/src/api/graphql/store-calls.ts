import type { App } from '@blocksmith/schema';
import {
  AppsByUserDocument,
  PublishedAppDocument,
  RecordAppViewDocument,
  StoreAppsDocument,
  UpvoteAppDocument,
  UpvoteStatusDocument,
  UpvotedAppsDocument,
  UserByAuthIdDocument,
} from '../generated/graphql';
import { withCategory } from './answers';
import type { GraphQLTransport } from './graphql-transport';

/** The store, publisher pages and an app's page: published apps, their views and upvotes. */
export class StoreCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async storeApps(): Promise<App[]> {
    return (await this.transport.query(StoreAppsDocument, {})).storeApps.map(withCategory);
  }

  async appsByUser(userId: string): Promise<App[]> {
    return (await this.transport.query(AppsByUserDocument, { userId })).appsByUser.map(withCategory);
  }

  async publishedApp(slug: string): Promise<App> {
    return withCategory((await this.transport.query(PublishedAppDocument, { slug })).publishedApp);
  }

  async publisherName(authId: string): Promise<string> {
    const data = await this.transport.query(UserByAuthIdDocument, {
      id: authId,
    });
    return data.userByAuthId.full_name;
  }

  async recordAppView(id: string): Promise<number> {
    return (await this.transport.mutate(RecordAppViewDocument, { id })).recordAppView;
  }

  async upvotedApps(appIds: string[]): Promise<string[]> {
    return (await this.transport.query(UpvotedAppsDocument, { appIds })).upvotedApps;
  }

  async upvoteStatus(appId: string): Promise<boolean> {
    return (await this.transport.query(UpvoteStatusDocument, { appId })).upvoteStatus;
  }

  async upvoteApp(id: string): Promise<{ counted: boolean; upvotes: number }> {
    return (await this.transport.mutate(UpvoteAppDocument, { id })).upvoteApp;
  }
}
