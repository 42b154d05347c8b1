export { createRestBridge, sendError, type RestBridgeOptions, type RunUpload } from './bridge';
export { routes } from './routes';
export { openApiDocument } from './openapi';
export { BridgeError, fromGraphQLError, statusOf, toBridgeError, type ErrorBody } from './errors';
export { readMultipart, isMultipart, type MultipartBody, type UploadedPart } from './multipart';
export type { Route, RouteRequest, HttpMethod } from './route';
