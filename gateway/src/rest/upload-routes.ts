import { isMultipart, readMultipart, sendError, toBridgeError } from '@blocksmith/rest-bridge';
import { findUnstorableText, unstorableTextMessage } from '@blocksmith/schema';
import express from 'express';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import { InputError } from '../errors';
import { requireCaller, type GraphQLContext } from '../graphql/context';
import type { Services } from '../services/create-services';
import { MAX_UPLOAD_BYTES, parseActionType } from '../services/runs/run-service';

/** A file for a run's file upload block, as the client sent it. */
export interface UploadedInput {
  appId: string;
  blockId?: string;
  actionType?: string;
  name: string;
  mime: string;
  data: Buffer;
}

/** Keeps a file for a run's file upload block, for the signed-in caller (/uploads and the /api bridge). */
export function inputFileStore(services: Pick<Services, 'runs'>) {
  return (context: GraphQLContext, upload: UploadedInput) => {
    const caller = requireCaller(context);
    return services.runs.storeInputFile({
      userId: caller.userId,
      isAdmin: caller.isAdmin,
      appId: upload.appId,
      ...(upload.blockId ? { blockId: upload.blockId } : {}),
      ...(upload.actionType ? { actionType: parseActionType(upload.actionType) } : {}),
      name: upload.name,
      mime: upload.mime,
      data: upload.data,
    });
  };
}

/**
 * POST /uploads: files for a run's file upload blocks, kept before the run starts: multipart with
 * appId, optional blockId and actionType, and file. Answers the run input to send for the block.
 */
export function uploadRoutes(options: {
  storeUpload: ReturnType<typeof inputFileStore>;
  contextFor(req: express.Request): Promise<GraphQLContext>;
  formatError(error: GraphQLError): GraphQLFormattedError;
}): express.Router {
  const routes = express.Router();
  routes.post('/uploads', async (req, res) => {
    try {
      if (!isMultipart(req))
        throw new InputError('Send the file as multipart/form-data with appId and file.');
      const context = await options.contextFor(req);
      requireCaller(context);
      const form = await readMultipart(req, { maxFileBytes: MAX_UPLOAD_BYTES });
      const field = findUnstorableText(form.fields);
      if (field !== null) throw new InputError(unstorableTextMessage(field), { field });
      if (!form.file) throw new InputError('Choose a file to upload.');
      if (!form.fields.appId) throw new InputError('Say which app the file is for (appId).');
      const kept = await options.storeUpload(context, {
        appId: form.fields.appId,
        ...(form.fields.blockId ? { blockId: form.fields.blockId } : {}),
        ...(form.fields.actionType ? { actionType: form.fields.actionType } : {}),
        name: form.file.name,
        mime: form.file.mime,
        data: form.file.data,
      });
      res.status(201).json(kept);
    } catch (error) {
      sendError(res, toBridgeError(error, options.formatError));
    }
  });
  return routes;
}
