import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  ProgressBar,
  Tag,
  TextArea,
  type Intent,
} from '@blueprintjs/core';
import {
  AddIcon,
  BookIcon,
  RefreshIcon,
  SearchIcon,
  TrashIcon,
  UploadIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import type { KnowledgeDocument, KnowledgeDocumentStatus } from '../../api/knowledge';
import { AccountPage } from '../../components/AccountPage';
import { usePageTitle } from '../../components/use-page-title';
import { isIndexing } from '../../stores/knowledge-store';
import { useStores } from '../../stores-context';
import { KNOWLEDGE_PATH, KNOWLEDGE_TEXT } from '../../texts/knowledge-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import './knowledge.css';

const STATUS_INTENT: Record<KnowledgeDocumentStatus, Intent> = {
  queued: 'none',
  indexing: 'primary',
  ready: 'success',
  failed: 'danger',
};

/** /knowledge: the person's knowledge bases, their documents with status, uploads and a question box. */
const KnowledgePage = observer(function KnowledgePage() {
  const { knowledge } = useStores();
  usePageTitle(PAGE_TITLES.knowledge);
  return (
    <AccountPage
      path={KNOWLEDGE_PATH}
      title={KNOWLEDGE_TEXT.title}
      intro={KNOWLEDGE_TEXT.intro}
      icon={<BookIcon size={40} />}
      texts={KNOWLEDGE_TEXT}
      data={knowledge}
      dialogs={<DeleteDialog />}
    >
      <div className="knowledge-layout">
        <BaseList />
        <SelectedBase />
      </div>
    </AccountPage>
  );
});

const BaseList = observer(function BaseList() {
  const { knowledge } = useStores();
  return (
    <aside className="knowledge-bases">
      <h2 className="api-keys-heading">{KNOWLEDGE_TEXT.basesHeading}</h2>
      {knowledge.bases.length === 0 && <p className="muted">{KNOWLEDGE_TEXT.noBases}</p>}
      <ul className="knowledge-base-list">
        {knowledge.bases.map((base) => (
          <li key={base.id}>
            <button
              type="button"
              className={`knowledge-base-item${base.id === knowledge.selectedId ? ' is-selected' : ''}`}
              aria-current={base.id === knowledge.selectedId}
              onClick={() => void knowledge.select(base.id)}
              data-testid="knowledge-base"
            >
              <strong>{base.name}</strong>
              <span className="muted">{KNOWLEDGE_TEXT.baseSummary(base.documentCount, base.readyCount)}</span>
            </button>
          </li>
        ))}
      </ul>
      <form
        className="knowledge-create"
        onSubmit={(event) => {
          event.preventDefault();
          void knowledge.create();
        }}
      >
        <FormGroup label={KNOWLEDGE_TEXT.newBaseLabel} labelFor="knowledge-new">
          <div className="api-keys-create-row">
            <InputGroup
              id="knowledge-new"
              value={knowledge.newName}
              placeholder={KNOWLEDGE_TEXT.newBasePlaceholder}
              onValueChange={(value) => knowledge.setNewName(value)}
            />
            <Button
              type="submit"
              icon={<AddIcon />}
              text={KNOWLEDGE_TEXT.create}
              loading={knowledge.creating}
              disabled={!knowledge.canCreate}
            />
          </div>
        </FormGroup>
      </form>
    </aside>
  );
});

const SelectedBase = observer(function SelectedBase() {
  const { knowledge } = useStores();
  const base = knowledge.selected;
  if (!base) return <section className="knowledge-main" />;
  return (
    <section className="knowledge-main">
      <div className="knowledge-main-head">
        <div>
          <h2 className="api-keys-heading">{base.name}</h2>
          <p className="muted">{KNOWLEDGE_TEXT.chunking(base.chunkSize, base.chunkOverlap)}</p>
        </div>
        <Button
          variant="minimal"
          intent="danger"
          icon={<TrashIcon />}
          text={KNOWLEDGE_TEXT.delete}
          aria-label={`${KNOWLEDGE_TEXT.delete} ${base.name}`}
          onClick={() => knowledge.askDeleteBase(base)}
        />
      </div>
      <DropZone />
      <AddForms />
      <h3 className="knowledge-subheading">{KNOWLEDGE_TEXT.documentsHeading}</h3>
      <Documents />
      <SearchBox />
    </section>
  );
});

const DropZone = observer(function DropZone() {
  const { knowledge } = useStores();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`knowledge-drop${over ? ' is-over' : ''}`}
      data-testid="knowledge-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void knowledge.upload([...event.dataTransfer.files]);
      }}
    >
      <UploadIcon size={24} />
      <span>{KNOWLEDGE_TEXT.dropHere}</span>
      <Button text={KNOWLEDGE_TEXT.chooseFiles} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept=".pdf,.docx,.md,.markdown,.html,.htm,.txt,.csv"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void knowledge.upload(files);
        }}
      />
      {knowledge.uploads.map((upload) => (
        <p key={upload.key} className="muted">
          {KNOWLEDGE_TEXT.uploading(upload.name)}
        </p>
      ))}
    </div>
  );
});

