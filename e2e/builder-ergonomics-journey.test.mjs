// The builder as a daily user's hands expect it, in a real Chromium against the built product:
// keyboard shortcuts (save, copy, paste into another app, duplicate, select all, nudge, the '?'
// sheet, none while typing), Shift-click and rectangle multi-select, blocks added by click placed
// beside the selected block and connected, the onboarding tour pointing at what each step
// describes, and the builder on a 390 px phone.
/* global document, innerHeight, innerWidth, localStorage, window */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, expectToast, settled, shot, signUp, startJourney, stopJourney } from './helpers.mjs';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney());
});

after(() => stopJourney({ browser, server }));

const PASSWORD = 'correct horse battery staple';

/** A browser context signed in as a new person; the tour is done unless `tour` is set. */
async function signedIn(email, { viewport = DESKTOP, mobile = false, tour = false } = {}) {
  const person = await signUp(server, { email, password: PASSWORD, fullName: 'Kay Board' });
  const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript(
    ([session, tourDone]) => {
      if (globalThis.sessionStorage.getItem('journey-seeded')) return;
      globalThis.sessionStorage.setItem('journey-seeded', '1');
      globalThis.localStorage.setItem('blocksmith-session', session);
      if (tourDone) globalThis.localStorage.setItem('onboarding-completed', 'true');
    },
    [JSON.stringify({ ...person.session, user: person.user }), !tour],
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const edges = (page) => page.locator('.react-flow__edge');
const selected = (page) => page.locator('.react-flow__node.selected');

/** Waits until the canvas draws `n` connections. */
async function edgeCount(page, n) {
  await page.waitForFunction((count) => document.querySelectorAll('.react-flow__edge').length === count, n);
}

async function nodeCount(page, n) {
  await page
    .getByTestId('node-count')
    .getByText(n === 1 ? '1 node' : `${n} nodes`, { exact: true })
    .waitFor();
}

/** The blocks' boxes on screen. */
async function boxes(page) {
  return page.locator('.block-node').evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }),
  );
}

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function assertNoOverlap(list) {
  for (let i = 0; i < list.length; i += 1)
    for (let j = i + 1; j < list.length; j += 1)
      assert.ok(
        !overlap(list[i], list[j]),
        `blocks ${i} and ${j} overlap: ${JSON.stringify([list[i], list[j]])}`,
      );
}

/**
 * Clicks a block by its title bar (not a handle, not a field). Blocks out of view are not drawn:
 * when none of this kind is, the view is fitted first, as a person would bring it into view.
 */
async function clickBlock(page, type, { shift = false } = {}) {
  const block = page.locator(`.block-node[data-type="${type}"]`).first();
  if ((await block.count()) === 0) await page.getByRole('button', { name: 'Fit', exact: true }).click();
  await block.waitFor();
  const box = await block.boundingBox();
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(box.x + box.width / 2, box.y + 14);
  if (shift) await page.keyboard.up('Shift');
}

