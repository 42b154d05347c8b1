import type { AppToolSpec, RunTools, ToolAnswer } from '@blocksmith/block-sdk';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { AppTool, AppToolService } from './app-tool-service';

/** Model vendors take tool names of letters, digits, `_` and `-`, 64 at most. */
const AGENT_TOOL_NAME_MAX = 64;

/** The run an agent block is part of: who pays for it, and whose app it is. */
export interface AgentRun {
  runId: string;
  appId: string;
  /** Who pays for the run (an embed visitor's run: the app's owner). */
  payerId: string;
}

function agentToolName(tool: AppTool): string {
  return tool.name.replace(/\./g, '_').slice(0, AGENT_TOOL_NAME_MAX);
}

function specOf(ref: string, tool: AppTool): AppToolSpec {
  return {
    ref,
    name: agentToolName(tool),
    title: tool.title,
    description: tool.description,
    parameters: tool.inputSchema,
    maxCredits: tool.cost.max,
  };
}

/** A call's results as the model reads them: the results by key, without an empty artifacts list. */
function modelValue(structured: Record<string, unknown>): unknown {
  const { artifacts, ...outputs } = structured;
  if (Array.isArray(artifacts) && artifacts.length > 0) return structured;
  return outputs;
}

/**
 * The apps an agent block of one run may call (`ExecuteOptions.appTools`): refs are ids of the
 * app owner's own apps (a call runs the latest saved version, the draft, when the owner pays for
 * the run; anyone else may use them only when published, their live version) and slugs of
 * published store apps. A call is one run through `AppToolService.call`, source `agent`, linked to
 * this run (`parent_run_id`), charged to whoever pays for this run, its creator earning their price.
 */
export function runAppTools(
  service: AppToolService,
  dataSource: DataSource,
  run: AgentRun,
): Pick<RunTools, 'apps' | 'callApp'> {
  const resolved = new Map<string, Promise<AppTool>>();
  let owner: Promise<string | null> | undefined;
  const ownerOfApp = () =>
    (owner ??= (
      dataSource.query('SELECT owner_id FROM apps WHERE id = $1', [run.appId]) as Promise<
        { owner_id: string }[]
      >
    ).then((rows) => rows[0]?.owner_id ?? null));

  const resolve = (ref: string): Promise<AppTool> => {
    let tool = resolved.get(ref);
    if (!tool) {
      tool = (async () => {
        if (!isUuid(ref)) return service.published(run.payerId, ref);
        // One's own app by id: its draft for the owner; for other payers only as the store shows it.
        if ((await ownerOfApp()) === run.payerId) return service.own(run.payerId, ref);
        return service.publishedById(run.payerId, ref);
      })();
      tool.catch(() => resolved.delete(ref));
      resolved.set(ref, tool);
    }
    return tool;
  };

  const refused = (ref: string, error: unknown): Error =>
    new Error(
      `The app "${ref}" cannot be used as a tool: ${error instanceof Error ? error.message : String(error)}`,
    );

  return {
    async apps(refs) {
      const specs: AppToolSpec[] = [];
      for (const ref of refs) {
        try {
          specs.push(specOf(ref, await resolve(ref)));
        } catch (error) {
          throw refused(ref, error);
        }
      }
      return specs;
    },
    async callApp(ref, args, options): Promise<ToolAnswer> {
      let tool: AppTool;
      try {
        tool = await resolve(ref);
      } catch (error) {
        throw refused(ref, error);
      }
      try {
        const result = await service.call(run.payerId, tool, args, {
          source: 'agent',
          parentRunId: run.runId,
          signal: options.signal,
          ...(options.maxCredits !== undefined && { maxCredits: options.maxCredits }),
          ...(options.onProgress && { onPartial: options.onProgress }),
        });
        // A run waiting for approval has no results: the model reads that it waits, and where.
        const value = result.status === 'waiting' ? result.text : modelValue(result.structured);
        return { value, credits: result.credits, runId: result.runId };
      } catch (error) {
        if (error instanceof AppError) throw new Error(error.message, { cause: error });
        throw error;
      }
    },
  };
}
