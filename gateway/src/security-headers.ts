import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config';

/**
 * Security headers for every page and answer Express serves (helmet): a content security policy
 * that lets the workbench load only from this origin (plus Google sign-in's hosts when Firebase is
 * configured), no framing by other sites (but for embeds), no MIME sniffing, no full referrers to other sites, and
 * HSTS when the product is served over https. Kept files (/files) set a stricter policy of their own.
 */
export function securityHeaders(
  config: GatewayConfig,
  options: {
    framedAnywhere?: boolean;
    /** A window other windows open and talk to (an embed's sign-in window), framed by nobody. */
    keepsOpener?: boolean;
  } = {},
): RequestHandler {
  const keepsOpener = options.framedAnywhere || options.keepsOpener;
  const publicUrl = new URL(config.publicUrl);
  const https = publicUrl.protocol === 'https:';
  // The product's own WebSocket (run progress), named for browsers that do not count it as 'self'.
  const socketOrigin = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  const firebase = config.authProvider === 'firebase';
  const google = firebase ? ['https://apis.google.com', 'https://www.gstatic.com'] : [];
  const firebaseApis = firebase
    ? [
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://www.googleapis.com',
        ...(config.firebaseAuthEmulatorUrl ? [config.firebaseAuthEmulatorUrl] : []),
      ]
    : [];
  const authFrames = firebase
    ? [
        ...(config.firebaseAuthDomain ? [`https://${config.firebaseAuthDomain}`] : []),
        ...(config.firebaseAuthEmulatorUrl ? [config.firebaseAuthEmulatorUrl] : []),
      ]
    : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        // Components set style attributes and inject small style sheets at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Generated images may come from the AI service's own links; image blocks show web images.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Same-origin HTTP and WebSocket (run progress).
        connectSrc: ["'self'", socketOrigin, ...firebaseApis],
        frameSrc: ["'self'", ...authFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Embeds (/embed/{slug}) are made to be framed by other sites; nothing else may be.
        frameAncestors: options.framedAnywhere ? ['*'] : ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Google sign-in talks to its popup or redirect window. An embed's sign-in window, opened from
    // a frame inside another site, must keep its opener to hand the session back.
    crossOriginOpenerPolicy: { policy: keepsOpener ? 'unsafe-none' : 'same-origin-allow-popups' },
    // Generated images and downloads are opened from other tabs and apps; embeds (and the script
    // that inserts them, /embed.js) are loaded by other sites.
    crossOriginResourcePolicy: { policy: options.framedAnywhere ? 'cross-origin' : 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    xFrameOptions: options.framedAnywhere ? false : { action: 'deny' },
  });
}
