import { IsNull, Not } from 'typeorm';
import type { AppRecord } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../ids';

/** Who is asking: nobody, a user, or an admin. */
export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
}

/** What anyone not allowed to see an app is told, exactly as for a missing one. */
export const APP_NOT_FOUND = 'App not found.';
export const VERSION_NOT_FOUND = 'That version of the app was not found.';

/** In the store: published, public, with a live (approved) version, of an owner not suspended. */
export const PUBLIC = {
  isPublished: true,
  isPrivate: false,
  liveVersionId: Not(IsNull()),
  owner: { suspendedAt: IsNull() },
};

/** Ids are opaque uuids; anything else cannot name an app, so it is simply not found. */
export function appUuid(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(APP_NOT_FOUND);
  return id;
}

/** A version id, checked as `appUuid` checks an app's. */
export function versionUuid(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(VERSION_NOT_FOUND);
  return id;
}

/** The owner and admins see everything about an app, always current. */
export function isPrivileged(viewer: Viewer, record: AppRecord): boolean {
  return viewer.isAdmin || (viewer.userId !== null && viewer.userId === record.ownerId);
}

/** Whether `viewer` may see the app: the owner and admins always; others only approved, public, published apps. */
export function isVisible(viewer: Viewer, record: AppRecord): boolean {
  if (isPrivileged(viewer, record)) return true;
  return (
    record.isPublished &&
    !record.isPrivate &&
    record.liveVersionId !== null &&
    record.live !== null &&
    // A suspended owner's apps leave the store, their pages and their runs until unsuspended.
    !record.owner?.suspendedAt
  );
}
