import {
  AddKnowledgeDocumentDocument,
  CreateKnowledgeBaseDocument,
  DeleteKnowledgeBaseDocument,
  DeleteKnowledgeDocumentDocument,
  KnowledgeBasesDocument,
  KnowledgeDocumentsDocument,
  SearchKnowledgeDocument,
} from './generated/graphql';
import { arrayOf, boolean, dateTime, enumOf, integer, nullableString, object, string } from './json-schema';
import { route, type Route } from './route';
import { field, uuidParam } from './route-helpers';

const BASE_ID = { id: uuidParam('The knowledge base’s id.') };
const DOCUMENT_ID = { ...BASE_ID, docId: uuidParam('The document’s id.') };

const BASE_PROPERTIES = {
  id: string('Its id (a UUID).'),
  name: string('Its name.'),
  chunkSize: integer('Characters per chunk its documents are split into.'),
  chunkOverlap: integer('Characters each chunk repeats from the one before.'),
  documentCount: integer('Its documents.'),
  readyCount: integer('Its documents indexed and searchable.'),
  chunkCount: integer('Passages it holds.'),
  createdAt: dateTime('ISO time.'),
  updatedAt: dateTime('ISO time of the last change.'),
};
const KnowledgeBase = object(BASE_PROPERTIES, Object.keys(BASE_PROPERTIES));

const DOCUMENT_PROPERTIES = {
  id: string('Its id (a UUID).'),
  knowledgeBaseId: string('Its knowledge base.'),
  name: string('Its name.'),
  source: enumOf(['upload', 'url', 'text'], 'How it was added.'),
  url: nullableString('The web address of a document added by URL.'),
  mime: nullableString('Its media type, when known.'),
  size: integer('Bytes as kept (0 for a web page).'),
  status: enumOf(['queued', 'indexing', 'ready', 'failed'], 'Where its indexing is.'),
  progress: { type: 'number', description: '0 to 1 while indexing; 1 when ready.' } as const,
  error: nullableString('Why indexing failed.'),
  chunkCount: integer('Passages it was split into.'),
  charCount: integer('Characters of text read from it.'),
  createdAt: dateTime('ISO time.'),
  updatedAt: dateTime('ISO time of the last change of its status.'),
};
const KnowledgeDocument = object(DOCUMENT_PROPERTIES, Object.keys(DOCUMENT_PROPERTIES));

const PASSAGE_PROPERTIES = {
  text: string('The passage.'),
  score: {
    type: 'number',
    description: '0 to 1: reciprocal rank fusion of its text and vector ranks.',
  } as const,
  documentId: string('Its document.'),
  documentName: string('Its document’s name.'),
  chunk: integer('Its place in the document, 0 for the first.'),
};
const Passage = object(PASSAGE_PROPERTIES, Object.keys(PASSAGE_PROPERTIES));

const success = object({ success: boolean('Deleted.') }, ['success']);

/** Knowledge bases: yours alone (another account's answer 404), documents, search. */
export const knowledgeRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/knowledge',
    summary: 'Creates a knowledge base; chunks of 1,000 characters overlapping by 150 unless said.',
    auth: 'user',
    operation: CreateKnowledgeBaseDocument,
    body: object(
      {
        name: string('Its name.', { minLength: 1, maxLength: 200 }),
        chunkSize: integer('Characters per chunk, 100 to 8,000.', { minimum: 100, maximum: 8000 }),
        chunkOverlap: integer('Characters each chunk repeats from the one before, below chunkSize.', {
          minimum: 0,
          maximum: 7999,
        }),
      },
      ['name'],
    ),
    status: 201,
    variables: ({ body }) => ({
      name: body.name,
      chunkSize: body.chunkSize,
      chunkOverlap: body.chunkOverlap,
    }),
    answer: field('createKnowledgeBase'),
    response: KnowledgeBase,
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/knowledge',
    summary: 'Your knowledge bases, oldest first, with their documents counted.',
    auth: 'user',
    operation: KnowledgeBasesDocument,
    variables: () => ({}),
    answer: field('knowledgeBases'),
    response: arrayOf(KnowledgeBase, 'Oldest first.'),
  }),
  route({
    method: 'DELETE',
    path: '/knowledge/{id}',
    summary: 'Deletes one of your knowledge bases with its documents, passages and vectors.',
    auth: 'user',
    operation: DeleteKnowledgeBaseDocument,
    params: BASE_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: () => ({ success: true }),
    response: success,
    errors: [404],
  }),
  route({
    method: 'POST',
    path: '/knowledge/{id}/documents',
    summary:
      'Adds a document and queues it for indexing: multipart with `file` (PDF, DOCX, Markdown, HTML, TXT, CSV; 50 MB at most) and optional `name`, or JSON `{ url }` or `{ name, text }`. Poll the document list for its status.',
    auth: 'user',
    operation: AddKnowledgeDocumentDocument,
    params: BASE_ID,
    multipart: true,
    fileVariable: 'fileId',
    body: object({
      url: string('A web page or file to read (http or https; public addresses only).', { maxLength: 2000 }),
      name: string('A name for the document.', { minLength: 1, maxLength: 200 }),
      text: string('The document’s text, given as is (with `name`).', { minLength: 1 }),
    }),
    status: 201,
    variables: ({ params, body }) => ({
      id: params.id,
      fileId: undefined,
      url: body.url,
      name: body.name,
      text: body.text,
    }),
    answer: field('addKnowledgeDocument'),
    response: KnowledgeDocument,
    errors: [403, 404, 413],
  }),
  route({
    method: 'GET',
    path: '/knowledge/{id}/documents',
    summary: 'The documents of one of your knowledge bases, oldest first, each with its status and progress.',
    auth: 'user',
    operation: KnowledgeDocumentsDocument,
    params: BASE_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: field('knowledgeDocuments'),
    response: arrayOf(KnowledgeDocument, 'Oldest first.'),
    errors: [404],
  }),
  route({
    method: 'DELETE',
    path: '/knowledge/{id}/documents/{docId}',
    summary: 'Deletes a document; its passages and vectors go with it at once.',
    auth: 'user',
    operation: DeleteKnowledgeDocumentDocument,
    params: DOCUMENT_ID,
    variables: ({ params }) => ({ id: params.id, documentId: params.docId }),
    answer: () => ({ success: true }),
    response: success,
    errors: [404],
  }),
  route({
    method: 'POST',
    path: '/knowledge/{id}/search',
    summary:
      'The passages of one of your knowledge bases that best answer a question: full-text ranking, and vectors where the server makes embeddings, fused.',
    auth: 'user',
    operation: SearchKnowledgeDocument,
    params: BASE_ID,
    body: object(
      {
        query: string('The question.', { minLength: 1, maxLength: 2000 }),
        topK: integer('Passages to answer, 1 to 50 (5 unless said).', { minimum: 1, maximum: 50 }),
        minScore: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Leave out passages scoring less (0 to 1).',
        },
      },
      ['query'],
    ),
    variables: ({ params, body }) => ({
      id: params.id,
      query: body.query,
      topK: body.topK,
      minScore: body.minScore,
    }),
    answer: (data) => ({ results: data.searchKnowledge }),
    response: object({ results: arrayOf(Passage, 'Best first.') }, ['results']),
    errors: [404],
  }),
];
