// Receipt / proof upload: PNG or JPG up to 5 MB, checked here by size and by
// the file's first bytes (the server checks again), with a preview.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, X } from 'lucide-react';
import { checkImage, IMAGE_ACCEPT, type ImageProblem } from '../api/image';
import { imageMessage } from './messages';
import s from './cashier.module.css';

type Props = {
  label: string;
  file: File | null;
  onChange: (file: File | null, problem: ImageProblem | null) => void;
  /** An error to show (e.g. "missing" after a submit, or the server's verdict). */
  error?: string;
  disabled?: boolean;
  testId?: string;
};

export function ImagePicker({ label, file, onChange, error, disabled, testId = 'image-picker' }: Props) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string>();
  const [problem, setProblem] = useState<ImageProblem | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(undefined);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);

  const pick = async (f: File | undefined) => {
    if (!f) return;
    const p = await checkImage(f);
    setProblem(p);
    onChange(p ? null : f, p);
    if (input.current) input.current.value = '';
  };

  const shown = problem ? imageMessage(t, problem) : error;
  return (
    <div className="field" data-testid={testId}>
      <span className="field-label" id={`${id}-l`}>
        {label}
      </span>
      <div className={s.picker} data-filled={file ? '' : undefined}>
        {file && url ? (
          <>
            <img className={s.preview} src={url} alt={t('cashier:image.preview', { name: file.name })} data-testid={`${testId}-preview`} />
            <div className={s.pickerInfo}>
              <span className={s.fileName}>{file.name}</span>
              <span className={s.hint}>{(file.size / 1024 / 1024).toFixed(2)} MB</span>
            </div>
            <button type="button" className={s.iconBtn} onClick={() => { setProblem(null); onChange(null, null); }} disabled={disabled} aria-label={t('cashier:image.remove')} data-testid={`${testId}-remove`}>
              <X size={18} aria-hidden="true" />
            </button>
          </>
        ) : (
          <label className={s.drop} htmlFor={id}>
            <ImagePlus size={24} aria-hidden="true" />
            <span className={s.dropText}>{t('cashier:image.choose')}</span>
            <span className={s.hint}>{t('cashier:image.hint')}</span>
          </label>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          aria-labelledby={`${id}-l`}
          aria-invalid={!!shown}
          aria-describedby={shown ? `${id}-e` : undefined}
          disabled={disabled}
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid={`${testId}-input`}
        />
      </div>
      {shown && (
        <p id={`${id}-e`} className="field-error" role="alert" data-testid={`${testId}-error`}>
          {shown}
        </p>
      )}
    </div>
  );
}
