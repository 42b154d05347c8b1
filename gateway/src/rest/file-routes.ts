import express from 'express';
import type { Caller } from '../services/accounts';
import type { Services } from '../services/create-services';

/**
 * GET /files/{id}: kept files open through a signed link (handed out with the run that made or
 * used them), or with the bearer token of the person who kept them, or an admin's.
 */
export function fileRoutes(options: {
  services: Pick<Services, 'fileLinks' | 'files'>;
  callerOf(req: express.Request): Promise<Caller | null>;
}): express.Router {
  const { services, callerOf } = options;
  const routes = express.Router();
  routes.get('/files/:id', async (req, res) => {
    try {
      const { id } = req.params;
      const signed = await services.fileLinks.verify(id, req.query.expires, req.query.signature);
      // Without a signed link, only a signed-in owner or admin may read it: nobody else costs a read.
      const caller = signed ? null : await callerOf(req);
      if (!signed && !caller) throw new Error('not allowed');
      const { ref, data, ownerId } = await services.files.read(id);
      if (caller && !caller.isAdmin && caller.userId !== ownerId) throw new Error('not allowed');
      res
        .type(ref.mime)
        .setHeader('content-disposition', `inline; filename="${encodeURIComponent(ref.name)}"`);
      res.setHeader('x-content-type-options', 'nosniff');
      // Signed links differ per viewer and expire: private to the browser that was given one.
      res.setHeader('cache-control', 'private, max-age=3600');
      // Kept files may be SVG or HTML from people's uploads: never let them run script on this origin.
      res.setHeader(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      );
      res.send(Buffer.from(data));
    } catch {
      res.status(404).json({
        error: 'not_found',
        message: 'There is no such file, or this link has expired: open the run again for a fresh link.',
      });
    }
  });
  return routes;
}
