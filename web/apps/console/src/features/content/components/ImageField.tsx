// A picture: uploaded (checked by content on the server) or typed as an
// address; shown as it will appear.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { uploadImage } from '../api/content';
import s from './Content.module.css';

type Props = { value: string; onChange: (url: string) => void; error?: string; label: string };

export function ImageField({ value, onChange, error, label }: Props) {
  const { t } = useTranslation('console-content');
  const { toast } = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState('');
  return (
    <div className={s.field}>
      <label htmlFor={`${id}-url`} className={s.label}>
        {label}
      </label>
      <div className={s.imageRow}>
        {value && <img className={s.thumb} src={value} alt="" width={120} height={40} />}
        <input
          id={`${id}-url`}
          className={s.input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || uploadError ? `${id}-e` : undefined}
        />
        <label className={s.upload} aria-busy={busy || undefined}>
          <span>{busy ? t('image.uploading') : t('image.upload')}</span>
          <input
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-label={t('image.upload')}
            disabled={busy}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setBusy(true);
              setUploadError('');
              try {
                onChange(await uploadImage(file));
                toast('success', t('image.uploaded'));
              } catch (err) {
                setUploadError(errorText(t, err));
              } finally {
                setBusy(false);
              }
            }}
          />
        </label>
      </div>
      {(error || uploadError) && (
        <p id={`${id}-e`} className={s.error} role="alert">
          {uploadError || t(error ?? '')}
        </p>
      )}
    </div>
  );
}