test(
  'keyboard, copy and paste into another app, multi-select, nudge, click-added blocks',
  { timeout: 180_000 },
  async () => {
    const { context, page, errors } = await signedIn('keys@example.com');
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();

    // Blocks added by click: each goes beside the selected one and is connected from it.
    await page.locator('.palette-item[data-block-type="textInput"]').click();
    await page.locator('.palette-item[data-block-type="textGeneration"]').click();
    await page.locator('.palette-item[data-block-type="textDisplay"]').click();
    await nodeCount(page, 3);
    await edgeCount(page, 2);
    const chain = await boxes(page);
    assertNoOverlap(chain);
    assert.ok(
      chain[1].x > chain[0].x + chain[0].width && chain[2].x > chain[1].x + chain[1].width,
      'left to right',
    );
    assert.ok(Math.abs(chain[1].y - chain[0].y) < 2, 'on one row');
    // A second block for the selected input's place goes below the first, connected too, not on it.
    await clickBlock(page, 'textInput');
    await page.locator('.palette-item[data-block-type="textGeneration"]').click();
    await nodeCount(page, 4);
    await edgeCount(page, 3);
    assertNoOverlap(await boxes(page));
    await shot(page, 'ergonomics-click-added-desktop');

    // Ctrl+S saves.
    await page.keyboard.press('Control+s');
    await expectToast(page, 'App saved successfully!');

    // Nothing fires while typing in a field: not Ctrl+D, Ctrl+A, Delete, '?' or the arrows.
    await page.locator('#app-name').click();
    await page.locator('#app-name').fill('Keyboard app');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+d');
    await page.keyboard.type('?');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    await nodeCount(page, 4);
    assert.equal(await page.getByTestId('shortcut-sheet').count(), 0);
    // The keys went to the field: Ctrl+A selected its text, '?' replaced it.
    assert.equal(await page.locator('#app-name').inputValue(), '?');

    // Shift-click selects two blocks; Ctrl+C then Ctrl+V pastes them with their connection.
    await page.locator('#app-name').fill('Keyboard app');
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await clickBlock(page, 'textDisplay');
    await clickBlock(page, 'textInput', { shift: true });
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node.selected').length === 2);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await nodeCount(page, 6);
    assert.equal(await selected(page).count(), 2, 'the pasted blocks are selected');
    assert.equal(
      await edges(page).count(),
      3,
      'input and display are not connected to each other: no new connection',
    );
    assertNoOverlap(await boxes(page));

    // Ctrl+D duplicates the selection (the pasted two) beside itself.
    await page.keyboard.press('Control+d');
    await nodeCount(page, 8);
    assertNoOverlap(await boxes(page));
    await page.keyboard.press('Control+z');
    await nodeCount(page, 6);

    // A rectangle drawn with Shift selects the blocks it touches; Ctrl+A selects every block.
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    const input = await page.locator('.block-node[data-type="textInput"]').first().boundingBox();
    const canvas = await page.getByTestId('canvas').boundingBox();
    await page.keyboard.down('Shift');
    await page.mouse.move(canvas.x + 8, canvas.y + 8);
    await page.mouse.down();
    await page.mouse.move(input.x + 20, input.y + 20, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    assert.ok((await selected(page).count()) >= 1, 'the rectangle selected a block');
    await shot(page, 'ergonomics-rectangle-desktop');
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+a');
    // Every block drawn is selected (blocks out of view are not drawn).
    assert.equal(await selected(page).count(), await page.locator('.react-flow__node').count());

    // Arrows nudge the selection by 10 units; with Shift, one grid step (40). Every block in view
    // first: one at the canvas's edge, nudged out of view, would no longer be drawn.
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await settled(page);
    await clickBlock(page, 'textDisplay');
    const before = await page.locator('.block-node[data-type="textDisplay"]').first().boundingBox();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    const moved = await page.locator('.block-node[data-type="textDisplay"]').first().boundingBox();
    const zoom = Number((await page.getByTestId('zoom-percent').innerText()).replace('%', '')) / 100;
    assert.ok(
      Math.abs(moved.x - before.x - 20 * zoom) < 1.5,
      `moved right by 20 units (${moved.x - before.x}px)`,
    );
    assert.ok(
      Math.abs(moved.y - before.y - 40 * zoom) < 1.5,
      `moved down by 40 units (${moved.y - before.y}px)`,
    );
    // Back where it was (each nudge is one undo step).
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Control+z');
    const back = await page.locator('.block-node[data-type="textDisplay"]').first().boundingBox();
    assert.ok(Math.abs(back.x - before.x) < 1 && Math.abs(back.y - before.y) < 1, 'undone');

    // '?' opens the shortcut sheet; Escape closes it.
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.getByTestId('shortcut-sheet').getByText('Paste blocks (also into another app)').waitFor();
    await settled(page);
    await shot(page, 'ergonomics-shortcut-sheet-desktop');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });

    // Copy the first chain, then paste it into another app: a new app in the builder.
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+s');
    await expectToast(page, 'App saved successfully!');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+c');
    await page.getByRole('button', { name: 'App actions' }).click();
    await page.getByText('New app').click();
    await nodeCount(page, 0);
    // Focus on the menu's button (the closed menu gives it back) opens no tooltip: one would stay
    // over the canvas toolbar (Fit among it) until focus moved.
    await page.locator('#app-name').focus();
    await page.getByRole('button', { name: 'App actions' }).focus();
    await settled(page);
    assert.equal(await page.locator('.bp6-tooltip', { hasText: 'App actions' }).count(), 0);
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+v');
    await nodeCount(page, 6);
    // The pointer leaves the menu's place as a person's would, then fits every block in view.
    await page.mouse.move(400, 500);
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    // The connections among the copied blocks came along (drawn once their blocks are measured).
    await edgeCount(page, 3);
    await settled(page);
    assertNoOverlap(await boxes(page));
    // And in another tab, through the clipboard (that tab offers the unsaved app first: discarded).
    const other = await context.newPage();
    await other.goto(`${server.url}/app`);
    await other.getByRole('button', { name: 'Discard' }).click();
    await nodeCount(other, 0);
    await other.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await other.keyboard.press('Control+v');
    await nodeCount(other, 6);
    await other.getByRole('button', { name: 'Fit', exact: true }).click();
    await edgeCount(other, 3);
    await settled(other);
    await shot(other, 'ergonomics-pasted-other-app-desktop');

    assert.deepEqual(errors, []);
    await context.close();
  },
);

