import type { PlanId } from '@blocksmith/schema';
import { IsNull, Not, type DataSource } from 'typeorm';
import { AppRecord, User } from '../../data/entities';
import { InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';

/** The signed-in person's own record. */
export interface UserProfile {
  id: string;
  email: string;
  full_name: string;
  plan: PlanId;
  created_at: Date;
}

/** What anyone may learn of a publisher: the name their apps are shown under. */
export interface PublicUser {
  id: string;
  full_name: string;
}

const MAX_NAME_CHARS = 100;
const UNKNOWN_USER = 'There is no such user.';

/**
 * User records: the profile behind an account (whichever auth provider made it), its full name
 * set once at creation, and the publisher name others see.
 */
export class UserService {
  constructor(private readonly dataSource: DataSource) {}

  async profile(userId: string): Promise<UserProfile> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw new NotFoundError(UNKNOWN_USER);
    return toProfile(user);
  }

  /**
   * "Create user" after sign-up: the account already has its record, so this only fills in the
   * full name when none was given at sign-up. Calling it again changes nothing.
   */
  async ensureProfile(userId: string, fullName?: string | null): Promise<UserProfile> {
    const name = (fullName ?? '').trim();
    if (name.length > MAX_NAME_CHARS) {
      throw new InputError(`The full name is too long: ${MAX_NAME_CHARS} characters at most.`);
    }
    if (name !== '') {
      await this.dataSource
        .getRepository(User)
        .createQueryBuilder()
        .update()
        .set({ fullName: name })
        .where('id = :id AND full_name = :empty', { id: userId, empty: '' })
        .execute();
    }
    return this.profile(userId);
  }

  /**
   * A user by the id their auth provider gave them (the account id, or a Firebase uid). Others see
   * only publishers (someone with an app in the store); people always see themselves, admins anyone.
   */
  async byAuthId(viewer: { userId: string | null; isAdmin: boolean }, authId: string): Promise<PublicUser> {
    const id = String(authId);
    const repository = this.dataSource.getRepository(User);
    const user = isUuid(id)
      ? await repository.findOneBy({ id })
      : String(authId).length <= 128
        ? await repository.findOneBy({ externalId: String(authId) })
        : null;
    if (!user) throw new NotFoundError(UNKNOWN_USER);
    if (!viewer.isAdmin && viewer.userId !== user.id) {
      const publishes = await this.dataSource.getRepository(AppRecord).existsBy({
        ownerId: user.id,
        isPublished: true,
        isPrivate: false,
        liveVersionId: Not(IsNull()),
      });
      if (!publishes) throw new NotFoundError(UNKNOWN_USER);
    }
    return { id: user.id, full_name: user.fullName };
  }
}

function toProfile(user: User): UserProfile {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    plan: user.plan,
    created_at: user.createdAt,
  };
}
