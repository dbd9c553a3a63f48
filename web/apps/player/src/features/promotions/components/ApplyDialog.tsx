// The application dialog (spec section 5): a remark with its counter and up
// to three PNG or JPG images with previews; wrong types, sizes and counts
// are named as they are picked, and the server's refusal is shown as sent.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImagePlus, X } from 'lucide-react';
import { Button, Dialog, errorMessage } from '@/components/ui';
import { applyPromotion } from '../api/promotions';
import { MAX_IMAGE_BYTES, MAX_IMAGES, MAX_REMARK, applySchema, fileProblem, type ApplyInput } from '../lib/schema';
import s from './promotions.module.css';

export type ApplyDialogProps = { promotionId: number; title: string; open: boolean; onClose(): void; onApplied(): void };

function Preview({ file, onRemove, label }: { file: File; onRemove(): void; label: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className={s.thumb}>
      <img src={url} alt={file.name} width={96} height={96} />
      <button type="button" className={s.thumbRemove} onClick={onRemove} aria-label={label}>
        <X size={14} aria-hidden="true" />
      </button>
    </li>
  );
}

export function ApplyDialog({ promotionId, title, open, onClose, onApplied }: ApplyDialogProps) {
  const { t } = useTranslation(['promotions', 'errors', 'common'], { useSuspense: true });
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const form = useForm<ApplyInput>({ resolver: zodResolver(applySchema), defaultValues: { remark: '', images: [] } });
  const remark = form.watch('remark') ?? '';
  const images = form.watch('images') ?? [];
  const m = useMutation({
    mutationFn: (v: ApplyInput) => applyPromotion(promotionId, v.remark.trim(), v.images),
    onSuccess: () => {
      form.reset({ remark: '', images: [] });
      onApplied();
    },
  });
  const mb = MAX_IMAGE_BYTES / (1024 * 1024);

  const pick = (list: FileList | null) => {
    if (!list) return;
    const errs: string[] = [];
    const next = [...images];
    for (const f of Array.from(list)) {
      const problem = fileProblem(f);
      if (problem === 'type') errs.push(t('promotions:apply.errors.fileType', { name: f.name }));
      else if (problem === 'size') errs.push(t('promotions:apply.errors.fileSize', { name: f.name, max: mb }));
      else if (next.length >= MAX_IMAGES) errs.push(t('promotions:apply.errors.tooMany', { max: MAX_IMAGES }));
      else next.push(f);
    }
    setPickErrors([...new Set(errs)]);
    form.setValue('images', next, { shouldValidate: true });
    if (fileRef.current) fileRef.current.value = '';
  };
  const remove = (i: number) => {
    setPickErrors([]);
    form.setValue(
      'images',
      images.filter((_, j) => j !== i),
      { shouldValidate: true },
    );
  };
  const errs = form.formState.errors;
  const rule = (k?: string) => (k ? t(`promotions:apply.errors.${k}`, { max: k === 'tooLarge' ? mb : k === 'tooMany' ? MAX_IMAGES : MAX_REMARK }) : undefined);
  const remarkErr = rule(errs.remark?.message);
  const imagesErr = rule(errs.images?.message ?? errs.images?.root?.message);

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!m.isPending) onClose();
      }}
      title={t('promotions:apply.title')}
      description={title}
      size="md"
    >
      <form className={s.form} noValidate onSubmit={form.handleSubmit((v) => m.mutate(v))} data-testid="promo-apply-form">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-remark`}>
            {t('promotions:apply.remark')}
          </label>
          <textarea
            id={`${id}-remark`}
            className={`input ${s.remark}`}
            rows={3}
            maxLength={MAX_REMARK + 20}
            aria-invalid={!!remarkErr}
            aria-describedby={`${id}-count${remarkErr ? ` ${id}-remark-e` : ''}`}
            placeholder={t('promotions:apply.remarkHint')}
            {...form.register('remark')}
          />
          <p id={`${id}-count`} className={s.counter} data-over={remark.length > MAX_REMARK || undefined} aria-live="polite">
            {t('promotions:apply.counter', { n: remark.length, max: MAX_REMARK })}
          </p>
          {remarkErr && (
            <p id={`${id}-remark-e`} className="field-error" role="alert">
              {remarkErr}
            </p>
          )}
        </div>
        <div className="field">
          <span className="field-label" id={`${id}-imgs`}>
            {t('promotions:apply.images', { max: MAX_IMAGES })}
          </span>
          <p className={s.hint}>{t('promotions:apply.imagesHint', { max: MAX_IMAGES, size: mb })}</p>
          <ul className={s.thumbs} aria-labelledby={`${id}-imgs`}>
            {images.map((f, i) => (
              <Preview key={`${f.name}-${i}`} file={f} onRemove={() => remove(i)} label={t('promotions:apply.remove', { name: f.name })} />
            ))}
            {images.length < MAX_IMAGES && (
              <li>
                <label className={s.pick}>
                  <ImagePlus size={22} aria-hidden="true" />
                  <span>{t('promotions:apply.add')}</span>
                  <input
                    ref={fileRef}
                    type="file"
                    accept="image/png,image/jpeg"
                    multiple
                    className={s.fileInput}
                    aria-label={t('promotions:apply.add')}
                    onChange={(e) => pick(e.currentTarget.files)}
                  />
                </label>
              </li>
            )}
          </ul>
          {[...pickErrors, ...(imagesErr && pickErrors.length === 0 ? [imagesErr] : [])].map((e) => (
            <p key={e} className="field-error" role="alert">
              {e}
            </p>
          ))}
        </div>
        {m.isError && (
          <p className={s.serverError} role="alert" data-testid="promo-apply-error">
            {errorMessage(t, m.error)}
          </p>
        )}
        <div className={s.formActions}>
          <Button variant="ghost" onClick={onClose} disabled={m.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={m.isPending}>
            {t('promotions:apply.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