const TOUR = [
  ['canvas', '[data-tour="canvas"]'],
  ['palette', '[data-tour="palette"]'],
  ['templates', '[data-tour="templates"]'],
  ['connect', '.react-flow__handle.handle-output'],
  ['properties', '[data-tour="properties"]'],
  ['run', '[data-tour="run"]'],
  ['publish', '[data-tour="publish"]'],
];

/** The highlight rings the element it names: their boxes coincide (within the ring's 4 px). */
async function assertHighlights(page, target, selector) {
  const ring = page.getByTestId('tour-spotlight');
  await page.waitForFunction(
    (name) => document.querySelector('[data-testid="tour-spotlight"]')?.dataset.target === name,
    target,
  );
  const element = page.locator(selector).filter({ visible: true }).first();
  await element.waitFor();
  await settled(page); // panels slide in, the ring follows
  const [a, b] = [await ring.boundingBox(), await element.boundingBox()];
  assert.ok(
    Math.abs(a.x + 4 - b.x) < 3 && Math.abs(a.y + 4 - b.y) < 3 && Math.abs(a.width - 8 - b.width) < 3,
    `the ${target} step rings ${selector}: ${JSON.stringify({ ring: a, element: b })}`,
  );
  const inView = await element.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return rect.top < innerHeight && rect.bottom > 0 && rect.left < innerWidth && rect.right > 0;
  });
  assert.ok(inView, `${target} is on screen`);
}

