import type { App, PublishingInfo } from '@blocksmith/schema';
import type { AppInput, AppVersion, AppVersionEntry, VersionedApp } from '../blocksmith-api';
import {
  AppDocument,
  AppVersionDocument,
  AppVersionsDocument,
  CreateAppDocument,
  DeleteAppDocument,
  MyAppsDocument,
  PublishAppWithDataDocument,
  RestoreAppVersionDocument,
  SetAppPrivateDocument,
  UpdateAppDocument,
} from '../generated/graphql';
import { withCategory } from './answers';
import type { GraphQLTransport } from './graphql-transport';

/** The person's own apps: reading, saving, publishing, versions, privacy and deleting. */
export class AppCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async myApps(): Promise<App[]> {
    return (await this.transport.query(MyAppsDocument, {})).myApps.map(withCategory);
  }

  async app(id: string): Promise<VersionedApp> {
    return withCategory((await this.transport.query(AppDocument, { id })).app);
  }

  async createApp(input: AppInput): Promise<VersionedApp> {
    return withCategory((await this.transport.mutate(CreateAppDocument, { input })).createApp);
  }

  async updateApp(id: string, input: AppInput, options: { autosave?: boolean } = {}): Promise<VersionedApp> {
    // An explicit save leaves `autosave` out: it is a named version of its own.
    const variables = options.autosave ? { id, input, autosave: true } : { id, input };
    return withCategory((await this.transport.mutate(UpdateAppDocument, variables)).updateApp);
  }

  async publishAppWithData(
    id: string | undefined,
    input: AppInput,
  ): Promise<{ app: VersionedApp; publishingInfo: PublishingInfo }> {
    const variables = { id: id ?? null, input };
    const { app, publishingInfo } = (await this.transport.mutate(PublishAppWithDataDocument, variables))
      .publishAppWithData;
    return { app: withCategory(app), publishingInfo };
  }

  async appVersions(appId: string): Promise<AppVersionEntry[]> {
    return (await this.transport.query(AppVersionsDocument, { appId })).appVersions;
  }

  async appVersion(appId: string, versionId: string): Promise<AppVersion> {
    return (await this.transport.query(AppVersionDocument, { appId, versionId })).appVersion;
  }

  async restoreAppVersion(appId: string, versionId: string): Promise<VersionedApp> {
    return withCategory(
      (await this.transport.mutate(RestoreAppVersionDocument, { appId, versionId })).restoreAppVersion,
    );
  }

  async deleteApp(id: string): Promise<void> {
    await this.transport.mutate(DeleteAppDocument, { id });
  }

  async setAppPrivate(id: string, isPrivate: boolean): Promise<App> {
    return withCategory(
      (await this.transport.mutate(SetAppPrivateDocument, { id, isPrivate })).setAppPrivate,
    );
  }
}
