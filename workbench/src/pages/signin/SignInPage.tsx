import { Button, Callout, Card, FormGroup, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/blocksmith-api';
import { Logo } from '../../components/Logo';
import { useStores } from '../../stores-context';

/** Only paths inside the product are followed after signing in. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/app';
  return value;
}

type Mode = 'signin' | 'signup';

/** Sign in or create an account, then go back where the person came from (?redirect=). */
export const SignInPage = observer(function SignInPage() {
  const { session } = useStores();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    setNotice('');
    if (email.trim() === '' || password === '') {
      setProblem('Enter your e-mail address and a password.');
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signin') {
        await session.signIn(email, password);
        navigate(redirect, { replace: true });
      } else if (await session.signUp(email, password, fullName)) {
        navigate(redirect, { replace: true });
      } else {
        setNotice('Check your inbox: confirm your e-mail address, then sign in.');
        setMode('signin');
      }
    } catch (error) {
      setProblem(errorMessage(error, 'Signing in failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-center signin-page">
      <Card className="signin-card" elevation={2}>
        <div className="signin-logo">
          <Logo />
        </div>
        <Tabs id="signin-mode" selectedTabId={mode} onChange={(id) => setMode(id as Mode)} fill>
          <Tab id="signin" title="Sign In" />
          <Tab id="signup" title="Create account" />
        </Tabs>
        <form onSubmit={(event) => void submit(event)} className="signin-form">
          {mode === 'signup' && (
            <FormGroup label="Full name" labelFor="signin-name" labelInfo="(optional)">
              <InputGroup id="signin-name" autoComplete="name" value={fullName} onValueChange={setFullName} />
            </FormGroup>
          )}
          <FormGroup label="E-mail" labelFor="signin-email">
            <InputGroup
              id="signin-email"
              type="email"
              autoComplete="email"
              value={email}
              onValueChange={setEmail}
              autoFocus
            />
          </FormGroup>
          <FormGroup label="Password" labelFor="signin-password">
            <InputGroup
              id="signin-password"
              type="password"
              autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          {problem && (
            <Callout intent="danger" className="signin-callout" role="alert">
              {problem}
            </Callout>
          )}
          {notice && (
            <Callout intent="success" className="signin-callout">
              {notice}
            </Callout>
          )}
          <Button
            type="submit"
            intent="primary"
            fill
            size="large"
            loading={busy}
            text={mode === 'signin' ? 'Sign In' : 'Create account'}
          />
        </form>
      </Card>
    </div>
  );
});