const AddForms = observer(function AddForms() {
  const { knowledge } = useStores();
  return (
    <div className="knowledge-add">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void knowledge.addUrl();
        }}
      >
        <FormGroup label={KNOWLEDGE_TEXT.urlLabel} labelFor="knowledge-url">
          <div className="api-keys-create-row">
            <InputGroup
              id="knowledge-url"
              type="url"
              value={knowledge.url}
              placeholder={KNOWLEDGE_TEXT.urlPlaceholder}
              onValueChange={(value) => knowledge.setUrl(value)}
            />
            <Button type="submit" text={KNOWLEDGE_TEXT.addUrl} disabled={!knowledge.canAddUrl} />
          </div>
        </FormGroup>
      </form>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void knowledge.addText();
        }}
      >
        <FormGroup label={KNOWLEDGE_TEXT.textNameLabel} labelFor="knowledge-text-name">
          <InputGroup
            id="knowledge-text-name"
            value={knowledge.textName}
            placeholder={KNOWLEDGE_TEXT.textNamePlaceholder}
            onValueChange={(value) => knowledge.setTextName(value)}
          />
          <TextArea
            className="knowledge-text"
            value={knowledge.text}
            placeholder={KNOWLEDGE_TEXT.textPlaceholder}
            fill
            rows={3}
            onChange={(event) => knowledge.setText(event.target.value)}
          />
          <Button type="submit" text={KNOWLEDGE_TEXT.addText} disabled={!knowledge.canAddText} />
        </FormGroup>
      </form>
    </div>
  );
});

