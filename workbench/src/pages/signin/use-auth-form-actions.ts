import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** What the sign-in and sign-up forms answer: where to go after submitting, whether to go to Google. */
export interface AuthFormOutcomes {
  submit(): Promise<string | null>;
  google(): Promise<boolean>;
}

/** The form's submit and Google handlers: open the path the form answers, or start Google's round trip. */
export function useAuthFormActions(form: AuthFormOutcomes) {
  const navigate = useNavigate();
  return {
    submit: async (event: FormEvent) => {
      event.preventDefault();
      const to = await form.submit();
      if (to) navigate(to, { replace: true });
    },
    google: async () => {
      if (await form.google()) navigate('/auth/callback?start=google');
    },
  };
}
