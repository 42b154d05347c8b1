import { randomUUID } from 'node:crypto';
import { cutText, storableText } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { McpSession } from '../data/entities';
import { isUuid } from '../ids';

/** A session unused for this long is gone: its client initializes again. */
export const MCP_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per session. */
const TOUCH_PRECISION_MS = 60_000;

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? storableText(cutText(value.trim(), max)) : null;
}

/**
 * MCP sessions (`Mcp-Session-Id`) in the database (`mcp_sessions`): `/mcp` runs stateless per
 * request, and a session id is valid on every gateway process that shares the database, for the
 * account that opened it, until it is deleted or idle for MCP_SESSION_IDLE_MS.
 */
export class McpSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a session for `userId` at `initialize`; sessions idle too long are cleared on the way. */
  async open(
    userId: string,
    client: { name?: unknown; version?: unknown; protocolVersion?: unknown },
  ): Promise<string> {
    const id = randomUUID();
    const at = new Date(this.now());
    const name = text(client.name, 200);
    const version = text(client.version, 50);
    await this.dataSource.query(
      `INSERT INTO mcp_sessions (id, user_id, client_name, protocol_version, created_at, last_used_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [id, userId, name && version ? `${name} ${version}` : name, text(client.protocolVersion, 50), at],
    );
    await this.dataSource.query('DELETE FROM mcp_sessions WHERE last_used_at < $1', [
      new Date(at.getTime() - MCP_SESSION_IDLE_MS),
    ]);
    return id;
  }

  /** Whether `id` is a live session of `userId`'s (marking it used). */
  async check(id: string, userId: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const now = this.now();
    const rows = (await this.dataSource.query(
      'SELECT last_used_at FROM mcp_sessions WHERE id = $1 AND user_id = $2',
      [id, userId],
    )) as { last_used_at: Date | string }[];
    const row = rows[0];
    if (!row) return false;
    const lastUsed = new Date(row.last_used_at).getTime();
    if (now - lastUsed > MCP_SESSION_IDLE_MS) return false;
    if (now - lastUsed > TOUCH_PRECISION_MS) {
      await this.dataSource.query('UPDATE mcp_sessions SET last_used_at = $2 WHERE id = $1', [
        id,
        new Date(now),
      ]);
    }
    return true;
  }

  /** Ends a session of `userId`'s (DELETE /mcp); false when there was none. */
  async close(id: string, userId: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.dataSource.getRepository(McpSession).delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }
}
