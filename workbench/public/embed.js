/*
 * Blocksmith embed: put a published app on any page with
 *   <script src="https://<blocksmith>/embed.js" data-blocksmith-app="<app address>" async></script>
 * The script inserts the app's frame right after its own tag and keeps the frame as tall as the
 * app's content: the app reports its height ('blocksmith:height' messages), and only messages
 * from that very frame, on the origin this script came from, are believed.
 */
/* global document, window */
(function () {
  'use strict';

  var HEIGHT_MESSAGE = 'blocksmith:height';
  var INITIAL_HEIGHT = 480;
  var MAX_HEIGHT = 20000;

  /** The script tags of this file not set up yet (the running one first when the browser says). */
  function pendingTags() {
    var tags = [];
    var current = document.currentScript;
    if (current && current.hasAttribute('data-blocksmith-app')) tags.push(current);
    var all = document.querySelectorAll('script[data-blocksmith-app]');
    for (var i = 0; i < all.length; i++) if (tags.indexOf(all[i]) < 0) tags.push(all[i]);
    return tags.filter(function (tag) {
      return !tag.hasAttribute('data-blocksmith-ready') && /\/embed\.js(?:[?#]|$)/.test(tag.src);
    });
  }

  function embed(tag) {
    tag.setAttribute('data-blocksmith-ready', '');
    var slug = (tag.getAttribute('data-blocksmith-app') || '').trim();
    if (!slug) return;
    var origin = new URL(tag.src, document.baseURI).origin;
    var frame = document.createElement('iframe');
    frame.src = origin + '/embed/' + encodeURIComponent(slug);
    frame.title = tag.getAttribute('data-title') || 'Blocksmith app';
    frame.loading = 'lazy';
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.cssText = 'display:block;width:100%;border:0;height:' + INITIAL_HEIGHT + 'px;';
    tag.parentNode.insertBefore(frame, tag.nextSibling);

    window.addEventListener('message', function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.type !== HEIGHT_MESSAGE || typeof data.height !== 'number') return;
      if (!(data.height > 0)) return;
      frame.style.height = Math.min(Math.ceil(data.height), MAX_HEIGHT) + 'px';
    });
  }

  pendingTags().forEach(embed);
})();
