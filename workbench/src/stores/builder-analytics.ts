import type { Tracker } from '../analytics/tracker';

/** The page events the builder records, named and shaped in one place; none without a tracker. */
export class BuilderAnalytics {
  constructor(private readonly tracker: Tracker | null) {}

  blockAdded(type: string, name: string): void {
    this.tracker?.track('plugin_used', { plugin_type: type, plugin_name: name });
  }

  templateLoaded(template: { name: string; category: string }): void {
    this.tracker?.track('template_loaded', {
      template_name: template.name,
      template_category: template.category,
    });
  }

  appDuplicated(name: string): void {
    this.tracker?.track('app_duplicated', { app_name: name });
  }

  runFailed(app: { name: string; id: string }, error: string): void {
    this.tracker?.track('app_execution_error', { app_name: app.name, app_id: app.id, error });
  }

  publishFailed(appName: string, error: string): void {
    this.tracker?.track('publishing_error', { app_name: appName, error });
  }

  linkShared(app: { name: string; id: string | null }): void {
    this.tracker?.track('app_shared', { app_name: app.name, app_id: app.id });
  }
}
