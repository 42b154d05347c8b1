// An accessibility check of the page in a browser journey. With axe-core installed it runs axe;
// without it (it is not among the project's dependencies) it runs the checks below, which follow
// axe's rules of the same names and impacts: colour contrast against the colours actually painted
// under the text, names of controls and links as Chromium's accessibility tree computes them, the
// page's language and title, landmarks and headings, lists and ARIA parents and children, nested
// controls, focusable content hidden from assistive technology, scrollable regions a keyboard
// cannot reach, and links told apart from text by colour only.
/* global document, getComputedStyle, innerWidth, innerHeight, Node, CSS, Element */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** axe-core's source when it is installed, else null. */
function axeSource() {
  try {
    const { readFileSync } = require('node:fs');
    return readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  } catch {
    return null;
  }
}

/** Runs in the page: the DOM rules. Answers violations as { rule, impact, target, detail }. */
function domRules() {
  const out = [];
  const describe = (el) => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}`
        : '';
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.localName}${id}${cls}${text ? ` "${text}"` : ''}`;
  };
  const add = (rule, impact, el, detail = '') =>
    out.push({ rule, impact, target: el ? describe(el) : 'page', detail });
  const visible = (el) => {
    if (!(el instanceof Element)) return false;
    if (el.closest('[aria-hidden="true"]')) return false;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility !== 'visible') return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && el.checkVisibility({ opacityProperty: true });
  };
  const SCOPING =
    'article, aside, main, nav, section, [role="article"], [role="complementary"], [role="main"], [role="navigation"], [role="region"]';
  const roleOf = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    switch (el.localName) {
      case 'header':
        return el.parentElement?.closest(SCOPING) ? null : 'banner';
      case 'footer':
        return el.parentElement?.closest(SCOPING) ? null : 'contentinfo';
      case 'main':
        return 'main';
      case 'nav':
        return 'navigation';
      case 'aside':
        return 'complementary';
      case 'section':
        return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
      case 'form':
        return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'form' : null;
      case 'ul':
      case 'ol':
        return 'list';
      case 'li':
        return 'listitem';
      case 'table':
        return 'table';
      case 'tr':
        return 'row';
      default:
        return null;
    }
  };
  const all = [...document.querySelectorAll('body *')];

  // Page: language, title, viewport.
  if (!document.documentElement.getAttribute('lang'))
    add('html-has-lang', 'serious', document.documentElement);
  if (!document.title.trim()) add('document-title', 'serious', null);
  const viewport = document.querySelector('meta[name="viewport"]')?.getAttribute('content') || '';
  if (/user-scalable\s*=\s*(no|0)/.test(viewport) || /maximum-scale\s*=\s*(1(\.0)?|0\.\d+)\b/.test(viewport))
    add('meta-viewport', 'critical', null, viewport);

  // Landmarks and headings.
  const LANDMARKS = [
    'banner',
    'main',
    'contentinfo',
    'navigation',
    'complementary',
    'region',
    'form',
    'search',
  ];
  const landmarks = all.filter((el) => visible(el) && LANDMARKS.includes(roleOf(el)));
  const mains = landmarks.filter((el) => roleOf(el) === 'main');
  if (mains.length === 0) add('landmark-one-main', 'moderate', null, 'no main landmark');
  for (const role of ['main', 'banner', 'contentinfo']) {
    const found = landmarks.filter((el) => roleOf(el) === role);
    if (found.length > 1) add(`landmark-no-duplicate-${role}`, 'moderate', found[1]);
  }
  for (const el of landmarks) {
    const role = roleOf(el);
    if (['main', 'banner', 'contentinfo', 'complementary'].includes(role)) {
      const outer = el.parentElement?.closest(
        'main, header, footer, nav, aside, section[aria-label], section[aria-labelledby], [role="main"], [role="banner"], [role="contentinfo"], [role="navigation"], [role="complementary"], [role="region"]',
      );
      if (outer && roleOf(outer) && LANDMARKS.includes(roleOf(outer)))
        add(`landmark-${role === 'complementary' ? 'complementary' : role}-is-top-level`, 'moderate', el);
    }
  }
  const named = new Map();
  for (const el of landmarks) {
    const key = `${roleOf(el)}|${el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || ''}`;
    if (named.has(key) && ['region', 'navigation', 'complementary', 'form', 'search'].includes(roleOf(el)))
      add('landmark-unique', 'moderate', el);
    named.set(key, el);
  }
  const exempt = (el) =>
    el.closest(
      '[role="dialog"], [role="alertdialog"], [role="tooltip"], [role="status"], [role="alert"], [role="log"], [aria-live], .bp6-portal, .bp6-overlay, [data-testid="toast"]',
    );
  for (const el of all) {
    if (!visible(el) || exempt(el)) continue;
    const ownText = [...el.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim(),
    );
    const control = el.matches('a[href], button, input, select, textarea, img[alt]:not([alt=""])');
    if (!ownText && !control) continue;
    let inside = false;
    for (let p = el; p; p = p.parentElement) if (LANDMARKS.includes(roleOf(p))) inside = true;
    if (!inside) add('region', 'moderate', el, 'content outside every landmark');
  }
  const headings = all.filter((el) => visible(el) && /^h[1-6]$/.test(el.localName) && !exempt(el));
  if (!all.some((el) => visible(el) && el.localName === 'h1')) add('page-has-heading-one', 'moderate', null);
  let last = 0;
  for (const h of headings) {
    const level = Number(h.localName[1]);
    if (last && level > last + 1) add('heading-order', 'moderate', h, `h${last} then h${level}`);
    last = level;
  }

  // Lists and ARIA parents and children.
  for (const el of all) {
    if (!visible(el)) continue;
    if ((el.localName === 'ul' || el.localName === 'ol') && !el.hasAttribute('role')) {
      for (const child of el.children) {
        if (
          !['li', 'script', 'template'].includes(child.localName) ||
          (child.getAttribute('role') && child.getAttribute('role') !== 'listitem')
        )
          add('list', 'serious', el, `child ${child.localName}[role=${child.getAttribute('role')}]`);
      }
    }
    if (el.localName === 'li' && !el.hasAttribute('role')) {
      const parent = el.parentElement;
      if (
        !parent ||
        !(
          ['ul', 'ol', 'menu'].includes(parent.localName) &&
          (!parent.getAttribute('role') || parent.getAttribute('role') === 'list')
        )
      )
        add('listitem', 'serious', el);
    }
  }
  const PARENTS = {
    menuitem: ['menu', 'menubar', 'group'],
    menuitemcheckbox: ['menu', 'menubar', 'group'],
    menuitemradio: ['menu', 'menubar', 'group'],
    option: ['listbox', 'group'],
    tab: ['tablist'],
    listitem: ['list', 'directory'],
    row: ['table', 'grid', 'rowgroup', 'treegrid'],
    treeitem: ['tree', 'group'],
  };
  const nearestRole = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const role = roleOf(p);
      if (role && role !== 'none' && role !== 'presentation' && role !== 'generic') return role;
      if (!role && ['thead', 'tbody', 'tfoot'].includes(p.localName)) return 'rowgroup';
    }
    return null;
  };
  for (const el of all) {
    const role = el.getAttribute('role');
    if (!role || !PARENTS[role] || !visible(el)) continue;
    if (!PARENTS[role].includes(nearestRole(el)))
      add('aria-required-parent', 'critical', el, `${role} in ${nearestRole(el)}`);
  }

  // Controls inside controls; focusable content hidden; scrollable regions; positive tabindex.
  const FOCUSABLE =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
  for (const el of all) {
    if (!visible(el)) continue;
    if (
      el.matches(
        'button, a[href], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"], [role="radio"]',
      )
    ) {
      const inner = el.querySelector(FOCUSABLE);
      if (inner) add('nested-interactive', 'serious', el, `contains ${inner.localName}`);
    }
    const tabindex = Number(el.getAttribute('tabindex'));
    if (tabindex > 0) add('tabindex', 'serious', el);
    const style = getComputedStyle(el);
    const scrollsY = /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    const scrollsX = /(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
    if (
      (scrollsY || scrollsX) &&
      !el.matches(FOCUSABLE) &&
      !el.querySelector(FOCUSABLE) &&
      el.textContent.trim()
    )
      add('scrollable-region-focusable', 'serious', el);
    if (
      ['div', 'span', 'p', 'b', 'i', 'strong', 'em', 'code', 'pre'].includes(el.localName) &&
      !el.hasAttribute('role') &&
      (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))
    )
      add('aria-prohibited-attr', 'serious', el, 'aria-label on an element without a role');
  }
  for (const hidden of document.querySelectorAll('[aria-hidden="true"]')) {
    for (const el of hidden.querySelectorAll(FOCUSABLE)) {
      if (getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
        add('aria-hidden-focus', 'serious', el);
    }
  }
  for (const el of document.querySelectorAll('[aria-labelledby], [aria-describedby]')) {
    for (const attr of ['aria-labelledby', 'aria-describedby']) {
      for (const id of (el.getAttribute(attr) || '').split(/\s+/).filter(Boolean)) {
        if (document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length > 1)
          add('duplicate-id-aria', 'critical', el, id);
      }
    }
  }
  for (const img of document.querySelectorAll('img')) {
    if (
      visible(img) &&
      !img.hasAttribute('alt') &&
      !['none', 'presentation'].includes(img.getAttribute('role'))
    )
      add('image-alt', 'critical', img);
  }
  for (const frame of document.querySelectorAll('iframe'))
    if (!frame.title) add('frame-title', 'serious', frame);

  // Colour contrast, against what is painted under the text.
  const parse = (color) => {
    const m = color.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const blend = (top, bottom) => {
    const a = top.a + bottom.a * (1 - top.a);
    if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
    const mix = (k) => (top[k] * top.a + bottom[k] * bottom.a * (1 - top.a)) / a;
    return { r: mix('r'), g: mix('g'), b: mix('b'), a };
  };
  const luminance = ({ r, g, b }) => {
    const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const opacityOf = (el) => {
    let o = 1;
    for (let p = el; p; p = p.parentElement) o *= Number(getComputedStyle(p).opacity);
    return o;
  };
  /** The colour under `el`'s text, or null when an image or gradient is under it (not judged). */
  const backgroundUnder = (el) => {
    const rect = el.getBoundingClientRect();
    const x = Math.min(Math.max(rect.left + Math.min(rect.width / 2, 12), 0), innerWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
    const stack = document.elementsFromPoint(x, y);
    const start = stack.indexOf(el);
    const layers = [];
    for (const layer of start >= 0 ? stack.slice(start) : [el, ...stack]) {
      const style = getComputedStyle(layer);
      if (style.backgroundImage !== 'none' && !layer.matches('html, body')) return null;
      const color = parse(style.backgroundColor);
      if (color && color.a > 0) {
        layers.push({ ...color, a: color.a * Number(style.opacity) });
        if (color.a >= 1 && Number(style.opacity) >= 1) break;
      }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) bg = blend(layer, bg);
    return bg;
  };
  for (const el of all) {
    if (!visible(el)) continue;
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim();
    if (!text) continue;
    if (el.closest('[disabled], [aria-disabled="true"], .bp6-disabled, label:has(input:disabled)')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth) continue;
    const style = getComputedStyle(el);
    const fg = parse(style.color);
    if (!fg) continue;
    const bg = backgroundUnder(el);
    if (!bg) continue;
    const painted = blend({ ...fg, a: fg.a * opacityOf(el) }, bg);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const got = ratio(painted, bg);
    if (got < need - 0.005)
      add(
        'color-contrast',
        'serious',
        el,
        `${got.toFixed(2)}:1 (needs ${need}:1) ${style.color} on rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)})`,
      );
  }
  // Links in running text must differ from it by more than colour.
  for (const a of document.querySelectorAll('p a[href], li a[href]')) {
    if (!visible(a)) continue;
    const block = a.parentElement;
    const textAround = [...block.childNodes].some(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim(),
    );
    if (!textAround) continue;
    const own = getComputedStyle(a);
    if (
      own.textDecorationLine.includes('underline') ||
      own.fontWeight !== getComputedStyle(block).fontWeight ||
      own.borderBottomStyle !== 'none'
    )
      continue;
    const c1 = parse(own.color);
    const c2 = parse(getComputedStyle(block).color);
    if (c1 && c2 && ratio(c1, c2) < 3)
      add('link-in-text-block', 'serious', a, `${ratio(c1, c2).toFixed(2)}:1 against the text`);
  }
  return out;
}

const NAME_RULES = {
  button: ['button-name', 'critical'],
  link: ['link-name', 'serious'],
  textbox: ['label', 'critical'],
  searchbox: ['label', 'critical'],
  combobox: ['select-name', 'critical'],
  checkbox: ['label', 'critical'],
  radio: ['label', 'critical'],
  switch: ['aria-toggle-field-name', 'serious'],
  slider: ['aria-input-field-name', 'serious'],
  spinbutton: ['aria-input-field-name', 'serious'],
  listbox: ['aria-input-field-name', 'serious'],
  menuitem: ['aria-command-name', 'serious'],
  tab: ['aria-command-name', 'serious'],
  dialog: ['aria-dialog-name', 'serious'],
  image: ['role-img-alt', 'serious'],
  img: ['role-img-alt', 'serious'],
  progressbar: ['aria-progressbar-name', 'serious'],
  meter: ['aria-meter-name', 'serious'],
  tooltip: ['aria-tooltip-name', 'serious'],
};

/** Controls, links, dialogs and images without a name, from Chromium's accessibility tree. */
async function nameRules(page) {
  const client = await page.context().newCDPSession(page);
  try {
    const { nodes } = await client.send('Accessibility.getFullAXTree');
    const out = [];
    for (const node of nodes) {
      if (node.ignored) continue;
      const role = node.role?.value;
      const rule = NAME_RULES[role];
      if (!rule || (node.name?.value ?? '').trim() !== '') continue;
      let target = role;
      let explicitRole = null;
      if (node.backendDOMNodeId) {
        try {
          const { node: dom } = await client.send('DOM.describeNode', {
            backendNodeId: node.backendDOMNodeId,
          });
          const attrs = Object.fromEntries(
            (dom.attributes ?? []).reduce(
              (pairs, value, i, list) => (i % 2 ? pairs : [...pairs, [value, list[i + 1]]]),
              [],
            ),
          );
          target = `${dom.localName}${attrs.id ? `#${attrs.id}` : ''}${attrs.class ? `.${attrs.class.split(/\s+/).slice(0, 3).join('.')}` : ''}`;
          explicitRole = attrs.role ?? null;
        } catch {
          // The node went away while the tree was read.
        }
      }
      // As axe: an image needs a name only when it says it is one (role="img"); a plain <svg> is drawing.
      if ((role === 'image' || role === 'img') && explicitRole !== 'img') continue;
      out.push({ rule: rule[0], impact: rule[1], target, detail: `${role} without a name` });
    }
    return out;
  } finally {
    await client.detach();
  }
}

/**
 * The page's violations of impact `impacts` (all four by default): `{ engine, violations }`, each
 * violation `{ rule, impact, target, detail }`.
 */
export async function checkA11y(page, { impacts = ['critical', 'serious', 'moderate', 'minor'] } = {}) {
  const source = axeSource();
  if (source) {
    await page.evaluate(source);
    const result = await page.evaluate(async () => globalThis.axe.run(document));
    const violations = result.violations.flatMap((v) =>
      v.nodes.map((node) => ({
        rule: v.id,
        impact: v.impact,
        target: node.target.join(' '),
        detail: node.failureSummary,
      })),
    );
    return { engine: 'axe-core', violations: violations.filter((v) => impacts.includes(v.impact)) };
  }
  const violations = [...(await page.evaluate(domRules)), ...(await nameRules(page))];
  return { engine: 'built-in', violations: violations.filter((v) => impacts.includes(v.impact)) };
}

/** One line per violation, for an assertion message. */
export function formatViolations(violations) {
  return violations.map((v) => `${v.impact} ${v.rule}: ${v.target} ${v.detail ?? ''}`).join('\n');
}
