import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { COMPANY_SIZES, type SalesContactForm, type SalesField } from '../../stores/landing-store';
import { SALES } from '../../texts/public-texts';

/** The Enterprise card's sales contact modal. */
export const SalesContactDialog = observer(function SalesContactDialog({ form }: { form: SalesContactForm }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  const error = (field: SalesField) => (form.attempted ? form.errors[field] : undefined);
  const text = (field: 'name' | 'email' | 'company', label: string, type = 'text') => (
    <FormGroup
      label={label}
      labelFor={`sales-${field}`}
      labelInfo="*"
      intent={error(field) ? 'danger' : 'none'}
      helperText={error(field)}
    >
      <InputGroup
        id={`sales-${field}`}
        type={type}
        required
        value={form[field]}
        intent={error(field) ? 'danger' : 'none'}
        onValueChange={(value) => form.set(field, value)}
        autoComplete={field === 'company' ? 'organization' : field}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen={form.isOpen} onClose={() => form.close()} title={SALES.title} className="sales-dialog">
      <form onSubmit={submit} noValidate={false}>
        <DialogBody>
          <p className="muted">{SALES.intro}</p>
          {text('name', SALES.name)}
          {text('email', SALES.email, 'email')}
          {text('company', SALES.company)}
          <FormGroup label={SALES.companySize} labelFor="sales-size">
            <HTMLSelect
              id="sales-size"
              fill
              value={form.companySize}
              onChange={(event) => form.setCompanySize(event.currentTarget.value)}
              options={[{ value: '', label: SALES.companySizeNone }, ...COMPANY_SIZES.map((size) => size)]}
            />
          </FormGroup>
          <FormGroup
            label={SALES.message}
            labelFor="sales-message"
            labelInfo="*"
            intent={error('message') ? 'danger' : 'none'}
            helperText={error('message')}
          >
            <TextArea
              id="sales-message"
              required
              fill
              rows={4}
              value={form.message}
              intent={error('message') ? 'danger' : 'none'}
              onChange={(event) => form.set('message', event.currentTarget.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={SALES.cancel} onClick={() => form.close()} disabled={form.sending} />
              <Button type="submit" intent="primary" loading={form.sending} text={SALES.send} />
            </>
          }
        />
      </form>
    </Dialog>
  );
});
