// The end of the login and register forms: the server's error, the submit
// button, and the link that switches to the other form.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui';
import s from './forms.module.css';

type Props = {
  serverError?: string;
  errorId?: string;
  errorTestId: string;
  busy: boolean;
  submitIcon: ReactNode;
  submitLabel: string;
  /** The link to the other form; left out when onSwitch is not given (e.g. registration switched off). */
  switchPrompt?: string;
  switchLabel?: string;
  onSwitch?: () => void;
  /** Extra content between the submit button and the switch link. */
  children?: ReactNode;
};

export function AuthFormFooter({ serverError, errorId, errorTestId, busy, submitIcon, submitLabel, switchPrompt, switchLabel, onSwitch, children }: Props) {
  return (
    <>
      {serverError && (
        <p id={errorId} className={s.serverError} role="alert" data-testid={errorTestId}>
          {serverError}
        </p>
      )}
      <Button type="submit" size="lg" block loading={busy} icon={submitIcon}>
        {submitLabel}
      </Button>
      {children}
      {onSwitch && (
        <p className={s.switch}>
          {switchPrompt}{' '}
          <button type="button" className={s.linkBtn} onClick={onSwitch}>
            {switchLabel}
          </button>
        </p>
      )}
    </>
  );
}
