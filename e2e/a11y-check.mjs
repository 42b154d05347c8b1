// The accessibility check of the browser journeys: the real axe-core (a development dependency)
// added to the page with page.addScriptTag and run with the WCAG 2.0 and 2.1 A and AA rules. A
// journey fails on critical, serious and moderate violations, listed one element a line with
// the rule, what axe says is wrong and where to read about it.
/* global document */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** axe-core's own build, as its package ships it. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** The rule sets the journeys hold every page to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The impacts a journey fails on. */
export const FAILING_IMPACTS = ['critical', 'serious', 'moderate'];
/** Where axe is served to a page whose content security policy refuses inline scripts. */
const AXE_PATH = '/__a11y-check/axe.min.js';

const routed = new WeakSet();

/**
 * Adds axe-core to the page (once per document). The product's content security policy allows
 * only same-origin scripts, so when the inline script is refused the same contents are served at a
 * same-origin address the browser asks of Playwright's router (never of the server).
 */
async function injectAxe(page) {
  if (await page.evaluate(() => typeof globalThis.axe?.run === 'function')) return;
  try {
    await page.addScriptTag({ content: AXE_SOURCE });
  } catch (error) {
    if (!/Content Security Policy/i.test(String(error?.message))) throw error;
    const url = new URL(AXE_PATH, page.url()).href;
    if (!routed.has(page)) {
      await page.route(`**${AXE_PATH}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: AXE_SOURCE }),
      );
      routed.add(page);
    }
    await page.addScriptTag({ url });
  }
  if (!(await page.evaluate(() => typeof globalThis.axe?.run === 'function')))
    throw new Error(`axe-core could not be added to ${page.url()}`);
}

/**
 * axe-core's WCAG 2.0/2.1 A and AA violations on the page, of the given impacts (critical,
 * serious and moderate by default): `{ engine, violations }`, each violation one element
 * `{ rule, impact, target, detail, help, helpUrl }`.
 */
export async function checkA11y(page, { impacts = FAILING_IMPACTS } = {}) {
  await injectAxe(page);
  const result = await page.evaluate(async (tags) => {
    const answer = await globalThis.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return {
      version: globalThis.axe.version,
      violations: answer.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((node) => ({
          impact: node.impact ?? v.impact,
          target: node.target.flat(Infinity).join(' '),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        })),
      })),
    };
  }, WCAG_TAGS);
  const violations = result.violations.flatMap((v) =>
    v.nodes.map((node) => ({
      rule: v.id,
      impact: node.impact,
      target: node.target,
      detail: node.summary,
      help: v.help,
      helpUrl: v.helpUrl,
    })),
  );
  return {
    engine: `axe-core ${result.version}`,
    violations: violations.filter((v) => impacts.includes(v.impact)),
  };
}

/** One line per violation: impact, rule, element, what is wrong, then where axe explains the rule. */
export function formatViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.rule}: ${v.target}: ${v.detail ?? ''}${v.helpUrl ? ` (${v.help}: ${v.helpUrl})` : ''}`,
    )
    .join('\n');
}

/** Fails with the list when the page has a critical, serious or moderate violation; `where` names the page. */
export async function assertAccessible(page, where) {
  const { engine, violations } = await checkA11y(page);
  assert.equal(
    violations.length,
    0,
    `${violations.length} accessibility violation(s) on ${where} [${engine}]:\n${formatViolations(violations)}`,
  );
}
