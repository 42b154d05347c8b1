import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { LightbulbIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { PROMPT_ASSISTANT } from '../../texts/runner-texts';

/** Opens the Prompt Assistant for one AI block's prompt setting. */
export function PromptAssistantButton({
  blockId,
  variables,
  settingKey,
}: {
  blockId: string;
  variables: string[];
  settingKey: string;
}) {
  const { promptAssistant } = useStores();
  return (
    <Button
      className="prompt-assistant-open"
      variant="outlined"
      size="small"
      icon={<LightbulbIcon />}
      text={PROMPT_ASSISTANT.open}
      onClick={() => promptAssistant.openFor(blockId, variables, settingKey)}
    />
  );
}

/** describing -> generating -> generated -> 'Use This Prompt' (accepted) or Cancel. */
export const PromptAssistantDialog = observer(function PromptAssistantDialog() {
  const { promptAssistant: pa } = useStores();
  return (
    <Dialog
      isOpen={pa.isOpen}
      onClose={() => pa.cancel()}
      title={PROMPT_ASSISTANT.title}
      icon={<LightbulbIcon />}
      className="prompt-assistant-dialog"
    >
      <DialogBody>
        <FormGroup label={PROMPT_ASSISTANT.describe} labelFor="prompt-assistant-description">
          <TextArea
            id="prompt-assistant-description"
            fill
            autoResize
            value={pa.description}
            placeholder={PROMPT_ASSISTANT.describePlaceholder}
            onChange={(event) => pa.setDescription(event.currentTarget.value)}
          />
        </FormGroup>
        {pa.variables.length > 0 && (
          <p className="small">
            {PROMPT_ASSISTANT.available}{' '}
            {pa.variables.map((name) => (
              <Tag key={name} minimal intent="primary" className="pa-variable">
                {name}
              </Tag>
            ))}
          </p>
        )}
        {pa.error && (
          <Callout intent="danger" role="alert" className="pa-error">
            {pa.error}
          </Callout>
        )}
        {pa.phase === 'generated' && (
          <FormGroup label={PROMPT_ASSISTANT.generated}>
            <pre className="pa-prompt" data-testid="generated-prompt">
              {pa.prompt}
            </pre>
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={PROMPT_ASSISTANT.cancel} onClick={() => pa.cancel()} />
            <Button
              text={pa.phase === 'generated' ? PROMPT_ASSISTANT.again : PROMPT_ASSISTANT.generate}
              loading={pa.phase === 'generating'}
              disabled={!pa.canGenerate}
              onClick={() => void pa.generate()}
            />
            <Button
              intent="primary"
              text={PROMPT_ASSISTANT.use}
              disabled={!pa.canUse}
              onClick={() => pa.accept()}
            />
          </>
        }
      />
    </Dialog>
  );
});
