import { MemoryFileStore } from '@blocksmith/block-sdk/testing';
import type { AppConfig, RunEvent } from '@blocksmith/schema';
import { executeRun, planRun } from '@blocksmith/engine';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { OfflineProvider } from '../providers/ai';
import { STARTER_TEMPLATES } from './starter-templates';

/** The starter templates checked as the server checks every saved app, with the real blocks. */
const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' });

function template(id: string): AppConfig {
  const found = STARTER_TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`No template ${id}`);
  return found.config;
}

async function runOffline(config: AppConfig, inputs: Record<string, unknown>) {
  const events: RunEvent[] = [];
  const outcome = await executeRun(planRun(config, registry), {
    runId: 'run-1',
    inputs,
    provider: new OfflineProvider(),
    files: new MemoryFileStore(),
    onEvent: (event) => events.push(event),
  });
  return { outcome, events };
}

describe('the starter templates run', () => {
  it('every one passes the server’s app validation', () => {
    expect(STARTER_TEMPLATES.length).toBeGreaterThanOrEqual(6);
    const problems = STARTER_TEMPLATES.flatMap((t) => {
      try {
        planRun(t.config, registry);
        return [];
      } catch (error) {
        return [`${t.name}: ${(error as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('support ticket triage answers one way and skips the other', async () => {
    const { outcome, events } = await runOffline(template('support-ticket-triage'), {
      input_text: 'My order arrived broken and nobody answers my e-mails.',
    });
    expect(outcome.status).toBe('succeeded');
    const taken = events.find((e) => e.type === 'node_finished' && e.nodeId === 'is-complaint');
    const routes = taken?.type === 'node_finished' ? taken.routes : undefined;
    expect(routes).toHaveLength(1);
    const [ran, skipped] = routes![0] === 'true' ? ['apology', 'answer'] : ['answer', 'apology'];
    const skippedIds = events.filter((e) => e.type === 'node_skipped').map((e) => e.nodeId);
    expect(skippedIds.sort()).toEqual([skipped, `show-${skipped}`].sort());
    expect(outcome.nodes[ran]?.status).toBe('succeeded');
    expect(outcome.results.artifacts.map((a) => a.nodeId)).toEqual([`show-${ran}`]);
  });

  it('cold outreach writes the email with the full Cold Email Writer block, so it is a full template', async () => {
    const config = template('cold-outreach');
    expect(config.plugins.filter((p) => registry.get(p.type)?.tier === 'full').map((p) => p.type)).toEqual([
      'coldEmail',
    ]);
    const { outcome } = await runOffline(config, {
      input_text:
        'Priya Shah, Head of Operations at Northwind Logistics; they just opened a second warehouse.',
    });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.results.artifacts.map((a) => a.nodeId)).toEqual(['show-email']);
  });

  it('the CSV row summariser summarises each row into a table', async () => {
    const { outcome, events } = await runOffline(template('csv-row-summaries'), {
      input_text: 'name,feedback\nAda,Loved the new dashboard\nGrace,Export to PDF keeps failing\nAlan,Fast',
    });
    expect(outcome.status).toBe('succeeded');
    const progress = events.filter((e) => e.type === 'loop_progress').map((e) => e.done);
    expect(progress.sort()).toEqual([0, 1, 2, 3]);
    const [table] = outcome.results.artifacts;
    expect(table?.nodeId).toBe('show-table');
    expect(table?.artifact).toMatchObject({ kind: 'table', columns: ['generated_text'] });
    const rows = (table!.artifact as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(3);
    // Each row was summarised on its own.
    expect(String(rows[0]!.generated_text)).toContain('[Offline preview]');
    const prompts = events.flatMap((e) => (e.type === 'node_started' && e.nodeId === 'summary' ? [e] : []));
    expect(prompts).toHaveLength(3);
  });
});