for (const [name, viewport, mobile] of [
  ['desktop', DESKTOP, false],
  ['mobile', PHONE, true],
]) {
  test(`the onboarding tour points at what each step describes (${name})`, { timeout: 120_000 }, async () => {
    const { context, page, errors } = await signedIn(`tour-${name}@example.com`, {
      viewport,
      mobile,
      tour: true,
    });
    await page.goto(`${server.url}/app`);
    await page.getByTestId('onboarding').waitFor();
    // A block, so the 'connect' step has a handle to point at.
    if (mobile) {
      await page.getByTestId('onboarding').getByRole('button', { name: 'Next' }).click();
      await page.locator('.palette-item[data-block-type="textInput"]').filter({ visible: true }).click();
      await page.getByTestId('onboarding').getByRole('button', { name: 'Previous' }).click();
    } else {
      await page.locator('.palette-item[data-block-type="textInput"]').click();
    }
    await nodeCount(page, 1);
    for (const [index, [target, selector]] of TOUR.entries()) {
      await page
        .getByTestId('onboarding-step')
        .getByText(`Step ${index + 1} of 7`)
        .waitFor();
      await assertHighlights(page, target, selector);
      if (mobile && (target === 'palette' || target === 'templates'))
        await page.locator('.mobile-drawer').getByText('Blocks').first().waitFor();
      if (mobile && target === 'properties')
        await page.locator('.mobile-drawer [data-tour="properties"]').waitFor();
      // The card is on screen and does not cover what it points at (on a desktop).
      const card = await page.getByTestId('onboarding').boundingBox();
      assert.ok(
        card.x >= 0 &&
          card.y >= 0 &&
          card.x + card.width <= viewport.width + 1 &&
          card.y + card.height <= viewport.height + 1,
      );
      if (!mobile && target !== 'canvas' && target !== 'connect') {
        const element = await page.locator(selector).filter({ visible: true }).first().boundingBox();
        assert.ok(!overlap(card, element), `the card stands beside ${target}`);
      }
      if ([1, 4, 6].includes(index)) await shot(page, `ergonomics-tour-${index + 1}-${target}-${name}`);
      await page
        .getByTestId('onboarding')
        .getByRole('button', { name: index === 6 ? 'Finish' : 'Next' })
        .click();
    }
    await page.getByTestId('onboarding').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('tour-spotlight').count(), 0);
    assert.equal(await page.evaluate(() => localStorage.getItem('onboarding-completed')), 'true');
    if (mobile)
      assert.equal(
        await page.locator('.mobile-drawer').filter({ visible: true }).count(),
        0,
        'panels closed again',
      );
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test(
  'the builder on a 390 px phone: the name clear of the actions, handles uncovered, every action reachable',
  { timeout: 120_000 },
  async () => {
    const { context, page, errors } = await signedIn('phone@example.com', { viewport: PHONE, mobile: true });
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();

    // Three blocks by tapping, through the blocks panel.
    for (const type of ['textInput', 'textGeneration', 'textDisplay']) {
      await page.getByRole('button', { name: 'Show blocks' }).click();
      await page.locator(`.palette-item[data-block-type="${type}"]`).filter({ visible: true }).click();
    }
    await nodeCount(page, 3);
    await edgeCount(page, 2);
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await settled(page);
    assertNoOverlap(await boxes(page));

    // A long name never runs into the actions.
    await page.getByRole('button', { name: 'Show properties' }).click();
    await page
      .locator('.mobile-drawer #app-name')
      .fill('A very long app name that goes on and on past the header');
    await page.keyboard.press('Escape');
    await page.locator('.mobile-drawer').waitFor({ state: 'detached' });
    const name = await page.locator('.builder-header .app-name').boundingBox();
    const actions = await page.locator('.builder-header .header-right').boundingBox();
    assert.ok(
      name.x + name.width <= actions.x + 1,
      `the name ends (${name.x + name.width}) before the actions (${actions.x})`,
    );
    const header = await page.locator('.builder-header').boundingBox();
    assert.ok(actions.x + actions.width <= header.width + 1, 'the actions fit in the header');

    // Nothing covers the blocks' handles with the panels closed.
    for (const handle of await page.locator('.react-flow__handle').all()) {
      const box = await handle.boundingBox();
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('.react-flow__handle') !== null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      assert.ok(onTop, `a handle at ${box.x},${box.y} is covered`);
    }
    await shot(page, 'ergonomics-blocks-mobile');

    // Every action is reachable: save, run (the preview), publish, the app menu, the panels, the account.
    for (const label of [
      'Save',
      'Run',
      'Publish',
      'App actions',
      'Show blocks',
      'Show properties',
      'Undo',
      'Fit',
    ]) {
      const button = page.getByRole('button', { name: label, exact: true }).first();
      assert.ok(await button.isVisible(), `${label} is on screen`);
      const box = await button.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 1, `${label} is within the screen`);
    }
    await page.getByRole('button', { name: 'App actions' }).click();
    for (const item of [
      'New app',
      'Open app...',
      'Version history...',
      'Import from file...',
      'Export to file',
      'Duplicate',
      'Blocksmith store',
    ])
      await page.getByRole('menuitem', { name: item }).waitFor();
    await shot(page, 'ergonomics-app-menu-mobile');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByTestId('theme-switch').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('heading', { name: 'Live preview' }).waitFor();
    await settled(page);
    await shot(page, 'ergonomics-preview-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (overflow ${overflow}px)`);
    assert.deepEqual(errors, []);
    await context.close();
  },
);
