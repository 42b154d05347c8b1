/** The HTML an app's owner pastes into another site to embed the app. */

/** An attribute value with HTML's special characters escaped. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The embedded app's address: `{origin}/embed/{slug}`. */
export function embedUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/embed/${encodeURIComponent(slug)}`;
}

/** The height a plain iframe is given (the script sizes its iframe to the content instead). */
export const EMBED_IFRAME_HEIGHT = 640;

/** A plain `<iframe>` of a fixed height. */
export function iframeSnippet(origin: string, slug: string, title: string): string {
  return (
    `<iframe src="${attribute(embedUrl(origin, slug))}" title="${attribute(title)}" ` +
    `style="width: 100%; height: ${EMBED_IFRAME_HEIGHT}px; border: 0;" loading="lazy"></iframe>`
  );
}

/** The `<script>` tag that inserts the iframe after itself and keeps it as tall as its content. */
export function scriptSnippet(origin: string, slug: string): string {
  return `<script src="${attribute(`${origin.replace(/\/+$/, '')}/embed.js`)}" data-blocksmith-app="${attribute(slug)}" async></script>`;
}
