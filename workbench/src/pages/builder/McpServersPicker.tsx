import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { AddIcon, TrashIcon } from '@blueprintjs/icons';
import type { SettingField as SettingFieldSpec } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores-context';
import {
  mcpServerRows,
  mcpServersValue,
  mcpServerUrlProblem,
  type McpServerRow,
} from '../../stores/mcp-server-lines';
import { secretChoices } from '../../stores/tool-settings';
import { SECRETS_PATH } from '../../texts/secret-texts';
import { TOOL_TEXTS } from '../../texts/tool-texts';
import './tools.css';

interface McpServersPickerProps {
  blockId: string;
  settingKey: string;
  field: SettingFieldSpec;
  value: unknown;
  /** The app being built (unused: every picker is given it). */
  appId?: string | null | undefined;
  onChange: (value: string) => void;
  onCommit: () => void;
}

/**
 * The MCP servers a block's model may use (a setting declared with `picker: 'mcpServers'`): one
 * row each, its address and the secret sent to it chosen from the person's saved secrets, rows
 * added and removed. The setting keeps one line per server.
 */
export const McpServersPicker = observer(function McpServersPicker({
  blockId,
  settingKey,
  field,
  value,
  onChange,
  onCommit,
}: McpServersPickerProps) {
  const { toolApps, session } = useStores();
  const userId = session.user?.id;
  useEffect(() => {
    if (userId) void toolApps.ensureLoaded();
  }, [toolApps, userId]);
  // Rows being typed (an address not written yet) live here; the setting keeps the written ones.
  const [rows, setRows] = useState<McpServerRow[]>(() => mcpServerRows(value));
  useEffect(() => {
    if (mcpServersValue(rows) !== (typeof value === 'string' ? value.trim() : ''))
      setRows(mcpServerRows(value));
    // Only when the setting changes from elsewhere (undo, another block).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const known = toolApps.state !== 'idle' && toolApps.state !== 'loading';
  const change = (next: McpServerRow[], commit: boolean) => {
    setRows(next);
    onChange(mcpServersValue(next));
    if (commit) onCommit();
  };
  const id = `setting-${blockId}-${settingKey}`;
  return (
    <FormGroup label={field.label} labelFor={`${id}-0`} labelInfo="(optional)" helperText={field.help}>
      <ol className="mcp-servers" data-testid="mcp-servers">
        {rows.length === 0 && <li className="muted small">{TOOL_TEXTS.mcpEmpty}</li>}
        {rows.map((row, index) => {
          const n = index + 1;
          const problem = mcpServerUrlProblem(row.url);
          const { names, missing } = secretChoices(row.secret, toolApps.secretNames, known);
          const set = (patch: Partial<McpServerRow>, commit: boolean) =>
            change(
              rows.map((r, i) => (i === index ? { ...r, ...patch } : r)),
              commit,
            );
          return (
            <li key={index} className="mcp-server" data-testid="mcp-server">
              <InputGroup
                id={`${id}-${index}`}
                value={row.url}
                placeholder={TOOL_TEXTS.mcpUrlPlaceholder}
                aria-label={TOOL_TEXTS.mcpUrl(n)}
                intent={problem ? 'danger' : 'none'}
                onValueChange={(url) => set({ url }, false)}
                onBlur={onCommit}
              />
              <HTMLSelect
                value={row.secret}
                aria-label={TOOL_TEXTS.mcpSecret(n)}
                onChange={(event) => set({ secret: event.currentTarget.value }, true)}
              >
                <option value="">{TOOL_TEXTS.secretNone}</option>
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                {missing !== null && <option value={missing}>{TOOL_TEXTS.secretMissing(missing)}</option>}
              </HTMLSelect>
              <Button
                minimal
                icon={<TrashIcon />}
                aria-label={TOOL_TEXTS.mcpRemove(n)}
                onClick={() =>
                  change(
                    rows.filter((_, i) => i !== index),
                    true,
                  )
                }
              />
              {problem && <p className="small mcp-server-problem">{problem}</p>}
              {missing !== null && (
                <p className="small mcp-server-problem">{TOOL_TEXTS.secretMissingHelp(missing)}</p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="mcp-servers-actions">
        <Button
          small
          icon={<AddIcon />}
          text={TOOL_TEXTS.mcpAdd}
          onClick={() => setRows([...rows, { url: '', secret: '' }])}
        />
        {session.signedIn && (
          <Link to={SECRETS_PATH} className="tool-secret-link">
            {TOOL_TEXTS.manageSecrets}
          </Link>
        )}
      </div>
    </FormGroup>
  );
});