const Documents = observer(function Documents() {
  const { knowledge } = useStores();
  if (knowledge.documents.length === 0) return <p className="muted">{KNOWLEDGE_TEXT.noDocuments}</p>;
  return (
    <Card className="api-keys-table-card">
      <HTMLTable className="api-keys-table knowledge-documents">
        <tbody>
          {knowledge.documents.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
});

const DocumentRow = observer(function DocumentRow({ document }: { document: KnowledgeDocument }) {
  const { knowledge } = useStores();
  const status = document.status as KnowledgeDocumentStatus;
  return (
    <tr data-testid="knowledge-document">
      <td className="api-key-name knowledge-document-name">{document.name}</td>
      <td className="knowledge-status">
        <Tag intent={STATUS_INTENT[status]} minimal>
          {KNOWLEDGE_TEXT.status[status] ?? document.status}
        </Tag>
        {isIndexing(document) && (
          <ProgressBar
            value={document.status === 'queued' ? undefined : document.progress}
            intent="primary"
            stripes={document.status === 'queued'}
          />
        )}
        {status === 'ready' && (
          <span className="muted">
            {KNOWLEDGE_TEXT.statusDetail(document.chunkCount, document.charCount)}
          </span>
        )}
        {status === 'ready' && document.vectorsMissing && (
          <span className="knowledge-vectors-missing" data-testid="knowledge-vectors-missing">
            <Tag intent="warning" minimal icon={<WarningSignIcon />}>
              {KNOWLEDGE_TEXT.vectorsMissing}
            </Tag>
            <span className="muted">{KNOWLEDGE_TEXT.vectorsMissingDetail}</span>
          </span>
        )}
        {status === 'failed' && document.error && <span className="knowledge-error">{document.error}</span>}
      </td>
      <td className="api-key-actions">
        <Button
          variant="minimal"
          icon={<RefreshIcon />}
          text={KNOWLEDGE_TEXT.reindex}
          disabled={isIndexing(document)}
          onClick={() => void knowledge.reindex(document)}
        />
        <Button
          variant="minimal"
          intent="danger"
          icon={<TrashIcon />}
          aria-label={`${KNOWLEDGE_TEXT.delete} ${document.name}`}
          onClick={() => knowledge.askDeleteDocument(document)}
        />
      </td>
    </tr>
  );
});

const SearchBox = observer(function SearchBox() {
  const { knowledge } = useStores();
  return (
    <div className="knowledge-search">
      <h3 className="knowledge-subheading">{KNOWLEDGE_TEXT.searchHeading}</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void knowledge.search();
        }}
      >
        <div className="api-keys-create-row">
          <InputGroup
            aria-label={KNOWLEDGE_TEXT.searchHeading}
            leftIcon={<SearchIcon />}
            value={knowledge.query}
            placeholder={KNOWLEDGE_TEXT.searchPlaceholder}
            onValueChange={(value) => knowledge.setQuery(value)}
          />
          <Button
            type="submit"
            intent="primary"
            text={KNOWLEDGE_TEXT.search}
            loading={knowledge.searching}
            disabled={!knowledge.canSearch}
          />
        </div>
      </form>
      {knowledge.results?.length === 0 && <p className="muted">{KNOWLEDGE_TEXT.noResults}</p>}
      <ol className="knowledge-results">
        {(knowledge.results ?? []).map((passage, i) => (
          <li key={`${passage.documentId}-${passage.chunk}`} data-testid="knowledge-passage">
            <div className="knowledge-passage-head">
              <span className="knowledge-cite">[{i + 1}]</span>
              <strong>{KNOWLEDGE_TEXT.passageOf(passage.documentName, passage.chunk)}</strong>
              <span className="muted">{KNOWLEDGE_TEXT.score(passage.score)}</span>
            </div>
            <p className="knowledge-passage-text">{passage.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
});

const DeleteDialog = observer(function DeleteDialog() {
  const { knowledge } = useStores();
  const deleting = knowledge.deleting;
  const title = !deleting
    ? ''
    : deleting.kind === 'base'
      ? KNOWLEDGE_TEXT.deleteBaseTitle(deleting.base.name)
      : KNOWLEDGE_TEXT.deleteDocumentTitle(deleting.document.name);
  return (
    <Dialog
      isOpen={deleting !== null}
      title={title}
      icon={<WarningSignIcon />}
      onClose={() => knowledge.cancelDelete()}
    >
      <DialogBody>
        <p>{deleting?.kind === 'base' ? KNOWLEDGE_TEXT.deleteBaseText : KNOWLEDGE_TEXT.deleteDocumentText}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={KNOWLEDGE_TEXT.cancel} onClick={() => knowledge.cancelDelete()} />
            <Button
              intent="danger"
              text={KNOWLEDGE_TEXT.delete}
              loading={knowledge.deleteBusy}
              onClick={() => void knowledge.confirmDelete()}
            />
          </>
        }
      />
    </Dialog>
  );
});

export default KnowledgePage;
