// The authenticator enrolment step: the otpauth URI drawn as a QR code in the
// browser (the secret never leaves the page as an image request), the setup
// key as text for typing, then the first code (POST /ops/v1/login/enrol).
import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { finishEnrolment } from '../api/login';
import type { Enrolment, Session } from '../api/types';
import { CodeForm } from './SignIn';
import s from './SignIn.module.css';

/** The QR modules as one SVG path (one unit per module, a 4-module quiet zone). */
export function qrPath(text: string): { size: number; d: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let d = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x + 4} ${y + 4}h1v1h-1z`)));
  return { size: size + 8, d };
}

export default function EnrolStep({ enrolment, onSignedIn, onBack }: { enrolment: Enrolment; onSignedIn: (s: Session) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const qr = useMemo(() => qrPath(enrolment.otpauthUri), [enrolment.otpauthUri]);
  const m = useMutation({ mutationFn: (otp: string) => finishEnrolment({ token: enrolment.token, otp }), onSuccess: (session) => onSignedIn(session) });
  return (
    <CodeForm title={t('signin.enrolTitle')} intro={t('signin.enrolIntro')} submitLabel={t('signin.enrolSubmit')} pending={m.isPending} error={m.error} onSubmit={(otp) => m.mutate(otp)} onBack={onBack}>
      <svg className={s.qr} viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={t('signin.qr')} shapeRendering="crispEdges">
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <div className={s.secret}>
        <span className={s.secretLabel}>{t('signin.secret')}</span>
        <code data-testid="totp-secret">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </div>
    </CodeForm>
  );
}
