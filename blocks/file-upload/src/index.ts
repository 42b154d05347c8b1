export { fileUpload as block } from './file-upload';
export { acceptedFileProblem, type UploadRules, type UploadedFile } from './accepted-file-problem';
export { ACCEPTED_TYPES, type AcceptedType, type FileKinds } from './accepted-types';
